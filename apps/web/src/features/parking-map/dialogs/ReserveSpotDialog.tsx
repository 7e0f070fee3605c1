import { reservationBody, type MapSpot, type ReservationBody, type ResidentOption } from '@parkade/contract';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { get, send } from '../../../platform/api';
import { DateInput, FieldGrid, TextInput } from '../../../ui/fields';
import { useFormMessage } from '../../../ui/form';
import { FormDialog } from './FormDialog';

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
