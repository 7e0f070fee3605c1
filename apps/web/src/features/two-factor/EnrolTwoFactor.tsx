import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Alert, Box, Button, IconButton, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import {
  twoFactorConfirmBody,
  type RecoveryCodesResponse,
  type TwoFactorConfirmBody,
  type TwoFactorSetup,
} from '@parkade/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { contractResolver } from '../../ui/contract-resolver';
import { toast } from '../../ui/toast';
import { writeClipboard } from '../../ui/clipboard';
import { applySubmitError, useFieldProps } from '../auth/fields';
import { PasswordField } from '../auth/PasswordField';
import { CodeField } from './CodeField';
import { BOOTSTRAP_KEY, TWO_FACTOR_KEY } from './queries';
import { RecoveryCodes } from './RecoveryCodes';

/** `JBSWY3DPEHPK3PXP…` → `JBSW Y3DP EHPK 3PXP …`: easier to type into an app by hand. */
export const groupKey = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Turning two-factor sign-in on, in three steps on one surface: a new key from the server (QR code and the key in
 * text), a code of the app to confirm it, then the ten recovery codes, shown once. Used by the profile's dialog and
 * by the enrolment screen that central staff see when it is mandatory.
 */
export function EnrolTwoFactor({
  onCancel,
  onDone,
  narrow = false,
}: {
  onCancel?: () => void;
  /** Two-factor is on and the user has seen the recovery codes. */
  onDone: () => void;
  /** In a narrow frame (the enrolment screen's card) the key goes under the QR code at every width. */
  narrow?: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const setup = useMutation<TwoFactorSetup, RequestError>({
    mutationFn: () => send<TwoFactorSetup>('POST', '/auth/two-factor/setup'),
  });
  const started = useRef(false);
  useEffect(() => {
    // Once per mount: a second setup would replace the key the QR code shows.
    if (started.current) return;
    started.current = true;
    setup.mutate();
  }, [setup]);

  const form = useForm({
    resolver: contractResolver(twoFactorConfirmBody),
    defaultValues: { password: '', code: '' },
  });
  const field = useFieldProps(form);
  const confirm = useMutation<RecoveryCodesResponse, RequestError, TwoFactorConfirmBody>({
    mutationFn: (body) => send<RecoveryCodesResponse>('POST', '/auth/two-factor/confirm', body),
  });
  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    try {
      const answer = await confirm.mutateAsync(body);
      client.setQueryData(TWO_FACTOR_KEY, answer.status);
      void client.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
      toast.success(answer.message);
      setCodes(answer.recoveryCodes);
    } catch (err) {
      setGeneral(
        applySubmitError(err, ['password', 'code'], (n, e, o) =>
          form.setError(n as 'password' | 'code', e, o),
        ),
      );
    }
  });

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;

  const copyKey = (key: string) =>
    void writeClipboard(key).then((copied) => copied && toast.success(t('twoFactor.enrol.keyCopied')));

  return (
    <Stack spacing={2.5}>
      {setup.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setup.mutate()}>
              {t('shell.retry')}
            </Button>
          }
        >
          {t('twoFactor.enrol.setupError')} — {setup.error.message}
        </Alert>
      )}
      <Box>
        <Typography sx={{ fontWeight: 600, mb: 1.5 }}>{t('twoFactor.enrol.step1')}</Typography>
        <Stack
          direction={narrow ? 'column' : { xs: 'column', sm: 'row' }}
          spacing={2.5}
          sx={{ alignItems: narrow ? 'center' : { xs: 'center', sm: 'flex-start' } }}
        >
          {setup.data ? (
            <Box
              component="img"
              src={setup.data.qrDataUrl}
              alt={t('twoFactor.enrol.qrAlt')}
              width={180}
              height={180}
              sx={{ flexShrink: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
            />
          ) : (
            <Skeleton
              variant="rectangular"
              width={180}
              height={180}
              aria-label={t('twoFactor.enrol.preparing')}
              sx={{ flexShrink: 0, borderRadius: 1 }}
            />
          )}
          <Box sx={{ minWidth: 0, width: '100%' }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('twoFactor.enrol.manual')}
            </Typography>
            {setup.data ? (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <Typography
                  component="code"
                  data-testid="two-factor-key"
                  sx={{
                    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                    fontSize: '0.95rem',
                    bgcolor: 'grey.100',
                    px: 1,
                    py: 0.5,
                    borderRadius: 1,
                    overflowWrap: 'anywhere',
                    minWidth: 0,
                  }}
                >
                  {groupKey(setup.data.secret)}
                </Typography>
                <Tooltip title={t('twoFactor.enrol.copyKey')}>
                  <IconButton
                    aria-label={t('twoFactor.enrol.copyKey')}
                    onClick={() => copyKey(setup.data.secret)}
                    size="small"
                  >
                    <ContentCopyOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            ) : (
              <Skeleton width="100%" height={32} />
            )}
          </Box>
        </Stack>
      </Box>
      <form onSubmit={submit} noValidate aria-label={t('twoFactor.enrol.title')}>
        <Stack spacing={2}>
          <Typography sx={{ fontWeight: 600 }}>{t('twoFactor.enrol.step2')}</Typography>
          {general && <Alert severity="error">{general}</Alert>}
          <PasswordField
            label={t('twoFactor.enrol.password')}
            autoComplete="current-password"
            required
            disabled={!setup.data}
            {...field('password')}
          />
          <CodeField
            label={t('twoFactor.code')}
            required
            disabled={!setup.data}
            {...field('code', t('twoFactor.codeHint'))}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {onCancel && (
              <Button onClick={onCancel} disabled={confirm.isPending}>
                {t('shell.cancel')}
              </Button>
            )}
            <Button type="submit" variant="contained" loading={confirm.isPending} disabled={!setup.data}>
              {t('twoFactor.enrol.confirm')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Stack>
  );
}
