import { TextField, type TextFieldProps } from '@mui/material';
import { useController } from 'react-hook-form';
import { ReadOnlyField, useFieldError, useFormMode, type BaseFieldProps } from './shared';

/** A text input (trimmed and validated by the schema). */
export function TextInput({
  name,
  label,
  required,
  helperText,
  onValueChange,
  textFieldProps,
}: BaseFieldProps & { onValueChange?: (value: string) => void; textFieldProps?: Partial<TextFieldProps> }) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  if (mode === 'show')
    return <ReadOnlyField label={label}>{(field.value as string | null) ?? ''}</ReadOnlyField>;
  return (
    <TextField
      {...textFieldProps}
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => {
        field.onChange(e.target.value);
        onValueChange?.(e.target.value);
      }}
      onBlur={field.onBlur}
      label={label}
      required={required}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}
