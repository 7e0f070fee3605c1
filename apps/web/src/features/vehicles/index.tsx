import {
  optionsRead,
  VEHICLE_TYPES,
  vehiclesResource,
  vehicleBody,
  vehicleBodyFor,
  vehiclesListQuery,
  type VehicleBody,
  type VehicleDocument,
  type VehicleItem,
} from '@parkade/contract';
import { Alert, Checkbox, FormControlLabel, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api, openFile } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { AttachedFileRow } from '../../ui/AttachedFile';
import {
  FieldGrid,
  FullRow,
  NumberInput,
  ReadOnlyField,
  RecordInput,
  SelectInput,
  TextInput,
  useDependentField,
  useFormMode,
} from '../../ui/fields';
import { resourceScreens } from '../../ui/resource-screens';
import { resourceKeys, useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { uploadProblem } from '../../ui/uploads';
import { useFormRules } from '../rules/RulesPage';
import { VIN_INPUT } from './vin';

export function TemporaryPlatesInput({ label }: { label: string }) {
  const mode = useFormMode();
  const { field } = useController({ name: 'temporaryPlates' });
  const { t } = useTranslation();
  if (mode === 'show')
    return <ReadOnlyField label={label}>{field.value ? t('form.yes') : t('form.no')}</ReadOnlyField>;
  return (
    <FormControlLabel
      control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
      label={label}
    />
  );
}

/** What the form's pickers read: the vehicles options, under the form's own permission (decision 0039 §3). */
const pick = {
  residents: optionsRead(vehiclesResource, 'residents'),
  makes: optionsRead(vehiclesResource, 'makes'),
  models: optionsRead(vehiclesResource, 'models'),
  permitTypes: optionsRead(vehiclesResource, 'permit-types'),
  spots: optionsRead(vehiclesResource, 'spots'),
};

export function VehicleFields({ record }: { record?: VehicleItem }) {
  const { t } = useTranslation();
  const rules = useFormRules()?.vehicles;
  const shown = (f: string) => rules?.[f]?.visible !== false;
  const req = (f: string) => rules?.[f]?.required === true;
  const makeId = useDependentField<number | null>('makeId', 'modelId');
  return (
    <FieldGrid>
      <RecordInput
        name="residentId"
        label={t('permits.resident')}
        required
        from={pick.residents}
        initial={record?.resident ? { id: record.resident.id, label: record.resident.fullName } : null}
        showHref={(id) => `/residents/${id}/show`}
      />
      <TextInput name="plate" label={t('rules.fields.plate')} required helperText={t('vehicles.plateHint')} />
      {shown('vinLast4') && (
        <TextInput
          name="vinLast4"
          label={t('rules.fields.vinLast4')}
          required={req('vinLast4')}
          textFieldProps={VIN_INPUT}
          helperText={t('vehicles.vinHint')}
        />
      )}
      {shown('makeId') && (
        <RecordInput
          name="makeId"
          label={t('rules.fields.makeId')}
          required={req('makeId')}
          from={pick.makes}
          initial={record?.makeId && record.makeName ? { id: record.makeId, label: record.makeName } : null}
        />
      )}
      {shown('modelId') && (
        <RecordInput
          key={makeId ?? 0}
          name="modelId"
          label={t('rules.fields.modelId')}
          required={req('modelId')}
          from={pick.models}
          filter={makeId ? { makeId: [String(makeId)] } : undefined}
          initial={
            record?.modelId && record.modelName ? { id: record.modelId, label: record.modelName } : null
          }
        />
      )}
      {shown('vehicleType') && (
        <SelectInput
          name="vehicleType"
          label={t('rules.fields.vehicleType')}
          required={req('vehicleType')}
          options={VEHICLE_TYPES.map((v) => ({ value: v, label: t(`vehicles.type.${v}`) }))}
        />
      )}
      {shown('color') && <TextInput name="color" label={t('rules.fields.color')} required={req('color')} />}
      {shown('year') && (
        <NumberInput name="year" label={t('rules.fields.year')} required={req('year')} min={1900} />
      )}
      {shown('stickerNumber') && (
        <TextInput
          name="stickerNumber"
          label={t('rules.fields.stickerNumber')}
          required={req('stickerNumber')}
        />
      )}
      {shown('permitTypeId') && (
        <RecordInput
          name="permitTypeId"
          label={t('rules.fields.permitTypeId')}
          required={req('permitTypeId')}
          from={pick.permitTypes}
          initial={record?.permitType ? { id: record.permitType.id, label: record.permitType.name } : null}
        />
      )}
      {shown('spotId') && (
        <RecordInput
          name="spotId"
          label={t('rules.fields.spotId')}
          required={req('spotId')}
          from={pick.spots}
          initial={record?.spot ? { id: record.spot.id, label: record.spot.number } : null}
        />
      )}
      {shown('temporaryPlates') && <TemporaryPlatesInput label={t('rules.fields.temporaryPlates')} />}
      {shown('notes') && (
        <FullRow>
          <TextInput
            name="notes"
            label={t('rules.fields.notes')}
            required={req('notes')}
            textFieldProps={{ multiline: true, minRows: 2 }}
          />
        </FullRow>
      )}
    </FieldGrid>
  );
}

/** Under a vehicle's show page: its plates photo and insurance (the platform's upload policy), opened or replaced. */
function VehicleDocuments({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const vehicle = useRecord<VehicleItem>('/vehicles', item.id).data;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!vehicle) return null;
  const upload = async (doc: VehicleDocument, file: File | undefined) => {
    if (!file) return;
    setError(null);
    const problem = uploadProblem(file, t);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      const fd = new FormData();
      fd.append(doc, file, file.name);
      const res = await (await api()).post<VehicleItem>(`/vehicles/${item.id}/documents`, fd);
      client.setQueryData(resourceKeys.record('/vehicles', item.id), res.data);
      toast.success(t('vehicles.documentsSaved'));
    } catch (e) {
      const err = e as RequestError;
      setError(err.errors?.[doc]?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('vehicles.documents')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack spacing={2}>
        {(['platesPhoto', 'insurance'] as const).map((doc) => {
          const file = vehicle[doc];
          return (
            <AttachedFileRow
              key={doc}
              label={t(`vehicles.${doc}`)}
              file={file}
              emptyText={t('vehicles.noDocument')}
              onOpen={() =>
                void openFile(`/vehicles/${vehicle.id}/documents/${doc}`, file?.name ?? doc).catch(
                  (e: Error) => toast.error(e.message),
                )
              }
              onChoose={(chosen) => void upload(doc, chosen)}
              canEdit={can('vehicles.edit')}
              busy={busy}
              texts={{ upload: t('vehicles.upload'), replace: t('vehicles.replace') }}
            />
          );
        })}
        <Typography variant="body2" color="text.secondary">
          {t('vehicles.documentsHint')}
        </Typography>
      </Stack>
    </Paper>
  );
}

export const vehicleScreens = resourceScreens<VehicleItem, VehicleBody>({
  resource: '/vehicles',
  basePath: '/vehicles',
  entity: 'vehicles',
  titleKey: 'shell.nav.vehicles',
  list: vehiclesListQuery,
  include: ['resident', 'permitType', 'spot'],
  permissions: { create: 'vehicles.create', edit: 'vehicles.edit', delete: 'vehicles.delete' },
  schema: vehicleBody,
  useSchema: function useVehicleSchema() {
    return vehicleBodyFor(useFormRules());
  },
  emptyValues: {
    residentId: null as unknown as number,
    plate: '',
    vinLast4: null,
    makeId: null,
    modelId: null,
    vehicleType: null,
    color: null,
    year: null,
    stickerNumber: null,
    temporaryPlates: false,
    permitTypeId: null,
    spotId: null,
    notes: null,
  },
  toValues: (v) => ({
    residentId: v.residentId,
    plate: v.plate,
    vinLast4: v.vinLast4,
    makeId: v.makeId,
    modelId: v.modelId,
    vehicleType: v.vehicleType,
    color: v.color,
    year: v.year,
    stickerNumber: v.stickerNumber,
    temporaryPlates: v.temporaryPlates,
    permitTypeId: v.permitTypeId,
    spotId: v.spotId,
    notes: v.notes,
  }),
  recordTitle: (v) => v.plate,
  Fields: VehicleFields,
  ShowExtra: VehicleDocuments,
  columns: (t) => [
    {
      field: 'plate',
      headerName: t('rules.fields.plate'),
      link: true,
      minWidth: 120,
      flex: 0.8,
    },
    {
      field: 'residentName',
      headerName: t('permits.resident'),
      flex: 1,
      minWidth: 150,
      valueGetter: (_v: unknown, v: VehicleItem) => v.resident?.fullName ?? '',
    },
    {
      field: 'makeId',
      headerName: t('vehicles.makeModel'),
      sortable: false,
      flex: 1,
      minWidth: 150,
      secondary: true,
      valueGetter: (_v: unknown, v: VehicleItem) => [v.makeName, v.modelName].filter(Boolean).join(' '),
    },
    { field: 'color', headerName: t('rules.fields.color'), sortable: false, minWidth: 100, secondary: true },
    { field: 'year', headerName: t('rules.fields.year'), minWidth: 80, secondary: true },
  ],
});
