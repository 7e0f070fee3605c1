import { RESET_PASSWORD_MIN, type InvitationInfo } from '@parkade/contract';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getPublic, send } from '../../platform/api';
import { RequestError } from '../../platform/errors';
import { applyLanguage, isLanguage } from '../../platform/language';
import { useLanguageStore } from '../../platform/stores';
import { useDocumentTitle } from '../../platform/title';
import { lazyContractResolver, preloadOnUse } from '../../ui/lazy-resolver';
import { toast } from '../../ui/toast';
import { AuthLayout } from '../auth/AuthLayout';
import { AuthTextField } from '../auth/AuthTextField';
import { applySubmitError, useFieldProps } from '../auth/fields';
import { NewPasswordFields } from '../auth/PasswordField';

const FIELDS = ['token', 'password', 'passwordConfirmation'] as const;

/** Loaded when the form is first used (decision 0017). */
const resolver = lazyContractResolver(() => import('../auth/schemas').then((m) => m.acceptInvitationBody));

/**
 * /auth/invitation/{token} (issue 16): the invited person is greeted by name (and the property's name), in their
 * language, and chooses a password; then the sign-in page, their email filled in. A link that cannot be used any
 * more (used, expired, replaced by a newer one, unknown) says so, with the way to the sign-in page.
 */
export function InvitationPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const info = useQuery<InvitationInfo, RequestError>({
    queryKey: ['auth', 'invitation', token],
    queryFn: () => getPublic<InvitationInfo>(`/auth/invitation/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });
  useInvitedLanguage(info.data?.language);

  if (info.isPending)
    return (
      <AuthLayout>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('form.loading')} />
        </Box>
      </AuthLayout>
    );
  if (info.isError) return <Unusable error={info.error} retry={() => void info.refetch()} />;
  return <AcceptForm token={token} info={info.data} />;
}

/** The page opens in the invited person's language (once: they may switch it afterwards). */
function useInvitedLanguage(language: string | undefined) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !language) return;
    done.current = true;
    if (isLanguage(language) && useLanguageStore.getState().currentLanguage !== language)
      void applyLanguage(language);
  }, [language]);
}

function Unusable({ error, retry }: { error: RequestError; retry: () => void }) {
  const { t } = useTranslation();
  const gone = error.statusCode === 404;
  const title = gone ? t('users.screens.invitation.unusableTitle') : t('users.screens.invitation.errorTitle');
  useDocumentTitle(title);
  return (
    <AuthLayout>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>
        {gone ? (
          <Typography color="text.secondary">{t('users.screens.invitation.unusableText')}</Typography>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={retry}>
                {t('list.retry')}
              </Button>
            }
          >
            {error.message}
          </Alert>
        )}
        <Button href="/auth/login" variant="contained" size="large" fullWidth>
          {t('users.screens.invitation.toLogin')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

function AcceptForm({ token, info }: { token: string; info: InvitationInfo }) {
  const { t } = useTranslation();
  const router = useRouter();
  const title = t('users.screens.invitation.title', { name: info.fullName });
  useDocumentTitle(title);
  const [general, setGeneral] = useState<string | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const form = useForm({ resolver, defaultValues: { token, password: '', passwordConfirmation: '' } });
  const field = useFieldProps(form);

  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    try {
      const answer = await send<{ email: string }>('POST', '/auth/invitation', body);
      toast.success(t('users.screens.invitation.done'));
      await router.navigate({ to: '/auth/login', search: { email: answer.email }, replace: true });
    } catch (err) {
      // The link was used or expired meanwhile: said on its own, with the way to sign in.
      if (err instanceof RequestError && (err.statusCode === 404 || err.statusCode === 410)) {
        setGone(err.message);
        return;
      }
      setGeneral(
        applySubmitError(err, FIELDS, (name, e, o) => {
          if (name === 'token') setGone(e.message);
          else form.setError(name as (typeof FIELDS)[number], e, o);
        }),
      );
    }
  });

  return (
    <AuthLayout>
      <Typography
        component="p"
        variant="overline"
        sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 1, lineHeight: 1.6, display: 'block' }}
      >
        {info.propertyName ?? t('shell.login.centralOverline')}
      </Typography>
      <Typography variant="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {info.propertyName
          ? t('users.screens.invitation.introProperty', { property: info.propertyName })
          : t('users.screens.invitation.introCentral')}
      </Typography>
      <form onSubmit={submit} noValidate aria-label={title} {...preloadOnUse(resolver)}>
        <Stack spacing={2.5}>
          {gone && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" href="/auth/login">
                  {t('users.screens.invitation.toLogin')}
                </Button>
              }
            >
              {gone}
            </Alert>
          )}
          {general && !gone && <Alert severity="error">{general}</Alert>}
          {/* The account's sign-in name, for password managers to save with the new password. */}
          <AuthTextField
            label={t('shell.forgot.email')}
            autoComplete="username"
            readOnly
            value={info.email}
            name="email"
          />
          <NewPasswordFields
            field={field}
            autoFocus
            labels={{
              password: t('users.screens.invitation.password'),
              confirmation: t('users.screens.invitation.confirm'),
              hint: t('shell.changePassword.newHint', { min: RESET_PASSWORD_MIN }),
            }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.formState.isSubmitting}
          >
            {t('users.screens.invitation.submit')}
          </Button>
          <Link href="/auth/login" underline="hover" sx={{ textAlign: 'center' }}>
            {t('users.screens.invitation.haveAccount')}
          </Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
