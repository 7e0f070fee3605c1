import { BarChart } from '@mui/x-charts/BarChart';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import {
  REPORT_STATUS_SERIES,
  reportStatusLabelKey,
  type OverviewFigures,
  type OverviewProperty,
  type ZoneItem,
} from '@parkade/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../ui/QueryError';
import { seriesColour, SmallTable } from '../reports/ReportCard';
import { PropertiesTable, useFigureFormat, ZonesTable, zoneLabel } from './OverviewTable';
import { useOverview } from './queries';

/** One bar of the charts: a zone (no zone chosen) or a property of the chosen zone. */
interface Bar {
  label: string;
  figures: OverviewFigures;
}

/** What a bar is: "By zone" under a chart's title, "Zone" over its table's first column. */
interface Cut {
  by: string;
  first: string;
}

const legend = {
  legend: {
    direction: 'horizontal' as const,
    position: { vertical: 'bottom' as const, horizontal: 'center' as const },
  },
};
const heightFor = (bars: number) => Math.max(180, 90 + 34 * bars);

/**
 * A chart's card (decision 0052): its title and what a bar is, the chart as a figure named for assistive technology,
 * and its figures as a table behind a disclosure (the chart's text alternative, there for anyone who asks).
 */
function ChartCard({
  title,
  cut: { by, first },
  table,
  empty,
  children,
}: {
  title: string;
  cut: Cut;
  table: { head: string[]; rows: (string | number)[][] };
  /** Nothing to count anywhere: a sentence instead of an empty chart (its axes would squeeze it on a phone). */
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {by}
        </Typography>
        {empty ? (
          <Typography color="text.secondary" sx={{ py: 3 }}>
            {t('dashboard.overview.nothing')}
          </Typography>
        ) : (
          <Box
            component="figure"
            aria-label={t('reports.chartLabel', { title: `${title} (${by})` })}
            sx={{ m: 0, minWidth: 0 }}
          >
            {children}
          </Box>
        )}
        <Box component="details" sx={{ mt: 1 }}>
          <Box
            component="summary"
            sx={{
              cursor: 'pointer',
              color: 'primary.main',
              typography: 'body2',
              py: 0.5,
              width: 'fit-content',
            }}
          >
            {t('dashboard.overview.showTable')}
          </Box>
          <SmallTable caption={`${title} (${by})`} head={[first, ...table.head]} rows={table.rows} />
        </Box>
      </CardContent>
    </Card>
  );
}

/** Permits or visitor permits by the status they show, a stacked bar per zone or property, as the reports colour them. */
function StatusChart({
  chart,
  title,
  cut,
  bars,
}: {
  chart: 'permits' | 'visitors';
  title: string;
  cut: Cut;
  bars: Bar[];
}) {
  const { t } = useTranslation();
  const f = useFigureFormat();
  const order: readonly string[] = REPORT_STATUS_SERIES[chart].map(([s]) => s);
  const countOf = (b: Bar, s: string) => b.figures[chart].find((x) => x.status === s)?.count ?? 0;
  const present = [
    ...new Set([...order, ...bars.flatMap((b) => b.figures[chart].map((x) => x.status))]),
  ].filter((s) => bars.some((b) => countOf(b, s) > 0));
  const label = (s: string) => t(reportStatusLabelKey(chart, s));
  const totalOf = (b: Bar) => b.figures[chart].reduce((n, x) => n + x.count, 0);
  return (
    <ChartCard
      title={title}
      cut={cut}
      empty={present.length === 0}
      table={{
        head: [...present.map(label), t('reports.total')],
        rows: bars.map((b) => [b.label, ...present.map((s) => f.count(countOf(b, s))), f.count(totalOf(b))]),
      }}
    >
      <BarChart
        height={heightFor(bars.length)}
        layout="horizontal"
        localeText={{ noData: t('dashboard.overview.nothing') }}
        xAxis={[{ tickMinStep: 1 }]}
        yAxis={[{ scaleType: 'band', data: bars.map((b) => b.label), width: 110 }]}
        series={present.map((s) => ({
          id: s,
          label: label(s),
          data: bars.map((b) => countOf(b, s)),
          stack: 'total',
          color: seriesColour(order.includes(s) ? order.indexOf(s) : order.length + present.indexOf(s)),
        }))}
        slotProps={legend}
      />
    </ChartCard>
  );
}

/** Warnings and tows created this month, side by side per zone or property. */
function EnforcementChart({ cut, bars }: { cut: Cut; bars: Bar[] }) {
  const { t } = useTranslation();
  const f = useFigureFormat();
  const title = t('dashboard.overview.enforcement');
  const kinds = [
    ['warningsThisMonth', t('reports.enforcement.warnings'), seriesColour(1)],
    ['towsThisMonth', t('reports.enforcement.tows'), seriesColour(2)],
  ] as const;
  const any = bars.some((b) => kinds.some(([k]) => b.figures[k] > 0));
  return (
    <ChartCard
      title={title}
      cut={cut}
      empty={!any}
      table={{
        head: [...kinds.map(([, l]) => l)],
        rows: bars.map((b) => [b.label, ...kinds.map(([k]) => f.count(b.figures[k]))]),
      }}
    >
      <BarChart
        height={heightFor(bars.length)}
        layout="horizontal"
        localeText={{ noData: t('dashboard.overview.nothing') }}
        yAxis={[{ scaleType: 'band', data: bars.map((b) => b.label), width: 110 }]}
        xAxis={[{ tickMinStep: 1 }]}
        series={kinds.map(([k, l, colour]) => ({
          id: k,
          label: l,
          data: bars.map((b) => b.figures[k]),
          color: colour,
        }))}
        slotProps={legend}
      />
    </ChartCard>
  );
}

/** Today's occupancy per zone or property: spots in use of the usable ones (the occupancy report's rate). */
function OccupancyChart({ cut, bars }: { cut: Cut; bars: Bar[] }) {
  const { t } = useTranslation();
  const f = useFigureFormat();
  const title = t('dashboard.overview.occupancyChart');
  return (
    <ChartCard
      title={title}
      cut={cut}
      empty={bars.every((b) => b.figures.occupancy === null)}
      table={{
        head: [
          t('reports.occupancy.total'),
          t('dashboard.overview.spotsInUse'),
          t('spots.status.outOfService'),
          t('reports.occupancy.rate'),
        ],
        rows: bars.map((b) => [
          b.label,
          f.count(b.figures.spots),
          f.count(b.figures.spotsInUse),
          f.count(b.figures.spotsOutOfService),
          f.rate(b.figures.occupancy),
        ]),
      }}
    >
      <BarChart
        height={heightFor(bars.length)}
        layout="horizontal"
        localeText={{ noData: t('dashboard.overview.nothing') }}
        xAxis={[{ min: 0, max: 100 }]}
        yAxis={[{ scaleType: 'band', data: bars.map((b) => b.label), width: 110 }]}
        series={[
          {
            id: 'occupancy',
            label: t('reports.occupancy.rate'),
            data: bars.map((b) =>
              b.figures.occupancy === null ? null : Math.round(b.figures.occupancy * 100),
            ),
            valueFormatter: (v: number | null) => (v === null ? '—' : f.rate(v / 100)),
            color: seriesColour(4),
          },
        ]}
        slotProps={legend}
      />
    </ChartCard>
  );
}

/**
 * The central dashboard's comparison (issue 38 §4, decision 0052): with no zone chosen, a bar per zone; with one, a
 * bar per property of it — the permits and visitor permits of the property dashboard's charts by status, this
 * month's warnings and tows, today's occupancy — then the figures per zone and per property. A chunk of its own (the
 * chart library is not on the dashboard's first screen).
 */
export default function CentralOverview({
  zone,
  onShow,
}: {
  zone: ZoneItem | null;
  onShow?: (p: OverviewProperty) => void;
}) {
  const { t } = useTranslation();
  const overview = useOverview(zone?.id ?? null);
  const r = overview.data;
  const cut: Cut = zone
    ? { by: t('dashboard.overview.byProperty'), first: t('dashboard.overview.property') }
    : { by: t('dashboard.overview.byZone'), first: t('dashboard.overview.zone') };
  const bars: Bar[] = !r
    ? []
    : zone
      ? r.properties.map((p) => ({ label: p.name, figures: p }))
      : r.zones.map((z) => ({ label: zoneLabel(z.name, t), figures: z }));
  return (
    <Box component="section" aria-labelledby="dashboard-overview" sx={{ mt: 3 }}>
      <Typography id="dashboard-overview" variant="h2" sx={{ fontSize: '1.05rem' }}>
        {zone ? t('dashboard.overview.zoneTitle', { zone: zone.name }) : t('dashboard.overview.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('dashboard.overview.ownDays')}
      </Typography>
      {overview.isError ? (
        <QueryError error={overview.error} retry={() => overview.refetch()} />
      ) : !r ? (
        <Box
          aria-busy="true"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
        >
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={240} />
          ))}
        </Box>
      ) : r.properties.length === 0 ? (
        <Card sx={{ p: 2 }}>
          <Typography color="text.secondary">{t('dashboard.overview.empty')}</Typography>
        </Card>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            <StatusChart chart="permits" title={t('shell.dashboard.permitsChart')} cut={cut} bars={bars} />
            <StatusChart chart="visitors" title={t('shell.dashboard.visitorsChart')} cut={cut} bars={bars} />
            <EnforcementChart cut={cut} bars={bars} />
            <OccupancyChart cut={cut} bars={bars} />
          </Box>
          {!zone && <ZonesTable zones={r.zones} totals={r.totals} />}
          <PropertiesTable properties={r.properties} totals={r.totals} zoneColumn={!zone} onShow={onShow} />
        </>
      )}
    </Box>
  );
}
