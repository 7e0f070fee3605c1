import { z } from 'zod';
import { CATALOG_CODE_MAX, CATALOG_NAME_MAX, CatalogResource, CatalogListQuery } from './catalog';

/** Required text, trimmed: a blank value is "required", a long one "at most {{max}} characters". */
export const requiredText = (max: number) => z.string().trim().min(1, 'validation.required').max(max);

export const codeField = requiredText(CATALOG_CODE_MAX);
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
