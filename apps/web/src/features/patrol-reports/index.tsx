import {
  CHECK_IN_LOCATION_STATUSES,
  PATROL_REPORT_STATUSES,
  patrolReportBody,
  patrolReportsListQuery,
  type PatrolReport,
  type PatrolReportItem,
} from '@parkade/contract';
import DownloadIcon from '@mui/icons-material/Download';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../platform/api';
import { useCan } from '../../ui/access';
import type { ListState } from '../../ui/DataTable';
import { ListDateRange } from '../../ui/DateRangeFilter';
import { formatDateTime, useUiLocale, type DateLocale } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { resourceScreens } from '../../ui/resource-screens';
import { toast } from '../../ui/toast';
import { Line } from '../../ui/Line';
import { LocationStatusChip, ReportStatusChip } from './chips';
import { ReportObservations } from './Observations';

/**
 * /patrolling-reports (staff, central staff and patrol officers, by permission): the rounds of the property — one
 * report per check-in — and one round's page: its start and end, the officer's summary, its observations with
 * their photos and verdicts, and its export as PDF or .xlsx. Reports are written on patrol (the check-out's
 * summary), never here.
 */

/** "12.3456, -98.7654 · 40 m from the property", or that there was no position. */
function where(t: TFunction, lat: number | null, lon: number | null, metres: number | null) {
  if (lat === null || lon === null) return t('patrolReports.noPosition');
  const at = t('patrolReports.position', { latitude: lat.toFixed(5), longitude: lon.toFixed(5) });
  return metres === null ? at : `${at} · ${t('patrolReports.distanceValue', { distance: metres })}`;
}

/** The show page's card: the round (start, end, location) and the officer's summary. */
function ReportFields({ record }: { record?: PatrolReportItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  if (!record) return null;
  const report = record as PatrolReport;
  const c = report.checkIn;
  return (
    <Stack spacing={2}>
      {report.locationStatus === 'no-coordinates' && (
        <Alert severity="warning">{t('patrolReports.noCoordinatesFlag')}</Alert>
      )}
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        <Line label={t('patrolReports.fields.officer')} value={report.officer.name} />
        <Line label={t('patrolReports.fields.status')} value={<ReportStatusChip status={report.status} />} />
        <Line
          label={t('patrolReports.fields.locationStatus')}
          value={<LocationStatusChip status={report.locationStatus} />}
        />
        <Line
          label={t('patrolReports.start')}
          value={
            <>
              {formatDateTime(report.startedAt, locale)}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {where(t, c.latitude, c.longitude, c.distanceMeters)}
                {c.distanceMeters !== null && ` (${t('patrolReports.radius', { radius: c.radiusMeters })})`}
              </Typography>
            </>
          }
        />
        <Line
          label={t('patrolReports.end')}
          value={
            report.endedAt ? (
              <>
                {formatDateTime(report.endedAt, locale)}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {where(t, c.checkoutLatitude, c.checkoutLongitude, c.checkoutDistanceMeters)}
                </Typography>
              </>
            ) : (
              t('patrolReports.stillOpen')
            )
          }
        />
        <Line
          label={t('patrolReports.fields.observations')}
          value={t('patrolReports.observationCount', { count: report.observations })}
        />
        <Line
          label={t('patrolReports.fields.warnings')}
          value={t('patrolReports.warningCount', { count: report.warnings })}
        />
        <Line
          label={t('patrolReports.fields.summary')}
          value={
            <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
              {report.summary ?? t('patrolReports.noSummary')}
            </Box>
          }
        />
      </Box>
    </Stack>
  );
}

/** Above the card: the report as a PDF or a spreadsheet (with the export permission). */
function ReportExport({ item }: { item: PatrolReportItem }) {
  const { t } = useTranslation();
  const can = useCan();
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  if (!can('patrolling-reports.export')) return null;
  const get = (format: 'pdf' | 'xlsx') => {
    setBusy(format);
    download(`/patrolling-reports/${item.id}/export?format=${format}`, `patrol-report-${item.id}.${format}`)
      .catch((e: Error) => toast.error(e.message))
      .finally(() => setBusy(null));
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<PdfIcon />} loading={busy === 'pdf'} onClick={() => get('pdf')}>
        {t('patrolReports.export.pdf')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={busy === 'xlsx'}
        onClick={() => get('xlsx')}
      >
        {t('patrolReports.export.xlsx')}
      </Button>
    </Stack>
  );
}

function ReportFilters({ list }: { list: ListState }) {
  const { t } = useTranslation();
  return (
    <>
      <OptionFilter
        label={t('patrolReports.filter.status')}
        options={PATROL_REPORT_STATUSES.map((s) => ({ value: s, label: t(`patrolReports.status.${s}`) }))}
        value={list.search.status}
        onChange={(v) => list.update({ status: v, page: undefined })}
        width={160}
      />
      <OptionFilter
        label={t('patrolReports.filter.locationStatus')}
        options={CHECK_IN_LOCATION_STATUSES.map((s) => ({
          value: s,
          label: t(`patrolReports.locationStatus.${s}`),
        }))}
        value={list.search.locationStatus}
        onChange={(v) => list.update({ locationStatus: v, page: undefined })}
        width={190}
      />
      <ListDateRange list={list} />
    </>
  );
}

/** "Officer · when": a round's name in links and titles. */
const roundName = (r: PatrolReportItem, locale: DateLocale) =>
  `${r.officer.name} · ${formatDateTime(r.startedAt, locale)}`;

export const patrolReportScreens = resourceScreens<PatrolReportItem, { summary: string }>({
  resource: '/patrolling-reports',
  basePath: '/patrolling-reports',
  entity: 'patrol_reports',
  titleKey: 'patrolReports.title',
  list: patrolReportsListQuery,
  // Written on patrol (the check-out's summary): no create, edit or delete here.
  permissions: {},
  creatable: false,
  canDelete: () => false,
  schema: patrolReportBody,
  emptyValues: { summary: '' },
  toValues: (r) => ({ summary: r.summary ?? '' }),
  recordTitle: (r, _t, locale) => roundName(r, locale),
  Fields: ReportFields,
  Filters: ReportFilters,
  ShowLead: ReportExport,
  ShowExtra: ReportObservations,
  columns: (t, locale) => [
    {
      // The officer and when: the row's link (sorted by the start).
      field: 'startedAt',
      headerName: t('patrolReports.round'),
      link: true,
      minWidth: 220,
      flex: 1.2,
      valueGetter: (_v: unknown, r: PatrolReportItem) => roundName(r, locale),
    },
    {
      // Phones: the status, the location and the counts, under the link.
      field: 'phoneSummary',
      headerName: t('patrolReports.fields.status'),
      narrow: true,
      sortable: false,
      flex: 1,
      renderCell: ({ row }: { row: PatrolReportItem }) => (
        <Stack spacing={0.5} sx={{ minWidth: 0, py: 1 }}>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ReportStatusChip status={row.status} />
            <LocationStatusChip status={row.locationStatus} />
          </Stack>
          <Typography variant="body2">
            {t('patrolReports.observationCount', { count: row.observations })} ·{' '}
            {t('patrolReports.warningCount', { count: row.warnings })}
          </Typography>
        </Stack>
      ),
    },
    {
      field: 'status',
      headerName: t('patrolReports.fields.status'),
      minWidth: 120,
      sortable: false,
      secondary: true,
      renderCell: ({ row }: { row: PatrolReportItem }) => <ReportStatusChip status={row.status} />,
    },
    {
      field: 'locationStatus',
      headerName: t('patrolReports.fields.locationStatus'),
      minWidth: 170,
      sortable: false,
      secondary: true,
      renderCell: ({ row }: { row: PatrolReportItem }) => <LocationStatusChip status={row.locationStatus} />,
    },
    {
      field: 'observations',
      headerName: t('patrolReports.fields.observations'),
      type: 'number',
      minWidth: 150,
      secondary: true,
    },
    {
      field: 'warnings',
      headerName: t('patrolReports.fields.warnings'),
      type: 'number',
      minWidth: 100,
      sortable: false,
      secondary: true,
    },
    {
      field: 'summary',
      headerName: t('patrolReports.fields.summary'),
      sortable: false,
      flex: 1.5,
      minWidth: 200,
      secondary: true,
      valueGetter: (v: string | null) => v ?? '',
    },
  ],
});
