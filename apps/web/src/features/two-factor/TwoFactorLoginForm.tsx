import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import type { LoginTwoFactorBody } from '@parkade/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyContractResolver, preloadOnUse } from '../../ui/lazy-resolver';
import { applySubmitError, useFieldProps } from '../auth/fields';
import { CodeField, RecoveryCodeField } from './CodeField';

/** Loaded when the form is first used (decision 0017). */
const resolver = lazyContractResolver(() => import('../auth/schemas').then((m) => m.loginTwoFactorBody));

/**
 * The sign-in's code step (after a right password, for staff who turned two-factor on): the 6-digit code of the
 * app, or — with the switch below — one recovery code. `onSubmit` finishes the sign-in and throws the normalised
 * error on failure; `onBack` returns to the password.
 */
export function TwoFactorLoginForm({
  challenge,
  onSubmit,
  onBack,
}: {
  challenge: string;
  onSubmit: (body: LoginTwoFactorBody) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm({
    resolver,
    defaultValues: { challenge, code: undefined, recoveryCode: undefined } as LoginTwoFactorBody,
  });
  const field = useFieldProps(form);

  const switchMode = () => {
    setGeneral(null);
    form.reset({ challenge, code: undefined, recoveryCode: undefined });
    setRecovery((r) => !r);
  };

  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    try {
      await onSubmit(body);
    } catch (err) {
      setGeneral(
        applySubmitError(err, ['code', 'recoveryCode'], (n, e, o) =>
          form.setError(n as 'code' | 'recoveryCode', e, o),
        ),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('twoFactor.login.title')} {...preloadOnUse(resolver)}>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">
          {recovery ? t('twoFactor.login.recoveryIntro') : t('twoFactor.login.intro')}
        </Typography>
        {general && (
          <Alert severity="error" role="alert">
            {general}
          </Alert>
        )}
        {recovery ? (
          <RecoveryCodeField
            key="recovery"
            label={t('twoFactor.recoveryCode')}
            autoFocus
            required
            {...field('recoveryCode', t('twoFactor.recoveryCodeHint'))}
          />
        ) : (
          <CodeField
            key="code"
            label={t('twoFactor.code')}
            autoFocus
            required
            {...field('code', t('twoFactor.codeHint'))}
          />
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={form.formState.isSubmitting}
        >
          {t('twoFactor.login.verify')}
        </Button>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1, columnGap: 2 }}
        >
          <Link component="button" type="button" variant="body2" underline="hover" onClick={switchMode}>
            {recovery ? t('twoFactor.login.useApp') : t('twoFactor.login.useRecovery')}
          </Link>
          <Link component="button" type="button" variant="body2" underline="hover" onClick={onBack}>
            {t('twoFactor.login.back')}
          </Link>
        </Stack>
      </Stack>
    </form>
  );
}
