import { BarChart } from '@mui/x-charts/BarChart';
import { Box, Typography } from '@mui/material';
import {
  REPORT_STATUS_SERIES,
  reportStatusLabelKey,
  SPACE_STATUSES,
  type ReportSeries,
  type ReportStatusChart,
} from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import {
  ChartTitle,
  ReportCard,
  SeriesChart,
  seriesColour,
  SideBySide,
  SmallTable,
  totalsRows,
} from './ReportCard';
import { useReport, type ReportSearch } from './queries';

/** The label of a status series in the reader's language. */
function useStatusLabel(chart: ReportStatusChart) {
  const { t } = useTranslation();
  return (s: ReportSeries) => t(reportStatusLabelKey(chart, s.key));
}

/** A status chart's statuses in their order (each keeps its colour). */
const orderOf = (chart: ReportStatusChart) => REPORT_STATUS_SERIES[chart].map(([s]) => s);

export function PermitsCard({ search }: { search: ReportSearch }) {
  const { t } = useTranslation();
  const query = useReport('permits', search);
  const status = useStatusLabel('permits');
  const type = (s: ReportSeries) => s.name ?? s.key;
  const r = query.data;
  return (
    <ReportCard name="permits" search={search} query={query}>
      {r && (
        <>
          <SeriesChart
            title={t('reports.permits.byStatus')}
            periods={r.periods}
            groupBy={r.groupBy}
            series={r.byStatus}
            label={status}
            order={orderOf('permits')}
          />
          <SeriesChart
            title={t('reports.permits.byType')}
            periods={r.periods}
            groupBy={r.groupBy}
            series={r.byType}
            label={type}
          />
          <SmallTable
            caption={t('reports.permits.byStatus')}
            head={[t('reports.permits.byStatus'), t('reports.total')]}
            rows={totalsRows(r.byStatus, status, t('reports.total'))}
          />
          <SmallTable
            caption={t('reports.permits.byType')}
            head={[t('reports.permits.byType'), t('reports.total')]}
            rows={totalsRows(r.byType, type, t('reports.total'))}
          />
        </>
      )}
    </ReportCard>
  );
}

export function VisitorsCard({ search }: { search: ReportSearch }) {
  const { t } = useTranslation();
  const query = useReport('visitors', search);
  const status = useStatusLabel('visitors');
  const r = query.data;
  return (
    <ReportCard name="visitors" search={search} query={query}>
      {r && (
        <>
          <SeriesChart
            title={t('reports.visitors.perPeriod')}
            periods={r.periods}
            groupBy={r.groupBy}
            series={r.byStatus}
            label={status}
            order={orderOf('visitors')}
          />
          <SmallTable
            caption={t('reports.visitors.perPeriod')}
            head={[t('reports.visitors.perPeriod'), t('reports.total')]}
            rows={totalsRows(r.byStatus, status, t('reports.total'))}
          />
          <Box>
            <ChartTitle>{t('reports.visitors.nearest')}</ChartTitle>
            {r.nearest.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('reports.visitors.nearestNone')}
              </Typography>
            ) : (
              <SmallTable
                caption={t('reports.visitors.nearest')}
                head={[
                  t('reports.visitors.resident'),
                  t('reports.visitors.units'),
                  t('reports.visitors.used', { days: r.windowDays }),
                  t('reports.visitors.limit'),
                ]}
                rows={r.nearest.map((n) => [n.name, n.units ?? '—', n.used, n.limit])}
              />
            )}
          </Box>
        </>
      )}
    </ReportCard>
  );
}

export function EnforcementCard({ search }: { search: ReportSearch }) {
  const { t } = useTranslation();
  const query = useReport('enforcement', search);
  const warning = useStatusLabel('warnings');
  const tow = useStatusLabel('tows');
  const r = query.data;
  return (
    <ReportCard name="enforcement" search={search} query={query} wide>
      {r && (
        <SideBySide>
          <SeriesChart
            title={t('reports.enforcement.warnings')}
            periods={r.periods}
            groupBy={r.groupBy}
            series={r.warnings}
            label={warning}
            order={orderOf('warnings')}
          />
          <SeriesChart
            title={t('reports.enforcement.tows')}
            periods={r.periods}
            groupBy={r.groupBy}
            series={r.tows}
            label={tow}
            order={orderOf('tows')}
          />
          <SmallTable
            caption={t('reports.enforcement.warnings')}
            head={[t('reports.enforcement.warnings'), t('reports.total')]}
            rows={totalsRows(r.warnings, warning, t('reports.total'))}
          />
          <SmallTable
            caption={t('reports.enforcement.tows')}
            head={[t('reports.enforcement.tows'), t('reports.total')]}
            rows={totalsRows(r.tows, tow, t('reports.total'))}
          />
        </SideBySide>
      )}
    </ReportCard>
  );
}

export function OccupancyCard() {
  const { t } = useTranslation();
  const query = useReport('occupancy', {});
  const r = query.data;
  const areaName = (a: string | null) => a ?? t('reports.occupancy.noArea');
  const rate = (c: { total: number; assigned: number; reserved: number; outOfService: number }) => {
    const usable = c.total - c.outOfService;
    return usable > 0 ? `${Math.round((100 * (c.assigned + c.reserved)) / usable)} %` : '—';
  };
  const head = [
    t('reports.occupancy.total'),
    ...SPACE_STATUSES.map((s) => t(`spots.status.${s}`)),
    t('reports.occupancy.rate'),
  ];
  const counts = (c: Record<(typeof SPACE_STATUSES)[number] | 'total', number>) => [
    c.total,
    ...SPACE_STATUSES.map((s) => c[s]),
    rate(c),
  ];
  return (
    <ReportCard name="occupancy" search={{}} query={query} wide>
      {r && (
        <>
          <Box
            component="figure"
            aria-label={t('reports.chartLabel', { title: t('reports.occupancy.byArea') })}
            sx={{ m: 0, minWidth: 0 }}
          >
            <ChartTitle>{t('reports.occupancy.byArea')}</ChartTitle>
            <BarChart
              height={Math.max(200, 60 + 36 * r.byArea.length)}
              layout="horizontal"
              localeText={{ noData: t('reports.empty') }}
              yAxis={[{ scaleType: 'band', data: r.byArea.map((a) => areaName(a.area)), width: 90 }]}
              series={SPACE_STATUSES.map((s, i) => ({
                id: s,
                color: seriesColour(i),
                label: t(`spots.status.${s}`),
                data: r.byArea.map((a) => a[s]),
                stack: 'spots',
              }))}
              slotProps={{
                legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
              }}
            />
          </Box>
          <SmallTable
            caption={t('reports.occupancy.byArea')}
            head={[t('reports.occupancy.area'), ...head]}
            rows={[
              ...r.byArea.map((a) => [areaName(a.area), ...counts(a)]),
              [t('reports.total'), ...counts(r.totals)],
            ]}
          />
          <SmallTable
            caption={t('reports.occupancy.byType')}
            head={[t('reports.occupancy.type'), ...head]}
            rows={r.byType.map((x) => [t(`spots.type.${x.type}`), ...counts(x)])}
          />
        </>
      )}
    </ReportCard>
  );
}
