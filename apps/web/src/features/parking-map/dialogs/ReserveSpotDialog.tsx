import {
  reservationBody,
  type MapSpot,
  type ReservationBody,
  type ResidentOption,
  type SpotDetail,
} from '@parkade/contract';
import { Alert, Autocomplete, CircularProgress, Dialog, DialogContent, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { get, send } from '../../../platform/api';
import { DateInput, FieldGrid, TextInput } from '../../../ui/fields';
import { useFormMessage } from '../../../ui/form';
import { formatDate, useUiLocale } from '../../../ui/locale';
import { useRecord } from '../../../ui/resource';
import { FormDialog } from './FormDialog';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Reserved spot dialog (SPEC §2.5): a resident and the dates (both included). The dates start at the spot's first
 * free day (not today when today is taken) and last a month, or up to the day before the next reservation; the
 * server refuses an overlap naming the first free day.
 */
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
  const locale = useUiLocale();
  const detail = useRecord<SpotDetail>('/spots', `${spot.id}/detail`);
  if (!detail.data)
    return (
      <Dialog open onClose={onClose} aria-label={t('map.reserveSpot', { number: spot.number })}>
        <DialogContent>
          {detail.isError ? (
            <Alert severity="error">{detail.error.message}</Alert>
          ) : (
            <CircularProgress aria-label={t('form.loading')} />
          )}
        </DialogContent>
      </Dialog>
    );
  const { firstFreeOn, freeUntil } = detail.data;
  const inAMonth = addDays(firstFreeOn, 29);
  const endsOn = freeUntil && freeUntil < inAMonth ? freeUntil : inAMonth;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <FormDialog<ReservationBody>
      title={t('map.reserveSpot', { number: spot.number })}
      schema={reservationBody}
      defaultValues={{ spotId: spot.id, residentId: undefined, startsOn: firstFreeOn, endsOn, notes: '' }}
      submitLabel={t('map.reserve')}
      fields={['spotId', 'residentId', 'startsOn', 'endsOn', 'notes']}
      onClose={onClose}
      onSubmit={async (v) => {
        await send('POST', '/reservations', v);
        onDone();
      }}
    >
      {firstFreeOn > today && (
        <Alert severity="info" data-testid="reserve-free-from">
          {t('map.freeFrom', { date: formatDate(firstFreeOn, locale) })}
        </Alert>
      )}
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
