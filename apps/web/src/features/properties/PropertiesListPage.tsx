import type { PropertyListItem } from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { DataTable, useListState, type DataTableColumn } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { useList } from '../../ui/resource';
import { propertiesListSpec } from './search';

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
