import {
  toSearchParams,
  VISITOR_SHOWN_STATUSES,
  VISITOR_STATUS_DISPLAY,
  visitorBody,
  visitorBodyFor,
  visitorsListQuery,
  type ResidentItem,
  type VisitorBody,
  type VisitorItem,
} from '@parkade/contract';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { download } from '../../platform/api';
import { usePropertyStore } from '../../platform/stores';
import { useCan } from '../../ui/access';
import { useListState, type ListState } from '../../ui/DataTable';
import { ListDateRange } from '../../ui/DateRangeFilter';
import { RecordPicker } from '../../ui/fields';
import { formatDateTime, type DateLocale } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { useRecord } from '../../ui/resource';
import { resourceScreens } from '../../ui/resource-screens';
import { toast } from '../../ui/toast';
import { useFormRules } from '../rules/RulesPage';
import { useBootstrap } from '../shell/useBootstrap';
import { visitorSpec } from './search';
import { VISITOR_BULK_PERMISSIONS, VisitorBulkActions } from './VisitorBulkActions';
import { VisitorFields } from './VisitorFields';
import { VisitorPanel } from './VisitorPanel';
import { VisitorPosterButton } from './VisitorPosterCard';
import { VisitorStatusChip } from './VisitorStatusChip';

/** Status (with 'no status'), resident and validity range; the term box is the table's own. */
export function VisitorFilters({ list, resident = true }: { list: ListState; resident?: boolean }) {
  const { t } = useTranslation();
  const residentId = list.search.residentId ? Number(list.search.residentId) : null;
  const chosen = useRecord<ResidentItem>('/residents', resident ? residentId : null).data;
  return (
    <>
      <OptionFilter
        label={t('visitors.fields.status')}
        options={VISITOR_SHOWN_STATUSES.map((s) => ({ value: s, label: t(VISITOR_STATUS_DISPLAY[s]) }))}
        value={list.search.status}
        onChange={(v) => list.update({ status: v, page: undefined })}
        width={200}
      />
      {resident && (
        <Box sx={{ width: { xs: '100%', sm: 220 } }}>
          <RecordPicker
            resource="/residents"
            sort="fullName"
            label={t('visitors.fields.resident')}
            size="small"
            optionLabel={(r) => String(r.fullName)}
            value={residentId ? { id: residentId, label: chosen?.fullName ?? `#${residentId}` } : null}
            onChange={(v) => list.update({ residentId: v ? String(v.id) : undefined, page: undefined })}
          />
        </Box>
      )}
      <ListDateRange
        fromLabel={t('visitors.screens.validFromFilter')}
        toLabel={t('visitors.screens.validToFilter')}
        list={list}
      />
    </>
  );
}

/**
 * Beside the list: the registration poster to print (those who may register visitors; decision 0039 §15) and the
 * export of what the list shows (its filters, term and sort, every page) as .xlsx.
 */
export function VisitorListActions() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useListState(visitorSpec);
  const exportFile = () => {
    const qs = toSearchParams({ ...list.query, page: undefined, pageSize: undefined }).toString();
    void download(`/visitors/export${qs ? `?${qs}` : ''}`, 'visitors.xlsx').catch((e: Error) =>
      toast.error(e.message),
    );
  };
  return (
    <>
      <VisitorPosterButton />
      {can('visitors.export') && (
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportFile}>
          {t('visitors.screens.export')}
        </Button>
      )}
    </>
  );
}

/** The form rules of the property and its country shape the body (as the server's). */
function useVisitorSchema() {
  const rules = useFormRules();
  const bootstrap = useBootstrap();
  const selectedCountry = usePropertyStore((s) => s.propertyCountry);
  return visitorBodyFor(rules, bootstrap.property?.country ?? selectedCountry);
}

export const visitorScreens = resourceScreens<VisitorItem, VisitorBody>({
  resource: '/visitors',
  basePath: '/visitors',
  entity: 'visitors',
  titleKey: 'shell.nav.visitors',
  createKey: 'visitors.screens.register',
  createSubmitKey: 'visitors.screens.registerSubmit',
  list: visitorsListQuery,
  include: ['resident', 'unit'],
  permissions: { create: 'visitors.create', edit: 'visitors.edit', delete: 'visitors.delete' },
  schema: visitorBody,
  useSchema: useVisitorSchema,
  createHeaders: { module: 'visitors', action: 'create' },
  createdSearch: { registered: 1 },
  createdMessage: (v, t) =>
    v.permitCode
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
    residentId: null as unknown as number,
    unitId: null,
    validFrom: null,
    overrideReason: null,
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
    residentId: v.residentId,
    unitId: v.unitId,
    validFrom: v.validFrom,
    overrideReason: null,
  }),
  recordTitle: (v) => (v.plate ? `${v.plate} · ${v.name}` : v.name),
  Fields: VisitorFields,
  Filters: VisitorFilters,
  ListActions: VisitorListActions,
  BulkActions: VisitorBulkActions,
  bulkPermissions: VISITOR_BULK_PERMISSIONS,
  ShowExtra: VisitorPanel,
  columns: visitorColumns,
});

/** On a phone (360 px) the plate and the status lead; the rest gives way (secondary). */
export function visitorColumns(t: (k: string) => string, locale: DateLocale) {
  return [
    {
      field: 'plate',
      headerName: t('visitors.fields.plate'),
      link: true,
      sortable: false,
      minWidth: 110,
      flex: 0.7,
      valueGetter: (_v: unknown, v: VisitorItem) => v.plate ?? '—',
    },
    {
      field: 'status',
      headerName: t('visitors.fields.status'),
      sortable: false,
      minWidth: 130,
      renderCell: (p: { row: VisitorItem }) => <VisitorStatusChip status={p.row.shownStatus} />,
    },
    { field: 'name', headerName: t('visitors.fields.name'), minWidth: 150, flex: 1, secondary: true },
    {
      field: 'residentId',
      headerName: t('visitors.fields.resident'),
      sortable: false,
      minWidth: 150,
      flex: 1,
      secondary: true,
      valueGetter: (_v: unknown, v: VisitorItem) =>
        [v.resident?.fullName, v.unit?.name].filter(Boolean).join(' · '),
    },
    {
      field: 'permitCode',
      headerName: t('visitors.fields.permitCode'),
      minWidth: 130,
      secondary: true,
    },
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
