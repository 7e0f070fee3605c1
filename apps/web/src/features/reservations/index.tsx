import {
  RESERVATION_STATUSES,
  reservationBody,
  reservationsListQuery,
  type ReservationItem,
} from '@parkade/contract';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../ui/DataTable';
import { Line } from '../../ui/Line';
import { formatDate, formatDateTime, useUiLocale } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { resourceScreens } from '../../ui/resource-screens';
import { ReservationDecisionPanel } from './ReservationDecisionPanel';
import { ReservationStatusChip } from './ReservationStatusChip';

/**
 * /reservations (staff): every reservation of the property's spots and the residents' requests, filtered by status
 * (pending ones to decide). A list and a show page; staff reserve from the parking map's reserve dialog, and decide
 * a resident's pending request on its page (ReservationDecisionPanel). Decision 0039 §5.
 */

/** "3 Mar 2026 – 9 Mar 2026" in the reader's locale. */
function useDates() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (r: Pick<ReservationItem, 'startsOn' | 'endsOn'>) =>
    t('spots.reservationDates', {
      from: formatDate(r.startsOn, locale),
      to: formatDate(r.endsOn, locale),
    });
}

/** The show page's card: the reservation as asked or made (read only). */
function ReservationFields({ record }: { record?: ReservationItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const dates = useDates();
  if (!record) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      <Line label={t('reservations.spot')} value={record.spot?.number} />
      <Line label={t('reservations.resident')} value={record.resident?.fullName} />
      <Line label={t('reservations.dates')} value={dates(record)} />
      <Line label={t('reservations.statusLabel')} value={<ReservationStatusChip status={record.status} />} />
      <Line label={t('reservations.notes')} value={record.notes} />
      <Line label={t('reservations.requestedAt')} value={formatDateTime(record.createdAt, locale)} />
      <Line
        label={t('reservations.decidedAt')}
        value={record.decidedAt ? formatDateTime(record.decidedAt, locale) : null}
      />
      <Line label={t('reservations.decisionComment')} value={record.decisionComment} />
    </Box>
  );
}

function ReservationFilters({ list }: { list: ListState }) {
  const { t } = useTranslation();
  return (
    <OptionFilter
      label={t('reservations.statusLabel')}
      options={RESERVATION_STATUSES.map((s) => ({ value: s, label: t(`reservations.status.${s}`) }))}
      value={list.search.status}
      onChange={(v) => list.update({ status: v, page: undefined })}
      width={200}
    />
  );
}

/** The dates under the status, for the phone's one-column list. */
function Summary({ row }: { row: ReservationItem }) {
  const dates = useDates();
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0, py: 1 }}>
      <Box>
        <ReservationStatusChip status={row.status} />
      </Box>
      <Typography variant="body2">{dates(row)}</Typography>
    </Stack>
  );
}

function Dates({ row }: { row: ReservationItem }) {
  return <>{useDates()(row)}</>;
}

export const reservationScreens = resourceScreens<ReservationItem, Record<string, never>>({
  resource: '/reservations',
  basePath: '/reservations',
  entity: 'reservations',
  titleKey: 'shell.nav.reservations',
  list: reservationsListQuery,
  include: ['spot', 'resident'],
  // Staff reserve from the parking map; here they read and decide (ReservationDecisionPanel).
  permissions: {},
  creatable: false,
  schema: reservationBody,
  emptyValues: {},
  toValues: () => ({}),
  recordTitle: (r) => [r.spot?.number, r.resident?.fullName].filter(Boolean).join(' · '),
  Fields: ReservationFields,
  Filters: ReservationFilters,
  ShowExtra: ReservationDecisionPanel,
  columns: (t) => [
    {
      // The spot and who: the row's link.
      field: 'spotId',
      headerName: t('reservations.spot'),
      link: true,
      sortable: false,
      minWidth: 130,
      flex: 1,
      valueGetter: (_v: unknown, r: ReservationItem) =>
        [t('reservations.spotNumber', { number: r.spot?.number ?? '' }), r.resident?.fullName]
          .filter(Boolean)
          .join(' · '),
    },
    {
      // Phones: the status and the dates, under the link.
      field: 'summary',
      headerName: t('reservations.statusLabel'),
      narrow: true,
      sortable: false,
      flex: 1,
      renderCell: ({ row }: { row: ReservationItem }) => <Summary row={row} />,
    },
    {
      field: 'startsOn',
      headerName: t('reservations.dates'),
      minWidth: 220,
      secondary: true,
      renderCell: ({ row }: { row: ReservationItem }) => <Dates row={row} />,
    },
    {
      field: 'status',
      headerName: t('reservations.statusLabel'),
      minWidth: 170,
      sortable: false,
      secondary: true,
      renderCell: ({ row }: { row: ReservationItem }) => <ReservationStatusChip status={row.status} />,
    },
  ],
});
