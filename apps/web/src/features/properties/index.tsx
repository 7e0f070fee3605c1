import {
  LANGUAGES,
  type Language,
  PROPERTY_TYPES,
  SMTP_PORT_VALUES,
  propertyCreateBody,
  propertyTestEmailBody,
  propertyUpdateBody,
  type Property,
  type PropertyListItem,
  type PropertyTestEmailResult,
} from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import MailIcon from '@mui/icons-material/ForwardToInboxOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api, send } from '../../platform/api';
import { NATIVE_NAMES } from '../../platform/language';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { DataTable, useListState, type DataTableColumn } from '../../ui/DataTable';
import {
  FieldGrid,
  FullRow,
  NumberInput,
  ReadOnlyField,
  RecordInput,
  SelectInput,
  TextInput,
  useFormMode,
  type PageMode,
} from '../../ui/fields';
import { applyServerErrors, contractResolver, useFormMessage } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { ResourcePage, type ResourceDefinition } from '../../ui/ResourcePage';
import { useList } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { PropertySettingsForm } from './PropertySettingsForm';
import { propertiesListSpec } from './search';

const TIME_ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

/** /properties (central): every property, searchable, filterable. */
export function PropertiesListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useListState(propertiesListSpec);
  const result = useList<PropertyListItem>('/properties', list.query);
  const columns = useMemo<DataTableColumn<PropertyListItem>[]>(
    () => [
      { field: 'name', headerName: t('fields.name'), link: true, minWidth: 180, flex: 1.4 },
      { field: 'code', headerName: t('fields.code'), minWidth: 110, flex: 0.7 },
      { field: 'city', headerName: t('fields.city'), minWidth: 110, flex: 0.8, secondary: true },
      {
        field: 'state',
        headerName: t('fields.state'),
        sortable: false,
        minWidth: 100,
        flex: 0.7,
        secondary: true,
      },
      {
        field: 'type',
        headerName: t('fields.propertyType'),
        sortable: false,
        minWidth: 100,
        flex: 0.6,
        secondary: true,
        valueFormatter: (v: string) => t(`properties.type.${v}`),
      },
      {
        field: 'zone',
        headerName: t('fields.zone'),
        sortable: false,
        minWidth: 120,
        flex: 0.8,
        secondary: true,
        valueGetter: (_v: unknown, row: PropertyListItem) => row.zone?.name ?? '—',
      },
      {
        field: 'active',
        headerName: t('fields.active'),
        sortable: false,
        minWidth: 80,
        flex: 0.5,
        valueFormatter: (v: boolean) => (v ? t('form.yes') : t('form.no')),
      },
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('properties.title')}
        actions={
          can('properties.create') ? (
            <LinkButton href="/properties/create" variant="contained" startIcon={<AddIcon />}>
              {t('resource.createTitle', { item: t('entities.properties') })}
            </LinkButton>
          ) : undefined
        }
      />
      <DataTable<PropertyListItem>
        label={t('properties.title')}
        list={list}
        result={result}
        columns={columns}
        rowHref={(row) => `/properties/${row.id}/show`}
      />
    </>
  );
}

type Values = Record<string, unknown>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ '& + &': { mt: 4 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function LanguagesField() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const message = useFormMessage();
  return (
    <Controller
      name="languages"
      render={({ field, fieldState }) => {
        const value = (field.value as string[] | undefined) ?? [];
        if (mode === 'show')
          return (
            <ReadOnlyField label={t('fields.languages')}>
              {value.map((l) => NATIVE_NAMES[l as Language] ?? l).join(', ')}
            </ReadOnlyField>
          );
        return (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{t('fields.languages')}</FormLabel>
            <FormGroup row>
              {LANGUAGES.map((l) => (
                <FormControlLabel
                  key={l}
                  label={NATIVE_NAMES[l]}
                  control={
                    <Checkbox
                      checked={value.includes(l)}
                      onChange={(e) =>
                        field.onChange(e.target.checked ? [...value, l] : value.filter((x) => x !== l))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error && (
              <Typography variant="caption" color="error">
                {message(fieldState.error.message)}
              </Typography>
            )}
          </Box>
        );
      }}
    />
  );
}

function TimezoneField() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const message = useFormMessage();
  return (
    <Controller
      name="timezone"
      render={({ field, fieldState }) =>
        mode === 'show' ? (
          <ReadOnlyField label={t('fields.timezone')}>{field.value as string}</ReadOnlyField>
        ) : (
          <Autocomplete
            options={TIME_ZONES}
            value={(field.value as string) || null}
            onChange={(_e, v) => field.onChange(v ?? '')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('fields.timezone')}
                required
                error={Boolean(fieldState.error)}
                helperText={message(fieldState.error?.message)}
              />
            )}
          />
        )
      }
    />
  );
}

function PropertyFields({ record }: { record?: Property }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const { control } = useFormContext<Values>();
  const code = useWatch({ control, name: 'code' }) as string | undefined;
  const clear = useWatch({ control, name: 'mailPasswordClear' }) as boolean | undefined;
  const host = typeof window !== 'undefined' ? window.location.host.replace(/^admin\./, '') : '';
  return (
    <>
      <Section title={t('properties.sections.details')}>
        <FieldGrid>
          <TextInput name="name" label={t('fields.name')} required />
          {mode === 'create' ? (
            <TextInput
              name="code"
              label={t('fields.code')}
              required
              helperText={
                code
                  ? t('properties.codeHost', { host: `${code.toLowerCase()}.${host}` })
                  : t('properties.codeHint')
              }
            />
          ) : (
            <ReadOnlyField label={t('fields.code')}>
              {record ? `${record.code} — ${record.code}.${host}` : ''}
            </ReadOnlyField>
          )}
          <SelectInput
            name="type"
            label={t('fields.propertyType')}
            required
            options={PROPERTY_TYPES.map((v) => ({ value: v, label: t(`properties.type.${v}`) }))}
          />
          <RecordInput
            name="zoneId"
            label={t('fields.zone')}
            resource="/zones"
            initial={record?.zone ? { id: record.zone.id, label: record.zone.name } : null}
          />
          <LanguagesField />
          <Controller
            name="active"
            render={({ field }) =>
              mode === 'show' ? (
                <ReadOnlyField label={t('fields.active')}>
                  {field.value ? t('form.yes') : t('form.no')}
                </ReadOnlyField>
              ) : (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={Boolean(field.value)}
                      onChange={(e) => field.onChange(e.target.checked)}
                    />
                  }
                  label={t('fields.active')}
                />
              )
            }
          />
        </FieldGrid>
      </Section>
      <Section title={t('properties.sections.location')}>
        <FieldGrid>
          <FullRow>
            <TextInput name="address" label={t('fields.address')} />
          </FullRow>
          <TextInput name="city" label={t('fields.city')} />
          <TextInput name="state" label={t('fields.state')} />
          <TextInput name="county" label={t('fields.county')} />
          <TextInput name="zipcode" label={t('fields.zipcode')} />
          <TextInput name="country" label={t('fields.country')} />
          <TimezoneField />
          <NumberInput
            name="latitude"
            label={t('fields.latitude')}
            step="any"
            helperText={t('properties.coordinatesHint')}
          />
          <NumberInput name="longitude" label={t('fields.longitude')} step="any" />
        </FieldGrid>
      </Section>
      <Section title={t('properties.sections.domains')}>
        <FieldGrid>
          <TextInput
            name="accessDomain"
            label={t('fields.accessDomain')}
            helperText={t('properties.accessDomainHint')}
          />
          <TextInput
            name="visitorDomain"
            label={t('fields.visitorDomain')}
            helperText={t('properties.visitorDomainHint')}
          />
        </FieldGrid>
      </Section>
      <Section title={t('properties.sections.email')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('properties.emailHint')}
        </Typography>
        <FieldGrid>
          <TextInput name="mailFromAddress" label={t('fields.mailFromAddress')} />
          <TextInput name="mailUsername" label={t('fields.mailUsername')} />
          {mode === 'show' ? (
            <ReadOnlyField label={t('fields.mailPassword')}>
              {record?.mailPasswordSet ? t('properties.passwordStored') : ''}
            </ReadOnlyField>
          ) : (
            <Stack spacing={0.5}>
              <TextInput
                name="mailPassword"
                label={t('fields.mailPassword')}
                textFieldProps={{ type: 'password', autoComplete: 'new-password', disabled: !!clear }}
                helperText={record?.mailPasswordSet ? t('properties.passwordKeep') : undefined}
              />
              {record?.mailPasswordSet && (
                <Controller
                  name="mailPasswordClear"
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={Boolean(field.value)}
                          onChange={(e) => field.onChange(e.target.checked)}
                        />
                      }
                      label={t('properties.passwordClear')}
                    />
                  )}
                />
              )}
            </Stack>
          )}
          <TextInput name="mailHost" label={t('fields.mailHost')} />
          <SelectInput
            name="mailPort"
            label={t('fields.mailPort')}
            emptyLabel={t('properties.portNone')}
            options={SMTP_PORT_VALUES.map((p) => ({ value: p, label: t(`properties.port.${p}`) }))}
          />
          <FullRow>
            <MailTlsField />
          </FullRow>
        </FieldGrid>
      </Section>
    </>
  );
}

/**
 * The explicit opt-out from verified mail TLS. Mail is sent over verified TLS by default; turning this on is for a
 * relay with a self-signed certificate or without STARTTLS, and says plainly what it costs.
 */
function MailTlsField() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const { control } = useFormContext<Values>();
  const insecure = useWatch({ control, name: 'mailTlsInsecure' }) as boolean | undefined;
  return (
    <Stack spacing={1}>
      {mode === 'show' ? (
        <ReadOnlyField label={t('fields.mailTlsInsecure')}>
          {insecure ? t('form.yes') : t('form.no')}
        </ReadOnlyField>
      ) : (
        <Controller
          name="mailTlsInsecure"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />
              }
              label={t('fields.mailTlsInsecure')}
            />
          )}
        />
      )}
      {insecure ? (
        <Alert severity="warning">{t('properties.mailTlsInsecureWarning')}</Alert>
      ) : (
        mode !== 'show' && (
          <Typography variant="body2" color="text.secondary">
            {t('properties.mailTlsHint')}
          </Typography>
        )
      )}
    </Stack>
  );
}

const toValues = (p: Property): Values => ({
  code: p.code,
  name: p.name,
  type: p.type,
  zoneId: p.zoneId,
  languages: p.languages,
  active: p.active,
  address: p.address,
  city: p.city,
  state: p.state,
  county: p.county,
  zipcode: p.zipcode,
  country: p.country,
  timezone: p.timezone,
  latitude: p.latitude,
  longitude: p.longitude,
  accessDomain: p.accessDomain,
  visitorDomain: p.visitorDomain,
  mailFromAddress: p.mailFromAddress,
  mailUsername: p.mailUsername,
  mailPassword: '',
  mailPasswordClear: false,
  mailHost: p.mailHost,
  mailPort: p.mailPort,
  mailTlsInsecure: p.mailTlsInsecure,
});

const emptyValues: Values = {
  code: '',
  name: '',
  type: 'house',
  zoneId: null,
  languages: ['en', 'es', 'zh'],
  active: true,
  address: '',
  city: '',
  state: '',
  county: '',
  zipcode: '',
  country: 'US',
  timezone: 'America/Chicago',
  latitude: null,
  longitude: null,
  accessDomain: '',
  visitorDomain: '',
  mailFromAddress: '',
  mailUsername: '',
  mailPassword: '',
  mailPasswordClear: false,
  mailHost: '',
  mailPort: null,
  mailTlsInsecure: false,
};

function useDefinition(mode: PageMode): ResourceDefinition<Property, Values> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      resource: '/properties',
      basePath: '/properties',
      auditEntity: 'properties',
      labels: { title: t('properties.title'), item: t('entities.properties') },
      permissions: { create: 'properties.create', edit: 'properties.edit', delete: 'properties.delete' },
      writable: true,
      schema: mode === 'create' ? propertyCreateBody : propertyUpdateBody,
      emptyValues,
      toValues,
      recordTitle: (p) => p.name,
      Fields: PropertyFields,
    }),
    [t, mode],
  );
}

export function PropertyCreatePage() {
  return <ResourcePage definition={useDefinition('create')} mode="create" />;
}

/** Show and edit, with the error view of SPEC §2.2; show adds the logo, the test email and the settings. */
export function PropertyPage({ mode, id }: { mode: Exclude<PageMode, 'create'>; id: number }) {
  const definition = useDefinition(mode);
  const can = useCan();
  return (
    <>
      <ResourcePage definition={definition} mode={mode} id={id} />
      {mode === 'show' && (
        <Stack spacing={3} sx={{ mt: 3 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <LogoPanel id={id} />
            {can('properties.test-email') && <TestEmailPanel id={id} />}
          </Stack>
          <PropertySettingsForm path={`/properties/${id}/settings`} editPermission="properties.edit" />
        </Stack>
      )}
    </>
  );
}

function LogoPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const inputId = useId();
  const record = useQuery({
    queryKey: ['/properties', 'record', id],
    queryFn: () =>
      api()
        .get<Property>(`/properties/${id}`)
        .then((r) => r.data),
  });
  const logoId = record.data?.logoFileId ?? null;
  const image = useQuery({
    queryKey: ['/properties', id, 'logo', logoId],
    enabled: logoId !== null,
    queryFn: async () =>
      URL.createObjectURL((await api().get<Blob>(`/properties/${id}/logo`, { responseType: 'blob' })).data),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const fd = new FormData();
      fd.append('logo', file, file.name);
      const res = await api().post<Property>(`/properties/${id}/logo`, fd);
      client.setQueryData(['/properties', 'record', id], res.data);
      toast.success(t('properties.logoSaved'));
    } catch (e) {
      const err = e as { errors?: Record<string, string[]>; message: string };
      setError(err.errors?.logo?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      const p = await send<Property>('DELETE', `/properties/${id}/logo`);
      client.setQueryData(['/properties', 'record', id], p);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, flex: 1 }} component="section" aria-labelledby={`${inputId}-h`}>
      <Typography variant="h6" component="h2" id={`${inputId}-h`} gutterBottom>
        {t('properties.logo')}
      </Typography>
      <Box sx={{ height: 96, display: 'flex', alignItems: 'center', mb: 2 }}>
        {logoId && image.data ? (
          <Box
            component="img"
            src={image.data}
            alt={t('properties.logoAlt')}
            sx={{ maxHeight: 96, maxWidth: '100%' }}
          />
        ) : (
          <Typography color="text.secondary">{t('properties.noLogo')}</Typography>
        )}
      </Box>
      {can('properties.edit') && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button component="label" variant="outlined" htmlFor={inputId} disabled={busy}>
            {logoId ? t('properties.replaceLogo') : t('properties.uploadLogo')}
            <input
              id={inputId}
              hidden
              type="file"
              accept=".png,.jpg,.jpeg,.webp"
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </Button>
          {logoId && (
            <Button color="error" onClick={() => void remove()} disabled={busy}>
              {t('properties.removeLogo')}
            </Button>
          )}
        </Stack>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('properties.logoHint')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}

function TestEmailPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, flex: 1 }} component="section">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('properties.testEmail.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('properties.testEmail.intro')}
      </Typography>
      <Button variant="outlined" startIcon={<MailIcon />} onClick={() => setOpen(true)}>
        {t('properties.testEmail.send')}
      </Button>
      {open && <TestEmailDialog id={id} onClose={() => setOpen(false)} />}
    </Paper>
  );
}

function TestEmailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<{ to: string }>({
    resolver: contractResolver(propertyTestEmailBody as never) as never,
    defaultValues: { to: '' },
  });
  const [result, setResult] = useState<PropertyTestEmailResult | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setResult(null);
    setGeneral(null);
    try {
      setResult(await send<PropertyTestEmailResult>('POST', `/properties/${id}/test-email`, v));
    } catch (e) {
      setGeneral(applyServerErrors(e, ['to'], (n, er, o) => form.setError(n as 'to', er, o)).general);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{t('properties.testEmail.title')}</DialogTitle>
        <DialogContent>
          <FormProvider {...form}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextInput name="to" label={t('properties.testEmail.to')} required />
              {general && <Alert severity="error">{general}</Alert>}
              {result && (
                <Alert severity={result.ok ? 'success' : 'error'} data-testid="test-email-result">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {result.ok ? t('properties.testEmail.ok') : t('properties.testEmail.failed')}
                    {result.host ? ` — ${result.host}:${result.port}` : ''}
                    {result.usedDefaults ? ` (${t('properties.testEmail.defaults')})` : ''}
                  </Typography>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {result.response}
                  </Typography>
                </Alert>
              )}
            </Stack>
          </FormProvider>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('form.close')}</Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('properties.testEmail.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
