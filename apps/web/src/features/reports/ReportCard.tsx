import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  reportSeriesColour,
  reportTitleKey,
  type ReportGroup,
  type ReportName,
  type ReportSeries,
} from '@parkade/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { useIntlLocale } from '../../ui/locale';
import { QueryError } from '../../ui/QueryError';
import { toast } from '../../ui/toast';
import { reportParams, type ReportSearch } from './queries';

/** Chart height: readable on a phone, two cards side by side on a wide screen. */
const CHART_HEIGHT = 260;

/** A series' colour (the contract's, as the PDF export draws it). */
export const seriesColour = reportSeriesColour;

/**
 * One report's card (decision 0047): its title and what it counts, the .xlsx export (to who holds reports.export),
 * then its charts and tables, or the load's error with a retry.
 */
export function ReportCard({
  name,
  search,
  query,
  wide = false,
  children,
}: {
  name: ReportName;
  search: ReportSearch;
  /** Takes the whole row of the page's grid (a table of many columns). */
  wide?: boolean;
  query: { isLoading: boolean; isError: boolean; error: RequestError | null; refetch: () => unknown };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const exportFile = (format: 'xlsx' | 'pdf') => {
    const qs = new URLSearchParams({ format, ...reportParams(search, name) }).toString();
    setBusy(format);
    download(`/reports/${name}/export?${qs}`, `${name}.${format}`)
      .catch((e: Error) => toast.error(e.message || t('reports.exportFailed')))
      .finally(() => setBusy(null));
  };
  const titleId = `report-${name}-title`;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' }, mb: 2 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem' }}>
              {t(reportTitleKey(name))}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`reports.${name}.description`)}
            </Typography>
          </Box>
          {can('reports.export') && (
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              {(['xlsx', 'pdf'] as const).map((format) => (
                <Button
                  key={format}
                  variant="outlined"
                  size="small"
                  startIcon={busy === format ? <CircularProgress size={16} /> : <FileDownloadOutlined />}
                  disabled={busy !== null}
                  onClick={() => exportFile(format)}
                  sx={{ flex: { xs: 1, sm: 'none' } }}
                >
                  {t(`reports.export.${format}`)}
                </Button>
              ))}
            </Stack>
          )}
        </Stack>
        {query.isError && query.error ? (
          <QueryError error={query.error} retry={query.refetch} />
        ) : query.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('form.loading')} />
          </Box>
        ) : (
          <Stack spacing={3}>{children}</Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** A period's label in the reader's language: "Nov 3" per day, "Nov 2026" per month. */
export function usePeriodLabel(groupBy: ReportGroup) {
  const locale = useIntlLocale();
  const format = new Intl.DateTimeFormat(
    locale,
    groupBy === 'day'
      ? { month: 'short', day: 'numeric', timeZone: 'UTC' }
      : { month: 'short', year: 'numeric', timeZone: 'UTC' },
  );
  return (period: string) =>
    format.format(new Date(`${groupBy === 'day' ? period : `${period}-01`}T00:00:00Z`));
}

/** A subtitle over one chart. */
export function ChartTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
      {children}
    </Typography>
  );
}

/**
 * A time series: a stacked bar per day or month (each bar the period's whole: counts of events are discrete, and a
 * line smoothed between days drew peaks and troughs that never happened). `label` names a series;
 * the chart is described to assistive technology by its title, the table beside it carries the figures.
 */
export function SeriesChart({
  title,
  periods,
  groupBy,
  series,
  label,
  order,
}: {
  title: string;
  periods: string[];
  groupBy: ReportGroup;
  series: ReportSeries[];
  label: (s: ReportSeries) => string;
  /** The series' keys in their fixed order (a status chart's statuses), so a status keeps its colour. */
  order?: readonly string[];
}) {
  const { t } = useTranslation();
  const colour = (s: ReportSeries, all: ReportSeries[]) => {
    const i = order?.indexOf(s.key) ?? -1;
    return seriesColour(i >= 0 ? i : all.indexOf(s));
  };
  const periodLabel = usePeriodLabel(groupBy);
  const labels = periods.map(periodLabel);
  const localeText = { noData: t('reports.empty'), loading: t('form.loading') };
  const common = {
    height: CHART_HEIGHT,
    localeText,
    margin: { left: 0, right: 8 },
    slotProps: {
      legend: {
        direction: 'horizontal' as const,
        position: { vertical: 'bottom' as const, horizontal: 'center' as const },
      },
    },
  };
  return (
    <Box component="figure" aria-label={t('reports.chartLabel', { title })} sx={{ m: 0, minWidth: 0 }}>
      <ChartTitle>{title}</ChartTitle>
      <BarChart
        {...common}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={series.map((s) => ({
          id: s.key,
          label: label(s),
          data: s.values,
          stack: 'total',
          color: colour(s, series),
        }))}
      />
    </Box>
  );
}

/** Two charts or tables side by side in a wide card (one above the other on a narrow screen). */
export function SideBySide({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** A small table: a header row and rows of cells, numbers aligned right. */
export function SmallTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    // A table wider than a phone scrolls sideways: reachable by keyboard, named for a screen reader.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={caption}
      sx={{ maxWidth: '100%', overflowX: 'auto' }}
    >
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={i} align={i === 0 ? 'left' : 'right'} sx={{ fontWeight: 600 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              {r.map((c, j) => (
                <TableCell key={j} align={j === 0 ? 'left' : 'right'}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The totals of a chart's series as table rows, with their sum last. */
export function totalsRows(series: ReportSeries[], label: (s: ReportSeries) => string, totalLabel: string) {
  return [...series.map((s) => [label(s), s.total]), [totalLabel, series.reduce((n, s) => n + s.total, 0)]];
}
