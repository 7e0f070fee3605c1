import { normalizePhone } from '@parkade/contract';
import { Box, TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import { ReadOnlyField, useFieldError, useFormMode, type BaseFieldProps } from './shared';

/**
 * A phone number as people type it: `(512) 555-0199`, `512-555-0199` (read in `country`, the property's: the
 * United States when unknown) or `+1 512 555 0199`. On leaving the field a number it can read shows as it will be
 * stored, in E.164 (`+15125550199`); the form's schema (contract phoneSchema, with the same country) judges it.
 * The hint (an example) stays under the error, so the user sees what is expected.
 */
export function PhoneInput({
  name,
  label,
  required,
  helperText,
  country,
}: BaseFieldProps & { country?: string | null }) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const value = (field.value as string | null | undefined) ?? '';
  if (mode === 'show') return <ReadOnlyField label={label}>{value}</ReadOnlyField>;
  return (
    <TextField
      type="tel"
      name={field.name}
      inputRef={field.ref}
      value={value}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={() => {
        const e164 = value.trim() ? normalizePhone(value, country) : null;
        if (e164 && e164 !== value) field.onChange(e164);
        field.onBlur();
      }}
      label={label}
      required={required}
      error={Boolean(message)}
      helperText={
        message && helperText ? (
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {message}
            </Box>
            <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              {helperText}
            </Box>
          </>
        ) : (
          (message ?? helperText)
        )
      }
      slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel' } }}
    />
  );
}
