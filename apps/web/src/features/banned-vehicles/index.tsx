import {
  bannedVehicleBody,
  bannedVehiclesListQuery,
  bannedVehiclesResource,
  optionsRead,
  type BannedVehicleBody,
  type BannedVehicleItem,
  type ReasonItem,
} from '@parkade/contract';
import { Box, Stack, TextField, Typography } from '@mui/material';
import { dayjs } from '../../platform/dates';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../ui/DataTable';
import {
  DateInput,
  FieldGrid,
  FullRow,
  RecordInput,
  RecordPicker,
  TextInput,
  useDependentField,
} from '../../ui/fields';
import { formatDate } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { useRecord } from '../../ui/resource';
import { resourceScreens } from '../../ui/resource-screens';
import { BanPanel, BanStatusChip } from './BanPanel';

/** What the form's pickers read: the banned-vehicles options, under the form's own permission (decision 0039 §3). */
const pick = {
  reasons: optionsRead(bannedVehiclesResource, 'reasons'),
  states: optionsRead(bannedVehiclesResource, 'states'),
  makes: optionsRead(bannedVehiclesResource, 'makes'),
  models: optionsRead(bannedVehiclesResource, 'models'),
};

export function BannedVehicleFields({ record }: { record?: BannedVehicleItem }) {
  const { t } = useTranslation();
  const makeId = useDependentField<number | null>('makeId', 'modelId');
  const named = (id: number | null | undefined, name: string | null | undefined) =>
    id && name ? { id, label: name } : null;
  return (
    <FieldGrid>
      <TextInput
        name="plate"
        label={t('rules.fields.plate')}
        required
        helperText={t('bannedVehicles.plateHint')}
      />
      <RecordInput
        name="reasonId"
        label={t('bannedVehicles.reason')}
        required
        from={pick.reasons}
        initial={record?.reason ? { id: record.reason.id, label: record.reason.name } : null}
      />
      <RecordInput
        name="stateId"
        label={t('fields.state')}
        from={pick.states}
        initial={named(record?.stateId, record?.stateName)}
      />
      <RecordInput
        name="makeId"
        label={t('rules.fields.makeId')}
        from={pick.makes}
        initial={named(record?.makeId, record?.makeName)}
      />
      <RecordInput
        key={makeId ?? 0}
        name="modelId"
        label={t('rules.fields.modelId')}
        from={pick.models}
        filter={makeId ? { makeId: [String(makeId)] } : undefined}
        initial={named(record?.modelId, record?.modelName)}
      />
      <TextInput name="color" label={t('rules.fields.color')} />
      <DateInput name="bannedFrom" label={t('bannedVehicles.bannedFrom')} required />
      <DateInput
        name="bannedUntil"
        label={t('bannedVehicles.bannedUntil')}
        helperText={t('bannedVehicles.bannedUntilHint')}
      />
      <FullRow>
        <TextInput
          name="notes"
          label={t('rules.fields.notes')}
          textFieldProps={{ multiline: true, minRows: 2 }}
        />
      </FullRow>
    </FieldGrid>
  );
}

/** The list's filters: the plate (compared normalised by the server), the reason, active or not. */
function BanFilters({ list }: { list: ListState }) {
  const { t } = useTranslation();
  const current = list.search.plate === undefined ? '' : String(list.search.plate);
  const [plate, setPlate] = useState(current);
  useEffect(() => setPlate(current), [current]);
  useEffect(() => {
    const value = plate.trim() || undefined;
    if ((value ?? '') === current) return;
    const timer = setTimeout(() => list.update({ plate: value }, { replace: true }), 350);
    return () => clearTimeout(timer);
  }, [plate]);
  const reasonId = list.search.reasonId ? Number(list.search.reasonId) : null;
  const reason = useRecord<ReasonItem>('/reasons', reasonId && Number.isInteger(reasonId) ? reasonId : null);
  return (
    <>
      <TextField
        size="small"
        label={t('bannedVehicles.filter.plate')}
        value={plate}
        onChange={(e) => setPlate(e.target.value)}
        sx={{ width: { xs: '100%', sm: 160 } }}
      />
      <Box sx={{ width: { xs: '100%', sm: 240 } }}>
        <RecordPicker
          resource="/reasons"
          label={t('bannedVehicles.filter.reason')}
          size="small"
          value={
            reasonId
              ? { id: reasonId, label: reason.data?.displayName ?? (reason.isPending ? '…' : `#${reasonId}`) }
              : null
          }
          onChange={(v) => list.update({ reasonId: v ? String(v.id) : undefined })}
        />
      </Box>
      <OptionFilter
        label={t('bannedVehicles.filter.active')}
        options={[
          { value: '1', label: t('bannedVehicles.filter.activeOnly') },
          { value: '0', label: t('bannedVehicles.filter.inactiveOnly') },
        ]}
        value={list.search.active}
        onChange={(v) => list.update({ active: v })}
        width={170}
      />
    </>
  );
}

const emptyValues: BannedVehicleBody = {
  plate: '',
  stateId: null,
  makeId: null,
  modelId: null,
  color: null,
  reasonId: null as unknown as number,
  notes: null,
  bannedUntil: null,
  // A new ban starts today: read when a create form opens, not when the app loaded.
  get bannedFrom() {
    return dayjs().format('YYYY-MM-DD');
  },
};

export const bannedVehicleScreens = resourceScreens<BannedVehicleItem, BannedVehicleBody>({
  resource: '/banned-vehicles',
  basePath: '/banned-vehicles',
  entity: 'banned_vehicles',
  titleKey: 'shell.nav.bannedVehicles',
  list: bannedVehiclesListQuery,
  include: ['reason'],
  permissions: {
    create: 'banned-vehicles.create',
    edit: 'banned-vehicles.edit',
    delete: 'banned-vehicles.delete',
  },
  schema: bannedVehicleBody,
  emptyValues,
  toValues: (b) => ({
    plate: b.plate,
    stateId: b.stateId,
    makeId: b.makeId,
    modelId: b.modelId,
    color: b.color,
    reasonId: b.reasonId,
    notes: b.notes,
    bannedFrom: b.bannedFrom,
    bannedUntil: b.bannedUntil,
  }),
  recordTitle: (b) => b.plate,
  Fields: BannedVehicleFields,
  Filters: BanFilters,
  ShowExtra: BanPanel,
  columns: (t, locale) => [
    { field: 'plate', headerName: t('rules.fields.plate'), link: true, minWidth: 120, flex: 0.7 },
    {
      // Phones: the status and the reason in one column.
      field: 'summary',
      headerName: t('bannedVehicles.ban'),
      narrow: true,
      sortable: false,
      flex: 1,
      renderCell: ({ row }: { row: BannedVehicleItem }) => (
        <Stack spacing={0.5} sx={{ minWidth: 0, py: 1 }}>
          <Box>
            <BanStatusChip status={row.status} />
          </Box>
          <Typography variant="body2" noWrap>
            {row.reason?.name ?? ''}
          </Typography>
        </Stack>
      ),
    },
    {
      field: 'reasonId',
      headerName: t('bannedVehicles.reason'),
      sortable: false,
      flex: 1.4,
      minWidth: 200,
      secondary: true,
      valueGetter: (_v: unknown, b: BannedVehicleItem) => b.reason?.name ?? '',
    },
    {
      field: 'status',
      headerName: t('bannedVehicles.statusLabel'),
      sortable: false,
      minWidth: 120,
      secondary: true,
      renderCell: ({ row }: { row: BannedVehicleItem }) => <BanStatusChip status={row.status} />,
    },
    {
      field: 'bannedFrom',
      headerName: t('bannedVehicles.bannedFrom'),
      minWidth: 130,
      secondary: true,
      valueFormatter: (v: string) => formatDate(v, locale),
    },
    {
      field: 'bannedUntil',
      headerName: t('bannedVehicles.bannedUntil'),
      minWidth: 130,
      secondary: true,
      valueFormatter: (v: string | null) => formatDate(v, locale),
    },
    {
      field: 'makeId',
      headerName: t('bannedVehicles.makeModel'),
      sortable: false,
      flex: 1,
      minWidth: 150,
      secondary: true,
      valueGetter: (_v: unknown, b: BannedVehicleItem) => [b.makeName, b.modelName].filter(Boolean).join(' '),
    },
  ],
});
