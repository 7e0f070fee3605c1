import { Box, Typography } from '@mui/material';
import {
  OUTBOX_STATUSES,
  REPORT_STATUS_SERIES,
  reportDuration,
  reportStatusLabelKey,
  type ReportSeries,
  type ReportStatusChart,
} from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useDateLocale } from '../../ui/locale';
import { ChartTitle, ReportCard, SeriesChart, SideBySide, SmallTable, totalsRows } from './ReportCard';
import { useReport, type ReportSearch } from './queries';

/*
 * The patrol report and "Imports and mail" (decision 0047): the same card as the others — their charts per day or
 * month, a small table under each, the exports to who holds reports.export.
 */

function useSeriesLabel(chart: ReportStatusChart) {
  const { t } = useTranslation();
  return (s: ReportSeries) => t(reportStatusLabelKey(chart, s.key));
}
const orderOf = (chart: ReportStatusChart) => REPORT_STATUS_SERIES[chart].map(([s]) => s);

/** A time on site as "3 h 5 min"; a dash when there is none. */
function useDuration() {
  const { t } = useTranslation();
  return (seconds: number | null) => {
    if (seconds === null) return '—';
    const d = reportDuration(seconds);
    return t(d.key, d.values);
  };
}

export function PatrolCard({ search }: { search: ReportSearch }) {
  const { t } = useTranslation();
  const query = useReport('patrol', search);
  const round = useSeriesLabel('rounds');
  const verdict = useSeriesLabel('verdicts');
  const duration = useDuration();
  const r = query.data;
  return (
    <ReportCard name="patrol" search={search} query={query} wide>
      {r && (
        <>
          <SideBySide>
            <SeriesChart
              title={t('reports.patrol.rounds')}
              periods={r.periods}
              groupBy={r.groupBy}
              series={r.rounds}
              label={round}
              order={orderOf('rounds')}
            />
            <SeriesChart
              title={t('reports.patrol.lookups')}
              periods={r.periods}
              groupBy={r.groupBy}
              series={r.lookups}
              label={verdict}
              order={orderOf('verdicts')}
            />
            <Box>
              <SmallTable
                caption={t('reports.patrol.rounds')}
                head={[t('reports.patrol.rounds'), t('reports.total')]}
                rows={[
                  ...totalsRows(r.rounds, round, t('reports.total')),
                  [t('reports.patrol.timeOnSite'), duration(r.totals.seconds)],
                  [t('reports.patrol.average'), duration(r.totals.averageSeconds)],
                ]}
              />
              {r.totals.open > 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('reports.patrol.openNote')}
                </Typography>
              )}
            </Box>
            <SmallTable
              caption={t('reports.patrol.byVerdict')}
              head={[t('reports.patrol.byVerdict'), t('reports.total')]}
              rows={totalsRows(r.lookups, verdict, t('reports.total'))}
            />
          </SideBySide>
          <Box>
            <ChartTitle>{t('reports.patrol.byOfficer')}</ChartTitle>
            {r.officers.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('reports.empty')}
              </Typography>
            ) : (
              <SmallTable
                caption={t('reports.patrol.byOfficer')}
                head={[
                  t('reports.patrol.officer'),
                  t('reports.patrol.rounds'),
                  t('reports.patrol.round.open'),
                  t('reports.patrol.timeOnSite'),
                  t('reports.patrol.average'),
                  t('reports.patrol.observations'),
                  t('reports.patrol.lookups'),
                ]}
                rows={[...r.officers, { ...r.totals, name: t('reports.total') }].map((o) => [
                  o.name,
                  o.rounds,
                  o.open,
                  duration(o.seconds),
                  duration(o.averageSeconds),
                  o.observations,
                  o.lookups,
                ])}
              />
            )}
          </Box>
        </>
      )}
    </ReportCard>
  );
}

export function MailCard({ search }: { search: ReportSearch }) {
  const { t, i18n } = useTranslation();
  const query = useReport('mail', search);
  const rows = useSeriesLabel('imports');
  const status = useSeriesLabel('mail');
  const r = query.data;
  // The imports' times in the property's zone, as the figures are counted.
  const dates = useDateLocale(r?.timeZone);
  const kind = (k: string) => (i18n.exists(`outbox.kinds.${k}`) ? t(`outbox.kinds.${k}`) : k);
  return (
    <ReportCard name="mail" search={search} query={query} wide>
      {r && (
        <>
          <SideBySide>
            <SeriesChart
              title={t('reports.mail.importRows')}
              periods={r.periods}
              groupBy={r.groupBy}
              series={r.importRows}
              label={rows}
              order={orderOf('imports')}
            />
            <SeriesChart
              title={t('reports.mail.mail')}
              periods={r.periods}
              groupBy={r.groupBy}
              series={r.mail}
              label={status}
              order={orderOf('mail')}
            />
            <SmallTable
              caption={t('reports.mail.importRows')}
              head={[t('reports.mail.importRows'), t('reports.total')]}
              rows={[
                ...totalsRows(r.importRows, rows, t('reports.total')),
                [t('reports.mail.importCount'), r.importCount],
              ]}
            />
            <SmallTable
              caption={t('reports.mail.mail')}
              head={[t('reports.mail.mail'), t('reports.total')]}
              rows={totalsRows(r.mail, status, t('reports.total'))}
            />
          </SideBySide>
          <Box>
            <ChartTitle>
              {r.importCount > r.imports.length
                ? t('reports.mail.importsLatest', { count: r.imports.length, total: r.importCount })
                : t('reports.mail.imports')}
            </ChartTitle>
            {r.imports.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('reports.mail.noImports')}
              </Typography>
            ) : (
              <SmallTable
                caption={t('reports.mail.imports')}
                head={[
                  t('reports.mail.startedAt'),
                  t('reports.mail.importKind'),
                  t('reports.mail.file'),
                  t('reports.mail.importState'),
                  t('reports.mail.rowsRead'),
                  t('reports.mail.rows.imported'),
                  t('reports.mail.rows.refused'),
                ]}
                rows={r.imports.map((x) => [
                  formatDateTime(x.at, dates),
                  t(`reports.mail.importOf.${x.kind}`),
                  x.fileName ?? '—',
                  t(`reports.mail.state.${x.state}`),
                  x.rows,
                  x.imported,
                  x.refused,
                ])}
              />
            )}
          </Box>
          <Box>
            <ChartTitle>{t('reports.mail.byKind')}</ChartTitle>
            {r.byKind.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('reports.empty')}
              </Typography>
            ) : (
              <SmallTable
                caption={t('reports.mail.byKind')}
                head={[
                  t('reports.mail.mailKind'),
                  t('reports.total'),
                  ...OUTBOX_STATUSES.map((s) => t(`outbox.statuses.${s}`)),
                ]}
                rows={r.byKind.map((k) => [
                  kind(k.kind),
                  k.total,
                  ...OUTBOX_STATUSES.map((s) => k.statuses[s]),
                ])}
              />
            )}
          </Box>
        </>
      )}
    </ReportCard>
  );
}
