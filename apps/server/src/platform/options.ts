import type { Language, OptionItem } from '@parkade/contract';
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { defineListResource, type FilterDef, type ListResource, type TermDef } from './list-query';
import type { Scope } from './scope';

type Expr = Column | SQL;

/**
 * One list a form may pick from (issue 36 §3, decision 0039): id, label and an optional detail line, scoped like
 * the resource's own list, searched by `filter[term]`, narrowed by `filter[id]` (to name a value already chosen)
 * and the source's own filters, sorted by label, a page at a time (the list engine's bounds: pageSize up to
 * MAX_PAGE_SIZE; `all=1` for a short select, up to ALL_MAX).
 */
export interface OptionSourceSpec {
  table: PgTable;
  id: PgColumn;
  /** The option's text, or one in the request's language (a catalog entry's name as the reader reads it). */
  label: Expr | ((lang: Language) => Expr);
  detail?: Expr;
  joins?: (q: PgSelect) => PgSelect;
  scope?: (ctx: Scope) => SQL | undefined;
  filters?: Record<string, FilterDef>;
  term: TermDef;
  /** The order of the options (default: the label). */
  sort?: Expr | ((lang: Language) => Expr);
}

export type OptionList = ListResource<OptionItem>;

export function defineOptionSource(spec: OptionSourceSpec): OptionList {
  const { label } = spec;
  const labelIn = typeof label === 'function' ? label : () => label;
  return defineListResource({
    table: spec.table,
    select: {
      id: spec.id,
      detail: (spec.detail ? sql<string | null>`${spec.detail}` : sql<null>`null`).as('detail'),
    },
    selectInLanguage: (lang) => ({ label: sql<string>`${labelIn(lang)}`.as('label') }),
    joins: spec.joins,
    scope: spec.scope,
    filters: { id: { type: 'number', column: spec.id }, ...spec.filters },
    term: spec.term,
    sorts: { label: spec.sort ?? labelIn },
    defaultSort: 'label',
    tiebreak: spec.id,
    serialize: (row) => ({
      id: Number(row.id),
      label: String((row as { label?: string | null }).label ?? ''),
      detail: row.detail ?? null,
    }),
  });
}
