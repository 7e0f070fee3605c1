import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { ReadOnlyField, useFieldError, useFormMode, type BaseFieldProps } from './shared';

/** A number (integer or decimal); empty is null, anything else the schema judges. */
export function NumberInput({
  name,
  label,
  required,
  helperText,
  step,
  min,
  max,
}: BaseFieldProps & { step?: number | 'any'; min?: number; max?: number }) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const [text, setText] = useState<string>(
    field.value === null || field.value === undefined ? '' : String(field.value),
  );
  // The value set from outside (a form reset) is shown; an empty text reads as 0 to Number(), so a 0 arriving after
  // mounting is compared as text too.
  useEffect(() => {
    const v = field.value as number | null | undefined;
    if (v === null || v === undefined) {
      if (text !== '' && !Number.isNaN(Number(text))) setText('');
    } else if (text.trim() === '' || Number(text) !== v) setText(String(v));
  }, [field.value]);
  if (mode === 'show')
    return (
      <ReadOnlyField label={label}>
        {field.value === null || field.value === undefined ? '' : String(field.value)}
      </ReadOnlyField>
    );
  return (
    <TextField
      type="number"
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const raw = e.target.value.trim();
        field.onChange(raw === '' ? null : Number(raw));
      }}
      onBlur={field.onBlur}
      label={label}
      required={required}
      error={Boolean(message)}
      helperText={message ?? helperText}
      slotProps={{ htmlInput: { step: step ?? 1, min, max } }}
    />
  );
}
