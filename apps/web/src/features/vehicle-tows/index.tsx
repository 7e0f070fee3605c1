import {
  VEHICLE_TOW_STATUSES,
  vehicleTowCloseBody,
  vehicleTowsListQuery,
  type VehicleTowItem,
} from '@parkade/contract';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../ui/DataTable';
import { ListDateRange } from '../../ui/DateRangeFilter';
import { formatDateTime, useUiLocale, type DateLocale } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { resourceScreens } from '../../ui/resource-screens';
import { VehicleTowStatusChip } from '../permit-warnings/StatusChips';
import { Line } from '../../ui/Line';
import { VehicleTowPanel } from './VehicleTowPanel';

/**
 * /vehicle-tows: the tows managers authorised from placed warnings, those still to do first. A tow is authorised
 * from its warning's page; here it is marked towed or cancelled and its tow record printed (VehicleTowPanel).
 */

const who = (person: { name: string } | null, at: string | null, locale: DateLocale) =>
  person || at ? `${person?.name ?? '—'} · ${formatDateTime(at, locale)}` : null;

function VehicleTowFields({ record }: { record?: VehicleTowItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  if (!record) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      <Line label={t('vehicleTows.statusLabel')} value={<VehicleTowStatusChip status={record.status} />} />
      <Line label={t('vehicleTows.plate')} value={record.plate} />
      <Line label={t('vehicleTows.company')} value={record.towName} />
      <Line
        label={t('vehicleTows.record.authorized')}
        value={who(record.authorizedBy, record.towAuthorizationDate, locale)}
      />
      <Line label={t('vehicleTows.readyToTowAt')} value={formatDateTime(record.readyToTowAt, locale)} />
      <Line label={t('vehicleTows.note')} value={record.note} />
      <Line label={t('vehicleTows.closed')} value={who(record.closedBy, record.closedAt, locale)} />
      <Line label={t('vehicleTows.closeNote')} value={record.closeNote} />
    </Box>
  );
}

function VehicleTowFilters({ list }: { list: ListState }) {
  const { t } = useTranslation();
  return (
    <>
      <OptionFilter
        label={t('vehicleTows.filter.status')}
        options={VEHICLE_TOW_STATUSES.map((s) => ({ value: s, label: t(`vehicleTows.status.${s}`) }))}
        value={list.search.status}
        onChange={(v) => list.update({ status: v, page: undefined })}
        width={190}
      />
      <ListDateRange list={list} />
    </>
  );
}

export const vehicleTowScreens = resourceScreens<VehicleTowItem, { note: string | null }>({
  resource: '/vehicle-tows',
  basePath: '/vehicle-tows',
  entity: 'vehicle_tows',
  titleKey: 'shell.nav.vehicleTows',
  list: vehicleTowsListQuery,
  // A tow is authorised from its warning's page and changed by its steps (VehicleTowPanel).
  permissions: {},
  creatable: false,
  schema: vehicleTowCloseBody,
  emptyValues: { note: null },
  toValues: (x) => ({ note: x.note }),
  recordTitle: (x) => `${x.plate} · ${x.towName}`,
  Fields: VehicleTowFields,
  Filters: VehicleTowFilters,
  ShowExtra: VehicleTowPanel,
  columns: (t, locale) => [
    {
      field: 'plate',
      headerName: t('vehicleTows.plate'),
      link: true,
      sortable: false,
      minWidth: 130,
      flex: 1,
    },
    {
      field: 'summary',
      headerName: t('vehicleTows.statusLabel'),
      narrow: true,
      sortable: false,
      flex: 1,
      renderCell: ({ row }: { row: VehicleTowItem }) => (
        <Stack spacing={0.5} sx={{ minWidth: 0, py: 1 }}>
          <Box>
            <VehicleTowStatusChip status={row.status} />
          </Box>
          <Typography variant="body2" noWrap>
            {row.towName} · {formatDateTime(row.towAuthorizationDate, locale)}
          </Typography>
        </Stack>
      ),
    },
    {
      field: 'status',
      headerName: t('vehicleTows.statusLabel'),
      minWidth: 150,
      secondary: true,
      renderCell: ({ row }: { row: VehicleTowItem }) => <VehicleTowStatusChip status={row.status} />,
    },
    {
      field: 'towName',
      headerName: t('vehicleTows.company'),
      sortable: false,
      minWidth: 150,
      flex: 1,
      secondary: true,
    },
    {
      field: 'createdAt',
      headerName: t('vehicleTows.authorizedAt'),
      minWidth: 170,
      secondary: true,
      valueFormatter: (v: string) => formatDateTime(v, locale),
    },
    {
      field: 'readyToTowAt',
      headerName: t('vehicleTows.readyToTowAt'),
      minWidth: 170,
      secondary: true,
      valueFormatter: (v: string) => formatDateTime(v, locale),
    },
  ],
});
