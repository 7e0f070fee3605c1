import { TextField, type TextFieldProps } from '@mui/material';

/**
 * The 6-digit code of an authenticator app: a numeric keypad on phones, `one-time-code` so that browsers and
 * password managers offer the code they hold, and wide spacing so the digits read easily.
 */
export function CodeField(props: TextFieldProps) {
  return (
    <TextField
      autoComplete="one-time-code"
      {...props}
      slotProps={{
        ...props.slotProps,
        htmlInput: {
          inputMode: 'numeric',
          maxLength: 7,
          spellCheck: false,
          autoCapitalize: 'off',
          style: { fontSize: '1.35rem', letterSpacing: '0.35em', fontVariantNumeric: 'tabular-nums' },
        },
      }}
    />
  );
}

/** A recovery code: letters and digits, typed as shown (case and dashes do not matter). */
export function RecoveryCodeField(props: TextFieldProps) {
  return (
    <TextField
      autoComplete="off"
      {...props}
      slotProps={{
        ...props.slotProps,
        htmlInput: {
          maxLength: 20,
          spellCheck: false,
          autoCapitalize: 'off',
          style: {
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            letterSpacing: '0.1em',
          },
        },
      }}
    />
  );
}
