import { MenuItem, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { ReadOnlyField, useFieldError, useFormMode, type BaseFieldProps } from './shared';

export interface SelectOption {
  value: string | number;
  label: ReactNode;
}

/** One value out of a list (an enum of the contract, or records already loaded). Empty is null. */
export function SelectInput({
  name,
  label,
  required,
  helperText,
  options,
  disabled,
  emptyLabel,
}: BaseFieldProps & { options: SelectOption[]; disabled?: boolean; emptyLabel?: string }) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const current = options.find((o) => o.value === field.value);
  if (mode === 'show') return <ReadOnlyField label={label}>{current?.label ?? ''}</ReadOnlyField>;
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | number | null | undefined) ?? ''}
      onChange={(e) => {
        const raw = e.target.value as string | number;
        const opt = options.find((o) => String(o.value) === String(raw));
        field.onChange(opt ? opt.value : null);
      }}
      onBlur={field.onBlur}
      label={label}
      required={required}
      disabled={disabled}
      error={Boolean(message)}
      helperText={message ?? helperText}
    >
      {!required && <MenuItem value="">{emptyLabel ?? '—'}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
