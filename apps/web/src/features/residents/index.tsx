import {
  LANGUAGES,
  RESIDENT_LIMITS,
  RESIDENT_STATUSES,
  residentBody,
  residentBodyFor,
  residentsListQuery,
  toSearchParams,
  type ResidentBody,
  type ResidentItem,
  type ResidentStatus,
  type UnitItem,
} from '@parkade/contract';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Autocomplete,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useController, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { download, send } from '../../platform/api';
import { NATIVE_NAMES } from '../../platform/language';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useListState } from '../../ui/DataTable';
import {
  DateInput,
  FieldGrid,
  FullRow,
  NumberInput,
  PhoneInput,
  ReadOnlyField,
  SelectInput,
  TextInput,
  useFormMode,
} from '../../ui/fields';
import { formatDate } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { resourceScreens } from '../../ui/resource-screens';
import { useList } from '../../ui/resource';
import { toast } from '../../ui/toast';
import type { ListState } from '../../ui/DataTable';
import { useFormRules } from '../rules/RulesPage';
import { useBootstrap } from '../shell/useBootstrap';
import { DeletedResidentsDialog } from './DeletedResidentsDialog';
import { ImportResidentsDialog } from './ImportResidentsDialog';
import { ResidentPanel } from './ResidentPanel';
import { StatusChip } from '../permits/PermitStatusChip';

const STATUS_COLOUR: Record<ResidentStatus, 'success' | 'default' | 'warning' | 'error' | 'info'> = {
  active: 'success',
  inactive: 'default',
  suspended: 'error',
  'pending-parking-policies': 'warning',
  'pending-to-approve': 'info',
};
export function ResidentStatusChip({ status }: { status: ResidentStatus }) {
  const { t } = useTranslation();
  return <StatusChip colour={STATUS_COLOUR[status]} label={t(`residents.status.${status}`)} />;
}

/** The resident's units: several, picked from the property's units (building and number). */
function UnitsInput() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const { field, fieldState } = useController({ name: 'unitIds' });
  const units = useList<UnitItem>('/units', {
    all: true,
    include: ['building'],
    sort: ['buildingName', 'name'],
  });
  const options = (units.data?.data ?? []).map((u) => ({
    id: u.id,
    label: `${u.building?.name ?? ''} · ${u.name}`,
  }));
  const ids = (field.value as number[] | undefined) ?? [];
  const value = ids.map((id) => options.find((o) => o.id === id) ?? { id, label: `#${id}` });
  const label = t('residents.units');
  if (mode === 'show')
    return (
      <ReadOnlyField label={label}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {value.map((v) => (
            <Chip key={v.id} size="small" label={v.label} />
          ))}
        </Stack>
      </ReadOnlyField>
    );
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      loading={units.isFetching}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_e, v) => field.onChange(v.map((o) => o.id))}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? t(fieldState.error.message ?? 'validation.required') : undefined}
        />
      )}
    />
  );
}

/** The property's country: national phone numbers are read in it (the United States when it is unknown). */
const usePhoneCountry = () => useBootstrap().property?.country ?? null;

export function ResidentFields() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const rules = useFormRules()?.residents;
  const shown = (f: string) => rules?.[f]?.visible !== false;
  const req = (f: string) => rules?.[f]?.required === true;
  const phoneCountry = usePhoneCountry();
  return (
    <FieldGrid>
      <TextInput name="fullName" label={t('residents.fullName')} required />
      <TextInput name="email" label={t('rules.fields.email')} required textFieldProps={{ type: 'email' }} />
      {shown('phone') && (
        <PhoneInput
          name="phone"
          label={t('rules.fields.phone')}
          required={req('phone')}
          helperText={t('residents.phoneHint')}
          country={phoneCountry}
        />
      )}
      {shown('language') && (
        <SelectInput
          name="language"
          label={t('rules.fields.language')}
          required
          options={LANGUAGES.map((l) => ({ value: l, label: NATIVE_NAMES[l] }))}
        />
      )}
      <FullRow>
        <UnitsInput />
      </FullRow>
      <SelectInput
        name="status"
        label={t('residents.statusLabel')}
        required
        options={RESIDENT_STATUSES.map((s) => ({ value: s, label: t(`residents.status.${s}`) }))}
      />
      {shown('leaseExpirationAt') && (
        <DateInput
          name="leaseExpirationAt"
          label={t('rules.fields.leaseExpirationAt')}
          required={req('leaseExpirationAt')}
        />
      )}
      {shown('code') && <TextInput name="code" label={t('rules.fields.code')} required={req('code')} />}
      {mode !== 'show' && (
        <TextInput
          name="password"
          label={t('residents.password')}
          helperText={t('residents.passwordHint')}
          textFieldProps={{ type: 'password', autoComplete: 'new-password' }}
        />
      )}
      <FullRow>
        <LimitsSection />
      </FullRow>
    </FieldGrid>
  );
}

/**
 * The resident's own limits, folded: an empty limit means the property's setting applies. The section opens by
 * itself when the resident has limits of their own or one of them is refused.
 */
function LimitsSection() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const id = useId();
  const values = useWatch({ name: [...RESIDENT_LIMITS] }) as (number | string | null | undefined)[];
  const { errors } = useFormState({ name: [...RESIDENT_LIMITS] });
  const own = values.filter((v) => v !== null && v !== undefined && v !== '').length;
  const refused = RESIDENT_LIMITS.some((l) => errors[l]);
  const [open, setOpen] = useState(own > 0);
  return (
    <Accordion
      expanded={open || refused}
      onChange={(_e, v) => setOpen(v)}
      disableGutters
      variant="outlined"
      sx={{ mt: 1 }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-limits`} id={`${id}-summary`}>
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('residents.limits')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {own > 0 ? t('residents.limitsOwn', { count: own }) : t('residents.limitsHint')}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-limits`}>
        <FieldGrid>
          {RESIDENT_LIMITS.map((l, i) =>
            mode === 'show' ? (
              <ReadOnlyField key={l} label={t(`residents.limit.${l}`)}>
                {values[i] === null || values[i] === undefined
                  ? t('residents.limitDefault')
                  : String(values[i])}
              </ReadOnlyField>
            ) : (
              <NumberInput key={l} name={l} label={t(`residents.limit.${l}`)} min={0} />
            ),
          )}
        </FieldGrid>
      </AccordionDetails>
    </Accordion>
  );
}

function StatusFilter({ list }: { list: ListState }) {
  const { t } = useTranslation();
  return (
    <OptionFilter
      label={t('residents.statusLabel')}
      options={RESIDENT_STATUSES.map((s) => ({ value: s, label: t(`residents.status.${s}`) }))}
      value={list.search.status}
      onChange={(v) => list.update({ status: v, page: undefined })}
      width={220}
    />
  );
}

const spec = {
  filters: residentsListQuery.filters,
  sorts: residentsListQuery.sorts,
  defaultSort: residentsListQuery.defaultSort,
  include: ['units'],
};

function ResidentListActions() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useListState(spec);
  const [dialog, setDialog] = useState<'import' | 'deleted' | null>(null);
  const exportFile = () => {
    const qs = toSearchParams({ ...list.query, page: undefined, pageSize: undefined }).toString();
    void download(`/residents/export${qs ? `?${qs}` : ''}`, 'residents.xlsx').catch((e: Error) =>
      toast.error(e.message),
    );
  };
  return (
    <>
      {can('residents.deleted') && (
        <Button variant="outlined" startIcon={<RestoreIcon />} onClick={() => setDialog('deleted')}>
          {t('residents.deleted.open')}
        </Button>
      )}
      {can('residents.export') && (
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportFile}>
          {t('residents.export')}
        </Button>
      )}
      {can('residents.import') && (
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setDialog('import')}>
          {t('residents.import.open')}
        </Button>
      )}
      {dialog === 'import' && <ImportResidentsDialog onClose={() => setDialog(null)} />}
      {dialog === 'deleted' && <DeletedResidentsDialog onClose={() => setDialog(null)} />}
    </>
  );
}

/** Bulk action on the checked residents: email them the parking policies (queued, sent by a job). */
function ResidentBulkActions({ ids, clear }: { ids: number[]; clear: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!can('residents.mass-email')) return null;
  const sendPolicies = async () => {
    setBusy(true);
    try {
      const res = await send<{ message: string }>('POST', '/residents/sendBulkParkingPolice', { ids });
      toast.success(res.message);
      clear();
      setConfirm(false);
    } catch (e) {
      toast.error((e as RequestError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography sx={{ flex: 1 }}>{t('residents.selected', { count: ids.length })}</Typography>
        <Button variant="contained" startIcon={<MailIcon />} onClick={() => setConfirm(true)}>
          {t('residents.massEmail')}
        </Button>
        <Button onClick={clear}>{t('residents.clearSelection')}</Button>
      </Stack>
      <ConfirmDialog
        open={confirm}
        title={t('residents.massEmail')}
        confirmLabel={t('residents.massEmailSend')}
        destructive={false}
        busy={busy}
        onConfirm={() => void sendPolicies()}
        onClose={() => setConfirm(false)}
      >
        {t('residents.massEmailConfirm', { count: ids.length })}
      </ConfirmDialog>
    </Paper>
  );
}

type Values = Omit<ResidentBody, 'password'> & { password?: string | null };

export const residentScreens = resourceScreens<ResidentItem, Values>({
  resource: '/residents',
  basePath: '/residents',
  entity: 'residents',
  titleKey: 'shell.nav.residents',
  list: residentsListQuery,
  include: ['units'],
  permissions: { create: 'residents.create', edit: 'residents.edit', delete: 'residents.delete' },
  schema: residentBody,
  useSchema: function useResidentSchema() {
    const rules = useFormRules();
    return residentBodyFor(rules, usePhoneCountry());
  },
  emptyValues: {
    fullName: '',
    email: '',
    phone: null,
    code: null,
    language: 'en',
    unitIds: [],
    status: 'active',
    leaseExpirationAt: null,
    vehiclesAllowed: null,
    visitorVehiclesAllowed: null,
    changesAllowed: null,
    reservationsAllowed: null,
    reservedPermitChanges: null,
    tempVisitorVehicles: null,
    visitorLimit: null,
    password: null,
  },
  toValues: (r) => ({
    fullName: r.fullName,
    email: r.email ?? '',
    phone: r.phone,
    code: r.code,
    language: r.language as Values['language'],
    unitIds: r.unitIds,
    status: r.status,
    leaseExpirationAt: r.leaseExpirationAt,
    vehiclesAllowed: r.vehiclesAllowed,
    visitorVehiclesAllowed: r.visitorVehiclesAllowed,
    changesAllowed: r.changesAllowed,
    reservationsAllowed: r.reservationsAllowed,
    reservedPermitChanges: r.reservedPermitChanges,
    tempVisitorVehicles: r.tempVisitorVehicles,
    visitorLimit: r.visitorLimit,
    password: null,
  }),
  recordTitle: (r) => r.fullName,
  Fields: ResidentFields,
  Filters: StatusFilter,
  ListActions: ResidentListActions,
  BulkActions: ResidentBulkActions,
  ShowExtra: ResidentPanel,
  columns: (t, locale) => [
    { field: 'fullName', headerName: t('residents.fullName'), link: true, flex: 1.2, minWidth: 170 },
    { field: 'email', headerName: t('rules.fields.email'), flex: 1.2, minWidth: 180, secondary: true },
    {
      field: 'unitIds',
      headerName: t('residents.units'),
      sortable: false,
      flex: 1,
      minWidth: 140,
      secondary: true,
      valueGetter: (_v: unknown, r: ResidentItem) =>
        (r.units ?? []).map((u) => `${u.buildingName} ${u.name}`).join(', '),
    },
    {
      field: 'status',
      headerName: t('residents.statusLabel'),
      minWidth: 150,
      renderCell: (p: { row: ResidentItem }) => <ResidentStatusChip status={p.row.status} />,
    },
    {
      field: 'leaseExpirationAt',
      headerName: t('rules.fields.leaseExpirationAt'),
      minWidth: 140,
      secondary: true,
      valueFormatter: (v: string | null) => formatDate(v, locale),
    },
  ],
});
