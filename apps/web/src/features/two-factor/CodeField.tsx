import { AuthTextField, type AuthTextFieldProps } from '../auth/AuthTextField';

/**
 * The 6-digit code of an authenticator app: a numeric keypad on phones, `one-time-code` so that browsers and
 * password managers offer the code they hold, and wide spacing so the digits read easily.
 */
export function CodeField(props: AuthTextFieldProps) {
  return (
    <AuthTextField
      autoComplete="one-time-code"
      {...props}
      inputProps={{
        ...props.inputProps,
        inputMode: 'numeric',
        maxLength: 7,
        spellCheck: false,
        autoCapitalize: 'off',
        style: { fontSize: '1.35rem', letterSpacing: '0.35em', fontVariantNumeric: 'tabular-nums' },
      }}
    />
  );
}

/** A recovery code: letters and digits, typed as shown (case and dashes do not matter). */
export function RecoveryCodeField(props: AuthTextFieldProps) {
  return (
    <AuthTextField
      autoComplete="off"
      {...props}
      inputProps={{
        ...props.inputProps,
        maxLength: 20,
        spellCheck: false,
        autoCapitalize: 'off',
        style: {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          letterSpacing: '0.1em',
        },
      }}
    />
  );
}
