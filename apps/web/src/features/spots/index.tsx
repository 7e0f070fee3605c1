import {
  SPACE_STATUSES,
  SPOT_TYPE_COLOURS,
  SPOT_TYPES,
  spotBody,
  spotsListQuery,
  type SpotBody,
  type SpotDetail,
  type SpotItem,
  type SpotType,
} from '@parkade/contract';
import { Chip, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../ui/DataTable';
import { FieldGrid, FullRow, ReadOnlyField, SelectInput, TextInput, useFormMode } from '../../ui/fields';
import { formatDate, useUiLocale } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { resourceScreens } from '../../ui/resource-screens';
import { useRecord } from '../../ui/resource';

/** A spot type, in its colour (SPEC §3: each type has a colour, shown everywhere the type is). */
export function SpotTypeChip({ type, size = 'small' }: { type: SpotType; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      label={t(`spots.type.${type}`)}
      sx={{ bgcolor: SPOT_TYPE_COLOURS[type], color: '#1a1a1a', fontWeight: 500 }}
    />
  );
}

function SpotFields({ record }: { record?: SpotItem }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  return (
    <FieldGrid>
      <TextInput name="number" label={t('fields.spotNumber')} required />
      <TextInput name="name" label={t('fields.spotName')} helperText={t('spots.nameHint')} />
      <SelectInput
        name="type"
        label={t('fields.spotType')}
        required
        options={SPOT_TYPES.map((v) => ({ value: v, label: <SpotTypeChip type={v} /> }))}
      />
      {mode === 'show' && record ? (
        // The status everyone sees (Reserved while a reservation covers today), as the list and the map say it.
        <ReadOnlyField label={t('fields.spaceStatus')}>{t(`spots.status.${record.status}`)}</ReadOnlyField>
      ) : (
        <SelectInput
          name="status"
          label={t('fields.spaceStatus')}
          required
          options={SPACE_STATUSES.map((v) => ({ value: v, label: t(`spots.status.${v}`) }))}
        />
      )}
      <TextInput name="spotGroup" label={t('fields.spotGroup')} helperText={t('spots.groupHint')} />
      {record?.area && <ReadOnlyField label={t('fields.area')}>{record.area.name}</ReadOnlyField>}
      <FullRow>
        <TextInput name="notes" label={t('fields.notes')} textFieldProps={{ multiline: true, minRows: 2 }} />
      </FullRow>
    </FieldGrid>
  );
}

function SpotFilters({ list }: { list: ListState }) {
  const { t } = useTranslation();
  return (
    <>
      <OptionFilter
        label={t('fields.spotType')}
        options={SPOT_TYPES.map((v) => ({ value: v, label: t(`spots.type.${v}`) }))}
        value={list.search.type}
        onChange={(v) => list.update({ type: v, page: undefined })}
      />
      <OptionFilter
        label={t('fields.spaceStatus')}
        options={SPACE_STATUSES.map((v) => ({ value: v, label: t(`spots.status.${v}`) }))}
        value={list.search.status}
        onChange={(v) => list.update({ status: v, page: undefined })}
      />
    </>
  );
}

/** Who holds a spot: its current or next reservation, the resident, and the permit and vehicle when assigned. */
export function SpotHolderFields({ detail: d }: { detail: SpotDetail }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <>
      <ReadOnlyField label={t('spots.reservation')}>
        {d.reservation
          ? `${t('spots.reservationDates', {
              from: formatDate(d.reservation.startsOn, locale),
              to: formatDate(d.reservation.endsOn, locale),
            })}${d.reservation.status === 'pending' ? ` · ${t('reservations.status.pending')}` : ''}`
          : t('spots.noReservation')}
      </ReadOnlyField>
      <ReadOnlyField label={t('spots.resident')}>
        {d.resident
          ? [d.resident.fullName, d.resident.email, d.resident.phone].filter(Boolean).join(' · ')
          : t('spots.noResident')}
      </ReadOnlyField>
      <ReadOnlyField label={t('spots.permit')}>
        {d.permit ? `${d.permit.code} (${d.permit.status})` : t('spots.noPermit')}
      </ReadOnlyField>
      <ReadOnlyField label={t('spots.vehicle')}>
        {d.vehicle ? `${d.vehicle.plate} · ${d.vehicle.description}` : t('spots.noVehicle')}
      </ReadOnlyField>
    </>
  );
}

/** Under a spot's page: who holds it. */
export function SpotHolder({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const detail = useRecord<SpotDetail>('/spots', `${item.id}/detail`);
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('spots.holder')}
      </Typography>
      {detail.data ? (
        <FieldGrid>
          <SpotHolderFields detail={detail.data} />
        </FieldGrid>
      ) : (
        <Typography color="text.secondary">{t('form.loading')}</Typography>
      )}
    </Paper>
  );
}

export const spotScreens = resourceScreens<SpotItem, SpotBody>({
  resource: '/spots',
  basePath: '/spots',
  entity: 'spots',
  titleKey: 'spots.title',
  list: spotsListQuery,
  include: ['area', 'reservation'],
  permissions: { edit: 'spots.edit', delete: 'spots.delete' },
  creatable: false,
  schema: spotBody,
  emptyValues: {
    number: '',
    name: null,
    type: 'resident',
    status: 'available',
    spotGroup: null,
    notes: null,
  },
  toValues: (s) => ({
    number: s.number,
    name: s.name,
    type: s.type,
    status: s.setStatus,
    spotGroup: s.spotGroup,
    notes: s.notes,
    areaId: s.areaId,
  }),
  recordTitle: (s) => s.number,
  Fields: SpotFields,
  Filters: SpotFilters,
  ShowExtra: SpotHolder,
  columns: (t) => [
    { field: 'number', headerName: t('fields.spotNumber'), link: true, minWidth: 90, flex: 0.6 },
    {
      field: 'type',
      headerName: t('fields.spotType'),
      minWidth: 150,
      flex: 1,
      renderCell: (p) => <SpotTypeChip type={p.row.type} />,
    },
    {
      field: 'status',
      headerName: t('fields.spaceStatus'),
      minWidth: 120,
      flex: 0.8,
      valueFormatter: (v: string) => t(`spots.status.${v}`),
    },
    {
      field: 'area',
      headerName: t('fields.area'),
      sortable: false,
      minWidth: 120,
      flex: 0.8,
      secondary: true,
      valueGetter: (_v: unknown, row: SpotItem) => row.area?.name ?? '—',
    },
    {
      field: 'reservation',
      headerName: t('spots.reservedBy'),
      sortable: false,
      minWidth: 140,
      flex: 1,
      secondary: true,
      valueGetter: (_v: unknown, row: SpotItem) => row.reservation?.residentName ?? '',
    },
    { field: 'spotGroup', headerName: t('fields.spotGroup'), minWidth: 100, flex: 0.6, secondary: true },
  ],
});
