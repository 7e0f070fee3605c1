import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { RESET_RETRY_HINT_MINUTES } from '@parkade/contract';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AuthTextField } from './AuthTextField';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useDocumentTitle } from '../../platform/title';
import { lazyContractResolver, preloadOnUse } from '../../ui/lazy-resolver';
import { toast } from '../../ui/toast';
import { AuthLayout } from './AuthLayout';
import { applySubmitError, useFieldProps } from './fields';

/** Loaded when the form is first used (decision 0017). */
const resolver = lazyContractResolver(() => import('./schemas').then((m) => m.forgotPasswordBody));

/**
 * /auth/forgot-password (SPEC §2.1): asks for the email, then shows a check-your-email state with a resend button
 * and the 10-minute hint. `error=missing-params` (a reset link without its email or token) explains itself.
 */
export function ForgotPasswordPage({ error }: { error?: string }) {
  const { t } = useTranslation();
  const title = t('shell.forgot.title');
  useDocumentTitle(title);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm({ resolver, defaultValues: { email: '' } });
  const field = useFieldProps(form);
  const request = useMutation<{ message: string }, RequestError, string>({
    mutationFn: (email) => send<{ message: string }>('POST', '/auth/forgot-password', { email }),
  });

  const submit = form.handleSubmit(async ({ email }) => {
    setGeneral(null);
    try {
      await request.mutateAsync(email);
      setSentTo(email);
    } catch (err) {
      // The server could not be reached or failed: "Failed to send password reset email" (SPEC §8); a refusal it
      // explains (a malformed address, too many tries) is shown as it says.
      if (failedToSend(err)) return setGeneral(t('shell.forgot.failed'));
      setGeneral(applySubmitError(err, ['email'], (n, e, o) => form.setError(n as 'email', e, o)));
    }
  });

  const resend = async () => {
    if (!sentTo) return;
    try {
      const answer = await request.mutateAsync(sentTo);
      toast.success(answer.message);
    } catch (err) {
      toast.error(failedToSend(err) ? t('shell.forgot.failed') : (err as RequestError).message);
    }
  };

  if (sentTo) {
    return (
      <AuthLayout>
        <Box sx={{ textAlign: 'center' }}>
          <MarkEmailReadOutlined aria-hidden="true" sx={{ fontSize: 56, color: 'primary.main', mb: 1 }} />
          <Typography variant="h1" sx={{ mb: 1.5 }}>
            {t('shell.forgot.sentTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('shell.forgot.sentBody')}
          </Typography>
          <Typography sx={{ fontWeight: 600, mb: 2.5, overflowWrap: 'anywhere' }}>{sentTo}</Typography>
          <Alert severity="info" sx={{ textAlign: 'left', mb: 3 }}>
            {t('shell.forgot.retryHint', { minutes: RESET_RETRY_HINT_MINUTES })}
          </Alert>
          <Stack spacing={1.5}>
            <Button variant="contained" size="large" onClick={resend} loading={request.isPending}>
              {t('shell.forgot.resend')}
            </Button>
            <Button
              variant="text"
              onClick={() => {
                setSentTo(null);
                form.reset({ email: sentTo });
              }}
            >
              {t('shell.forgot.otherEmail')}
            </Button>
            <Link href="/auth/login" underline="hover">
              {t('shell.backToLogin')}
            </Link>
          </Stack>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('shell.forgot.intro')}
      </Typography>
      <form onSubmit={submit} noValidate {...preloadOnUse(resolver)}>
        <Stack spacing={2.5}>
          {error === 'missing-params' && <Alert severity="warning">{t('shell.forgot.missingParams')}</Alert>}
          {general && <Alert severity="error">{general}</Alert>}
          <AuthTextField
            label={t('shell.forgot.email')}
            type="email"
            autoComplete="email"
            autoFocus
            required
            {...field('email')}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={request.isPending}>
            {t('shell.forgot.submit')}
          </Button>
          <Link href="/auth/login" underline="hover" sx={{ textAlign: 'center' }}>
            {t('shell.backToLogin')}
          </Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** No answer, or the server's own failure: the mail was not sent. */
const failedToSend = (err: unknown) => {
  const status = (err as Partial<RequestError>).statusCode ?? 500;
  return status === 0 || status >= 500;
};
