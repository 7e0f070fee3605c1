import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import {
  OVERVIEW_PERMIT_DAYS,
  OVERVIEW_VISITOR_DAYS,
  REPORT_STATUS_SERIES,
  reportStatusLabelKey,
  type ReportSeries,
} from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { RouterAnchor } from '../../platform/link';
import { SeriesChart } from '../reports/ReportCard';
import { useReport, type ReportSearch } from '../reports/queries';

const DAY = 86_400_000;
/** A day `back` days before today, as the reports read it (YYYY-MM-DD, the browser's calendar). */
function dayBefore(back: number): string {
  const d = new Date(Date.now() - back * DAY);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function ChartCard({ title, href, children }: { title: string; href: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {title}
          </Typography>
          <Link component={RouterAnchor} href={href} variant="body2" sx={{ flexShrink: 0 }}>
            {t('shell.dashboard.openReport')}
          </Link>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The dashboard's morning charts (issue 38 §4, decision 0047): permits asked and issued over the last 30 days, and
 * visitor permits over the last 14 (the central comparison's days, decision 0052), per day and by status — the reports' own figures, each card a link to its
 * report with the same period. Loaded apart from the dashboard (the chart library is not on its first screen).
 */
export default function DashboardCharts() {
  const { t } = useTranslation();
  const month: ReportSearch = { from: dayBefore(OVERVIEW_PERMIT_DAYS - 1), to: dayBefore(0), groupBy: 'day' };
  const fortnight: ReportSearch = {
    from: dayBefore(OVERVIEW_VISITOR_DAYS - 1),
    to: dayBefore(0),
    groupBy: 'day',
  };
  const permits = useReport('permits', month);
  const visitors = useReport('visitors', fortnight);
  const status = (chart: 'permits' | 'visitors') => (s: ReportSeries) =>
    t(reportStatusLabelKey(chart, s.key));
  const order = (chart: 'permits' | 'visitors') => REPORT_STATUS_SERIES[chart].map(([s]) => s);
  const link = (s: ReportSearch) => `/reports?from=${s.from}&to=${s.to}&groupBy=day`;
  return (
    <Box sx={{ mt: 4 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {t('shell.dashboard.trends')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <ChartCard title={t('shell.dashboard.permitsChart')} href={link(month)}>
          {permits.data && (
            <SeriesChart
              title={t('reports.permits.byStatus')}
              periods={permits.data.periods}
              groupBy={permits.data.groupBy}
              series={permits.data.byStatus}
              label={status('permits')}
              order={order('permits')}
            />
          )}
        </ChartCard>
        <ChartCard title={t('shell.dashboard.visitorsChart')} href={link(fortnight)}>
          {visitors.data && (
            <SeriesChart
              title={t('reports.visitors.perPeriod')}
              periods={visitors.data.periods}
              groupBy={visitors.data.groupBy}
              series={visitors.data.byStatus}
              label={status('visitors')}
              order={order('visitors')}
            />
          )}
        </ChartCard>
      </Box>
    </Box>
  );
}
