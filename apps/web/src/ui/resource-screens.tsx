import type { Area, Permission } from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import { Box } from '@mui/material';
import type { TFunction } from 'i18next';
import { Fragment, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useArea, useCan } from './access';
import { LinkButton } from './AppLink';
import { DataTable, useListState, type DataTableColumn, type ListState } from './DataTable';
import type { PageMode } from './fields';
import type { ListSpec } from './list-search';
import { useDateLocale, type DateLocale } from './locale';
import { PageHeader, type Crumb } from './PageHeader';
import { PropertyScoped } from './PropertyScoped';
import { ResourcePage, type ResourceDefinition } from './ResourcePage';
import { useList } from './resource';

/**
 * The screens of one resource — list, create, show and edit — from its contract's list names and body schema and
 * its own fields and columns; the one factory behind every resource's pages. A property-scoped resource (buildings,
 * units, spots…) has every page wrapped in PropertyScoped (the central area works on the selected property); a
 * global one (the catalogs, through `catalogScreens`) is not, and may limit its writes to one area. A resource adds
 * what is its own: header actions on the list (import, bulk create), filters, bulk actions, and a panel under the
 * show page.
 */
export interface ResourceScreensConfig<Item extends { id: number }, Values extends FieldValues> {
  /** API path ('/buildings') and web path of the list ('/buildings'). */
  resource: string;
  basePath: string;
  /** 'property' (the default): one property's rows, each page inside PropertyScoped; 'global': every property's. */
  scope?: 'property' | 'global';
  /** The one area where the resource may be written (catalogs: 'central'); elsewhere it is read-only. */
  writesIn?: Area;
  /** Breadcrumbs before the list's title, as translation keys (catalogs: Catalogs → /catalog). */
  crumbs?: { labelKey: string; href: string }[];
  /** The server's table name: the audit log's entity and `entities.<entity>` in running text. */
  entity: string;
  /** The audit log's entity when it depends on the page (staff users: `central_users` or `tenant_users`); a hook. */
  useAuditEntity?: () => string;
  /** Translation key of one record in running text, when it is not `entities.<entity>`. */
  itemKey?: string;
  /** Translation keys of the create button and page's title ("Invite a user") and of its submit button. */
  createKey?: string;
  createSubmitKey?: string;
  /** Translation key of the list's title (plural). */
  titleKey: string;
  list: {
    filters: readonly string[];
    sorts: readonly string[];
    includes: readonly string[];
    defaultSort: string;
  };
  /** Includes the list asks for. */
  include?: string[];
  permissions: { create?: Permission; edit?: Permission; delete?: Permission };
  /** The signed-in user's own records (/my/vehicles): create and edit need no permission; the API admits the owner. */
  own?: boolean;
  /** A view of the list other than the table (the resident's cards); gets the list's rows. */
  ListView?: ComponentType<{ list: ListState }>;
  /** False when the resource has no create screen (spots). */
  creatable?: boolean;
  schema: z.ZodType;
  /** A schema that depends on the property or the user (form rules, the manager rule); a hook. */
  useSchema?: () => z.ZodType;
  /** A query string for the edit's PUT, read from the page (`?action=change-vehicle`); a hook. */
  useUpdateSearch?: () => string | undefined;
  emptyValues: Values;
  toValues: (item: Item) => Values;
  /**
   * The record's name in page titles, crumbs and the delete question: `t` for words of the reader's language,
   * `locale` to write a date in it (a patrol round's start).
   */
  recordTitle: (item: Item, t: TFunction, locale: DateLocale) => string;
  /** A record that may not be deleted at all (a system permit type). */
  canDelete?: (item: Item) => boolean;
  /** The toast after a create, when "The … was created" does not say it (an invitation was sent). */
  createdMessage?: (item: Item, t: TFunction) => string;
  /** Headers the create's POST sends (SPEC §7: visitors send `module: visitors`, `action: create`). */
  createHeaders?: Record<string, string>;
  /** The search the show page opens with after a create (a summary dialog). */
  createdSearch?: Record<string, string | number>;
  Fields: ComponentType<{ record?: Item }>;
  /** The list's columns; `locale` writes their dates (in the property's zone: decision 0039 §12). */
  columns: (t: TFunction, locale: DateLocale) => DataTableColumn<Item>[];
  Filters?: ComponentType<{ list: ListState }>;
  /** More buttons in the list's header (import, bulk create). */
  ListActions?: ComponentType;
  /** Shown above the show page's card (the resident's visitor permit and its actions). */
  ShowLead?: ComponentType<{ item: Item }>;
  /** Shown under the show page's card (a building's floors and units). */
  ShowExtra?: ComponentType<{ item: { id: number } }>;
  /** Shown above the list (the resident's vehicles allowed: how many more they may add). */
  ListLead?: ComponentType;
  /**
   * Wraps the create page's form: it may show, instead of the form, why nothing can be created now (the
   * resident's vehicles allowed are used up), so nobody fills a form the server will refuse.
   */
  CreateGate?: ComponentType<{ children: ReactNode }>;
  /**
   * Bulk actions on the rows checked in the list (a BulkBar): rendered whether rows are checked or not (its outcome
   * outlives the selection). Turns on checkbox selection for a user holding any of `bulkPermissions`.
   */
  BulkActions?: ComponentType<{ ids: number[]; clear: () => void }>;
  bulkPermissions?: readonly Permission[];
}

export interface ResourceScreens {
  ListPage: () => ReactNode;
  /** `initial`: values the new record starts with (a resident's vehicle starts with the resident). */
  CreatePage: (props?: { initial?: Partial<FieldValues> }) => ReactNode;
  Page: (props: { mode: Exclude<PageMode, 'create'>; id: number }) => ReactNode;
}

export function resourceScreens<Item extends { id: number }, Values extends FieldValues = FieldValues>(
  config: ResourceScreensConfig<Item, Values>,
): ResourceScreens {
  const spec: ListSpec = {
    filters: config.list.filters,
    sorts: config.list.sorts,
    defaultSort: config.list.defaultSort,
    include: config.include ?? [],
  };

  const useSchema = config.useSchema ?? (() => config.schema);
  const useUpdateSearch = config.useUpdateSearch ?? (() => undefined);
  const useAuditEntity = config.useAuditEntity ?? (() => config.entity);
  const itemKey = config.itemKey ?? `entities.${config.entity}`;
  /** Every page inside PropertyScoped, or as it is for a global resource. */
  const Scoped: ComponentType<{ children: ReactNode }> =
    config.scope === 'global' ? Fragment : PropertyScoped;
  const useWritable = () => {
    const area = useArea();
    return config.writesIn === undefined || config.writesIn === area;
  };
  const useCrumbs = (): Crumb[] | undefined => {
    const { t } = useTranslation();
    return useMemo(() => config.crumbs?.map((c) => ({ label: t(c.labelKey), href: c.href })), [t]);
  };

  function useDefinition(initial?: Partial<FieldValues>): ResourceDefinition<Item, Values> {
    const { t } = useTranslation();
    const schema = useSchema();
    const updateSearch = useUpdateSearch();
    const writable = useWritable();
    const crumbs = useCrumbs();
    const auditEntity = useAuditEntity();
    const dates = useDateLocale();
    const initialKey = JSON.stringify(initial ?? null);
    return useMemo(
      () => ({
        resource: config.resource,
        basePath: config.basePath,
        auditEntity,
        labels: {
          title: t(config.titleKey),
          item: t(itemKey),
          create: config.createKey && t(config.createKey),
          createSubmit: config.createSubmitKey && t(config.createSubmitKey),
        },
        crumbs,
        permissions: config.permissions,
        own: config.own,
        writable,
        schema,
        emptyValues: { ...config.emptyValues, ...(initial ?? {}) },
        toValues: config.toValues,
        recordTitle: (item: Item) => config.recordTitle(item, t, dates),
        canDelete: config.canDelete,
        createdMessage: config.createdMessage && ((item: Item) => config.createdMessage!(item, t)),
        Fields: config.Fields,
        ShowLead: config.ShowLead,
        createHeaders: config.createHeaders,
        createdSearch: config.createdSearch,
        updateSearch,
      }),
      // `initial` is compared by value (initialKey)
      [t, schema, initialKey, updateSearch, writable, crumbs, auditEntity, dates],
    );
  }

  function ListPage() {
    const { t } = useTranslation();
    const dates = useDateLocale();
    const can = useCan();
    const writable = useWritable();
    const crumbs = useCrumbs();
    const list = useListState(spec);
    const title = t(config.titleKey);
    const columns = useMemo(() => config.columns(t, dates), [t, dates]);
    const Filters = config.Filters;
    const Actions = config.ListActions;
    const mayCreate =
      writable &&
      config.creatable !== false &&
      (config.own || (!!config.permissions.create && can(config.permissions.create)));
    const View = config.ListView;
    const Lead = config.ListLead;
    return (
      <>
        <PageHeader
          title={title}
          crumbs={crumbs}
          actions={
            Actions || mayCreate ? (
              <>
                {Actions && <Actions />}
                {mayCreate && (
                  <LinkButton href={`${config.basePath}/create`} variant="contained" startIcon={<AddIcon />}>
                    {config.createKey ? t(config.createKey) : t('resource.createTitle', { item: t(itemKey) })}
                  </LinkButton>
                )}
              </>
            ) : undefined
          }
        />
        <Scoped>
          {Lead && <Lead />}
          {View ? (
            <View list={list} />
          ) : (
            <Listing list={list} columns={columns} title={title} Filters={Filters} />
          )}
        </Scoped>
      </>
    );
  }

  function Listing({
    list,
    columns,
    title,
    Filters,
  }: {
    list: ListState;
    columns: DataTableColumn<Item>[];
    title: string;
    Filters?: ComponentType<{ list: ListState }>;
  }) {
    const result = useList<Item>(config.resource, list.query);
    const can = useCan();
    const [selected, setSelected] = useState<number[]>([]);
    // Rows are checked only by who may act on them.
    const Bulk =
      config.BulkActions && (config.bulkPermissions ?? []).some((p) => can(p))
        ? config.BulkActions
        : undefined;
    return (
      <>
        {Bulk && <Bulk ids={selected} clear={() => setSelected([])} />}
        <DataTable<Item>
          label={title}
          list={list}
          result={result}
          columns={columns}
          rowHref={(row) => `${config.basePath}/${row.id}/show`}
          filters={Filters ? <Filters list={list} /> : undefined}
          selection={Bulk ? { ids: selected, onChange: setSelected } : undefined}
        />
      </>
    );
  }

  function CreatePage(props?: { initial?: Partial<FieldValues> }) {
    const definition = useDefinition(props?.initial);
    const Gate = config.CreateGate ?? Fragment;
    return (
      <Scoped>
        <Gate>
          <ResourcePage definition={definition} mode="create" />
        </Gate>
      </Scoped>
    );
  }

  function Page({ mode, id }: { mode: Exclude<PageMode, 'create'>; id: number }) {
    const definition = useDefinition();
    const Extra = config.ShowExtra;
    return (
      <Scoped>
        <ResourcePage definition={definition} mode={mode} id={id} />
        {mode === 'show' && Extra && (
          <Box sx={{ mt: 3 }}>
            <Extra item={{ id }} />
          </Box>
        )}
      </Scoped>
    );
  }

  return { ListPage, CreatePage, Page };
}
