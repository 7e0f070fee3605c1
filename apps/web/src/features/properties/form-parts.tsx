import { LANGUAGES } from '@parkade/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Autocomplete,
  Box,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  TextField,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { languageCodesQueryOptions, nativeName } from '../../platform/language';
import { ReadOnlyField, useFormMode } from '../../ui/fields';
import { useFormMessage } from '../../ui/form';

const TIME_ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

/** A titled part of the property form (details, location, domains, email). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ '& + &': { mt: 4 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The languages a property offers: a checkbox per language the product offers (its language codes, decision 0051),
 * their native names when shown.
 */
export function LanguagesField() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const message = useFormMessage();
  const offered: readonly string[] = useQuery(languageCodesQueryOptions()).data ?? LANGUAGES;
  return (
    <Controller
      name="languages"
      render={({ field, fieldState }) => {
        const value = (field.value as string[] | undefined) ?? [];
        if (mode === 'show')
          return (
            <ReadOnlyField label={t('fields.languages')}>
              {value.map((l) => nativeName(l) ?? l).join(', ')}
            </ReadOnlyField>
          );
        return (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{t('fields.languages')}</FormLabel>
            <FormGroup row>
              {[...offered, ...value.filter((l) => !offered.includes(l))].map((l) => (
                <FormControlLabel
                  key={l}
                  label={nativeName(l)}
                  control={
                    <Checkbox
                      checked={value.includes(l)}
                      onChange={(e) =>
                        field.onChange(e.target.checked ? [...value, l] : value.filter((x) => x !== l))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error && (
              <Typography variant="caption" color="error">
                {message(fieldState.error.message)}
              </Typography>
            )}
          </Box>
        );
      }}
    />
  );
}

/** The property's time zone, picked from those the browser knows. */
export function TimezoneField() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const message = useFormMessage();
  return (
    <Controller
      name="timezone"
      render={({ field, fieldState }) =>
        mode === 'show' ? (
          <ReadOnlyField label={t('fields.timezone')}>{field.value as string}</ReadOnlyField>
        ) : (
          <Autocomplete
            options={TIME_ZONES}
            value={(field.value as string) || null}
            onChange={(_e, v) => field.onChange(v ?? '')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('fields.timezone')}
                required
                error={Boolean(fieldState.error)}
                helperText={message(fieldState.error?.message)}
              />
            )}
          />
        )
      }
    />
  );
}
