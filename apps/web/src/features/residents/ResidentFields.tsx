import {
  LANGUAGES,
  optionsRead,
  RESIDENT_LIMITS,
  RESIDENT_STATUSES,
  residentsResource,
  type OptionItem,
  type ResidentItem,
} from '@parkade/contract';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Autocomplete,
  Box,
  Chip,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useController, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { nativeName } from '../../platform/language';
import {
  DateInput,
  FieldGrid,
  FullRow,
  NumberInput,
  PhoneInput,
  ReadOnlyField,
  SelectInput,
  TextInput,
  useFormMode,
} from '../../ui/fields';
import { useList } from '../../ui/resource';
import { useFormRules } from '../rules/RulesPage';
import { usePropertyStore } from '../../platform/stores';
import { useBootstrap } from '../shell/useBootstrap';

/**
 * The resident's units: several, picked from the property's units (building and number), read under the form's own
 * permission (the residents options read, decision 0039 §3); on the show page, the record's units.
 */
function UnitsInput({ record }: { record?: ResidentItem }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const { field, fieldState } = useController({ name: 'unitIds' });
  const units = useList<OptionItem>(
    optionsRead(residentsResource, 'units').path,
    { all: true },
    { enabled: mode !== 'show' },
  );
  const options =
    mode === 'show'
      ? (record?.units ?? []).map((u) => ({ id: u.id, label: `${u.buildingName} · ${u.name}` }))
      : (units.data?.data ?? []).map((u) => ({ id: u.id, label: u.label }));
  const ids = (field.value as number[] | undefined) ?? [];
  const value = ids.map((id) => options.find((o) => o.id === id) ?? { id, label: `#${id}` });
  const label = t('residents.units');
  if (mode === 'show')
    return (
      <ReadOnlyField label={label}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {value.map((v) => (
            <Chip key={v.id} size="small" label={v.label} />
          ))}
        </Stack>
      </ReadOnlyField>
    );
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      loading={units.isFetching}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_e, v) => field.onChange(v.map((o) => o.id))}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? t(fieldState.error.message ?? 'validation.required') : undefined}
        />
      )}
    />
  );
}

/**
 * The country of the property the form works on: national phone numbers are read in it (the United States when it
 * is unknown). The host's property in its own area; centrally, the selected property.
 */
export function usePhoneCountry() {
  const own = useBootstrap().property;
  const selected = usePropertyStore((s) => s.propertyCountry);
  return own ? own.country : selected;
}

export function ResidentFields({ record }: { record?: ResidentItem }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const rules = useFormRules()?.residents;
  const shown = (f: string) => rules?.[f]?.visible !== false;
  const req = (f: string) => rules?.[f]?.required === true;
  const phoneCountry = usePhoneCountry();
  return (
    <FieldGrid>
      <TextInput name="fullName" label={t('residents.fullName')} required />
      <TextInput name="email" label={t('rules.fields.email')} required textFieldProps={{ type: 'email' }} />
      {shown('phone') && (
        <PhoneInput
          name="phone"
          label={t('rules.fields.phone')}
          required={req('phone')}
          helperText={t('residents.phoneHint')}
          country={phoneCountry}
        />
      )}
      {shown('language') && (
        <SelectInput
          name="language"
          label={t('rules.fields.language')}
          required
          options={LANGUAGES.map((l) => ({ value: l, label: nativeName(l) }))}
        />
      )}
      <FullRow>
        <UnitsInput record={record} />
      </FullRow>
      {/* A new resident's status may be left to the property's rule (newResidentStatus), as an import does. */}
      <SelectInput
        name="status"
        label={t('residents.statusLabel')}
        required={mode !== 'create'}
        emptyLabel={t('residents.status.byRule')}
        helperText={mode === 'create' ? t('residents.statusNewHint') : undefined}
        options={RESIDENT_STATUSES.map((s) => ({ value: s, label: t(`residents.status.${s}`) }))}
      />
      {shown('leaseExpirationAt') && (
        <DateInput
          name="leaseExpirationAt"
          label={t('rules.fields.leaseExpirationAt')}
          required={req('leaseExpirationAt')}
        />
      )}
      {shown('code') && <TextInput name="code" label={t('rules.fields.code')} required={req('code')} />}
      {mode !== 'show' && (
        <TextInput
          name="password"
          label={t('residents.password')}
          helperText={t('residents.passwordHint')}
          textFieldProps={{ type: 'password', autoComplete: 'new-password' }}
        />
      )}
      <FullRow>
        <LimitsSection />
      </FullRow>
    </FieldGrid>
  );
}

/**
 * The resident's own limits, folded: an empty limit means the property's setting applies. The section opens by
 * itself when the resident has limits of their own or one of them is refused.
 */
function LimitsSection() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const id = useId();
  const values = useWatch({ name: [...RESIDENT_LIMITS] }) as (number | string | null | undefined)[];
  const { errors } = useFormState({ name: [...RESIDENT_LIMITS] });
  const own = values.filter((v) => v !== null && v !== undefined && v !== '').length;
  const refused = RESIDENT_LIMITS.some((l) => errors[l]);
  const [open, setOpen] = useState(own > 0);
  return (
    <Accordion
      expanded={open || refused}
      onChange={(_e, v) => setOpen(v)}
      disableGutters
      variant="outlined"
      sx={{ mt: 1 }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-limits`} id={`${id}-summary`}>
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('residents.limits')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {own > 0 ? t('residents.limitsOwn', { count: own }) : t('residents.limitsHint')}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-limits`}>
        <FieldGrid>
          {RESIDENT_LIMITS.map((l, i) =>
            mode === 'show' ? (
              <ReadOnlyField key={l} label={t(`residents.limit.${l}`)}>
                {values[i] === null || values[i] === undefined
                  ? t('residents.limitDefault')
                  : String(values[i])}
              </ReadOnlyField>
            ) : (
              <NumberInput key={l} name={l} label={t(`residents.limit.${l}`)} min={0} />
            ),
          )}
        </FieldGrid>
      </AccordionDetails>
    </Accordion>
  );
}
