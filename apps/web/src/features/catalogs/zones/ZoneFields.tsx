import type { ZoneItem } from '@parkade/contract';
import { Box, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ChipList,
  ChipsEditor,
  ChipsInput,
  FieldGrid,
  FullRow,
  ReadOnlyField,
  TextInput,
  useFormMode,
} from '../../../ui/fields';
import { useFormMessage } from '../../../ui/form';
import { CatalogNameFields } from '../CatalogNameFields';
import {
  assignmentOf,
  byCityOf,
  followZoneCode,
  groupZipCodes,
  isZipCode,
  normalizeZip,
  proposedZoneCode,
  setZipCodesOfCity,
  zipCodeTotal,
} from './zone-form';

/**
 * The zone form (SPEC §2.5): name, a code proposed from the name (editable, at most 50), county, cities, and zip
 * codes chosen city by city with the selected total.
 */
export function ZoneFields(_props: { record?: ZoneItem }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const { getValues, setValue } = useFormContext();
  // The code follows the name while it is the one proposed (create only: a saved zone keeps its code).
  const lastProposed = useRef<string | null>(
    mode === 'create' ? proposedZoneCode(String(getValues('name') ?? '')) : null,
  );
  const onNameChange = (name: string) => {
    const next = followZoneCode(name, String(getValues('code') ?? ''), lastProposed.current);
    lastProposed.current = next.lastProposed;
    if (next.code !== getValues('code'))
      setValue('code', next.code, { shouldValidate: false, shouldDirty: true });
  };
  return (
    <FieldGrid>
      <TextInput name="name" label={t('fields.name')} required onValueChange={onNameChange} />
      <TextInput
        name="code"
        label={t('fields.code')}
        helperText={mode === 'create' ? t('zones.codeHelp') : undefined}
        textFieldProps={{ slotProps: { htmlInput: { maxLength: 50, spellCheck: false } } }}
      />
      <CatalogNameFields />
      <TextInput name="county" label={t('fields.county')} required />
      <FullRow>
        <ChipsInput
          name="cities"
          label={t('fields.cities')}
          placeholder={t('zones.citiesPlaceholder')}
          helperText={t('zones.citiesHelp')}
        />
      </FullRow>
      <FullRow>
        <ZipCodesByCity />
      </FullRow>
    </FieldGrid>
  );
}

function ZipCodesByCity() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const zipField = useController({ name: 'zipCodes' });
  const cities = (useController({ name: 'cities' }).field.value as string[] | undefined) ?? [];
  const zipCodes = (zipField.field.value as string[] | undefined) ?? [];
  const renderMessage = useFormMessage();
  // Which city each zip code was chosen under: kept with the zone (zipCodesByCity), so a saved zone opens grouped.
  const byCityField = useController({ name: 'zipCodesByCity' });
  const assignment = assignmentOf(byCityField.field.value as Record<string, string[]> | undefined);
  const setAssignment = (next: Record<string, string>) => byCityField.field.onChange(byCityOf(next));
  const total = zipCodeTotal(zipCodes);
  const totalText = t('fields.zipCodesSelected', { count: total });

  if (mode === 'show')
    return (
      <ReadOnlyField label={t('fields.zipCodes')}>
        {zipCodes.length ? (
          <Stack spacing={1} component="span">
            <ChipList values={zipCodes} />
            <Typography component="span" variant="body2" color="text.secondary">
              {totalText}
            </Typography>
          </Stack>
        ) : null}
      </ReadOnlyField>
    );

  const groups = groupZipCodes(cities, zipCodes, assignment);
  const change = (city: string | null, zips: string[]) => {
    const next = setZipCodesOfCity(cities, zipCodes, assignment, city, zips);
    setAssignment(next.assignment);
    zipField.field.onChange(next.zipCodes);
  };
  const error = zipField.fieldState.error;
  const message = renderMessage(
    error?.message ??
      Object.values(error ?? {}).find(
        (e): e is { message: string } => typeof (e as { message?: unknown })?.message === 'string',
      )?.message,
  );
  const editorProps = {
    normalize: normalizeZip,
    isValid: isZipCode,
    inputMode: 'numeric' as const,
    separators: /[\s,;]+/,
    placeholder: t('zones.zipPlaceholder'),
    onBlur: zipField.field.onBlur,
  };

  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: message ? 'error.main' : 'divider', borderRadius: 1, p: 2, m: 0 }}
    >
      <Stack component="legend" direction="row" sx={{ px: 0.5, gap: 1, alignItems: 'baseline' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {t('zones.zipByCity')}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {cities.length ? t('zones.zipByCityHelp') : t('zones.zipNoCities')}
      </Typography>
      <Stack spacing={2}>
        {groups.byCity.map((g, i) => (
          <ChipsEditor
            key={g.city}
            id={`zone-zips-${i}`}
            label={t('zones.zipCodesOf', { city: g.city })}
            values={g.zips}
            onChange={(zips) => change(g.city, zips)}
            inputRef={i === 0 ? zipField.field.ref : undefined}
            helperText={g.zips.length ? t('zones.zipCountOfCity', { count: g.zips.length }) : undefined}
            {...editorProps}
          />
        ))}
        {(groups.other.length > 0 || cities.length === 0) && (
          <ChipsEditor
            id="zone-zips-other"
            label={cities.length ? t('zones.zipCodesOther') : t('fields.zipCodes')}
            values={groups.other}
            onChange={(zips) => change(null, zips)}
            inputRef={groups.byCity.length === 0 ? zipField.field.ref : undefined}
            helperText={cities.length ? t('zones.zipCodesOtherHelp') : undefined}
            {...editorProps}
          />
        )}
      </Stack>
      <Typography sx={{ mt: 2, fontWeight: 600 }} role="status" aria-live="polite">
        {totalText}
      </Typography>
      {message && (
        <Typography color="error" variant="body2" role="alert" sx={{ mt: 0.5 }}>
          {message}
        </Typography>
      )}
    </Box>
  );
}
