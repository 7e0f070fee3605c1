import {
  PERMIT_SHOWN_STATUSES,
  PERMIT_DISPLAY,
  permitBody,
  permitBodyFor,
  permitsListQuery,
  suggestPermitCode,
  type PermitBody,
  type PermitEditAction,
  type PermitItem,
} from '@parkade/contract';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { useAuthStore } from '../../platform/stores';
import { DateInput, FieldGrid, RecordInput, TextInput } from '../../ui/fields';
import { formatDate } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { resourceScreens } from '../../ui/resource-screens';
import type { ListState } from '../../ui/DataTable';
import { useFormRules } from '../rules/RulesPage';
import { PermitPanel } from './PermitPanel';
import { PermitStatusChip } from './PermitStatusChip';

export function PermitFields({ record }: { record?: PermitItem }) {
  const { t } = useTranslation();
  const rules = useFormRules()?.permits;
  const shown = (f: string) => rules?.[f]?.visible !== false;
  const req = (f: string) => rules?.[f]?.required === true;
  const residentId = useWatch({ name: 'residentId' }) as number | null;
  return (
    <FieldGrid>
      <TextInput name="code" label={t('permits.code')} required />
      <RecordInput
        name="residentId"
        label={t('permits.resident')}
        required
        resource="/residents"
        sort="fullName"
        optionLabel={(r) => `${String(r.fullName)}${typeof r.email === 'string' ? ` · ${r.email}` : ''}`}
        initial={record?.resident ? { id: record.resident.id, label: record.resident.fullName } : null}
        showHref={(id) => `/residents/${id}/show`}
      />
      {shown('vehicleId') && (
        <RecordInput
          key={residentId ?? 0}
          name="vehicleId"
          label={t('rules.fields.vehicleId')}
          required={req('vehicleId')}
          resource="/vehicles"
          sort="plate"
          filter={residentId ? { residentId: [String(residentId)] } : undefined}
          optionLabel={(v) => `${String(v.plate)}${typeof v.makeName === 'string' ? ` · ${v.makeName}` : ''}`}
          initial={record?.vehicle ? { id: record.vehicle.id, label: record.vehicle.plate } : null}
          showHref={(id) => `/vehicles/${id}/show`}
        />
      )}
      <RecordInput
        name="permitTypeId"
        label={t('rules.fields.permitTypeId')}
        required
        resource="/permit-types"
        initial={record?.permitType ? { id: record.permitType.id, label: record.permitType.name } : null}
      />
      {shown('spotId') && (
        <RecordInput
          name="spotId"
          label={t('rules.fields.spotId')}
          required={req('spotId')}
          resource="/spots"
          sort="number"
          optionLabel={(s) => String(s.number)}
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
    </FieldGrid>
  );
}

function StatusFilter({ list }: { list: ListState }) {
  const { t } = useTranslation();
  return (
    <OptionFilter
      label={t('permits.statusLabel')}
      options={PERMIT_SHOWN_STATUSES.map((s) => ({ value: s, label: t(PERMIT_DISPLAY[s]) }))}
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
  const search: Record<string, unknown> = useSearch({ strict: false });
  const action = search.action === 'change-vehicle' ? ('change-vehicle' as PermitEditAction) : null;
  return permitBodyFor({ manager: role === 'manager', action, rules });
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
  ShowExtra: PermitPanel,
  columns: (t, locale) => [
    { field: 'code', headerName: t('permits.code'), link: true, minWidth: 130, flex: 0.8 },
    {
      field: 'residentId',
      headerName: t('permits.resident'),
      sortable: false,
      flex: 1,
      minWidth: 150,
      valueGetter: (_v: unknown, p: PermitItem) => p.resident?.fullName ?? '',
    },
    {
      field: 'vehicleId',
      headerName: t('rules.fields.plate'),
      sortable: false,
      minWidth: 110,
      secondary: true,
      valueGetter: (_v: unknown, p: PermitItem) => p.vehicle?.plate ?? '',
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
      field: 'status',
      headerName: t('permits.statusLabel'),
      minWidth: 160,
      renderCell: (p: { row: PermitItem }) => <PermitStatusChip status={p.row.shownStatus} />,
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

/** A new permit's starting values: a code proposal with the property's prefix, and the resident when known. */
export function newPermitInitial(propertyCode: string | null | undefined, residentId?: number) {
  return {
    code: suggestPermitCode(propertyCode ?? 'P'),
    ...(residentId ? { residentId } : {}),
  };
}
