import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type Area,
  type Language,
  normalizePlate,
} from '@parkade/contract';
import { and, type Column, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { termTokens, wordMatch } from '../db/search-words';
import { HttpError, type FieldMessage } from '../errors';
import { t } from '../i18n';

/** The list engine's parsing: parameters, filters, sorts and the term, checked into SQL conditions (400 otherwise). */

/** Rows `all=1` may return before the request is refused (ask for pages instead). */
export const ALL_MAX = 5000;
/** Values one filter may list. */
export const MAX_FILTER_VALUES = 100;
/** Length of one filter value and of the search term. */
export const MAX_VALUE_LENGTH = 255;
export const MAX_TERM_WORDS = 8;

export type Expr = Column | SQL;
/** Drizzle's operators are overloaded per operand kind; one cast spares every call site the union. */
export const col = (e: Expr) => e as Column;

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
      /**
       * What `null` matches instead, where a stored value stands for it: a property_id of a table both areas
       * write, whose central rows carry CENTRAL_AREA_ID (decision 0057).
       */
      nullStored?: number;
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

export const PARAM_NAMES = ['page', 'pageSize', 'sort', 'include', 'all'] as const;

/** Optional documented string parameter that never fails schema validation: the engine validates it. */
export const param = (description: string) => z.string().optional().catch(undefined).describe(description);

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

export type ListKind = 'filter' | 'sort' | 'include' | 'parameter';

export function unknownField(
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

export const inArea = (x: { areas?: readonly Area[] }, area: Area) => !x.areas || x.areas.includes(area);

export function splitValues(q: ListParseContext, param: string, raw: string): string[] {
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

export function positiveInt(q: ListParseContext, param: string, raw: string, max?: number): number {
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
export function parseDate(q: ListParseContext, param: string, raw: string): { at: Date; dateOnly: boolean } {
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

export function filterCondition(
  q: ListParseContext,
  param: string,
  def: FilterDef,
  raw: string,
): SQL | undefined {
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
  const none =
    'nullStored' in def && def.nullStored !== undefined
      ? eq(col(def.column), def.nullStored)
      : isNull(col(def.column));
  return match ? or(match, none) : none;
}

export function parseSort(
  q: ListParseContext,
  raw: string,
  sorts: Record<string, unknown>,
  param = 'sort',
): string[] {
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

export function escapeLike(s: string) {
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
export const termParts = (term: TermDef) => (Array.isArray(term) ? { columns: term } : term);
export const hasTerm = (term: TermDef | undefined) => {
  if (!term) return false;
  const t = termParts(term);
  return !!(t.columns?.length || t.lowercased || t.plates?.length || t.words);
};

export function termCondition(q: ListParseContext, raw: string, def: TermDef): SQL | undefined {
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

export function describeFilter(name: string, f: FilterDef): string {
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
