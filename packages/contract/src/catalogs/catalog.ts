import { z } from 'zod';

/**
 * What every global catalog (zones, states, tows, warnings, reasons, permit types, makes, models) shares: a code,
 * a name, the item shape and the list query. A catalog's own contract file adds only its own fields
 * (`catalogBody({ county: ... })`) and list names (`catalogListQuery({ filters: ['county'] })`); the server
 * factory (apps/server/src/platform/catalog.ts) and the web forms take the same schemas. Messages are
 * translation keys (see issueToMessage).
 */
export const CATALOG_CODE_MAX = 50;
export const CATALOG_NAME_MAX = 255;

/** The catalogs, by their resource name: the API path (/zones), the permission prefix (zones.index). */
export const CATALOG_RESOURCES = [
  'zones',
  'states',
  'tows',
  'warnings',
  'reasons',
  'permit-types',
  'makes',
  'models',
] as const;
export type CatalogResource = (typeof CATALOG_RESOURCES)[number];

/** Required text, trimmed: a blank value is "required", a long one "at most {{max}} characters". */
export const requiredText = (max: number) => z.string().trim().min(1, 'validation.required').max(max);

export const codeField = requiredText(CATALOG_CODE_MAX);

/**
 * A code from a name: lower case, accents dropped, every run of other characters than a-z and 0-9 turned into
 * one dash, no dash at either end, at most `max` characters. Empty when nothing is left (a name in Chinese).
 */
export function slugCode(name: string, max = CATALOG_CODE_MAX): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
export const nameField = requiredText(CATALOG_NAME_MAX);

/** Code and name, plus the catalog's own fields (which may replace code or name). Used for create and update. */
export function catalogBody<const S extends z.ZodRawShape = Record<never, never>>(extra?: S) {
  return z.object({ code: codeField, name: nameField }).extend((extra ?? {}) as S);
}

const itemBase = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A catalog row as the API answers it (dates as ISO strings), plus the catalog's own columns and includes. */
export function catalogItem<const S extends z.ZodRawShape = Record<never, never>>(extra?: S) {
  return itemBase.extend((extra ?? {}) as S);
}

export const CATALOG_FILTERS = ['code', 'name'] as const;
export const CATALOG_SORTS = ['code', 'name', 'createdAt', 'id'] as const;

/**
 * The names a catalog's list accepts (filter[...], sort, include); anything else is a 400. Code and name filters
 * match ignoring case; filter[term] searches code and name (and what a catalog adds, e.g. a zone's county).
 */
export interface CatalogListQuery<F extends string, S extends string, I extends string> {
  filters: readonly F[];
  sorts: readonly S[];
  includes: readonly I[];
  defaultSort: string;
}

export function catalogListQuery<
  const F extends string = never,
  const S extends string = never,
  const I extends string = never,
>(
  extra: { filters?: readonly F[]; sorts?: readonly S[]; includes?: readonly I[] } = {},
): CatalogListQuery<(typeof CATALOG_FILTERS)[number] | F, (typeof CATALOG_SORTS)[number] | S, I> {
  return {
    filters: [...CATALOG_FILTERS, ...(extra.filters ?? [])],
    sorts: [...CATALOG_SORTS, ...(extra.sorts ?? [])],
    includes: [...(extra.includes ?? [])],
    defaultSort: 'name',
  };
}

/** Everything one catalog's contract file declares, for generic screens (list, form, show) on the web. */
export interface CatalogContract<
  R extends CatalogResource,
  B extends z.ZodType,
  T extends z.ZodType,
  L extends CatalogListQuery<string, string, string>,
> {
  resource: R;
  /** API path under either area's prefix. */
  path: `/${R}`;
  /** Translation keys: the screen title (plural) and one item. */
  titleKey: `catalogs.${R}.title`;
  itemKey: `catalogs.${R}.one`;
  /** The create and update body (PUT replaces every field). */
  body: B;
  item: T;
  list: L;
}

export function catalogContract<
  R extends CatalogResource,
  B extends z.ZodType,
  T extends z.ZodType,
  L extends CatalogListQuery<string, string, string>,
>(resource: R, parts: { body: B; item: T; list: L }): CatalogContract<R, B, T, L> {
  return {
    resource,
    path: `/${resource}`,
    titleKey: `catalogs.${resource}.title`,
    itemKey: `catalogs.${resource}.one`,
    ...parts,
  };
}
