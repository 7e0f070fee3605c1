import type { LoginBody } from '@parkade/contract';
import { Alert, Button, Checkbox, FormControlLabel, Link, Stack } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyContractResolver, preloadOnUse } from '../../ui/lazy-resolver';
import { applySubmitError, useFieldProps } from './fields';
import { AuthTextField } from './AuthTextField';
import { PasswordField } from './PasswordField';

const FIELDS = ['email', 'password', 'remember'] as const;

/** Loaded when the form is first used (decision 0017). */
const resolver = lazyContractResolver(() => import('./schemas').then((m) => m.loginBody));

/**
 * The sign-in form: email or phone, password, remember me. Checked with the contract's loginBody, the same
 * schema the server uses; `onSubmit` signs in and throws the normalised error on failure, whose field errors land
 * on their fields and whose message shows above the form.
 */
export function LoginForm({
  onSubmit,
  emailHint,
  email = '',
}: {
  onSubmit: (body: LoginBody) => Promise<void>;
  /** The email to start with (the password field then takes the focus). */
  email?: string;
  /** Who signs in here, under the email field (SPEC §6: residents and staff of a property, or central staff). */
  emailHint?: string;
}) {
  const { t } = useTranslation();
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm({
    resolver,
    defaultValues: { email, password: '', remember: false },
  });
  const field = useFieldProps(form);

  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    try {
      await onSubmit(body);
    } catch (err) {
      setGeneral(applySubmitError(err, FIELDS, (name, e, o) => form.setError(name, e, o)));
    }
  });

  return (
    // method="post": on the page the server drew (decision 0050), a browser without JavaScript that sends the form
    // itself never puts the password in the address.
    <form
      method="post"
      onSubmit={submit}
      noValidate
      aria-label={t('shell.login.submit')}
      {...preloadOnUse(resolver)}
    >
      <Stack spacing={2.5}>
        {general && (
          <Alert severity="error" role="alert">
            {general}
          </Alert>
        )}
        <AuthTextField
          label={t('shell.login.email')}
          autoComplete="username"
          inputProps={{ inputMode: 'email' }}
          autoFocus={!email}
          required
          {...field('email', emailHint)}
        />
        <PasswordField
          label={t('shell.login.password')}
          autoComplete="current-password"
          autoFocus={Boolean(email)}
          required
          {...field('password')}
        />
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Controller
            control={form.control}
            name="remember"
            render={({ field: remember }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(remember.value)}
                    onChange={(e) => remember.onChange(e.target.checked)}
                    onBlur={remember.onBlur}
                    size="small"
                  />
                }
                label={t('shell.login.remember')}
              />
            )}
          />
          <Link href="/auth/forgot-password" variant="body2" underline="hover">
            {t('shell.login.forgot')}
          </Link>
        </Stack>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={form.formState.isSubmitting}
        >
          {t('shell.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
