import {
  myVisitorBody,
  myVisitorBodyFor,
  myVisitorsListQuery,
  type MyVisitorBody,
  type VisitorItem,
} from '@parkade/contract';
import { Box, Stack, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import type { ListState } from '../../ui/DataTable';
import { formatDateTime, type DateLocale } from '../../ui/locale';
import { resourceScreens } from '../../ui/resource-screens';
import { usePropertyStore } from '../../platform/stores';
import { useFormRules } from '../rules/RulesPage';
import { useBootstrap } from '../shell/useBootstrap';
import { VisitorFilters } from '.';
import { VisitorFields } from './VisitorFields';
import { VisitorPanel } from './VisitorPanel';
import { VisitorStatusChip } from './VisitorStatusChip';

/**
 * /my/visitors (SPEC §2.3): the resident's own visitors. The staff form, panel and status chip in their resident
 * form: the API fixes the resident visited, a refused limit is said under the permit's start (no override), and
 * the permit's panel leads the visitor's page with what the resident may do (revoke a valid permit; approve or
 * reject a request their visitor made from the property's poster, when the property lets residents decide).
 */

function MyVisitorFields({ record }: { record?: VisitorItem }) {
  return <VisitorFields record={record} mine />;
}

function MyVisitorLead({ item }: { item: VisitorItem }) {
  return (
    <Box sx={{ mb: 2 }}>
      <VisitorPanel item={item} mine />
    </Box>
  );
}

function MyVisitorFilters({ list }: { list: ListState }) {
  return <VisitorFilters list={list} resident={false} />;
}

/**
 * The resident knows their visitors by name: each row leads with it (the link), then the status; on a phone
 * (360 px) the status chip and the plate sit in one column beside the name, on rows that grow to fit.
 */
function myVisitorColumns(t: TFunction, locale: DateLocale) {
  return [
    { field: 'name', headerName: t('visitors.fields.name'), link: true, minWidth: 140, flex: 1 },
    {
      // Phones: the status and the plate beside the name.
      field: 'summary',
      headerName: t('visitors.fields.status'),
      narrow: true,
      sortable: false,
      flex: 1,
      renderCell: ({ row }: { row: VisitorItem }) => (
        <Stack spacing={0.5} sx={{ minWidth: 0, py: 1, alignItems: 'flex-start' }}>
          <VisitorStatusChip status={row.shownStatus} />
          {row.plate && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {row.plate}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      field: 'status',
      headerName: t('visitors.fields.status'),
      sortable: false,
      minWidth: 130,
      secondary: true,
      renderCell: (p: { row: VisitorItem }) => <VisitorStatusChip status={p.row.shownStatus} />,
    },
    {
      field: 'plate',
      headerName: t('visitors.fields.plate'),
      sortable: false,
      minWidth: 110,
      flex: 0.7,
      secondary: true,
      valueGetter: (_v: unknown, v: VisitorItem) => v.plate ?? '—',
    },
    { field: 'permitCode', headerName: t('visitors.fields.permitCode'), minWidth: 130, secondary: true },
    {
      field: 'validUntil',
      headerName: t('visitors.fields.validUntil'),
      minWidth: 160,
      secondary: true,
      // A request waiting for approval has no end yet: its time starts at the approval (decision 0039 §8).
      valueGetter: (_v: unknown, v: VisitorItem) => (v.shownStatus === 'pending' ? null : v.validUntil),
      valueFormatter: (v: string | null) => formatDateTime(v, locale),
    },
  ];
}

function useMyVisitorSchema() {
  const rules = useFormRules();
  const bootstrap = useBootstrap();
  const selectedCountry = usePropertyStore((s) => s.propertyCountry);
  return myVisitorBodyFor(rules, bootstrap.property?.country ?? selectedCountry);
}

export const myVisitorScreens = resourceScreens<VisitorItem, MyVisitorBody>({
  resource: '/my/visitors',
  basePath: '/my/visitors',
  entity: 'visitors',
  titleKey: 'shell.nav.myVisitors',
  createKey: 'visitors.screens.register',
  createSubmitKey: 'visitors.screens.registerSubmit',
  list: myVisitorsListQuery,
  include: ['unit'],
  permissions: {},
  own: true,
  schema: myVisitorBody,
  useSchema: useMyVisitorSchema,
  createdSearch: { registered: 1 },
  createdMessage: (v, t) =>
    v.shownStatus === 'pending'
      ? t('my.visitors.registeredPending', { code: v.permitCode })
      : v.permitCode
        ? t('visitors.screens.registered', { code: v.permitCode })
        : t('visitors.screens.registeredNoPermit'),
  emptyValues: {
    name: '',
    phone: null,
    email: null,
    plate: null,
    stateId: null,
    makeId: null,
    modelId: null,
    color: null,
    vehicleType: null,
    temporaryPlates: false,
    unitId: null,
    validFrom: null,
  },
  toValues: (v) => ({
    name: v.name,
    phone: v.phone,
    email: v.email,
    plate: v.plate,
    stateId: v.stateId,
    makeId: v.makeId,
    modelId: v.modelId,
    color: v.color,
    vehicleType: v.vehicleType,
    temporaryPlates: v.temporaryPlates,
    unitId: v.unitId,
    validFrom: v.validFrom,
  }),
  recordTitle: (v) => (v.plate ? `${v.plate} · ${v.name}` : v.name),
  Fields: MyVisitorFields,
  ShowLead: MyVisitorLead,
  Filters: MyVisitorFilters,
  columns: myVisitorColumns,
});
