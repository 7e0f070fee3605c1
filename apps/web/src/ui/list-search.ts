import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, type ListQuery } from '@parkade/contract';

/**
 * A list's state as it lives in the URL (TanStack Router search params), so that back/forward, reloads and shared
 * links show the same page of the same list:
 *
 *   ?page=2&pageSize=100&sort=-name&term=austin&makeId=3
 *
 * `page` (1-based), `pageSize`, `sort` (the API's form: comma-separated fields, `-` for descending), `term` (the
 * search box → filter[term]) and one key per declared column filter (→ filter[name], comma-separated values).
 * Defaults are left out of the URL. These functions are pure; DataTable and the route's validateSearch use them.
 */
export interface ListSearch {
  page?: number;
  pageSize?: number;
  sort?: string;
  term?: string;
  [filter: string]: string | number | undefined;
}

/** What a list accepts: the same names as the API list (contract `…ListQuery`), plus its defaults. */
export interface ListSpec {
  filters: readonly string[];
  sorts: readonly string[];
  defaultSort: string;
  include?: readonly string[];
  /** Filters holding a date range "from,to", where either end may be empty. */
  ranges?: readonly string[];
}

export const PAGE_SIZE_OPTIONS = [25, 50, 100] as const;
const RESERVED = new Set(['page', 'pageSize', 'sort', 'term']);

function positiveInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function text(v: unknown): string | undefined {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  return s ? s : undefined;
}

/** Keeps the sort fields the list allows ("-name,code"), drops the rest; undefined when none is left. */
export function cleanSort(v: unknown, sorts: readonly string[]): string | undefined {
  const s = text(v);
  if (!s) return undefined;
  const parts = s
    .split(',')
    .map((p) => p.trim())
    .filter((p) => sorts.includes(p.replace(/^-/, '')));
  return parts.length ? parts.join(',') : undefined;
}

/**
 * The route's validateSearch: whatever is in the URL → a clean ListSearch. Unknown keys, malformed numbers, sorts
 * and filters the list does not declare are dropped (the API would answer 400 for them), and defaults are left out.
 */
export function parseListSearch(
  raw: Record<string, unknown>,
  spec: Pick<ListSpec, 'filters' | 'sorts'>,
): ListSearch {
  const out: ListSearch = {};
  const page = positiveInt(raw.page);
  if (page && page !== DEFAULT_PAGE) out.page = page;
  const pageSize = positiveInt(raw.pageSize);
  if (
    pageSize &&
    pageSize !== DEFAULT_PAGE_SIZE &&
    (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize)
  )
    out.pageSize = pageSize;
  const sort = cleanSort(raw.sort, spec.sorts);
  if (sort) out.sort = sort;
  const term = text(raw.term);
  if (term) out.term = term;
  for (const name of spec.filters) {
    if (RESERVED.has(name)) continue;
    const value = text(raw[name]);
    if (value) out[name] = value;
  }
  return out;
}

/**
 * A list page's validateSearch: the list's state as the URL has it, read without the list's declaration (page, page
 * size, sort and term, and every other key's text as a filter). The screen (DataTable) reads it again against its
 * list (`parseListSearch`) and sends only what the list declares. The route does not take the declaration because
 * every route's rules sit in the app's entry file: taking each list's declaration there put every resource's
 * contract file in the sign-in page's JavaScript.
 */
export function listSearch(raw: Record<string, unknown>): ListSearch {
  const out: ListSearch = {};
  const page = positiveInt(raw.page);
  if (page && page !== DEFAULT_PAGE) out.page = page;
  const pageSize = positiveInt(raw.pageSize);
  if (
    pageSize &&
    pageSize !== DEFAULT_PAGE_SIZE &&
    (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize)
  )
    out.pageSize = pageSize;
  for (const [name, value] of Object.entries(raw)) {
    if (name === 'page' || name === 'pageSize') continue;
    const v = text(value);
    if (v) out[name] = v;
  }
  return out;
}

/** The URL state → the API's list query (SPEC §7): page and pageSize always sent, the default sort when none. */
export function toListQuery(search: ListSearch, spec: ListSpec): ListQuery {
  const filter: Record<string, string[]> = {};
  for (const name of spec.filters) {
    const value = text(search[name]);
    if (!value) continue;
    const values = value
      .split(',')
      .map((v) => v.trim())
      // A date range keeps its empty end ("2026-01-01,"); other filters drop empty values.
      .filter((v) => v !== '' || spec.ranges?.includes(name));
    if (values.some((v) => v !== '')) filter[name] = values;
  }
  const query: ListQuery = {
    page: positiveInt(search.page) ?? DEFAULT_PAGE,
    pageSize: positiveInt(search.pageSize) ?? DEFAULT_PAGE_SIZE,
    sort: (cleanSort(search.sort, spec.sorts) ?? spec.defaultSort).split(','),
  };
  const term = text(search.term);
  if (term) query.term = term;
  if (Object.keys(filter).length) query.filter = filter;
  if (spec.include?.length) query.include = [...spec.include];
  return query;
}

/**
 * The next URL state after a change: values that are empty or default are removed, and any change other than the
 * page itself goes back to page 1 (a new search or sort on page 7 would otherwise show an empty page).
 */
export function nextListSearch(current: ListSearch, patch: Partial<ListSearch>): ListSearch {
  const merged: Record<string, unknown> = { ...current, ...patch };
  const changesMoreThanPage = Object.keys(patch).some((k) => k !== 'page' && patch[k] !== current[k]);
  if (changesMoreThanPage && !('page' in patch)) delete merged.page;
  const out: ListSearch = {};
  for (const [k, v] of Object.entries(merged)) {
    if (v === undefined || v === null || v === '') continue;
    if (k === 'page' && v === DEFAULT_PAGE) continue;
    if (k === 'pageSize' && v === DEFAULT_PAGE_SIZE) continue;
    out[k] = v as string | number;
  }
  return out;
}

/** The grid's sort model ⇄ the `sort` search value (the grid sorts by one column at a time). */
export interface SortItem {
  field: string;
  sort: 'asc' | 'desc';
}

export function sortModelFromSearch(sort: string | undefined, defaultSort: string): SortItem[] {
  const first = (sort ?? defaultSort).split(',')[0]?.trim();
  if (!first) return [];
  return first.startsWith('-') ? [{ field: first.slice(1), sort: 'desc' }] : [{ field: first, sort: 'asc' }];
}

/** The grid's sort model → the `sort` value; the default sort is left out of the URL. */
export function sortFromModel(
  model: readonly { field: string; sort?: 'asc' | 'desc' | null }[],
  defaultSort: string,
) {
  const first = model.find((m) => m.sort);
  if (!first) return undefined;
  const value = first.sort === 'desc' ? `-${first.field}` : first.field;
  return value === defaultSort ? undefined : value;
}

/** A date-range filter value "from,to" (either end may be empty) ⇄ its two ends. */
export function splitRange(value: string | number | undefined): [string, string] {
  if (value === undefined || value === '') return ['', ''];
  const [from = '', to = ''] = String(value).split(',');
  return [from.trim(), to.trim()];
}

export function joinRange(
  from: string | null | undefined,
  to: string | null | undefined,
): string | undefined {
  const f = from?.trim() ?? '';
  const t = to?.trim() ?? '';
  return f || t ? `${f},${t}` : undefined;
}
