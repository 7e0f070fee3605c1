import { VEHICLE_TYPES, WEEKDAYS, type CaregiverItem, type CaregiverStatus } from '@parkade/contract';
import {
  Alert,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Typography,
} from '@mui/material';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePropertyStore } from '../../platform/stores';
import {
  FieldGrid,
  FullRow,
  PhoneInput,
  ReadOnlyField,
  SelectInput,
  TextInput,
  useFormMode,
} from '../../ui/fields';
import { useFieldError } from '../../ui/fields/shared';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { StatusChip } from '../permits/PermitStatusChip';
import { useBootstrap } from '../shell/useBootstrap';

/** A weekday's name in the page's language (0 = Sunday): 1 January 2023 was a Sunday. */
export function weekdayName(day: number, intlLocale: string, width: 'short' | 'long' = 'short') {
  return new Intl.DateTimeFormat(intlLocale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
}

/** The days as the page's language names them; "Every day" for all seven. */
export function useDaysText() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const { intlLocale } = locale;
  return (days: readonly number[]) =>
    days.length === 7 ? t('caregivers.everyDay') : days.map((d) => weekdayName(d, intlLocale)).join(', ');
}

/** Days of the week as checkboxes, Monday first; kept as numbers (0 = Sunday … 6 = Saturday). */
export function DaysInput({ name, label }: { name: string; label: string }) {
  const mode = useFormMode();
  const locale = useUiLocale();
  const { intlLocale } = locale;
  const controller = useController({ name });
  const message = useFieldError(controller);
  const daysText = useDaysText();
  const value = ((controller.field.value as number[] | undefined) ?? []).slice().sort((a, b) => a - b);
  if (mode === 'show') return <ReadOnlyField label={label}>{daysText(value)}</ReadOnlyField>;
  const order = [...WEEKDAYS.slice(1), 0];
  const toggle = (d: number) =>
    controller.field.onChange(value.includes(d) ? value.filter((x) => x !== d) : [...value, d]);
  return (
    <FormControl component="fieldset" error={Boolean(message)} required>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {order.map((d) => (
          <FormControlLabel
            key={d}
            sx={{ minWidth: 72, mr: 1 }}
            control={
              <Checkbox
                checked={value.includes(d)}
                onChange={() => toggle(d)}
                slotProps={{ input: { ref: d === order[0] ? controller.field.ref : undefined } }}
              />
            }
            label={weekdayName(d, intlLocale, 'short')}
          />
        ))}
      </FormGroup>
      {message && <FormHelperText>{message}</FormHelperText>}
    </FormControl>
  );
}

/** The caregiver's fields (resident's and staff's forms). */
export function CaregiverFields() {
  const { t } = useTranslation();
  const bootstrap = useBootstrap();
  const selectedCountry = usePropertyStore((s) => s.propertyCountry);
  return (
    <FieldGrid>
      <TextInput name="name" label={t('caregivers.fields.name')} required />
      <TextInput
        name="plate"
        label={t('caregivers.fields.plate')}
        required
        helperText={t('vehicles.plateHint')}
      />
      <PhoneInput
        name="phone"
        label={t('caregivers.fields.phone')}
        country={bootstrap.property?.country ?? selectedCountry}
      />
      <TextInput name="color" label={t('caregivers.fields.color')} />
      <SelectInput
        name="vehicleType"
        label={t('caregivers.fields.vehicleType')}
        options={VEHICLE_TYPES.map((v) => ({ value: v, label: t(`vehicles.type.${v}`) }))}
      />
      <FullRow>
        <DaysInput name="days" label={t('caregivers.fields.days')} />
      </FullRow>
    </FieldGrid>
  );
}

const COLOUR: Record<CaregiverStatus, 'success' | 'warning' | 'default'> = {
  active: 'success',
  pending: 'warning',
  stopped: 'default',
};

export function CaregiverStatusChip({ status }: { status: CaregiverStatus }) {
  const { t } = useTranslation();
  return <StatusChip colour={COLOUR[status]} label={t(`caregivers.status.${status}`)} />;
}

/**
 * What the resident and staff need to know at a glance: why no pass was issued (the last refusal, in full), that
 * approval is awaited or the caregiver stopped, else the last pass.
 */
export function CaregiverState({ item }: { item: CaregiverItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <>
      {item.lastRefusal && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('caregivers.refused', {
            date: formatDateTime(item.lastRefusal.at, locale),
            message: item.lastRefusal.message,
          })}
        </Alert>
      )}
      {item.status === 'pending' && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('caregivers.pendingHint')}
        </Alert>
      )}
      {item.status === 'stopped' && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('caregivers.stoppedHint')}
        </Alert>
      )}
      {item.status === 'active' && !item.lastRefusal && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {item.lastPass
            ? t('caregivers.lastPass', {
                from: formatDateTime(item.lastPass.validFrom, locale),
                until: formatDateTime(item.lastPass.validUntil, locale),
              })
            : t('caregivers.noPass')}
        </Typography>
      )}
    </>
  );
}
