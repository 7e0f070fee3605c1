import {
  SPACE_STATUSES,
  SPOT_TYPES,
  mapAreaCreateBody,
  mapBuildingsCreateBody,
  reservationBody,
  spotBody,
  type MapAreaCreateBody,
  type MapBuildingsCreateBody,
  type MapSpot,
  type ParkingMap,
  type ReservationBody,
  type ResidentOption,
  type SpotBody,
  type SpotDetail,
} from '@parkade/contract';
import {
  Alert,
  Autocomplete,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { get, send } from '../../platform/api';
import { DateInput, FieldGrid, NumberInput, ReadOnlyField, SelectInput, TextInput } from '../../ui/fields';
import { applyServerErrors, contractResolver, useFormMessage } from '../../ui/form';
import { SpotHolderFields, SpotTypeChip } from '../spots';

/** A dialog holding one form on a contract schema: the server's field errors land on their fields. */
function FormDialog<V extends FieldValues>({
  title,
  schema,
  defaultValues,
  submitLabel,
  onSubmit,
  onClose,
  children,
  fields,
}: {
  title: string;
  schema: z.ZodType;
  defaultValues: DefaultValues<V>;
  submitLabel: string;
  onSubmit: (values: V) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
  fields: string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  // The schema validates what the form holds; its parsed output is what is sent.
  const form = useForm<V>({ resolver: contractResolver(schema as never) as never, defaultValues });
  const [general, setGeneral] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setGeneral(null);
    try {
      await onSubmit(values);
    } catch (e) {
      const placed = applyServerErrors(e, fields, (n, er, o) => form.setError(n as never, er, o));
      setGeneral(placed.general);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={id}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>
          <FormProvider {...form}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {children}
              {general && <Alert severity="error">{general}</Alert>}
            </Stack>
          </FormProvider>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const typeOptions = () => SPOT_TYPES.map((v) => ({ value: v, label: <SpotTypeChip type={v} /> }));

function SwitchField({ name, label }: { name: string; label: string }) {
  return (
    <Controller
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />
          }
          label={label}
        />
      )}
    />
  );
}

/** Create-building dialog (SPEC §2.5): how many buildings, units per building, generate units or not. */
export function CreateBuildingsDialog({
  onClose,
  onDone,
  at,
}: {
  onClose: () => void;
  onDone: (m: ParkingMap) => void;
  at: { x: number; y: number };
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<MapBuildingsCreateBody>
      title={t('map.createBuildings')}
      schema={mapBuildingsCreateBody}
      defaultValues={{
        count: 1,
        namePrefix: t('map.buildingPrefix'),
        generateUnits: true,
        unitsPerBuilding: 12,
        x: at.x,
        y: at.y,
      }}
      submitLabel={t('map.create')}
      fields={['count', 'namePrefix', 'generateUnits', 'unitsPerBuilding']}
      onClose={onClose}
      onSubmit={async (v) => onDone(await send<ParkingMap>('POST', '/parking-map/buildings', v))}
    >
      <BuildingsFields />
    </FormDialog>
  );
}
function BuildingsFields() {
  const { t } = useTranslation();
  const generate = useWatch<MapBuildingsCreateBody, 'generateUnits'>({ name: 'generateUnits' });
  return (
    <FieldGrid>
      <NumberInput name="count" label={t('map.buildingsCount')} required min={1} max={50} />
      <TextInput
        name="namePrefix"
        label={t('map.namePrefix')}
        required
        helperText={t('map.namePrefixHint')}
      />
      <SwitchField name="generateUnits" label={t('map.generateUnits')} />
      {generate !== false && (
        <NumberInput
          name="unitsPerBuilding"
          label={t('map.unitsPerBuilding')}
          required
          min={1}
          max={500}
          helperText={t('map.unitsPerBuildingHint')}
        />
      )}
    </FieldGrid>
  );
}

/** Create-area dialog (SPEC §2.5): an empty area, or a number of spots of one type from a starting number. */
export function CreateAreaDialog({
  onClose,
  onDone,
  at,
  nextNumber,
}: {
  onClose: () => void;
  onDone: (m: ParkingMap) => void;
  at: { x: number; y: number };
  nextNumber: number;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<MapAreaCreateBody>
      title={t('map.createArea')}
      schema={mapAreaCreateBody}
      defaultValues={{
        name: '',
        empty: false,
        spotsCount: 10,
        spotType: 'resident',
        startNumber: nextNumber,
        numberPrefix: '',
        x: at.x,
        y: at.y,
      }}
      submitLabel={t('map.create')}
      fields={['name', 'empty', 'spotsCount', 'spotType', 'startNumber', 'numberPrefix']}
      onClose={onClose}
      onSubmit={async (v) => onDone(await send<ParkingMap>('POST', '/parking-map/areas', v))}
    >
      <AreaFields />
    </FormDialog>
  );
}
function AreaFields() {
  const { t } = useTranslation();
  const empty = useWatch<MapAreaCreateBody, 'empty'>({ name: 'empty' });
  return (
    <FieldGrid>
      <TextInput name="name" label={t('map.areaName')} required />
      <SwitchField name="empty" label={t('map.emptyArea')} />
      {!empty && (
        <>
          <NumberInput name="spotsCount" label={t('map.spotsCount')} required min={1} max={500} />
          <SelectInput name="spotType" label={t('fields.spotType')} required options={typeOptions()} />
          <NumberInput name="startNumber" label={t('map.startNumber')} required min={0} />
          <TextInput
            name="numberPrefix"
            label={t('map.numberPrefix')}
            helperText={t('map.numberPrefixHint')}
          />
        </>
      )}
    </FieldGrid>
  );
}

/** Edit-spot dialog: the spot's own fields (PUT /spots/:id). */
export function EditSpotDialog({
  spot,
  onClose,
  onDone,
}: {
  spot: MapSpot;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['/spots', 'record', `${spot.id}/detail`],
    queryFn: () => get<SpotDetail>(`/spots/${spot.id}/detail`),
  });
  if (!detail.data)
    return (
      <Dialog open onClose={onClose}>
        <DialogContent>
          <CircularProgress aria-label={t('form.loading')} />
        </DialogContent>
      </Dialog>
    );
  return (
    <FormDialog<SpotBody>
      title={t('map.editSpot', { number: spot.number })}
      schema={spotBody}
      defaultValues={{
        number: spot.number,
        name: spot.name,
        type: spot.type,
        status: spot.status,
        spotGroup: spot.spotGroup,
        notes: detail.data.spot.notes,
      }}
      submitLabel={t('form.save')}
      fields={['number', 'name', 'type', 'status', 'spotGroup', 'notes']}
      onClose={onClose}
      onSubmit={async (v) => {
        await send('PUT', `/spots/${spot.id}`, v);
        onDone();
      }}
    >
      <FieldGrid>
        <TextInput name="number" label={t('fields.spotNumber')} required />
        <TextInput name="name" label={t('fields.spotName')} helperText={t('spots.nameHint')} />
        <SelectInput name="type" label={t('fields.spotType')} required options={typeOptions()} />
        <SelectInput
          name="status"
          label={t('fields.spaceStatus')}
          required
          options={SPACE_STATUSES.map((v) => ({ value: v, label: t(`spots.status.${v}`) }))}
        />
        <TextInput name="spotGroup" label={t('fields.spotGroup')} />
        <TextInput name="notes" label={t('fields.notes')} />
      </FieldGrid>
    </FormDialog>
  );
}

/** Spot detail dialog: the spot, and its permit, vehicle and resident when it has them. */
export function SpotDetailDialog({
  spotId,
  onClose,
  actions,
}: {
  spotId: number;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const detail = useQuery({
    queryKey: ['/spots', 'record', `${spotId}/detail`],
    queryFn: () => get<SpotDetail>(`/spots/${spotId}/detail`),
  });
  const d = detail.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={id}>
      <DialogTitle id={id}>
        {d ? t('map.spotTitle', { number: d.spot.number }) : t('form.loading')}
      </DialogTitle>
      <DialogContent>
        {!d ? (
          detail.isError ? (
            <Alert severity="error">{detail.error.message}</Alert>
          ) : (
            <CircularProgress aria-label={t('form.loading')} />
          )
        ) : (
          <Stack spacing={2} data-testid="spot-detail">
            <FieldGrid>
              <ReadOnlyField label={t('fields.spotType')}>
                <SpotTypeChip type={d.spot.type} />
              </ReadOnlyField>
              <ReadOnlyField label={t('fields.spaceStatus')}>
                {d.spot.reservedNow ? t('spots.status.reserved') : t(`spots.status.${d.spot.status}`)}
              </ReadOnlyField>
              <ReadOnlyField label={t('fields.area')}>{d.area?.name ?? ''}</ReadOnlyField>
              <ReadOnlyField label={t('fields.spotGroup')}>{d.spot.spotGroup ?? ''}</ReadOnlyField>
              <SpotHolderFields detail={d} />
            </FieldGrid>
            {d.spot.notes && <Typography color="text.secondary">{d.spot.notes}</Typography>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>{t('form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Reserved spot dialog (SPEC §2.5): a resident and the dates (both included); overlaps are refused. */
export function ReserveSpotDialog({
  spot,
  onClose,
  onDone,
}: {
  spot: MapSpot;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const today = new Date().toISOString().slice(0, 10);
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return (
    <FormDialog<ReservationBody>
      title={t('map.reserveSpot', { number: spot.number })}
      schema={reservationBody}
      defaultValues={{ spotId: spot.id, residentId: undefined, startsOn: today, endsOn: inAMonth, notes: '' }}
      submitLabel={t('map.reserve')}
      fields={['spotId', 'residentId', 'startsOn', 'endsOn', 'notes']}
      onClose={onClose}
      onSubmit={async (v) => {
        await send('POST', '/reservations', v);
        onDone();
      }}
    >
      <ResidentPicker />
      <FieldGrid>
        <DateInput name="startsOn" label={t('map.from')} required />
        <DateInput name="endsOn" label={t('map.to')} required />
      </FieldGrid>
      <TextInput name="notes" label={t('fields.notes')} />
    </FormDialog>
  );
}

function ResidentPicker() {
  const { t } = useTranslation();
  const message = useFormMessage();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<ResidentOption | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const options = useQuery({
    queryKey: ['/reservations/resident-options', term],
    queryFn: () =>
      get<{ data: ResidentOption[] }>('/reservations/resident-options', term ? { term } : undefined),
  });
  return (
    <Controller
      name="residentId"
      render={({ field, fieldState }) => {
        const list = options.data?.data ?? [];
        return (
          <Autocomplete<ResidentOption>
            options={list}
            value={chosen}
            filterOptions={(o) => o}
            getOptionLabel={(o) => (o.email ? `${o.fullName} · ${o.email}` : o.fullName)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={options.isFetching}
            noOptionsText={t('map.noResidents')}
            onInputChange={(_e, v, reason) => reason === 'input' && setInput(v)}
            onChange={(_e, v) => {
              setChosen(v);
              field.onChange(v?.id ?? null);
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                name="residentId"
                label={t('spots.resident')}
                required
                error={Boolean(fieldState.error)}
                helperText={message(fieldState.error?.message) ?? t('map.residentHint')}
              />
            )}
          />
        );
      }}
    />
  );
}
