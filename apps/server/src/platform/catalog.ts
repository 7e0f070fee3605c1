import {
  AUDITED,
  CATALOG_POSITION_MAX,
  catalogName,
  idParams,
  type AuditEntity,
  listResponseSchema,
  messageResponse,
  type CATALOG_FILTERS,
  type CATALOG_SORTS,
  type CatalogListQuery,
  type CatalogResource,
  type Permission,
} from '@parkade/contract';
import { eq, getTableColumns, getTableName, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { createRow, deleteRow, updateRow, type ReferencedBy, type UniqueFields } from './crud';
import { notFound } from './errors';
import { defineRoute, queryOf, type RouteDef } from './http';
import type { Scope } from './scope';
import { nameIn, namesText } from './db/catalog-table';
import { t } from './i18n';
import {
  defineListResource,
  type FilterDef,
  type IncludeDef,
  type ListResource,
  type SortDef,
} from './list-query';

/**
 * The global catalogs (zones, states, tows, warnings, reasons, permit types, makes, models) in one factory: a
 * catalog declares its table (platform/db/catalog-table.ts), its contract (packages/contract/src/catalogs) and
 * only what is its own — extra filters, search columns, rules that need the database — and gets its five routes:
 *
 *   GET    /<resource>       list (both areas, <resource>.index): filter[code|name] (ignoring case), filter[term]
 *                            over code and name, sorts code/name/createdAt/id, default name
 *   GET    /<resource>/:id   one row with its includes (both areas, <resource>.show)
 *   POST   /<resource>       create (central, <resource>.create) → 201
 *   PUT    /<resource>/:id   replace (central, <resource>.edit)
 *   DELETE /<resource>/:id   delete (central, <resource>.delete) → { message }; a row still referenced → 409
 *
 * Writes are central only: a catalog is shared by every property, so a property's staff may read it but not
 * change it. Every write is audited in the request's transaction (crud.ts); a code taken (ignoring case) is a
 * 422 on `code`; a missing id is a 404 naming the catalog in the request's language.
 */

type CatalogTable = PgTable & {
  id: PgColumn;
  position: PgColumn;
  code: PgColumn;
  name: PgColumn;
  names: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};
type Row<T extends CatalogTable> = T['$inferSelect'];
type Insert<T extends CatalogTable> = T['$inferInsert'];
type Expr = Column | SQL;
/** A row as the API answers it: dates as ISO strings, plus any includes. */
export type CatalogItem = Record<string, unknown> & { id: number };

export interface CatalogDef<
  T extends CatalogTable,
  B extends z.ZodType,
  F extends string,
  S extends string,
  I extends string,
> {
  resource: CatalogResource;
  table: T;
  /** The catalog's contract: the body and item schemas and the list names the web uses. */
  contract: { body: B; item: z.ZodType; list: CatalogListQuery<F, S, I> };
  /** The filters the contract adds to code and name. */
  filters?: Record<Exclude<F, (typeof CATALOG_FILTERS)[number]>, FilterDef>;
  /** The sorts the contract adds to code, name, createdAt and id. */
  sorts?: Record<Exclude<S, (typeof CATALOG_SORTS)[number]>, Expr>;
  includes?: Record<I, IncludeDef<never>>;
  /** Columns filter[term] searches besides code and name. */
  term?: Expr[];
  /** Unique indexes besides `<table>_code_unique`, mapped to the field whose value is taken. */
  unique?: UniqueFields;
  /**
   * The row's values from a valid body, with the rules that need the database (throw field errors).
   * `existing` is the row being replaced (locked), null on create. Default: the body as it is.
   */
  values?(ctx: Scope, body: z.output<B>, existing: Row<T> | null): Promise<Insert<T>>;
  /** Refuses a delete before it runs (throw an HttpError), e.g. a system row. */
  beforeDelete?(ctx: Scope, row: Row<T>): void | Promise<void>;
  /** Foreign keys of other tables pointing at this one → the message of the 409 refusing the delete. */
  referencedBy?: ReferencedBy;
}

export interface Catalog<T extends CatalogTable> {
  table: T;
  /** The audit entity and the table name (`permit_types`). */
  entity: string;
  list: ListResource<CatalogItem>;
  routes: RouteDef[];
  /** One row as the API answers it, or a 404. */
  get(ctx: Scope, id: number): Promise<CatalogItem>;
}

function toItem(row: Record<string, unknown>): CatalogItem {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as CatalogItem;
}

/** One row as the API answers it, with its name in the request's language (issue 36 §9). */
function toItemIn(row: Record<string, unknown>, lang: Scope['lang']): CatalogItem {
  const item = toItem(row);
  item.displayName = catalogName(row as { name: string; names: Record<string, string> }, lang);
  return item;
}

/** A filter matching any of the values ignoring case (served by the lower(code) unique index for codes). */
export function anyIgnoringCase(column: Expr): FilterDef {
  return {
    type: 'custom',
    where: (values) =>
      inArray(
        sql`lower(${column})`,
        values.map((v) => v.toLowerCase()),
      ),
  };
}

function sameNames(
  what: string,
  declared: readonly string[],
  built: Record<string, unknown>,
  resource: string,
) {
  const a = [...declared].sort().join(',');
  const b = Object.keys(built).sort().join(',');
  if (a !== b)
    throw new Error(`catalog ${resource}: the contract's ${what} (${a}) differ from the server's (${b})`);
}

export function defineCatalog<
  T extends CatalogTable,
  B extends z.ZodType,
  F extends string,
  S extends string,
  I extends string,
>(def: CatalogDef<T, B, F, S, I>): Catalog<T> {
  const { resource, table, contract } = def;
  const source: PgTable = table;
  const entity = getTableName(table) as AuditEntity;
  // A catalog is an audited entity: its table name must be declared in the contract's AUDITED (checked at start).
  if (!Object.hasOwn(AUDITED, entity)) throw new Error(`catalog ${entity}: declare it in AUDITED (contract)`);
  const unique: UniqueFields = { [`${entity}_code_unique`]: 'code', ...def.unique };
  const byId = (id: number) => eq(table.id, id);
  const includes = (def.includes ?? {}) as Record<string, IncludeDef<never>>;

  const filters: Record<string, FilterDef> = {
    code: anyIgnoringCase(table.code),
    name: anyIgnoringCase(table.name),
    ...(def.filters as Record<string, FilterDef> | undefined),
  };
  const sorts: Record<string, SortDef> = {
    // The order given (issue 36 §13): entries with a place first, in that order; those without after them.
    position: sql`coalesce(${table.position}, ${CATALOG_POSITION_MAX + 1})`,
    code: sql`lower(${table.code})`,
    // By the name the reader reads: theirs, else the default name.
    name: (lang) => sql`lower(${nameIn(table, lang)})`,
    createdAt: table.createdAt,
    id: table.id,
    ...(def.sorts as Record<string, Expr> | undefined),
  };
  sameNames('filters', contract.list.filters, filters, resource);
  sameNames('sorts', contract.list.sorts, sorts, resource);
  sameNames('includes', contract.list.includes, includes, resource);

  const list = defineListResource<Record<string, PgColumn>, CatalogItem>({
    table: source,
    select: getTableColumns(source),
    selectInLanguage: (lang) => ({ displayName: nameIn(table, lang) }),
    filters,
    // A name in any language finds the entry (a Spanish reader types "Residente").
    term: [table.code, table.name, namesText(table), ...(def.term ?? [])],
    sorts,
    defaultSort: contract.list.defaultSort.split(','),
    includes,
    serialize: (row) => toItem(row),
  });

  async function find(ctx: Scope, id: number, lock = false): Promise<Row<T>> {
    const q = ctx.tx.select().from(source).where(byId(id));
    const [row] = (await (lock ? q.for('update') : q)) as Row<T>[];
    if (!row) throw notFound(entity);
    return row;
  }

  /** The item with every include the catalog declares (the show and form screens need them all). */
  async function present(ctx: Scope, row: Row<T>): Promise<CatalogItem> {
    const item = toItemIn(row, ctx.lang);
    for (const [name, inc] of Object.entries(includes)) await inc.load(ctx, [item as never], name, {});
    return item;
  }

  const valuesOf = async (ctx: Scope, body: z.output<B>, existing: Row<T> | null) =>
    def.values ? def.values(ctx, body, existing) : (body as Insert<T>);

  const get = async (ctx: Scope, id: number) => present(ctx, await find(ctx, id));

  const permission = (action: 'index' | 'show' | 'create' | 'edit' | 'delete') =>
    `${resource}.${action}` as Permission;
  const both = ['central', 'tenant'] as const;
  const central = ['central'] as const;
  const tags = [resource];
  const one = entity.replace(/_/g, ' ').replace(/s$/, '');
  const path = `/${resource}`;

  const routes = [
    defineRoute({
      method: 'GET',
      url: path,
      areas: both,
      access: permission('index'),
      tags,
      summary: `List ${resource}: filter[${contract.list.filters.join('|')}], filter[term]; sort by ${contract.list.sorts.join(', ')}`,
      schema: { querystring: list.querystring, response: { 200: listResponseSchema(contract.item) } },
      handler: (ctx) => list.list(ctx, queryOf(ctx.req)),
    }),
    defineRoute({
      method: 'GET',
      url: `${path}/:id`,
      areas: both,
      access: permission('show'),
      tags,
      summary: `One ${one}${contract.list.includes.length ? ` with its ${contract.list.includes.join(', ')}` : ''}`,
      schema: { params: idParams, response: { 200: contract.item } },
      handler: (ctx, { params }) => get(ctx, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: path,
      areas: central,
      access: permission('create'),
      tags,
      summary: `Create a ${one} (central area only: catalogs are shared by every property)`,
      schema: { body: contract.body, response: { 201: contract.item } },
      handler: async (ctx, { body }) => {
        const values = await valuesOf(ctx, body as z.output<B>, null);
        const row = await createRow(ctx, table, entity, values, unique);
        ctx.reply.code(201);
        return present(ctx, row);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `${path}/:id`,
      areas: central,
      access: permission('edit'),
      tags,
      summary: `Replace a ${one}'s fields (central area only)`,
      schema: { params: idParams, body: contract.body, response: { 200: contract.item } },
      handler: async (ctx, { params, body }) => {
        const existing = await find(ctx, params.id, true);
        const values = await valuesOf(ctx, body as z.output<B>, existing);
        const row = await updateRow(ctx, table, entity, byId(params.id), values, { unique });
        return present(ctx, row);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: `${path}/:id`,
      areas: central,
      access: permission('delete'),
      tags,
      summary: `Delete a ${one} (central area only); 409 while other records refer to it`,
      schema: { params: idParams, response: { 200: messageResponse } },
      handler: async (ctx, { params }) => {
        const row = await find(ctx, params.id, true);
        await def.beforeDelete?.(ctx, row);
        await deleteRow(ctx, table, entity, byId(params.id), { referencedBy: def.referencedBy });
        return { message: t(ctx.lang, 'catalogs.deleted', { entity: t(ctx.lang, `entities.${entity}`) }) };
      },
    }),
  ] as RouteDef[];

  return { table, entity, list, routes, get };
}
