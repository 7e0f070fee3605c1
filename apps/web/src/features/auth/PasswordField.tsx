import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { RESET_PASSWORD_MIN } from '@parkade/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthTextField, type AuthTextFieldProps } from './AuthTextField';
import type { FieldProps } from './fields';

/** A password input with a show/hide button (labelled for screen readers). */
export function PasswordField(props: AuthTextFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <AuthTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? t('shell.password.hide') : t('shell.password.show')}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(e) => e.preventDefault()}
            edge="end"
            size="small"
          >
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/**
 * A new password and its confirmation (fields `password` and `passwordConfirmation`), both required and marked
 * new-password for password managers; the minimum length is said under the first.
 */
export function NewPasswordFields({
  field,
  labels,
  autoFocus,
}: {
  field: (name: 'password' | 'passwordConfirmation', helperText?: string) => FieldProps;
  /** Other words than "New password" / "Confirm new password" and the length hint. */
  labels?: { password: string; confirmation: string; hint: string };
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const words = labels ?? {
    password: t('shell.changePassword.new'),
    confirmation: t('shell.changePassword.confirm'),
    hint: t('shell.changePassword.newHint', { min: RESET_PASSWORD_MIN }),
  };
  return (
    <>
      <PasswordField
        label={words.password}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        {...field('password', words.hint)}
      />
      <PasswordField
        label={words.confirmation}
        autoComplete="new-password"
        required
        {...field('passwordConfirmation')}
      />
    </>
  );
}
