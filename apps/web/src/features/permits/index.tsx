import {
  optionsRead,
  permitsResource,
  PERMIT_STATUS_FILTERS,
  permitFilterLabel,
  permitBody,
  permitBodyFor,
  permitsListQuery,
  suggestPermitCode,
  type PermitBody,
  type PermitEditAction,
  type PermitItem,
  type PermitTypeItem,
  type Property,
} from '@parkade/contract';
import { Alert, Stack, Typography } from '@mui/material';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import { useAuthStore, usePropertyStore } from '../../platform/stores';
import { useArea, useCan } from '../../ui/access';
import { AppLink } from '../../ui/AppLink';
import {
  DateInput,
  FieldGrid,
  FormModeProvider,
  FullRow,
  RecordInput,
  SwitchInput,
  TextInput,
  useDependentField,
  useFormMode,
} from '../../ui/fields';
import { formatDate } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { resourceScreens } from '../../ui/resource-screens';
import { useRecord } from '../../ui/resource';
import type { ListState } from '../../ui/DataTable';
import { useBootstrap } from '../shell/useBootstrap';
import { useFormRules } from '../rules/RulesPage';
import { PERMIT_BULK_PERMISSIONS, PermitBulkActions } from './PermitBulkActions';
import { PermitFile } from './PermitFile';
import { PermitPanel } from './PermitPanel';
import { PermitStatusChip } from './PermitStatusChip';

/** The edit action of the page (`/permits/{id}/edit?action=change-vehicle`), or null. */
function usePermitEditAction(): PermitEditAction | null {
  const search: Record<string, unknown> = useSearch({ strict: false });
  return search.action === 'change-vehicle' ? 'change-vehicle' : null;
}

/** Fields shown read-only while the form is being edited (the resident of a permit never changes). */
function Locked({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? <FormModeProvider value="show">{children}</FormModeProvider> : <>{children}</>;
}

/** What the form's pickers read: the permits options, under the form's own permission (decision 0039 §3). */
const pick = {
  residents: optionsRead(permitsResource, 'residents'),
  vehicles: optionsRead(permitsResource, 'vehicles'),
  permitTypes: optionsRead(permitsResource, 'permit-types'),
  spots: optionsRead(permitsResource, 'spots'),
};

export function PermitFields({ record }: { record?: PermitItem }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const action = usePermitEditAction();
  const rules = useFormRules()?.permits;
  const { setValue, getValues } = useFormContext();
  const [startDate, endDate, permitTypeId] = useWatch({ name: ['startDate', 'endDate', 'permitTypeId'] }) as [
    unknown,
    unknown,
    number | null,
  ];
  // The chosen type says whether the permit must name a vehicle (the server refuses it without one).
  const permitType = useRecord<PermitTypeItem>('/permit-types', mode === 'show' ? null : permitTypeId).data;
  const typeNeedsVehicle = permitType?.id === permitTypeId && permitType.vehicleRequired;
  const can = useCan();
  // On the permit's page an empty date is left out: the panel says how long the permit is valid.
  const empty: Record<string, boolean> = { startDate: !startDate, endDate: !endDate };
  const shown = (f: string) => rules?.[f]?.visible !== false && !(mode === 'show' && empty[f]);
  const req = (f: string) => rules?.[f]?.required === true;
  const residentId = useDependentField<number | null>('residentId', 'vehicleId');
  // A new permit's code is proposed from the property's code; the user may type another.
  const prefix = usePermitCodePrefix(mode === 'create');
  const proposed = useRef(false);
  useEffect(() => {
    if (mode !== 'create' || !prefix || proposed.current) return;
    proposed.current = true;
    if (!getValues('code')) setValue('code', suggestPermitCode(prefix));
  }, [mode, prefix, getValues, setValue]);
  // The resident never changes once the permit exists; change-vehicle changes the vehicle alone.
  const changingVehicle = mode === 'edit' && action === 'change-vehicle';
  const lockOthers = changingVehicle;
  return (
    <FieldGrid>
      {changingVehicle && (
        <FullRow>
          <Alert severity="info">{t('permits.changeVehicleIntro')}</Alert>
        </FullRow>
      )}
      <Locked when={lockOthers}>
        <TextInput name="code" label={t('permits.code')} required />
      </Locked>
      <Locked when={mode === 'edit'}>
        <RecordInput
          name="residentId"
          label={t('permits.resident')}
          required
          from={pick.residents}
          initial={record?.resident ? { id: record.resident.id, label: record.resident.fullName } : null}
          showHref={(id) => `/residents/${id}/show`}
        />
      </Locked>
      {(shown('vehicleId') || changingVehicle) && (
        <RecordInput
          key={residentId ?? 0}
          name="vehicleId"
          label={t('rules.fields.vehicleId')}
          required={req('vehicleId') || changingVehicle || typeNeedsVehicle}
          helperText={mode !== 'show' && !residentId ? t('permits.chooseResidentFirst') : undefined}
          from={pick.vehicles}
          filter={residentId ? { residentId: [String(residentId)] } : undefined}
          initial={record?.vehicle ? { id: record.vehicle.id, label: record.vehicle.plate } : null}
          showHref={(id) => `/vehicles/${id}/show`}
        />
      )}
      <Locked when={lockOthers}>
        <RecordInput
          name="permitTypeId"
          label={t('rules.fields.permitTypeId')}
          required
          from={pick.permitTypes}
          initial={record?.permitType ? { id: record.permitType.id, label: record.permitType.name } : null}
        />
        {shown('spotId') && (
          <RecordInput
            name="spotId"
            label={t('rules.fields.spotId')}
            required={req('spotId')}
            from={pick.spots}
            initial={record?.spot ? { id: record.spot.id, label: record.spot.number } : null}
          />
        )}
        {shown('startDate') && (
          <DateInput name="startDate" label={t('rules.fields.startDate')} required={req('startDate')} />
        )}
        {shown('endDate') && (
          <DateInput name="endDate" label={t('rules.fields.endDate')} required={req('endDate')} />
        )}
        {shown('name') && <TextInput name="name" label={t('rules.fields.name')} required={req('name')} />}
        {shown('email') && <TextInput name="email" label={t('rules.fields.email')} required={req('email')} />}
        {shown('unit') && <TextInput name="unit" label={t('rules.fields.unit')} required={req('unit')} />}
      </Locked>
      {mode === 'create' && can('permits.approve') && (
        <FullRow>
          <SwitchInput
            name="issueValid"
            label={t('permits.issueValid')}
            defaultValue
            helperText={(on) => t(on ? 'permits.issueValidOn' : 'permits.issueValidOff')}
          />
        </FullRow>
      )}
    </FieldGrid>
  );
}

/** Under a permit's show page: its status and actions, then its file. */
function PermitExtras({ item }: { item: { id: number } }) {
  return (
    <Stack spacing={3}>
      <PermitPanel item={item} />
      <PermitFile item={item} />
    </Stack>
  );
}

function StatusFilter({ list }: { list: ListState }) {
  const { t } = useTranslation();
  return (
    <OptionFilter
      label={t('permits.statusLabel')}
      options={PERMIT_STATUS_FILTERS.map((s) => ({ value: s, label: t(permitFilterLabel(s)) }))}
      value={list.search.status}
      onChange={(v) => list.update({ status: v, page: undefined })}
      width={220}
    />
  );
}

/** SPEC §5: the manager flag and the edit action (`?action=change-vehicle`) shape the permit form's schema. */
function usePermitSchema() {
  const role = useAuthStore((s) => s.user?.role ?? null);
  const rules = useFormRules();
  const action = usePermitEditAction();
  return permitBodyFor({ manager: role === 'manager', action, rules });
}

/** The edit's PUT carries the action, so the server counts the change and applies its own rule. */
function usePermitUpdateSearch() {
  const action = usePermitEditAction();
  return action ? `?action=${action}` : undefined;
}

export const permitScreens = resourceScreens<PermitItem, PermitBody>({
  resource: '/permits',
  basePath: '/permits',
  entity: 'permits',
  titleKey: 'shell.nav.permits',
  list: permitsListQuery,
  include: ['resident', 'vehicle', 'permitType'],
  permissions: { create: 'permits.create', edit: 'permits.edit', delete: 'permits.delete' },
  schema: permitBody,
  useSchema: usePermitSchema,
  useUpdateSearch: usePermitUpdateSearch,
  emptyValues: {
    code: '',
    residentId: null as unknown as number,
    permitTypeId: null as unknown as number,
    vehicleId: null,
    spotId: null,
    name: null,
    email: null,
    unit: null,
    startDate: null,
    endDate: null,
  },
  toValues: (p) => ({
    code: p.code,
    residentId: p.residentId,
    permitTypeId: p.permitTypeId,
    vehicleId: p.vehicleId,
    spotId: p.spotId,
    name: p.name,
    email: p.email,
    unit: p.unit,
    startDate: p.startDate,
    endDate: p.endDate,
  }),
  recordTitle: (p) => p.code,
  Fields: PermitFields,
  Filters: StatusFilter,
  ShowExtra: PermitExtras,
  BulkActions: PermitBulkActions,
  bulkPermissions: PERMIT_BULK_PERMISSIONS,
  // On a phone (360 px) the plate leads, then the status with the code under it; the owner and type give way. A
  // permit without a vehicle says so in the Plate column (never its code, decision 0039 §11).
  columns: (t, locale) => [
    {
      field: 'vehicleId',
      headerName: t('rules.fields.plate'),
      sortable: false,
      minWidth: 110,
      flex: 0.7,
      valueGetter: (_v: unknown, p: PermitItem) => p.vehicle?.plate ?? t('permits.noVehicle'),
      // The row's link: a plate in bold; "No vehicle" plain and muted, so it never reads as a plate.
      renderCell: ({ row, value }: { row: PermitItem; value?: string }) => (
        <AppLink
          href={`/permits/${row.id}/show`}
          onClick={(e) => e.stopPropagation()}
          underline="hover"
          sx={row.vehicle ? { fontWeight: 600 } : { color: 'text.secondary' }}
        >
          {value}
        </AppLink>
      ),
    },
    {
      field: 'status',
      headerName: t('permits.statusLabel'),
      minWidth: 130,
      secondary: true,
      renderCell: (p: { row: PermitItem }) => <PermitStatusChip status={p.row.shownStatus} />,
    },
    {
      field: 'summary',
      headerName: t('permits.statusLabel'),
      narrow: true,
      sortable: false,
      flex: 1,
      renderCell: ({ row }: { row: PermitItem }) => (
        <Stack spacing={0.5} sx={{ minWidth: 0, py: 1, alignItems: 'flex-start' }}>
          <PermitStatusChip status={row.shownStatus} />
          <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: '100%' }}>
            {row.code}
          </Typography>
        </Stack>
      ),
    },
    { field: 'code', headerName: t('permits.code'), minWidth: 150, flex: 0.8, secondary: true },
    {
      field: 'residentId',
      headerName: t('permits.resident'),
      sortable: false,
      flex: 1,
      minWidth: 150,
      secondary: true,
      valueGetter: (_v: unknown, p: PermitItem) => p.resident?.fullName ?? '',
    },
    {
      field: 'permitTypeId',
      headerName: t('rules.fields.permitTypeId'),
      sortable: false,
      minWidth: 130,
      secondary: true,
      valueGetter: (_v: unknown, p: PermitItem) => p.permitType?.name ?? '',
    },
    {
      field: 'expiresOn',
      headerName: t('permits.expires'),
      minWidth: 120,
      secondary: true,
      valueFormatter: (v: string | null) => formatDate(v, locale),
    },
  ],
});

/**
 * The prefix of proposed permit codes: the property's code (null while it is read). A tenant area has it from the
 * bootstrap; the central area reads the selected property (or, without the permission to, abbreviates its name).
 */
export function usePermitCodePrefix(enabled = true): string | null {
  const area = useArea();
  const can = useCan();
  const bootstrap = useBootstrap();
  const propertyId = usePropertyStore((s) => s.propertyId);
  const propertyName = usePropertyStore((s) => s.propertyName);
  const central = area === 'central' && propertyId !== null && bootstrap.property?.id !== propertyId;
  const readable = enabled && central && can('properties.show');
  const selected = useRecord<Property>('/properties', readable ? propertyId : null);
  if (!central && bootstrap.property) return bootstrap.property.code;
  if (selected.data) return selected.data.code;
  if (readable && selected.isPending) return null;
  const letters = (propertyName ?? '').replace(/[^A-Za-z]/g, '').slice(0, 3);
  return letters || 'P';
}
