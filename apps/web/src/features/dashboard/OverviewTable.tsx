import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { OVERVIEW_FIGURES, type OverviewFigures, type OverviewProperty } from '@parkade/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { propertyAddress } from '../../platform/host';
import { useIntlLocale } from '../../ui/locale';

/** Counts and rates written the reader's way. */
export function useFigureFormat() {
  const locale = useIntlLocale();
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  return {
    count: (n: number) => number.format(n),
    rate: (r: number | null) => (r === null ? '—' : percent.format(r)),
  };
}

interface Row {
  key: string;
  /** The row's header cell: a zone's name, or a property's name as a link. */
  name: ReactNode;
  zone?: string;
  properties?: number;
  figures: OverviewFigures;
  action?: ReactNode;
}

/**
 * The figures a central manager compares, a row per zone or per property (decision 0052), the totals last. Each
 * row's first cell heads it for assistive technology; a table wider than the screen scrolls sideways, reachable by
 * keyboard.
 */
function FiguresTable({
  id,
  title,
  first,
  rows,
  totals,
  zoneColumn = false,
  countColumn = false,
  actions = false,
}: {
  id: string;
  title: string;
  first: string;
  rows: Row[];
  totals: OverviewFigures & { properties: number };
  zoneColumn?: boolean;
  countColumn?: boolean;
  actions?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFigureFormat();
  const cells = (x: OverviewFigures) => [...OVERVIEW_FIGURES.map((k) => f.count(x[k])), f.rate(x.occupancy)];
  const head = [
    ...OVERVIEW_FIGURES.map((k) => t(`dashboard.overview.${k}`)),
    t('dashboard.overview.occupancy'),
  ];
  return (
    // The heading names the table's scrolling region (a landmark of its own, named once).
    <Box sx={{ mt: 3 }}>
      <Typography id={id} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-labelledby={id}
        // Positioned, so the hidden header text (absolute) stays inside the scrolling box and never widens the page.
        sx={{
          position: 'relative',
          maxWidth: '100%',
          overflowX: 'auto',
          bgcolor: 'background.paper',
          borderRadius: 1,
        }}
      >
        <Table size="small" aria-labelledby={id}>
          <TableHead>
            <TableRow>
              <TableCell scope="col" sx={{ fontWeight: 600 }}>
                {first}
              </TableCell>
              {zoneColumn && (
                <TableCell scope="col" sx={{ fontWeight: 600 }}>
                  {t('dashboard.overview.zone')}
                </TableCell>
              )}
              {countColumn && (
                <TableCell scope="col" align="right" sx={headSx}>
                  {t('dashboard.counters.properties')}
                </TableCell>
              )}
              {head.map((h) => (
                <TableCell key={h} scope="col" align="right" sx={headSx}>
                  {h}
                </TableCell>
              ))}
              {actions && (
                <TableCell scope="col">
                  <Box component="span" sx={visuallyHidden}>
                    {t('dashboard.overview.actions')}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key}>
                <TableCell component="th" scope="row">
                  {r.name}
                </TableCell>
                {zoneColumn && <TableCell>{r.zone}</TableCell>}
                {countColumn && <TableCell align="right">{f.count(r.properties ?? 0)}</TableCell>}
                {cells(r.figures).map((c, i) => (
                  <TableCell key={i} align="right">
                    {c}
                  </TableCell>
                ))}
                {actions && <TableCell>{r.action}</TableCell>}
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {t('reports.total')}
              </TableCell>
              {zoneColumn && <TableCell />}
              {countColumn && (
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {f.count(totals.properties)}
                </TableCell>
              )}
              {cells(totals).map((c, i) => (
                <TableCell key={i} align="right" sx={{ fontWeight: 600 }}>
                  {c}
                </TableCell>
              ))}
              {actions && <TableCell />}
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/** A figure's heading wraps, but never to a character a line (Chinese headings have a break after every character). */
const headSx = { fontWeight: 600, minWidth: '5.5em' } as const;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A zone's row name: "No zone" for the properties in none. */
export const zoneLabel = (name: string | null, t: (k: string) => string) =>
  name ?? t('dashboard.overview.noZone');

/** The zones' figures, a row each (central, no zone chosen). */
export function ZonesTable({
  zones,
  totals,
}: {
  zones: (OverviewFigures & { id: number | null; name: string | null; properties: number })[];
  totals: OverviewFigures & { properties: number };
}) {
  const { t } = useTranslation();
  return (
    <FiguresTable
      id="overview-zones"
      title={t('dashboard.overview.byZone')}
      first={t('dashboard.overview.zone')}
      countColumn
      rows={zones.map((z) => ({
        key: String(z.id),
        name: zoneLabel(z.name, t),
        properties: z.properties,
        figures: z,
      }))}
      totals={totals}
    />
  );
}

/**
 * The properties' figures, a row each: its name opens its own dashboard on its subdomain in a new tab (as the
 * properties form links its address), and "Show here" chooses it on this dashboard.
 */
export function PropertiesTable({
  properties,
  totals,
  zoneColumn,
  onShow,
}: {
  properties: OverviewProperty[];
  totals: OverviewFigures & { properties: number };
  zoneColumn: boolean;
  /** Chooses the property on this dashboard; without it, no "Show here". */
  onShow?: (p: OverviewProperty) => void;
}) {
  const { t } = useTranslation();
  return (
    <FiguresTable
      id="overview-properties"
      title={t('dashboard.overview.byProperty')}
      first={t('dashboard.overview.property')}
      zoneColumn={zoneColumn}
      actions={onShow !== undefined}
      rows={properties.map((p) => {
        const address = propertyAddress(p.code, '/dashboard');
        return {
          key: String(p.id),
          name: (
            <Link
              href={address.href}
              target="_blank"
              rel="noopener"
              underline="hover"
              aria-label={t('dashboard.overview.opens', { property: p.name, host: address.host })}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 500 }}
            >
              {p.name}
              <OpenInNew aria-hidden="true" sx={{ fontSize: 14 }} />
            </Link>
          ),
          zone: zoneLabel(p.zone, t),
          figures: p,
          // The central dashboard chooses a property within its zone: one in no zone is reached by its link only.
          action:
            p.zoneId === null || !onShow ? null : (
              <Button
                size="small"
                onClick={() => onShow(p)}
                aria-label={t('dashboard.overview.showHereLabel', { property: p.name })}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('dashboard.overview.showHere')}
              </Button>
            ),
        };
      })}
      totals={totals}
    />
  );
}
