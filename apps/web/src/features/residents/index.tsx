import {
  RESIDENT_STATUSES,
  residentBody,
  residentBodyFor,
  residentsListQuery,
  type ResidentBody,
  type ResidentItem,
  type ResidentStatus,
} from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../ui/DataTable';
import { formatDate } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { resourceScreens } from '../../ui/resource-screens';
import { useFormRules } from '../rules/RulesPage';
import { StatusChip } from '../permits/PermitStatusChip';
import { ResidentFields, usePhoneCountry } from './ResidentFields';
import { RESIDENT_BULK_PERMISSIONS, ResidentBulkActions, ResidentListActions } from './ResidentListActions';
import { ResidentPanel } from './ResidentPanel';

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
    status: null,
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
    language: r.language,
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
  bulkPermissions: RESIDENT_BULK_PERMISSIONS,
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
