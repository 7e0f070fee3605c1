import type { CatalogContract, CatalogListQuery, CatalogResource, Permission } from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useArea, useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { DataTable, useListState, type DataTableColumn, type ListState } from '../../ui/DataTable';
import { FieldGrid, TextInput, type PageMode } from '../../ui/fields';
import { listSearch, type ListSpec } from '../../ui/list-search';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { ResourcePage, type ResourceDefinition } from '../../ui/ResourcePage';
import { useList } from '../../ui/resource';
import { auditEntity } from '../../ui/audit';
import type { TFunction } from 'i18next';

/**
 * The screens of one global catalog from its contract (packages/contract/src/catalogs): list, create, show and
 * edit. A catalog gives only what is its own — extra fields, extra columns, list filters — and gets the rest:
 * the server-side table with search, sort and paging in the URL, the form on the contract's schema, the audit
 * log, the delete confirmation, and the buttons the user may use (catalog writes are central-only).
 */
export interface CatalogItemBase {
  id: number;
  code: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

type AnyCatalogContract = CatalogContract<
  CatalogResource,
  z.ZodType,
  z.ZodType,
  CatalogListQuery<string, string, string>
>;

export interface CatalogScreensConfig<Item extends CatalogItemBase, Values extends FieldValues> {
  contract: AnyCatalogContract;
  /** The form's values for a new record (code and name are added). */
  emptyValues?: Omit<Values, 'code' | 'name'>;
  /** A record → form values (code and name are added). */
  toValues?: (item: Item) => Omit<Values, 'code' | 'name'>;
  /** The fields after code and name; or `Fields` to replace the whole form. */
  ExtraFields?: ComponentType<{ record?: Item }>;
  Fields?: ComponentType<{ record?: Item }>;
  /** Columns after name and code. */
  columns?: (t: TFunction, intlLocale: string) => DataTableColumn<Item>[];
  /** Column filters above the table (they write their filter[...] into the URL through `list.update`). */
  Filters?: ComponentType<{ list: ListState }>;
  canDelete?: (item: Item) => boolean;
  /** Hide the code column on narrow screens (when the catalog's own columns say more). */
  secondaryCode?: boolean;
}

export interface CatalogScreens {
  /** The list route's validateSearch. */
  validateSearch: ReturnType<typeof listSearch>;
  ListPage: () => ReactNode;
  CreatePage: () => ReactNode;
  /** Show and edit pages: `<Page mode="show" id={7} />`. */
  Page: (props: { mode: Exclude<PageMode, 'create'>; id: number }) => ReactNode;
  basePath: string;
}

/** Code and name: every catalog's first two fields. */
function CodeNameFields({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FieldGrid>
      <TextInput name="name" label={t('fields.name')} required />
      <TextInput name="code" label={t('fields.code')} required />
      {children}
    </FieldGrid>
  );
}

export function catalogScreens<Item extends CatalogItemBase, Values extends FieldValues = FieldValues>(
  config: CatalogScreensConfig<Item, Values>,
): CatalogScreens {
  const { contract } = config;
  const resource = contract.resource;
  const basePath = `/catalog/${resource}`;
  const spec: ListSpec = {
    filters: contract.list.filters,
    sorts: contract.list.sorts,
    defaultSort: contract.list.defaultSort,
    include: contract.list.includes,
  };
  const permission = (action: 'create' | 'edit' | 'delete') => `${resource}.${action}` as Permission;
  const entity = auditEntity(contract.path);

  const Fields: ComponentType<{ record?: Item }> =
    config.Fields ??
    (({ record }) => {
      const Extra = config.ExtraFields;
      return <CodeNameFields>{Extra ? <Extra record={record} /> : null}</CodeNameFields>;
    });

  function useDefinition(): ResourceDefinition<Item, Values> {
    const { t } = useTranslation();
    const area = useArea();
    return useMemo(
      () => ({
        resource: contract.path,
        basePath,
        auditEntity: entity,
        labels: { title: t(contract.titleKey), item: t(`entities.${entity}`) },
        crumbs: [{ label: t('catalogs.title'), href: '/catalog' }],
        permissions: { create: permission('create'), edit: permission('edit'), delete: permission('delete') },
        writable: area === 'central',
        schema: contract.body,
        emptyValues: { code: '', name: '', ...config.emptyValues } as unknown as Values,
        toValues: (item: Item) =>
          ({ code: item.code, name: item.name, ...config.toValues?.(item) }) as unknown as Values,
        recordTitle: (item: Item) => item.name,
        canDelete: config.canDelete,
        Fields,
      }),
      [t, area],
    );
  }

  function ListPage() {
    const { t } = useTranslation();
    const { intlLocale } = useUiLocale();
    const can = useCan();
    const area = useArea();
    const list = useListState(spec);
    const result = useList<Item>(contract.path, list.query);
    const columns = useMemo<DataTableColumn<Item>[]>(
      () => [
        { field: 'name', headerName: t('fields.name'), link: true, minWidth: 160, flex: 1.4 },
        {
          field: 'code',
          headerName: t('fields.code'),
          minWidth: 110,
          flex: 0.8,
          secondary: config.secondaryCode,
        },
        ...(config.columns?.(t, intlLocale) ?? []),
        {
          field: 'updatedAt',
          headerName: t('fields.updatedAt'),
          secondary: true,
          minWidth: 190,
          flex: 0.9,
          valueFormatter: (v: string) => formatDateTime(v, intlLocale),
        },
      ],
      [t, intlLocale],
    );
    const Filters = config.Filters;
    const title = t(contract.titleKey);
    const mayCreate = area === 'central' && can(permission('create'));
    return (
      <>
        <PageHeader
          title={title}
          crumbs={[{ label: t('catalogs.title'), href: '/catalog' }]}
          actions={
            mayCreate ? (
              <LinkButton href={`${basePath}/create`} variant="contained" startIcon={<AddIcon />}>
                {t('resource.createTitle', { item: t(`entities.${entity}`) })}
              </LinkButton>
            ) : undefined
          }
        />
        <DataTable<Item>
          label={title}
          list={list}
          result={result}
          columns={columns}
          rowHref={(row) => `${basePath}/${row.id}/show`}
          filters={Filters ? <Filters list={list} /> : undefined}
        />
      </>
    );
  }

  function CreatePage() {
    return <ResourcePage definition={useDefinition()} mode="create" />;
  }

  function Page({ mode, id }: { mode: Exclude<PageMode, 'create'>; id: number }) {
    return <ResourcePage definition={useDefinition()} mode={mode} id={id} />;
  }

  return { validateSearch: listSearch(spec), ListPage, CreatePage, Page, basePath };
}
