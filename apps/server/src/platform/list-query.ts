import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type Area,
  type Language,
  type ListResponse,
  normalizePlate,
} from '@parkade/contract';
import {
  and,
  asc,
  type Column,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { z } from 'zod';
import { termTokens, wordMatch } from './db/search-words';
import { HttpError, type FieldMessage } from './errors';
import type { RouteContext } from './http';
import { t } from './i18n';

/**
 * The one list-query engine (DESIGN §5). Every list endpoint declares what it allows with
 * `defineListResource` and answers with `resource.list(ctx)`:
 *
 *   filter[field]=a,b        any of the values (comma-separated); `null` matches a missing value where declared
 *   filter[field]=from,to    date ranges: ISO dates or date-times, either end may be left out (`2026-01-01,`)
 *   filter[term]=text        case-insensitive search over the resource's term columns; every word must match
 *   include=a,b.c            related data, loaded in one batch per level for the whole page
 *   sort=-createdAt,name     minus = descending; the primary key breaks ties so pages are stable
 *   page, pageSize           defaults 1 and 50, pageSize at most MAX_PAGE_SIZE
 *   all=1                    no paging (up to ALL_MAX rows; resources may refuse it)
 *
 * Anything else, or a malformed value, is a 400 whose message names the parameter. Empty values count as absent.
 * The count and the page run in the request's transaction, so row-level security applies to both.
 */

/** Rows `all=1` may return before the request is refused (ask for pages instead). */
export const ALL_MAX = 5000;
/** Values one filter may list. */
const MAX_FILTER_VALUES = 100;
/** Length of one filter value and of the search term. */
const MAX_VALUE_LENGTH = 255;
const MAX_TERM_WORDS = 8;

type Expr = Column | SQL;
/** Drizzle's operators are overloaded per operand kind; one cast spares every call site the union. */
const col = (e: Expr) => e as Column;

interface FilterBase {
  /** Shown in the OpenAPI description of the parameter. */
  description?: string;
  /** Areas where the filter exists; elsewhere it is an unknown filter. Default: every area of the route. */
  areas?: readonly Area[];
}

/** One declared filter of a list resource. */
export type FilterDef =
  | (FilterBase & {
      type: 'string' | 'number';
      column: Expr;
      /** The value `null` matches rows where the column is null. */
      nullable?: boolean;
    })
  | (FilterBase & { type: 'enum'; column: Expr; values: readonly string[]; nullable?: boolean })
  | (FilterBase & { type: 'boolean'; column: Expr })
  | (FilterBase & {
      /** `from,to` with ISO dates (a date-only `to` includes its whole day, UTC) or ISO date-times. */
      type: 'dateRange';
      column: Expr;
    })
  | (FilterBase & {
      type: 'custom';
      /** Builds the condition from the comma-separated values; throw `listValueError` for a bad value. */
      where: (values: string[], q: ListParseContext) => SQL | undefined;
    });

/** Where a list query is read: the area (some filters and includes are per area) and the language of errors. */
export interface ListParseContext {
  area: Area;
  lang: Language;
}

/** The includes asked for below one level: `include=user.role,property` → { user: { role: {} }, property: {} }. */
export interface IncludeTree {
  [name: string]: IncludeTree;
}

/**
 * Related data a list (or another include) may carry. `load` receives every item of the page at once, loads the
 * related rows in one query, applies the nested includes asked for to those rows, and sets them on the items.
 * Build one with `belongsTo` or `hasMany`.
 */
export interface IncludeDef<P = never> {
  description?: string;
  areas?: readonly Area[];
  /** Includes allowed beneath this one (`include=name.child`). */
  includes?: Record<string, IncludeDef<never>>;
  load(ctx: RouteContext, parents: P[], name: string, nested: IncludeTree): Promise<void>;
}

type Key = string | number;

/** Loads the nested includes of already loaded rows. */
async function loadNested(
  ctx: RouteContext,
  defs: Record<string, IncludeDef<never>> | undefined,
  rows: unknown[],
  tree: IncludeTree,
) {
  if (!rows.length) return;
  for (const [name, sub] of Object.entries(tree)) {
    const def = defs?.[name];
    if (!def) throw new Error(`include ${name} was validated but is not declared`);
    await (def as IncludeDef<unknown>).load(ctx, rows, name, sub);
  }
}

/**
 * A to-one include: each item carries the key of one related row (`item.propertyId` → `item.property`), or null.
 *
 *   property: belongsTo({ key: (e) => e.propertyId, load: (ctx, ids) => loadProperties(ctx.tx, ids) })
 */
export function belongsTo<P, R extends object>(opts: {
  key: (parent: P) => Key | null | undefined;
  load: (ctx: RouteContext, keys: Key[]) => Promise<R[]>;
  /** The related row's key; defaults to its `id`. */
  id?: (row: R) => Key;
  includes?: Record<string, IncludeDef<NoInfer<R>>>;
  description?: string;
  areas?: readonly Area[];
}): IncludeDef<P> {
  const idOf = opts.id ?? ((r: R) => (r as unknown as { id: Key }).id);
  return {
    description: opts.description,
    areas: opts.areas,
    includes: opts.includes,
    async load(ctx, parents, name, nested) {
      const keys = new Map<string, Key>();
      for (const p of parents) {
        const k = opts.key(p);
        if (k !== null && k !== undefined) keys.set(String(k), k);
      }
      const rows = keys.size ? await opts.load(ctx, [...keys.values()]) : [];
      await loadNested(ctx, this.includes, rows, nested);
      const byKey = new Map(rows.map((r) => [String(idOf(r)), r]));
      for (const p of parents) {
        const k = opts.key(p);
        (p as Record<string, unknown>)[name] =
          k === null || k === undefined ? null : (byKey.get(String(k)) ?? null);
      }
    },
  };
}

/**
 * A to-many include: rows that point at the item (`vehicle.residentId` → `resident.vehicles`), as an array.
 *
 *   vehicles: hasMany({ key: (r) => r.id, foreignKey: (v) => v.residentId, load: (ctx, ids) => ... })
 */
export function hasMany<P, R extends object>(opts: {
  /** The item's own key the related rows point at; defaults to its `id`. */
  key?: (parent: P) => Key;
  foreignKey: (row: R) => Key | null;
  load: (ctx: RouteContext, keys: Key[]) => Promise<R[]>;
  includes?: Record<string, IncludeDef<NoInfer<R>>>;
  description?: string;
  areas?: readonly Area[];
}): IncludeDef<P> {
  const keyOf = opts.key ?? ((p: P) => (p as unknown as { id: Key }).id);
  return {
    description: opts.description,
    areas: opts.areas,
    includes: opts.includes,
    async load(ctx, parents, name, nested) {
      const keys = new Map<string, Key>();
      for (const p of parents) keys.set(String(keyOf(p)), keyOf(p));
      const rows = keys.size ? await opts.load(ctx, [...keys.values()]) : [];
      await loadNested(ctx, this.includes, rows, nested);
      const byKey = new Map<string, R[]>();
      for (const r of rows) {
        const fk = opts.foreignKey(r);
        if (fk === null) continue;
        let list = byKey.get(String(fk));
        if (!list) byKey.set(String(fk), (list = []));
        list.push(r);
      }
      for (const p of parents) (p as Record<string, unknown>)[name] = byKey.get(String(keyOf(p))) ?? [];
    },
  };
}

/** Dates become ISO strings: what a row looks like in JSON. */
export type Serialized<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

function serializeDates<T extends Record<string, unknown>>(row: T): Serialized<T> {
  const out: Record<string, unknown> = {};
  for (const k in row) {
    const v = row[k];
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out as Serialized<T>;
}

export interface ListResourceDef<TSel extends SelectedFields, TItem> {
  /** The table the rows come from. */
  table: PgTable;
  /** The columns of each row: a Drizzle selection. */
  select: TSel;
  /** Joins applied to both the count and the page (for filters or sorts on related columns). */
  joins?: (q: PgSelect) => PgSelect;
  /** The application's own scoping (row-level security is the backstop), e.g. the tenant's property. */
  scope?: (ctx: RouteContext) => SQL | undefined;
  filters?: Record<string, FilterDef>;
  /**
   * What `filter[term]` searches; each word of the term must match. Either columns (case-insensitive substring of
   * any of them, ILIKE), or `{ lowercased: column }`: one column already holding the lower-cased text, e.g. a
   * generated column, matched with LIKE: one cheap comparison per row that an index-only scan can evaluate.
   */
  term?: TermDef;
  sorts: Record<string, Expr>;
  /** e.g. '-createdAt' or ['name', '-id'] */
  defaultSort: string | string[];
  /** A unique column appended to every order so pages never overlap; defaults to the table's `id`. */
  tiebreak?: Column;
  includes?: Record<string, IncludeDef<NoInfer<TItem>>>;
  /** Row → item; by default the row with dates as ISO strings. */
  serialize?: (row: SelectResultFields<TSel>) => TItem;
  /**
   * Large tables: find the page's keys first (an index-only scan when an index holds the filters and the sort,
   * stopping after the page), then read only those rows.
   */
  keysFirst?: boolean;
  /** Whether `all=1` is accepted (default true; large logs say false). */
  allowAll?: boolean;
  /** Rows `all=1` may return before the request is refused (default ALL_MAX). */
  maxAll?: number;
}

/** A list query after validation. */
export interface ParsedListQuery {
  where: SQL[];
  orderBy: SQL[];
  sort: string[];
  page: number;
  pageSize: number;
  all: boolean;
  include: IncludeTree;
}

export interface ListOptions {
  /** Extra conditions of this route (e.g. only deleted rows). */
  where?: SQL;
  /** Query-string parameters this route reads itself; the engine leaves them alone. */
  extraParams?: readonly string[];
  /** The raw query string; defaults to the request's. */
  query?: string;
}

export interface ListResource<TItem> {
  readonly def: ListResourceDef<SelectedFields, TItem>;
  /** The documented (loose) query-string schema of this list, for the route's OpenAPI entry. */
  readonly querystring: z.ZodType;
  /** Validates a raw query string; throws a 400 HttpError naming the offending parameter. */
  parse(raw: string | URLSearchParams, q: ListParseContext, extraParams?: readonly string[]): ParsedListQuery;
  /** Runs the list in the request's transaction: `{ data, meta: { page, pageSize, total, lastPage } }`. */
  list(ctx: RouteContext, opts?: ListOptions): Promise<ListResponse<TItem>>;
}

const PARAM_NAMES = ['page', 'pageSize', 'sort', 'include', 'all'] as const;

/** Optional documented string parameter that never fails schema validation: the engine validates it. */
const param = (description: string) => z.string().optional().catch(undefined).describe(description);

/** The list parameters every list endpoint accepts (resources add their `filter[...]` keys). */
export const listQuerySchema = z
  .object({
    'filter[term]': param('Case-insensitive search; every word must match one of the searched columns'),
    include: param('Related data to embed, comma-separated; nested with dots (a,b.c)'),
    sort: param('Sort fields, comma-separated; a leading minus sorts descending (-createdAt,name)'),
    page: param(`Page number, from ${DEFAULT_PAGE}`),
    pageSize: param(`Rows per page, default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}`),
    all: param('1 returns every row without paging'),
  })
  .loose();

/** A 400 for a malformed list parameter: the message and the field map name the parameter. */
export function listValueError(
  q: ListParseContext,
  field: string,
  key: string,
  params?: Record<string, string | number>,
): HttpError {
  const reason: FieldMessage = { key, params };
  return new HttpError(
    400,
    'errors.invalidListValue',
    { field, reason: t(q.lang, key, params) },
    { [field]: [reason] },
  );
}

type ListKind = 'filter' | 'sort' | 'include' | 'parameter';

function unknownField(
  q: ListParseContext,
  kind: ListKind,
  field: string,
  allowed: string[],
  param: string,
): HttpError {
  return new HttpError(
    400,
    'errors.unknownListField',
    { kind: t(q.lang, `errors.listKind.${kind}`), field, allowed: allowed.length ? allowed.join(', ') : '-' },
    { [param]: [{ key: 'validation.unknownField' }] },
  );
}

const inArea = (x: { areas?: readonly Area[] }, area: Area) => !x.areas || x.areas.includes(area);

function splitValues(q: ListParseContext, param: string, raw: string): string[] {
  const values = raw
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (values.length > MAX_FILTER_VALUES)
    throw listValueError(q, param, 'validation.maxItems', { max: MAX_FILTER_VALUES });
  for (const v of values)
    if (v.length > MAX_VALUE_LENGTH)
      throw listValueError(q, param, 'validation.max', { max: MAX_VALUE_LENGTH });
  return values;
}

function positiveInt(q: ListParseContext, param: string, raw: string, max?: number): number {
  if (!/^\d{1,9}$/.test(raw)) throw listValueError(q, param, 'validation.integer');
  const n = Number(raw);
  if (n < 1) throw listValueError(q, param, 'validation.minValue', { min: 1 });
  if (max !== undefined && n > max) throw listValueError(q, param, 'validation.maxValue', { max });
  return n;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * An ISO date (a UTC day) or date-time (UTC unless it carries an offset). The range is inclusive at both ends:
 * a date-only upper bound reaches the end of its day.
 */
function parseDate(q: ListParseContext, param: string, raw: string): { at: Date; dateOnly: boolean } {
  const dateOnly = DATE_ONLY.test(raw);
  if (dateOnly || DATE_TIME.test(raw)) {
    const iso = dateOnly ? `${raw}T00:00:00Z` : raw.replace(' ', 'T');
    const at = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(iso) ? iso : `${iso}Z`);
    // Impossible days (2026-02-30) roll over in JavaScript: the calendar day must survive the round trip.
    const day = raw.slice(0, 10);
    const probe = new Date(`${day}T00:00:00Z`);
    if (!Number.isNaN(at.getTime()) && !Number.isNaN(probe.getTime()) && probe.toISOString().startsWith(day))
      return { at, dateOnly };
  }
  throw listValueError(q, param, 'validation.date');
}

function filterCondition(q: ListParseContext, param: string, def: FilterDef, raw: string): SQL | undefined {
  if (def.type === 'dateRange') {
    const parts = raw.split(',').map((s) => s.trim());
    if (parts.length > 2) throw listValueError(q, param, 'validation.dateRangeFormat');
    const [fromRaw = '', toRaw = ''] = parts;
    const from = fromRaw ? parseDate(q, param, fromRaw).at : undefined;
    const to = toRaw ? parseDate(q, param, toRaw) : undefined;
    const column = col(def.column);
    const upper = to
      ? to.dateOnly
        ? lt(column, new Date(to.at.getTime() + 86_400_000))
        : lte(column, to.at)
      : undefined;
    if (from && to && from > to.at) throw listValueError(q, param, 'validation.dateRangeOrder');
    return and(from ? gte(column, from) : undefined, upper);
  }
  const values = splitValues(q, param, raw);
  if (!values.length) return undefined;
  if (def.type === 'custom') return def.where(values, q);
  if (def.type === 'boolean') {
    if (values.length !== 1) throw listValueError(q, param, 'validation.boolean');
    const v = values[0]!.toLowerCase();
    if (!['1', '0', 'true', 'false'].includes(v)) throw listValueError(q, param, 'validation.boolean');
    return eq(col(def.column), v === '1' || v === 'true');
  }
  const wantsNull = def.nullable === true && values.includes('null');
  const given = wantsNull ? values.filter((v) => v !== 'null') : values;
  let list: (string | number)[] = given;
  if (def.type === 'number') {
    list = given.map((v) => {
      if (!/^-?\d{1,15}$/.test(v)) throw listValueError(q, param, 'validation.integer');
      return Number(v);
    });
  } else if (def.type === 'enum') {
    for (const v of given)
      if (!def.values.includes(v)) throw listValueError(q, param, 'validation.invalidSelection');
  }
  const match = !list.length
    ? undefined
    : list.length === 1
      ? eq(col(def.column), list[0])
      : inArray(col(def.column), list);
  if (!wantsNull) return match;
  return match ? or(match, isNull(col(def.column))) : isNull(col(def.column));
}

/** `a.b` and `a` → { a: { b: {} } }, every segment checked against the declared includes. */
function parseIncludes(
  q: ListParseContext,
  raw: string,
  declared: Record<string, IncludeDef<never>> | undefined,
): IncludeTree {
  const tree: IncludeTree = {};
  for (const path of splitValues(q, 'include', raw)) {
    let node = tree;
    let defs = declared;
    for (const seg of path.split('.')) {
      const def = defs && Object.hasOwn(defs, seg) ? defs[seg] : undefined;
      if (!def || !inArea(def, q.area))
        throw unknownField(q, 'include', path, includePaths(declared, q.area), 'include');
      node = node[seg] ??= {};
      defs = def.includes;
    }
  }
  return tree;
}

/** Every include path the resource allows in the area (`user`, `user.role`, …), for error messages and docs. */
function includePaths(
  defs: Record<string, IncludeDef<never>> | undefined,
  area: Area | null,
  depth = 0,
): string[] {
  if (!defs || depth > 4) return [];
  const out: string[] = [];
  for (const [name, def] of Object.entries(defs)) {
    if (area && !inArea(def, area)) continue;
    out.push(name, ...includePaths(def.includes, area, depth + 1).map((p) => `${name}.${p}`));
  }
  return out;
}

function parseSort(q: ListParseContext, raw: string, sorts: Record<string, Expr>, param = 'sort'): string[] {
  const fields = splitValues(q, param, raw);
  const seen = new Set<string>();
  for (const f of fields) {
    const name = f.startsWith('-') ? f.slice(1) : f.startsWith('+') ? f.slice(1) : f;
    if (!Object.hasOwn(sorts, name)) throw unknownField(q, 'sort', name, Object.keys(sorts), param);
    if (seen.has(name)) throw listValueError(q, param, 'validation.listRepeated');
    seen.add(name);
  }
  return fields.map((f) => (f.startsWith('+') ? f.slice(1) : f));
}

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * What `filter[term]` searches: columns (case-insensitive substring), a column already lower-cased on write (one
 * LIKE, served by a trigram index), and plate columns holding normalised plates: a word typed as a plate is shown
 * (`BZP-4471`, `bzp 4471`) is normalised the same way (normalizePlate) before it is looked for there.
 */
export type TermDef =
  | Expr[]
  | {
      columns?: Expr[];
      lowercased?: Expr;
      plates?: Expr[];
      /**
       * The platform's word index (platform/db/search-words.ts): the entity's name there and the list's id column.
       * Each word of the term must be a substring of a word of the row's indexed text; found by index under RLS.
       */
      words?: { entity: string; key: Expr };
    };
const termParts = (term: TermDef) => (Array.isArray(term) ? { columns: term } : term);
const hasTerm = (term: TermDef | undefined) => {
  if (!term) return false;
  const t = termParts(term);
  return !!(t.columns?.length || t.lowercased || t.plates?.length || t.words);
};

function termCondition(q: ListParseContext, raw: string, def: TermDef): SQL | undefined {
  const term = raw.trim();
  if (!term) return undefined;
  if (term.length > MAX_VALUE_LENGTH)
    throw listValueError(q, 'filter[term]', 'validation.max', { max: MAX_VALUE_LENGTH });
  const words = term.split(/\s+/).slice(0, MAX_TERM_WORDS);
  const { columns = [], lowercased, plates = [], words: indexed } = termParts(def);
  if (indexed) {
    // Through the word index: every letter-and-digit token of every word (`kenji.chen` → kenji, chen), at once.
    const tokens = [...new Set(words.flatMap(termTokens))];
    return tokens.length ? wordMatch(indexed.entity, indexed.key, tokens) : sql`false`;
  }
  return and(
    ...words.map((w) => {
      const pattern = `%${escapeLike(w)}%`;
      const plate = normalizePlate(w);
      return or(
        ...columns.map((c) => ilike(col(c), pattern)),
        ...(lowercased ? [sql`${lowercased} like lower(${pattern})`] : []),
        ...(plate ? plates.map((c) => sql`${c} like ${`%${plate}%`}`) : []),
      );
    }),
  );
}

function describeFilter(name: string, f: FilterDef): string {
  const syntax =
    f.type === 'dateRange'
      ? 'from,to (ISO dates or date-times; either end optional; a date-only end includes that day, UTC)'
      : f.type === 'boolean'
        ? '1 or 0'
        : f.type === 'enum'
          ? `any of: ${f.values.join(', ')}${f.nullable ? ', null' : ''}`
          : `comma-separated ${f.type === 'number' ? 'integers' : 'values'}${'nullable' in f && f.nullable ? '; null matches a missing value' : ''}`;
  const areas = f.areas ? ` Only in the ${f.areas.join(' and ')} area.` : '';
  return `${f.description ? `${f.description}. ` : ''}Filter ${name}: ${syntax}.${areas}`;
}

/**
 * Declares what a list allows. Example (binnacle):
 *
 *   export const binnacleList = defineListResource({
 *     table: binnacle,
 *     select: { id: binnacle.id, entity: binnacle.entity, createdAt: binnacle.createdAt, ... },
 *     scope: (ctx) => (ctx.property ? eq(binnacle.propertyId, ctx.property.id) : undefined),
 *     filters: {
 *       entity: { type: 'string', column: binnacle.entity },
 *       createdAt: { type: 'dateRange', column: binnacle.createdAt },
 *       propertyId: { type: 'number', column: binnacle.propertyId, nullable: true, areas: ['central'] },
 *     },
 *     term: [binnacle.entity, binnacle.action, binnacle.userName],   // or { lowercased: binnacle.search }
 *     sorts: { createdAt: binnacle.createdAt, entity: binnacle.entity },
 *     defaultSort: '-createdAt',
 *     includes: { property: propertyInclude(), user: belongsTo({ load, key, includes: { role } }) },
 *   });
 *
 *   defineRoute({ method: 'GET', url: '/binnacle', ..., schema: { querystring: binnacleList.querystring },
 *     handler: (ctx) => binnacleList.list(ctx) });
 */
export function defineListResource<TSel extends SelectedFields, TItem = Serialized<SelectResultFields<TSel>>>(
  def: ListResourceDef<TSel, TItem>,
): ListResource<TItem> {
  const filters = def.filters ?? {};
  const includes = def.includes;
  const tiebreakColumn =
    def.tiebreak ?? (getTableColumns(def.table) as Record<string, Column | undefined>).id;
  if (!tiebreakColumn) throw new Error('defineListResource: the table has no id column; declare tiebreak');
  const tiebreak = tiebreakColumn as PgColumn;
  if (Object.hasOwn(filters, 'term'))
    throw new Error('defineListResource: "term" is reserved for filter[term]');
  const defaultSort = (Array.isArray(def.defaultSort) ? def.defaultSort : [def.defaultSort]).map((s) =>
    s.replace(/^\+/, ''),
  );
  for (const s of defaultSort)
    if (!Object.hasOwn(def.sorts, s.replace(/^[-+]/, '')))
      throw new Error(`defineListResource: default sort ${s} is not a declared sort`);

  const { 'filter[term]': termParam, all: allParam, ...common } = listQuerySchema.shape;
  const querystring = z
    .object({
      ...common,
      ...(hasTerm(def.term) ? { 'filter[term]': termParam } : {}),
      ...Object.fromEntries(
        Object.entries(filters).map(([name, f]) => [`filter[${name}]`, param(describeFilter(name, f))]),
      ),
      sort: param(
        `Comma-separated, minus for descending. Allowed: ${Object.keys(def.sorts).join(', ')}. Default: ${defaultSort.join(',')}`,
      ),
      include: param(
        `Comma-separated, nested with dots. Allowed: ${includePaths(includes, null).join(', ') || 'none'}`,
      ),
      ...(def.allowAll === false ? {} : { all: allParam }),
    })
    .loose();

  function parse(
    raw: string | URLSearchParams,
    q: ListParseContext,
    extraParams: readonly string[] = [],
  ): ParsedListQuery {
    const params =
      typeof raw === 'string' ? new URLSearchParams(raw.startsWith('?') ? raw.slice(1) : raw) : raw;
    const seen = new Set<string>();
    const values = new Map<string, string>();
    const filterNames = Object.keys(filters).filter((n) => inArea(filters[n]!, q.area));
    const allowedFilters = hasTerm(def.term) ? [...filterNames, 'term'] : filterNames;
    const allowedParams = [
      ...PARAM_NAMES.filter((p) => p !== 'all' || def.allowAll !== false),
      ...allowedFilters.map((f) => `filter[${f}]`),
    ];
    for (const [key, value] of params) {
      if (extraParams.includes(key)) continue;
      if (seen.has(key)) throw listValueError(q, key, 'validation.listRepeated');
      seen.add(key);
      const m = /^filter\[(.*)\]$/.exec(key);
      if (m) {
        if (!allowedFilters.includes(m[1]!)) throw unknownField(q, 'filter', m[1]!, allowedFilters, key);
      } else if (!allowedParams.includes(key)) {
        throw unknownField(q, 'parameter', key, allowedParams, key);
      }
      if (value.trim() !== '') values.set(key, value);
    }

    const where: SQL[] = [];
    for (const name of filterNames) {
      const raw = values.get(`filter[${name}]`);
      if (raw === undefined) continue;
      const cond = filterCondition(q, `filter[${name}]`, filters[name]!, raw);
      if (cond) where.push(cond);
    }
    const term = values.get('filter[term]');
    if (term !== undefined && def.term && hasTerm(def.term)) {
      const cond = termCondition(q, term, def.term);
      if (cond) where.push(cond);
    }

    const sortRaw = values.get('sort');
    const sort = sortRaw !== undefined ? parseSort(q, sortRaw, def.sorts) : defaultSort;
    const orderBy = sort.map((s) =>
      s.startsWith('-') ? desc(col(def.sorts[s.slice(1)]!)) : asc(col(def.sorts[s]!)),
    );
    // The tiebreak follows the direction of the first sort, so a (…, created_at, id) index serves both.
    orderBy.push(sort[0]?.startsWith('-') ? desc(tiebreak) : asc(tiebreak));

    const allRaw = values.get('all');
    let all = false;
    if (allRaw !== undefined) {
      if (!['1', '0', 'true', 'false'].includes(allRaw.toLowerCase()))
        throw listValueError(q, 'all', 'validation.boolean');
      all = allRaw === '1' || allRaw.toLowerCase() === 'true';
    }
    const pageRaw = values.get('page');
    const sizeRaw = values.get('pageSize');
    const page = pageRaw !== undefined ? positiveInt(q, 'page', pageRaw.trim()) : DEFAULT_PAGE;
    const pageSize =
      sizeRaw !== undefined ? positiveInt(q, 'pageSize', sizeRaw.trim(), MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
    const includeRaw = values.get('include');
    const include = includeRaw !== undefined ? parseIncludes(q, includeRaw, includes) : {};
    return { where, orderBy, sort, page, pageSize, all, include };
  }

  async function list(ctx: RouteContext, opts: ListOptions = {}): Promise<ListResponse<TItem>> {
    const raw = opts.query ?? ctx.req.url.split('?').slice(1).join('?');
    const parsed = parse(raw, { area: ctx.area, lang: ctx.lang }, opts.extraParams);
    const where = and(def.scope?.(ctx), opts.where, ...parsed.where);
    const base = () => {
      const q = ctx.tx.select(def.select).from(def.table).$dynamic();
      return def.joins ? def.joins(q as unknown as PgSelect) : (q as unknown as PgSelect);
    };
    const maxAll = def.maxAll ?? ALL_MAX;
    const limit = parsed.all ? maxAll + 1 : parsed.pageSize;
    const offset = parsed.all ? 0 : (parsed.page - 1) * parsed.pageSize;
    let page: PgSelect;
    if (def.keysFirst) {
      let keys = ctx.tx.select({ key: tiebreak }).from(def.table).$dynamic() as unknown as PgSelect;
      if (def.joins) keys = def.joins(keys);
      keys = keys
        .where(where)
        .orderBy(...parsed.orderBy)
        .limit(limit)
        .offset(offset);
      // The scope again on the outer query: a tenant table's key is (property_id, id), and without property_id the
      // planner cannot use it to fetch the page's rows (100,000 residents scanned for 50).
      page = base()
        .where(and(def.scope?.(ctx), inArray(tiebreak, keys)))
        .orderBy(...parsed.orderBy);
    } else {
      page = base()
        .where(where)
        .orderBy(...parsed.orderBy)
        .limit(limit)
        .offset(offset);
    }
    const rows = (await page) as SelectResultFields<TSel>[];
    if (parsed.all && rows.length > maxAll)
      throw new HttpError(
        400,
        'errors.listTooLarge',
        { max: maxAll },
        { all: [{ key: 'errors.listTooLarge', params: { max: maxAll } }] },
      );

    let total: number;
    if (
      parsed.all ||
      (rows.length > 0 && rows.length < parsed.pageSize) ||
      (parsed.page === 1 && rows.length === 0)
    ) {
      // The page itself tells the total: no count query.
      total = offset + rows.length;
    } else {
      let cq = ctx.tx
        .select({ total: sql<number>`count(*)::int` })
        .from(def.table)
        .$dynamic() as unknown as PgSelect;
      if (def.joins) cq = def.joins(cq);
      const [c] = (await cq.where(where)) as { total: number }[];
      total = Number(c?.total ?? 0);
    }

    const data = rows.map((r) =>
      def.serialize ? def.serialize(r) : (serializeDates(r as Record<string, unknown>) as TItem),
    );
    await loadNested(ctx, includes, data, parsed.include);
    const pageSize = parsed.all ? rows.length : parsed.pageSize;
    return {
      data,
      meta: {
        page: parsed.all ? 1 : parsed.page,
        pageSize,
        total,
        lastPage: parsed.all || total === 0 ? 1 : Math.ceil(total / parsed.pageSize),
      },
    };
  }

  return { def: def as unknown as ListResourceDef<SelectedFields, TItem>, querystring, parse, list };
}
