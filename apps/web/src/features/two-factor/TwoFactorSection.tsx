import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../platform/stores';
import { DisableTwoFactorDialog, EnableTwoFactorDialog, RegenerateCodesDialog } from './TwoFactorDialogs';
import { twoFactorStatusQuery } from './queries';
import { formatDate, useUiLocale } from '../../ui/locale';

/**
 * The profile's two-factor card (staff): whether sign-in asks for a code, since when, how many recovery codes are
 * left, and the dialogs to turn it on, off, or renew the recovery codes.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  useLanguageStore((s) => s.currentLanguage); // the date follows the interface language
  const status = useQuery(twoFactorStatusQuery());
  const [dialog, setDialog] = useState<'enable' | 'disable' | 'regenerate' | null>(null);
  const close = () => setDialog(null);
  const s = status.data;

  return (
    <Card component="section" aria-labelledby="two-factor-title">
      <CardContent sx={{ p: 3 }}>
        <Stack
          direction="row"
          useFlexGap
          sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <PhonelinkLockOutlined color="primary" aria-hidden="true" />
            <Typography id="two-factor-title" variant="h2" sx={{ fontSize: '1.05rem' }}>
              {t('twoFactor.section.title')}
            </Typography>
          </Stack>
          {s && (
            <Chip
              size="small"
              label={s.enabled ? t('twoFactor.section.on') : t('twoFactor.section.off')}
              color={s.enabled ? 'success' : 'default'}
              variant={s.enabled ? 'filled' : 'outlined'}
            />
          )}
        </Stack>
        {status.isError ? (
          <Alert
            severity="error"
            icon={<ErrorOutlineOutlined />}
            action={
              <Button color="inherit" size="small" onClick={() => void status.refetch()}>
                {t('shell.retry')}
              </Button>
            }
          >
            {t('twoFactor.section.loadError')} — {status.error.message}
          </Alert>
        ) : !s ? (
          <Box>
            <Skeleton width="90%" />
            <Skeleton width="60%" />
            <Skeleton variant="rounded" width={120} height={36} sx={{ mt: 2 }} />
          </Box>
        ) : (
          <>
            <Typography color="text.secondary" variant="body2" sx={{ mb: 1.5 }}>
              {s.enabled ? t('twoFactor.section.onText') : t('twoFactor.section.offText')}
            </Typography>
            {s.enabled && (
              <Typography variant="body2" sx={{ mb: 1.5 }}>
                {s.enabledAt && t('twoFactor.section.since', { date: formatDate(s.enabledAt, locale) })}
                {s.enabledAt && ' · '}
                {t('twoFactor.section.codesLeft', { count: s.recoveryCodesLeft })}
              </Typography>
            )}
            {s.required && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('twoFactor.section.required')}
              </Alert>
            )}
            {s.enabled && s.recoveryCodesLeft <= 2 && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {t('twoFactor.section.fewCodes')}
              </Alert>
            )}
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
              {s.enabled ? (
                <>
                  <Button variant="outlined" onClick={() => setDialog('regenerate')}>
                    {t('twoFactor.section.regenerate')}
                  </Button>
                  <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
                    {t('twoFactor.section.disable')}
                  </Button>
                </>
              ) : (
                <Button variant="contained" onClick={() => setDialog('enable')}>
                  {t('twoFactor.section.enable')}
                </Button>
              )}
            </Stack>
          </>
        )}
      </CardContent>
      <EnableTwoFactorDialog open={dialog === 'enable'} onClose={close} />
      <DisableTwoFactorDialog open={dialog === 'disable'} onClose={close} required={Boolean(s?.required)} />
      <RegenerateCodesDialog open={dialog === 'regenerate'} onClose={close} />
    </Card>
  );
}
