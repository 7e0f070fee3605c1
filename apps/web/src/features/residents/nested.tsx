import { type PermitItem, type ResidentItem, type VehicleItem } from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { DataTable, useListState } from '../../ui/DataTable';
import { permitSpec, vehicleSpec } from './search';
import { formatDate, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { useList, useRecord } from '../../ui/resource';
import { permitScreens } from '../permits';
import { PermitStatusChip } from '../permits/PermitStatusChip';
import { vehicleScreens } from '../vehicles';

function useResidentCrumbs(residentId: number) {
  const { t } = useTranslation();
  const resident = useRecord<ResidentItem>('/residents', residentId).data;
  return {
    resident,
    crumbs: [
      { label: t('shell.nav.residents'), href: '/residents' },
      { label: resident?.fullName ?? '…', href: `/residents/${residentId}/show` },
    ],
  };
}

/** /residents/{id}/vehicles: the resident's vehicles. */
export function ResidentVehiclesPage({ residentId }: { residentId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const { crumbs } = useResidentCrumbs(residentId);
  const list = useListState(vehicleSpec);
  const query = useMemo(
    () => ({ ...list.query, filter: { ...(list.query.filter ?? {}), residentId: [String(residentId)] } }),
    [list.query, residentId],
  );
  const result = useList<VehicleItem>('/vehicles', query);
  const title = t('shell.nav.vehicles');
  return (
    <>
      <PageHeader
        title={title}
        crumbs={crumbs}
        actions={
          can('residents.vehicles.create') ? (
            <LinkButton
              href={`/residents/${residentId}/vehicles-create`}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('residents.addVehicle')}
            </LinkButton>
          ) : undefined
        }
      />
      <PropertyScoped>
        <DataTable<VehicleItem>
          label={title}
          list={list}
          result={result}
          rowHref={(v) => `/vehicles/${v.id}/show`}
          columns={[
            { field: 'plate', headerName: t('rules.fields.plate'), link: true, flex: 1, minWidth: 120 },
            {
              field: 'makeId',
              headerName: t('vehicles.makeModel'),
              sortable: false,
              flex: 1,
              minWidth: 140,
              valueGetter: (_v: unknown, v: VehicleItem) =>
                [v.makeName, v.modelName].filter(Boolean).join(' '),
            },
            {
              field: 'color',
              headerName: t('rules.fields.color'),
              sortable: false,
              minWidth: 100,
              secondary: true,
            },
            {
              field: 'permitTypeId',
              headerName: t('rules.fields.permitTypeId'),
              sortable: false,
              minWidth: 130,
              secondary: true,
              valueGetter: (_v: unknown, v: VehicleItem) => v.permitType?.name ?? '',
            },
          ]}
        />
      </PropertyScoped>
    </>
  );
}

/** /residents/{id}/permits: the resident's permits. */
export function ResidentPermitsPage({ residentId }: { residentId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const locale = useUiLocale();
  const { crumbs } = useResidentCrumbs(residentId);
  const list = useListState(permitSpec);
  const query = useMemo(
    () => ({ ...list.query, filter: { ...(list.query.filter ?? {}), residentId: [String(residentId)] } }),
    [list.query, residentId],
  );
  const result = useList<PermitItem>('/permits', query);
  const title = t('shell.nav.permits');
  return (
    <>
      <PageHeader
        title={title}
        crumbs={crumbs}
        actions={
          can('residents.permits.create') ? (
            <LinkButton
              href={`/residents/${residentId}/permits-create`}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('residents.addPermit')}
            </LinkButton>
          ) : undefined
        }
      />
      <PropertyScoped>
        <DataTable<PermitItem>
          label={title}
          list={list}
          result={result}
          rowHref={(p) => `/permits/${p.id}/show`}
          columns={[
            { field: 'code', headerName: t('permits.code'), link: true, flex: 1, minWidth: 120 },
            {
              field: 'vehicleId',
              headerName: t('rules.fields.plate'),
              sortable: false,
              minWidth: 110,
              valueGetter: (_v: unknown, p: PermitItem) => p.vehicle?.plate ?? t('permits.noVehicle'),
            },
            {
              field: 'status',
              headerName: t('permits.statusLabel'),
              minWidth: 150,
              renderCell: (p: { row: PermitItem }) => <PermitStatusChip status={p.row.shownStatus} />,
            },
            {
              field: 'expiresOn',
              headerName: t('permits.expires'),
              minWidth: 120,
              secondary: true,
              valueFormatter: (v: string | null) => formatDate(v, locale),
            },
          ]}
        />
      </PropertyScoped>
    </>
  );
}

/** /residents/{id}/vehicles-create: a new vehicle of this resident. */
export function ResidentVehicleCreatePage({ residentId }: { residentId: number }) {
  const { CreatePage } = vehicleScreens;
  return <CreatePage initial={{ residentId }} />;
}

/** /residents/{id}/permits-create: a new permit of this resident (its code is proposed by the form). */
export function ResidentPermitCreatePage({ residentId }: { residentId: number }) {
  const initial = useMemo(() => ({ residentId }), [residentId]);
  const { CreatePage } = permitScreens;
  return <CreatePage initial={initial} />;
}

/** /permits/create: a new permit with a proposed code. */
export function PermitCreatePage() {
  const { CreatePage } = permitScreens;
  return <CreatePage />;
}
