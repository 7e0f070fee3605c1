import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type Language,
  type ListResponse,
} from '@parkade/contract';
import { and, asc, type Column, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { z } from 'zod';
import { HttpError } from './errors';
import type { Scope } from './scope';
import {
  ALL_MAX,
  type Expr,
  col,
  type FilterDef,
  type ListParseContext,
  PARAM_NAMES,
  param,
  listQuerySchema,
  listValueError,
  unknownField,
  inArea,
  positiveInt,
  filterCondition,
  parseSort,
  type TermDef,
  hasTerm,
  termCondition,
  termParts,
  describeFilter,
} from './list/parse';
import { type IncludeTree, type IncludeDef, loadNested, parseIncludes, includePaths } from './list/includes';

/**
 * The one list-query engine (DESIGN §5). Every list endpoint declares what it allows with
 * `defineListResource` and answers with `resource.list(ctx, queryOf(ctx.req))`:
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

export {
  ALL_MAX,
  listQuerySchema,
  listValueError,
  type FilterDef,
  type ListParseContext,
  type TermDef,
} from './list/parse';
export { belongsTo, hasMany, rowsByIds, type IncludeDef, type IncludeTree } from './list/includes';

/** A sort: an expression, or one built for the request's language. */
export type SortDef = Expr | ((lang: Language) => Expr);
const sortExpr = (def: SortDef, lang: Language): Expr => (typeof def === 'function' ? def(lang) : def);

/** The window count's column of a page (a name no resource selects). */
const TOTAL = '__list_total';

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
  /**
   * Columns that read in the request's language (a catalog's name in the reader's language, issue 36 §9), added
   * to `select`; `serialize` finds them on the row under their names.
   */
  selectInLanguage?: (lang: Language) => SelectedFields;
  /** Joins applied to both the count and the page (for filters or sorts on related columns). */
  joins?: (q: PgSelect) => PgSelect;
  /** The application's own scoping (row-level security is the backstop), e.g. the tenant's property. */
  scope?: (ctx: Scope) => SQL | undefined;
  filters?: Record<string, FilterDef>;
  /**
   * What `filter[term]` searches; each word of the term must match. Either columns (case-insensitive substring of
   * any of them, ILIKE), or `{ lowercased: column }`: one column already holding the lower-cased text, e.g. a
   * generated column, matched with LIKE: one cheap comparison per row that an index-only scan can evaluate.
   */
  term?: TermDef;
  /** Each sort's expression, or one in the request's language (a catalog's name as the reader reads it). */
  sorts: Record<string, SortDef>;
  /** e.g. '-createdAt' or ['name', '-id'] */
  defaultSort: string | string[];
  /** A unique column appended to every order so pages never overlap; defaults to the table's `id`. */
  tiebreak?: Column;
  includes?: Record<string, IncludeDef<NoInfer<TItem>>>;
  /** Row → item; by default the row with dates as ISO strings. */
  serialize?: (row: SelectResultFields<TSel>) => TItem;
  /**
   * Large tables: find the page's keys first (an index-only scan when an index holds the filters and the sort,
   * stopping after the page), then read only those rows. Not for a word-index term: its ids are read anyway.
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
  /** Whether filter[term] narrows the list: the page then carries the total (see list). */
  term: boolean;
}

export interface ListOptions {
  /** Extra conditions of this route (e.g. only deleted rows). */
  where?: SQL;
  /** Query-string parameters this route reads itself; the engine leaves them alone. */
  extraParams?: readonly string[];
}

export interface ListResource<TItem> {
  readonly def: ListResourceDef<SelectedFields, TItem>;
  /** The documented (loose) query-string schema of this list, for the route's OpenAPI entry. */
  readonly querystring: z.ZodType;
  /** Validates a raw query string; throws a 400 HttpError naming the offending parameter. */
  parse(raw: string | URLSearchParams, q: ListParseContext, extraParams?: readonly string[]): ParsedListQuery;
  /** Runs the list in the request's transaction: `{ data, meta: { page, pageSize, total, lastPage } }`. */
  /** One page for the raw query string of a request (`queryOf(ctx.req)`) or of a job. */
  list(ctx: Scope, query: string, opts?: ListOptions): Promise<ListResponse<TItem>>;
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
 *     handler: (ctx) => binnacleList.list(ctx, queryOf(ctx.req)) });
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
    let searched = false;
    if (term !== undefined && def.term && hasTerm(def.term)) {
      const cond = termCondition(q, term, def.term);
      if (cond) where.push(cond);
      searched = !!cond;
    }

    const sortRaw = values.get('sort');
    const sort = sortRaw !== undefined ? parseSort(q, sortRaw, def.sorts) : defaultSort;
    const orderBy = sort.map((s) =>
      s.startsWith('-')
        ? desc(col(sortExpr(def.sorts[s.slice(1)]!, q.lang)))
        : asc(col(sortExpr(def.sorts[s]!, q.lang))),
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
    return { where, orderBy, sort, page, pageSize, all, include, term: searched };
  }

  async function list(ctx: Scope, raw: string, opts: ListOptions = {}): Promise<ListResponse<TItem>> {
    const parsed = parse(raw, { area: ctx.area, lang: ctx.lang }, opts.extraParams);
    const where = and(def.scope?.(ctx), opts.where, ...parsed.where);
    /** The rows' query, with the window count's column when there is one. */
    const select = def.selectInLanguage ? { ...def.select, ...def.selectInLanguage(ctx.lang) } : def.select;
    const base = (total?: SQL.Aliased) => {
      const q = ctx.tx
        .select(total ? { ...select, [TOTAL]: total } : select)
        .from(def.table)
        .$dynamic();
      return def.joins ? def.joins(q as unknown as PgSelect) : (q as unknown as PgSelect);
    };
    const maxAll = def.maxAll ?? ALL_MAX;
    const limit = parsed.all ? maxAll + 1 : parsed.pageSize;
    const offset = parsed.all ? 0 : (parsed.page - 1) * parsed.pageSize;
    // A term's matches are all found before they are sorted (the word index answers a set), and a count would
    // find them again: the page counts them as it goes (a window count, before the limit) — 15–20 ms less for a
    // term matching 5,000 residents of 50,000. Without a term the page may stop early along an index while
    // the count reads on; the count stays a query of its own then, and only when the page does not tell the total.
    const counted = parsed.term && !parsed.all;
    const windowTotal = sql<number>`count(*) over ()`.mapWith(Number).as(TOTAL);
    // A term through the word index gives the page a set of ids, each read from the table either way: keys first
    // would read the page's rows twice and plan the joins twice (a third fewer searches per second for residents).
    const keysFirst = def.keysFirst && !(parsed.term && def.term && termParts(def.term).words);
    let page: PgSelect;
    if (keysFirst) {
      let keys = ctx.tx
        .select({ key: tiebreak, ...(counted ? { total: windowTotal } : {}) })
        .from(def.table)
        .$dynamic() as unknown as PgSelect;
      if (def.joins) keys = def.joins(keys);
      const found = keys
        .where(where)
        .orderBy(...parsed.orderBy)
        .limit(limit)
        .offset(offset)
        .as('list_keys');
      const { key: foundKey, total: foundTotal } = found as unknown as { key: PgColumn; total?: SQL.Aliased };
      // The scope again on the outer query: a tenant table's key is (property_id, id), and without property_id the
      // planner cannot use it to fetch the page's rows (100,000 residents scanned for 50).
      page = base(foundTotal)
        .innerJoin(found, eq(tiebreak, foundKey))
        .where(def.scope?.(ctx))
        .orderBy(...parsed.orderBy);
    } else {
      page = base(counted ? windowTotal : undefined)
        .where(where)
        .orderBy(...parsed.orderBy)
        .limit(limit)
        .offset(offset);
    }
    const counts = (await page) as (SelectResultFields<TSel> & { [TOTAL]?: number })[];
    const pageTotal = counted && counts.length ? Number(counts[0]![TOTAL]) : undefined;
    const rows = (
      counted
        ? counts.map((row) => {
            const { [TOTAL]: _total, ...rest } = row;
            return rest;
          })
        : counts
    ) as SelectResultFields<TSel>[];
    if (parsed.all && rows.length > maxAll)
      throw new HttpError(
        400,
        'errors.listTooLarge',
        { max: maxAll },
        { all: [{ key: 'errors.listTooLarge', params: { max: maxAll } }] },
      );

    let total: number;
    if (pageTotal !== undefined) {
      total = pageTotal;
    } else if (
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
