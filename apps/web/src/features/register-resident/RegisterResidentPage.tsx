import CheckCircle from '@mui/icons-material/CheckCircle';
import type { PublicResident } from '@parkade/contract';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import { RequestError } from '../../platform/errors';
import { applyLanguage, isLanguage, languageCodesQueryOptions } from '../../platform/language';
import { useDocumentTitle } from '../../platform/title';
import { formatDate, useUiLocale } from '../../ui/locale';
import { AuthLayout } from '../auth/AuthLayout';
import { LinkError } from '../auth/LinkError';
import { useArea } from '../shell/useArea';
import { AgreementStep } from './AgreementStep';
import { DetailsStep } from './DetailsStep';
import { DownloadAgreement } from './DownloadAgreement';
import { REGISTER_STEPS, residentKey, startStep, type RegisterStep } from './register';

/**
 * /register/residents/{token}: the link "resend agreement" emails a resident. Three steps: their details (and a
 * password when they have none), the parking agreement read to its end, agreed to and signed on a pad, then done.
 * A resident coming back starts where they left off. An unknown or expired link shows the server's message and a
 * way to sign in.
 */
export function RegisterResidentPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const area = useArea();
  useDocumentTitle(t('register.title'));
  const { data, error, isLoading, refetch, isRefetching } = useQuery<PublicResident, RequestError>({
    queryKey: residentKey(token),
    queryFn: () => get<PublicResident>(`/public/residents/token/${encodeURIComponent(token)}`),
    retry: false,
    refetchOnWindowFocus: false,
  });
  // The link is personal: the page opens in the resident's own language (when the property offers it), once;
  // the language menu still switches it afterwards.
  const { data: offered } = useQuery(languageCodesQueryOptions());
  const languageApplied = useRef(false);
  const residentLanguage = data?.language;
  useEffect(() => {
    if (languageApplied.current || !isLanguage(residentLanguage) || !offered) return;
    languageApplied.current = true;
    if (offered.includes(residentLanguage)) void applyLanguage(residentLanguage);
  }, [residentLanguage, offered]);
  // A registered resident may go back to their details before signing.
  const [editing, setEditing] = useState(false);
  const step: RegisterStep | null = data ? (editing && !data.signedAt ? 0 : startStep(data)) : null;
  const propertyName = data?.propertyName ?? area.propertyName;

  return (
    <AuthLayout>
      {propertyName && (
        <Typography
          component="p"
          variant="overline"
          sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 1, lineHeight: 1.6, display: 'block' }}
        >
          {t('register.title')}
        </Typography>
      )}
      <Typography variant="h1" sx={{ mb: 2.5, overflowWrap: 'anywhere' }}>
        {propertyName ?? t('register.title')}
      </Typography>
      {isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('register.loading')} />
        </Box>
      )}
      {error && !data && (
        <LinkError
          error={error}
          retrying={isRefetching}
          onRetry={() => void refetch()}
          hint={t('register.linkError.hint')}
          fallback={t('register.linkError.title')}
          signIn={t('register.signIn')}
        />
      )}
      {data && step !== null && (
        <Stack spacing={3}>
          <Stepper activeStep={step} alternativeLabel>
            {REGISTER_STEPS.map((key, i) => (
              <Step key={key} completed={step > i || (i === 2 && step === 2)}>
                <StepLabel>{t(key)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {step === 0 && <DetailsStep resident={data} token={token} onSaved={() => setEditing(false)} />}
          {step === 1 && <AgreementStep resident={data} token={token} onBack={() => setEditing(true)} />}
          {step === 2 && <DoneStep resident={data} token={token} />}
        </Stack>
      )}
    </AuthLayout>
  );
}

/** Step 3: signed. The signed PDF and the way to sign in. */
function DoneStep({ resident, token }: { resident: PublicResident; token: string }) {
  const { t } = useTranslation();
  // The day it was signed at the property (decision 0039 §12).
  const locale = { ...useUiLocale(), timeZone: resident.propertyTimezone };
  return (
    <Stack spacing={2.5}>
      <Alert severity="success" icon={<CheckCircle />}>
        {t('register.done.message', { date: formatDate(resident.signedAt, locale) })}
      </Alert>
      <DownloadAgreement resident={resident} token={token} label={t('register.downloadSigned')} />
      <Button variant="contained" size="large" fullWidth href="/auth/login">
        {t('register.signIn')}
      </Button>
    </Stack>
  );
}
