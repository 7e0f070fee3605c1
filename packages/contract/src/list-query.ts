import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/** Query-string parameters of every list endpoint (SPEC §7, DESIGN §5). */
export interface ListQuery {
  filter?: Record<string, string[]>;
  term?: string;
  include?: string[];
  sort?: string[];
  page?: number;
  pageSize?: number;
  all?: boolean;
}

export interface ListMeta {
  page: number;
  pageSize: number;
  total: number;
  lastPage: number;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

export const LIST_DEFAULTS = { page: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE, maxPageSize: MAX_PAGE_SIZE };

/** Serialises a list query the way the API reads it: filter[name]=a,b&filter[term]=x&include=a,b.c&sort=-x */
export function toSearchParams(q: ListQuery): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q.filter ?? {})) if (v.length) p.set(`filter[${k}]`, v.join(','));
  if (q.term) p.set('filter[term]', q.term);
  if (q.include?.length) p.set('include', q.include.join(','));
  if (q.sort?.length) p.set('sort', q.sort.join(','));
  if (q.page !== undefined) p.set('page', String(q.page));
  if (q.pageSize !== undefined) p.set('pageSize', String(q.pageSize));
  if (q.all) p.set('all', '1');
  return p;
}
