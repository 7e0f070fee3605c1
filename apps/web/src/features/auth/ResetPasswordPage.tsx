import { RESET_PASSWORD_MIN } from '@parkade/contract';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AuthTextField } from './AuthTextField';
import { send } from '../../platform/api';
import { useDocumentTitle } from '../../platform/title';
import { lazyContractResolver, preloadOnUse } from '../../ui/lazy-resolver';
import { toast } from '../../ui/toast';
import { AuthLayout } from './AuthLayout';
import { applySubmitError, useFieldProps } from './fields';
import { NewPasswordFields } from './PasswordField';

const FIELDS = ['email', 'token', 'password', 'passwordConfirmation'] as const;

/** Loaded when the form is first used (decision 0017). */
const resolver = lazyContractResolver(() => import('./schemas').then((m) => m.resetPasswordBody));

/**
 * /auth/reset-password?email=…&token=… (SPEC §2.1; the route sends a link without either to forgot-password): a new
 * password twice. A used or expired link is refused on `token`, shown with a way to ask for a new one.
 */
export function ResetPasswordPage({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const title = t('shell.reset.title');
  useDocumentTitle(title);
  const [general, setGeneral] = useState<string | null>(null);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const form = useForm({
    resolver,
    defaultValues: { email, token, password: '', passwordConfirmation: '' },
  });
  const field = useFieldProps(form);

  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    setTokenError(null);
    try {
      const answer = await send<{ message: string }>('POST', '/auth/reset-password', body);
      toast.success(answer.message);
      await router.navigate({ to: '/auth/login', replace: true });
    } catch (err) {
      const text = applySubmitError(err, FIELDS, (name, e, o) => {
        if (name === 'token') setTokenError(e.message);
        else form.setError(name as (typeof FIELDS)[number], e, o);
      });
      setGeneral(text);
    }
  });

  return (
    <AuthLayout>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('shell.reset.intro', { min: RESET_PASSWORD_MIN })}
      </Typography>
      <form onSubmit={submit} noValidate {...preloadOnUse(resolver)}>
        <Stack spacing={2.5}>
          {tokenError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" href="/auth/forgot-password">
                  {t('shell.reset.newLink')}
                </Button>
              }
            >
              {tokenError}
            </Alert>
          )}
          {general && !tokenError && <Alert severity="error">{general}</Alert>}
          <AuthTextField
            label={t('shell.forgot.email')}
            autoComplete="username"
            readOnly
            {...field('email')}
          />
          <NewPasswordFields field={field} autoFocus />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.formState.isSubmitting}
          >
            {t('shell.reset.submit')}
          </Button>
          <Link href="/auth/login" underline="hover" sx={{ textAlign: 'center' }}>
            {t('shell.backToLogin')}
          </Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
