import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
} from '@mui/material';
import { useId, type ReactNode } from 'react';

export interface AuthTextFieldProps extends Omit<
  OutlinedInputProps,
  'label' | 'error' | 'required' | 'size'
> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  /** The label always above the field (a native select, which always shows a value). */
  shrink?: boolean;
}

/**
 * A text field as the sign-in screens show it — outlined, small, full width, with its label and helper text tied
 * to the input for screen readers — built from the parts MUI's TextField is made of. TextField also brings the
 * select with its menu, popover and modal, and the other input variants, none of which the first screen shows
 * (decision 0017).
 */
export function AuthTextField({
  label,
  helperText,
  error,
  required,
  shrink,
  id,
  ...input
}: AuthTextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl fullWidth size="small" variant="outlined" error={error} required={required}>
      <InputLabel htmlFor={inputId} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={inputId}
        label={label}
        aria-describedby={helperId}
        {...(shrink ? { notched: true } : {})}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
