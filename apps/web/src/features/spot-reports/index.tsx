import {
  resolveSpotReportBody,
  SPOT_REPORT_STATUSES,
  spotReportsListQuery,
  type SpotReportItem,
} from '@parkade/contract';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../ui/DataTable';
import { ListDateRange } from '../../ui/DateRangeFilter';
import { Line } from '../../ui/Line';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { resourceScreens } from '../../ui/resource-screens';
import { SpotReportPanel } from './SpotReportPanel';
import { SpotReportStatusChip } from './SpotReportStatusChip';

/**
 * /spot-reports (staff and patrol): residents' reports of cars in their reserved spots. A list and a show page; a
 * report is not created or edited here (the resident sends it from /my/permits), only resolved (SpotReportPanel).
 */

/** A line of the report, shown only when it has a value. */
/** The show page's card: the report as the resident sent it (read only). */
function SpotReportFields({ record }: { record?: SpotReportItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  if (!record) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      <Line label={t('spotReports.spot')} value={record.spot?.number ?? record.spotNumber} />
      <Line label={t('spotReports.plate')} value={record.plate ?? t('spotReports.noPlate')} />
      <Line label={t('spotReports.note')} value={record.note} />
      <Line label={t('spotReports.resident')} value={record.resident?.fullName} />
      <Line label={t('spotReports.reportedAt')} value={formatDateTime(record.createdAt, locale)} />
    </Box>
  );
}

function SpotReportFilters({ list }: { list: ListState }) {
  const { t } = useTranslation();
  return (
    <>
      <OptionFilter
        label={t('spotReports.filter.status')}
        options={SPOT_REPORT_STATUSES.map((s) => ({ value: s, label: t(`spotReports.status.${s}`) }))}
        value={list.search.status}
        onChange={(v) => list.update({ status: v, page: undefined })}
        width={170}
      />
      <ListDateRange list={list} />
    </>
  );
}

export const spotReportScreens = resourceScreens<SpotReportItem, { note: string | null }>({
  resource: '/spot-reports',
  basePath: '/spot-reports',
  entity: 'spot_reports',
  titleKey: 'shell.nav.spotReports',
  list: spotReportsListQuery,
  include: ['resident', 'spot'],
  // Resolving is the only change (SpotReportPanel); there is no create or edit page.
  permissions: {},
  creatable: false,
  schema: resolveSpotReportBody,
  emptyValues: { note: null },
  toValues: (r) => ({ note: r.resolution }),
  recordTitle: (r) => `${r.spotNumber}${r.plate ? ` · ${r.plate}` : ''}`,
  Fields: SpotReportFields,
  Filters: SpotReportFilters,
  ShowExtra: SpotReportPanel,
  columns: (t, locale) => [
    {
      // The spot and the plate seen: the row's link.
      field: 'spotNumber',
      headerName: t('spotReports.report.title'),
      link: true,
      sortable: false,
      minWidth: 150,
      flex: 1,
      valueGetter: (_v: unknown, r: SpotReportItem) =>
        [t('spotReports.spotNumber', { number: r.spotNumber }), r.plate].filter(Boolean).join(' · '),
    },
    {
      // Phones: the status and when, under the link.
      field: 'summary',
      headerName: t('spotReports.statusLabel'),
      narrow: true,
      sortable: false,
      flex: 1,
      renderCell: ({ row }: { row: SpotReportItem }) => (
        <Stack spacing={0.5} sx={{ minWidth: 0, py: 1 }}>
          <Box>
            <SpotReportStatusChip status={row.status} />
          </Box>
          <Typography variant="body2" noWrap>
            {formatDateTime(row.createdAt, locale)}
          </Typography>
        </Stack>
      ),
    },
    {
      field: 'status',
      headerName: t('spotReports.statusLabel'),
      minWidth: 120,
      secondary: true,
      renderCell: ({ row }: { row: SpotReportItem }) => <SpotReportStatusChip status={row.status} />,
    },
    {
      field: 'createdAt',
      headerName: t('spotReports.reportedAt'),
      minWidth: 170,
      secondary: true,
      valueFormatter: (v: string) => formatDateTime(v, locale),
    },
    {
      field: 'residentId',
      headerName: t('spotReports.resident'),
      sortable: false,
      flex: 1,
      minWidth: 160,
      secondary: true,
      valueGetter: (_v: unknown, r: SpotReportItem) => r.resident?.fullName ?? '',
    },
  ],
});
