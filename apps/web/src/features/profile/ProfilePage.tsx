import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import {
  Alert,
  AlertTitle,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Grid,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  DOCUMENT_KIND_KEYS,
  documentKindLabel,
  profileBodyFor,
  type DocumentKind,
  type Profile,
  type ProfileBody,
} from '@parkade/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate, formatDateTime, useUiLocale } from '../../ui/locale';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { download, get, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { applyLanguage, nativeName } from '../../platform/language';
import { updateSessionUser } from '../../platform/session';
import { FactList } from '../../ui/FactList';
import { formMessage } from '../../ui/form';
import { contractResolver } from '../../ui/contract-resolver';
import { toast } from '../../ui/toast';
import { ChangePasswordDialog } from '../auth/ChangePasswordDialog';
import { applySubmitError, useFieldProps } from '../auth/fields';
import { initials } from '../shell/identity';
import { useBootstrap } from '../shell/useBootstrap';
import { PageHeader } from '../../ui/PageHeader';

export const PROFILE_KEY = ['/my/profile'] as const;
const FIELDS = ['fullName', 'phone', 'language'] as const;

/**
 * /my/profile (SPEC §2.3): the resident's profile card, the form for name, phone and language (PUT /my/profile,
 * checked with the contract's profileBody; the server's field errors on their fields) and the change-password
 * dialog. A failed load shows the error view with a retry.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useQuery<Profile, RequestError>({
    queryKey: PROFILE_KEY,
    queryFn: () => get<Profile>('/my/profile'),
  });
  const [changing, setChanging] = useState(false);

  return (
    <>
      <PageHeader
        title={t('shell.profile.title')}
        subtitle={t('shell.profile.subtitle')}
        overline={profile.data?.property.name}
      />
      {profile.isError ? (
        <Alert
          severity="error"
          icon={<ErrorOutlineOutlined />}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void profile.refetch()}
              loading={profile.isFetching}
            >
              {t('shell.retry')}
            </Button>
          }
        >
          <AlertTitle>{t('shell.profile.loadError')}</AlertTitle>
          {profile.error.message}
        </Alert>
      ) : !profile.data ? (
        <ProfileSkeleton />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5, lg: 4 }}>
            <Stack spacing={3}>
              <ProfileCard profile={profile.data} />
              <Card>
                <CardContent sx={{ p: 3 }}>
                  <Typography variant="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
                    {t('shell.profile.security')}
                  </Typography>
                  <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
                    {t('shell.profile.securityText')}
                  </Typography>
                  <Button variant="outlined" startIcon={<KeyOutlined />} onClick={() => setChanging(true)}>
                    {t('shell.changePassword.title')}
                  </Button>
                </CardContent>
              </Card>
              <MyDocuments />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 7, lg: 8 }}>
            <ProfileForm profile={profile.data} />
          </Grid>
        </Grid>
      )}
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </>
  );
}

function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const rows: [string, string][] = [
    [t('shell.profile.email'), profile.email ?? '—'],
    [t('shell.profile.phone'), profile.phone ?? '—'],
    [
      t('shell.profile.units'),
      profile.units
        .map((u) => t('shell.profile.unitIn', { unit: u.name, building: u.building }))
        .join(', ') || '—',
    ],
    [t('shell.profile.language'), nativeName(profile.language)],
    [t('shell.profile.memberSince'), formatDate(profile.createdAt, locale)],
    [t('shell.profile.lastLogin'), profile.lastLoginAt ? formatDateTime(profile.lastLoginAt, locale) : '—'],
  ];
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2.5 }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 20, fontWeight: 600 }}>
            {initials(profile.fullName)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h2" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
              {profile.fullName}
            </Typography>
            <Typography color="text.secondary" variant="body2">
              {t('shell.identity.resident', { property: profile.property.name })}
            </Typography>
          </Box>
        </Stack>
        <Divider sx={{ mb: 2 }} />
        <FactList facts={rows} layout="card" />
      </CardContent>
    </Card>
  );
}

function toForm(profile: Profile): ProfileBody {
  return { fullName: profile.fullName, phone: profile.phone ?? '', language: profile.language };
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [general, setGeneral] = useState<string | null>(null);
  // A national phone number is read in the property's country, as the server reads it.
  const country = useBootstrap().property?.country ?? null;
  const schema = useMemo(() => profileBodyFor(country), [country]);
  const form = useForm({ resolver: contractResolver(schema), defaultValues: toForm(profile) });
  const field = useFieldProps(form);
  const phoneHint = t('shell.profile.phoneHint');
  const phone = field('phone', phoneHint);
  const save = useMutation<{ profile: Profile; message: string }, RequestError, unknown>({
    mutationFn: (body) => send('PUT', '/my/profile', body),
  });

  // A fresh profile from the server (after a save or a refetch) resets the form when it is not being edited.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toForm(profile));
  }, [profile, form]);

  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    try {
      const answer = await save.mutateAsync(body);
      client.setQueryData(PROFILE_KEY, answer.profile);
      form.reset(toForm(answer.profile));
      updateSessionUser({
        fullName: answer.profile.fullName,
        phone: answer.profile.phone,
        language: answer.profile.language,
      });
      void applyLanguage(answer.profile.language);
      toast.success(answer.message);
    } catch (err) {
      setGeneral(
        applySubmitError(err, FIELDS, (n, e, o) => form.setError(n as (typeof FIELDS)[number], e, o)),
      );
    }
  });

  return (
    <Card component="section" aria-labelledby="profile-form-title">
      <CardContent sx={{ p: 3 }}>
        <Typography id="profile-form-title" variant="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
          {t('shell.profile.editTitle')}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 3 }}>
          {t('shell.profile.editText')}
        </Typography>
        <form onSubmit={submit} noValidate>
          <Stack spacing={2.5}>
            {general && <Alert severity="error">{general}</Alert>}
            <TextField
              label={t('shell.profile.fullName')}
              autoComplete="name"
              required
              {...field('fullName')}
            />
            <TextField
              label={t('shell.profile.phone')}
              autoComplete="tel"
              type="tel"
              {...phone}
              // The example stays beside the error: the user sees what is expected.
              helperText={phone.error ? `${phone.helperText} · ${phoneHint}` : phoneHint}
            />
            <Controller
              control={form.control}
              name="language"
              render={({ field: language, fieldState }) => {
                const message = formMessage(fieldState.error?.message, t);
                return (
                  <TextField
                    select
                    label={t('shell.profile.language')}
                    required
                    value={language.value}
                    onChange={(e) => language.onChange(e.target.value)}
                    onBlur={language.onBlur}
                    inputRef={language.ref}
                    name={language.name}
                    error={Boolean(message)}
                    helperText={message ?? t('shell.profile.languageHint')}
                  >
                    {profile.languages.map((lng) => (
                      <MenuItem key={lng} value={lng}>
                        {nativeName(lng)}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              }}
            />
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button
                onClick={() => form.reset(toForm(profile))}
                disabled={!form.formState.isDirty || save.isPending}
              >
                {t('shell.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                loading={save.isPending}
                disabled={!form.formState.isDirty}
              >
                {t('shell.save')}
              </Button>
            </Stack>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}

function ProfileSkeleton() {
  return (
    <Grid container spacing={3} aria-busy="true">
      <Grid size={{ xs: 12, md: 5, lg: 4 }}>
        <Card sx={{ p: 3 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Skeleton variant="circular" width={56} height={56} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="70%" />
              <Skeleton width="50%" />
            </Box>
          </Stack>
          <Skeleton height={120} variant="rounded" />
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 7, lg: 8 }}>
        <Card sx={{ p: 3 }}>
          <Skeleton width="40%" height={28} />
          <Skeleton height={48} sx={{ mt: 2 }} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Card>
      </Grid>
    </Grid>
  );
}

/**
 * The resident's own copies of the property's documents (decision 0042): the parking policies as they read today and
 * the permit agreement as they signed it, in their language.
 */
function MyDocuments() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<DocumentKind | null>(null);
  const fetchPdf = async (kind: DocumentKind) => {
    setBusy(kind);
    try {
      await download(`/my/documents/${kind}`, `${kind}.pdf`);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card component="section" aria-labelledby="my-documents-title">
      <CardContent sx={{ p: 3 }}>
        <Typography id="my-documents-title" variant="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
          {t('documents.mine.title')}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
          {t('documents.mine.text')}
        </Typography>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {DOCUMENT_KIND_KEYS.map((kind) => (
            <Button
              key={kind}
              variant="outlined"
              startIcon={<PictureAsPdfOutlined />}
              loading={busy === kind}
              onClick={() => void fetchPdf(kind)}
            >
              {t(documentKindLabel(kind))}
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
