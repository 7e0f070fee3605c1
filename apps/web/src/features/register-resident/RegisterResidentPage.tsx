import CheckCircle from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import {
  LANGUAGES,
  RESET_PASSWORD_MIN,
  publicResidentRegisterBodyFor,
  type PublicResident,
  type PublicResidentRegisterBody,
} from '@parkade/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { download, get, send } from '../../platform/api';
import { RequestError } from '../../platform/errors';
import { applyLanguage, isLanguage, NATIVE_NAMES, languageCodesQueryOptions } from '../../platform/language';
import { useDocumentTitle } from '../../platform/title';
import { FieldGrid, PhoneInput, ReadOnlyField, SelectInput, TextInput } from '../../ui/fields';
import { contractResolver } from '../../ui/contract-resolver';
import { formatDate, useUiLocale } from '../../ui/locale';
import { toast } from '../../ui/toast';
import { AuthLayout } from '../auth/AuthLayout';
import { applySubmitError, useFieldProps } from '../auth/fields';
import { NewPasswordFields } from '../auth/PasswordField';
import { useArea } from '../shell/useArea';
import {
  agreementUrl,
  REGISTER_STEPS,
  scrolledToEnd,
  signatureProblem,
  startStep,
  type RegisterStep,
} from './register';
import { SignaturePad } from './SignaturePad';

const residentKey = (token: string) => ['public-resident', token] as const;
const AGREEMENT_FILE = 'parking-agreement.pdf';

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
      {error && !data && <LinkError error={error} retrying={isRefetching} onRetry={() => void refetch()} />}
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

/** An unknown or expired link (the server says which), or the resident could not be loaded. */
function LinkError({
  error,
  retrying,
  onRetry,
}: {
  error: RequestError;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const unusable = error.statusCode === 404 || error.statusCode === 410 || error.statusCode === 422;
  return (
    <Stack spacing={2.5}>
      <Alert severity="error">{error.message || t('register.linkError.title')}</Alert>
      <Typography color="text.secondary">
        {unusable ? t('register.linkError.hint') : t('register.loadError.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" href="/auth/login">
          {t('register.signIn')}
        </Button>
        {!unusable && (
          <Button variant="outlined" onClick={onRetry} loading={retrying}>
            {t('shell.retry')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

const FIELDS = ['fullName', 'phone', 'language', 'password', 'passwordConfirmation'] as const;

/** Step 1: the resident's details; a password (twice) only when they have none yet. */
function DetailsStep({
  resident,
  token,
  onSaved,
}: {
  resident: PublicResident;
  token: string;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: offered } = useQuery(languageCodesQueryOptions());
  const askPassword = !resident.hasPassword;
  const schema = useMemo(
    () =>
      askPassword
        ? publicResidentRegisterBodyFor(resident.propertyCountry).superRefine((v, ctx) => {
            if (!v.password)
              ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.required' });
          })
        : publicResidentRegisterBodyFor(resident.propertyCountry),
    [askPassword, resident.propertyCountry],
  );
  const form = useForm({
    resolver: contractResolver(schema),
    defaultValues: {
      token,
      fullName: resident.fullName,
      phone: resident.phone ?? '',
      language: isLanguage(resident.language) ? resident.language : 'en',
      password: '',
      passwordConfirmation: '',
    } satisfies PublicResidentRegisterBody,
  });
  const field = useFieldProps(form);
  const [general, setGeneral] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setGeneral(null);
    const body = askPassword ? values : { ...values, password: undefined, passwordConfirmation: undefined };
    try {
      const answer = await send<PublicResident>('POST', '/public/residents', body);
      queryClient.setQueryData(residentKey(token), answer);
      // The agreement now comes in the language chosen: the page follows it when the area offers it.
      const language = values.language;
      if (!offered || offered.includes(language)) void applyLanguage(language);
      toast.success(t('register.details.saved'));
      onSaved();
    } catch (err) {
      setGeneral(applySubmitError(err, FIELDS, (name, e, o) => form.setError(name, e, o)));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">
            {askPassword ? t('register.details.introPassword') : t('register.details.intro')}
          </Typography>
          {general && <Alert severity="error">{general}</Alert>}
          <FieldGrid columns={1}>
            <TextInput
              name="fullName"
              label={t('register.fullName')}
              required
              textFieldProps={{ autoComplete: 'name' }}
            />
            <TextField
              label={t('register.email')}
              value={resident.email ?? ''}
              autoComplete="username"
              helperText={t('register.emailHint')}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <PhoneInput
              name="phone"
              label={t('register.phone')}
              helperText={t('residents.phoneHint')}
              country={resident.propertyCountry}
            />
            <SelectInput
              name="language"
              label={t('register.language')}
              required
              options={LANGUAGES.map((l) => ({ value: l, label: NATIVE_NAMES[l] }))}
            />
            {askPassword && (
              <NewPasswordFields
                field={field}
                labels={{
                  password: t('register.password'),
                  confirmation: t('register.passwordConfirmation'),
                  hint: t('register.passwordHint', { min: RESET_PASSWORD_MIN }),
                }}
              />
            )}
            {resident.units.length > 0 && (
              <ReadOnlyField label={t('register.units')}>{resident.units.join(', ')}</ReadOnlyField>
            )}
          </FieldGrid>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.formState.isSubmitting}
          >
            {t('register.continue')}
          </Button>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** Downloads the agreement PDF (signed once the resident signed it) through the API client. */
function DownloadAgreement({
  resident,
  token,
  label,
}: {
  resident: PublicResident;
  token: string;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const fetchPdf = async () => {
    setBusy(true);
    try {
      await download(agreementUrl(resident.id, token), AGREEMENT_FILE);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="text"
      startIcon={<DownloadIcon />}
      onClick={() => void fetchPdf()}
      loading={busy}
      loadingPosition="start"
      sx={{ alignSelf: 'flex-start', textAlign: 'left' }}
    >
      {label}
    </Button>
  );
}

/**
 * Step 2: the agreement in a scrollable box; "Sign" is enabled once its end was shown. The terms must be agreed to
 * and a signature drawn (both checked here before sending).
 */
function AgreementStep({
  resident,
  token,
  onBack,
}: {
  resident: PublicResident;
  token: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const boxRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const titleId = useId();
  const [read, setRead] = useState(false);
  const [agree, setAgree] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ agree?: string; signature?: string }>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const check = useCallback(() => {
    const box = boxRef.current;
    if (box && scrolledToEnd(box)) setRead(true);
  }, []);
  // A text that fits without scrolling counts as read; so does one the box grew to show whole (zoom, rotation).
  useEffect(() => {
    check();
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(box);
    return () => observer.disconnect();
  }, [check, resident.agreement.text]);

  const sign = async () => {
    setGeneral(null);
    const problem = signatureProblem(signature);
    const next = {
      agree: agree ? undefined : 'register.agreeRequired',
      signature: problem ?? undefined,
    };
    setErrors(next);
    if (next.agree || next.signature || !signature) return;
    setSubmitting(true);
    try {
      const answer = await send<PublicResident>(
        'PUT',
        `/public/residents/agreement/signature/${resident.id}?token=${encodeURIComponent(token)}`,
        { signature, agree: true },
      );
      queryClient.setQueryData(residentKey(token), answer);
    } catch (err) {
      if (err instanceof RequestError && err.statusCode === 409) {
        // Signed already (another tab, another device): show what is signed.
        toast.info(err.message);
        await queryClient.invalidateQueries({ queryKey: residentKey(token) });
        return;
      }
      if (err instanceof RequestError) {
        const own = {
          agree: err.errors.agree?.[0],
          signature: err.errors.signature?.[0],
        };
        if (own.agree || own.signature) setErrors(own);
        const others = Object.entries(err.errors)
          .filter(([k]) => k !== 'agree' && k !== 'signature')
          .flatMap(([, m]) => m.slice(0, 1));
        if (!own.agree && !own.signature) setGeneral([err.message, ...others].join(' — '));
        else if (others.length) setGeneral(others.join(' — '));
      } else setGeneral(err instanceof Error ? err.message : String(err));
    } finally {
      setSubmitting(false);
    }
  };

  const message = (key: string | undefined) =>
    key ? (key.startsWith('register.') ? t(key) : key) : undefined;

  return (
    <Stack spacing={2.5}>
      <Typography color="text.secondary">{t('register.agreement.intro')}</Typography>
      {general && <Alert severity="error">{general}</Alert>}
      <Box>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {resident.agreement.title}
        </Typography>
        <Box
          ref={boxRef}
          tabIndex={0}
          role="region"
          aria-label={t('register.agreement.region', { title: resident.agreement.title })}
          aria-describedby={read ? undefined : hintId}
          onScroll={check}
          sx={{
            maxHeight: 320,
            overflowY: 'auto',
            p: 2,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.default',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontSize: 14,
            lineHeight: 1.6,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          {resident.agreement.text}
        </Box>
        <Typography
          id={hintId}
          variant="body2"
          color={read ? 'success.main' : 'text.secondary'}
          aria-live="polite"
          sx={{ mt: 0.75 }}
        >
          {read ? t('register.agreement.read') : t('register.agreement.scrollHint')}
        </Typography>
      </Box>
      <DownloadAgreement resident={resident} token={token} label={t('register.download')} />
      <FormControl error={Boolean(errors.agree)} required>
        <FormControlLabel
          control={
            <Checkbox
              checked={agree}
              onChange={(e) => {
                setAgree(e.target.checked);
                if (e.target.checked) setErrors((x) => ({ ...x, agree: undefined }));
              }}
              slotProps={{ input: { 'aria-required': true } }}
            />
          }
          label={t('register.agree')}
          sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
        />
        {errors.agree && <FormHelperText>{message(errors.agree)}</FormHelperText>}
      </FormControl>
      <SignaturePad
        disabled={submitting}
        error={message(errors.signature)}
        onChange={(value) => {
          setSignature(value);
          if (value) setErrors((x) => ({ ...x, signature: undefined }));
        }}
      />
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between' }}
      >
        <Button variant="text" onClick={onBack} disabled={submitting}>
          {t('register.back')}
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={() => void sign()}
          disabled={!read}
          loading={submitting}
          aria-describedby={read ? undefined : hintId}
        >
          {t('register.sign')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Step 3: signed. The signed PDF and the way to sign in. */
function DoneStep({ resident, token }: { resident: PublicResident; token: string }) {
  const { t } = useTranslation();
  const { intlLocale } = useUiLocale();
  return (
    <Stack spacing={2.5}>
      <Alert severity="success" icon={<CheckCircle />}>
        {t('register.done.message', { date: formatDate(resident.signedAt, intlLocale) })}
      </Alert>
      <DownloadAgreement resident={resident} token={token} label={t('register.downloadSigned')} />
      <Button variant="contained" size="large" fullWidth href="/auth/login">
        {t('register.signIn')}
      </Button>
    </Stack>
  );
}
