import type {
  CatalogContract,
  CatalogListQuery,
  CatalogNames,
  CatalogResource,
  Permission,
} from '@parkade/contract';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { auditEntity } from '../../ui/audit';
import type { DataTableColumn, ListState } from '../../ui/DataTable';
import { FieldGrid, TextInput } from '../../ui/fields';
import { formatDateTime, type DateLocale } from '../../ui/locale';
import { resourceScreens, type ResourceScreens } from '../../ui/resource-screens';
import { CatalogNameFields, namesValues } from './CatalogNameFields';

/**
 * The screens of one global catalog from its contract (packages/contract/src/catalogs): `resourceScreens` set up
 * for a catalog — global rows, writes in the central area only, code and name as the first fields and columns,
 * the last update at the end, "Catalogs" in the breadcrumbs, the permissions `<resource>.create|edit|delete`. A
 * catalog gives only what is its own: extra fields, extra columns, list filters.
 */
export interface CatalogItemBase {
  id: number;
  code: string;
  /** The default name; `names` the others; `displayName` the one in the reader's language (issue 36 §9). */
  name: string;
  names: CatalogNames;
  displayName: string;
  /** Its place in lists and pickers (issue 36 §13); null: none. */
  position: number | null;
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
  /** The form's values for a new record (code, name and names are added). */
  emptyValues?: Omit<Values, 'code' | 'name' | 'names'>;
  /** A record → form values (code, name and names are added). */
  toValues?: (item: Item) => Omit<Values, 'code' | 'name' | 'names'>;
  /** The fields after code and the names; or `Fields` to replace the whole form (with CatalogNameFields). */
  ExtraFields?: ComponentType<{ record?: Item }>;
  Fields?: ComponentType<{ record?: Item }>;
  /** Columns after name and code. */
  columns?: (t: TFunction, locale: DateLocale) => DataTableColumn<Item>[];
  /** Column filters above the table (they write their filter[...] into the URL through `list.update`). */
  Filters?: ComponentType<{ list: ListState }>;
  canDelete?: (item: Item) => boolean;
  /** Hide the code column on narrow screens (when the catalog's own columns say more). */
  secondaryCode?: boolean;
}

/** Name, code and the names in other languages: every catalog's first fields. */
function CodeNameFields({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FieldGrid>
      <TextInput name="name" label={t('fields.name')} required />
      <TextInput name="code" label={t('fields.code')} required />
      <CatalogNameFields />
      {children}
    </FieldGrid>
  );
}

export function catalogScreens<Item extends CatalogItemBase, Values extends FieldValues = FieldValues>(
  config: CatalogScreensConfig<Item, Values>,
): ResourceScreens {
  const { contract } = config;
  const resource = contract.resource;
  const permission = (action: 'create' | 'edit' | 'delete') => `${resource}.${action}` as Permission;
  const Extra = config.ExtraFields;
  const Fields: ComponentType<{ record?: Item }> =
    config.Fields ??
    (({ record }) => <CodeNameFields>{Extra ? <Extra record={record} /> : null}</CodeNameFields>);

  return resourceScreens<Item, Values>({
    resource: contract.path,
    basePath: `/catalog/${resource}`,
    scope: 'global',
    writesIn: 'central',
    crumbs: [{ labelKey: 'catalogs.title', href: '/catalog' }],
    entity: auditEntity(contract.path),
    titleKey: contract.titleKey,
    list: contract.list,
    include: [...contract.list.includes],
    permissions: { create: permission('create'), edit: permission('edit'), delete: permission('delete') },
    schema: contract.body,
    emptyValues: {
      code: '',
      name: '',
      names: namesValues({}),
      position: null,
      ...config.emptyValues,
    } as unknown as Values,
    toValues: (item) =>
      ({
        code: item.code,
        name: item.name,
        names: namesValues(item.names),
        position: item.position ?? null,
        ...config.toValues?.(item),
      }) as unknown as Values,
    // The name in the reader's language, as lists and pickers show it.
    recordTitle: (item) => item.displayName ?? item.name,
    canDelete: config.canDelete,
    Fields,
    Filters: config.Filters,
    columns: (t, locale) => [
      {
        // Sorted by the server in the reader's language too (sort=name).
        field: 'name',
        headerName: t('fields.name'),
        link: true,
        minWidth: 160,
        flex: 1.4,
        valueGetter: (_v: unknown, item: Item) => item.displayName ?? item.name,
      },
      {
        field: 'code',
        headerName: t('fields.code'),
        minWidth: 110,
        flex: 0.8,
        secondary: config.secondaryCode,
      },
      ...(config.columns?.(t, locale) ?? []),
      {
        // The catalog's order (issue 36 §13): lists open sorted by it, then by name.
        field: 'position',
        headerName: t('catalogs.position'),
        secondary: true,
        minWidth: 90,
        flex: 0.4,
      },
      {
        field: 'updatedAt',
        headerName: t('fields.updatedAt'),
        secondary: true,
        minWidth: 190,
        flex: 0.9,
        valueFormatter: (v: string) => formatDateTime(v, locale),
      },
    ],
  });
}
