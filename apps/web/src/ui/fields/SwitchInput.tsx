import { FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ReadOnlyField, useFieldError, useFormMode, type BaseFieldProps } from './shared';

/**
 * A yes/no field as a switch, its help below it (a function of the value: what on and off mean). `defaultValue`
 * is used when the form's values leave the field out. In `show` mode: Yes or No.
 */
export function SwitchInput({
  name,
  label,
  helperText,
  defaultValue,
}: Omit<BaseFieldProps, 'required' | 'helperText'> & {
  helperText?: (on: boolean) => string;
  defaultValue?: boolean;
}) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const helpId = useId();
  const controller = useController({ name, defaultValue });
  const { field } = controller;
  const message = useFieldError(controller);
  const on = Boolean(field.value);
  if (mode === 'show')
    return <ReadOnlyField label={label}>{on ? t('form.yes') : t('form.no')}</ReadOnlyField>;
  const help = message ?? helperText?.(on);
  return (
    <Stack sx={{ minWidth: 0 }}>
      <FormControlLabel
        label={label}
        control={
          <Switch
            name={field.name}
            checked={on}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': help ? helpId : undefined } }}
          />
        }
      />
      {help && (
        <FormHelperText id={helpId} error={Boolean(message)} sx={{ mt: 0 }}>
          {help}
        </FormHelperText>
      )}
    </Stack>
  );
}
