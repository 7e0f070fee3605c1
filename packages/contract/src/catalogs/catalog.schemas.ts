import { z } from 'zod';
import {
  CATALOG_CODE_MAX,
  CATALOG_NAME_LANGUAGES,
  CATALOG_NAME_MAX,
  CATALOG_POSITION_MAX,
  CatalogResource,
  CatalogListQuery,
  type CatalogNames,
} from './catalog';

/** Required text, trimmed: a blank value is "required", a long one "at most {{max}} characters". */
export const requiredText = (max: number) => z.string().trim().min(1, 'validation.required').max(max);

export const codeField = requiredText(CATALOG_CODE_MAX);
export const nameField = requiredText(CATALOG_NAME_MAX);

/**
 * The names in the other languages (issue 36 §9): each optional, trimmed, at most CATALOG_NAME_MAX characters; a
 * blank one is dropped (the entry then shows its default name in that language). Absent: none.
 */
export const catalogNamesField = z
  .object(
    Object.fromEntries(
      CATALOG_NAME_LANGUAGES.map((l) => [l, z.string().trim().max(CATALOG_NAME_MAX).nullish()]),
    ) as Record<(typeof CATALOG_NAME_LANGUAGES)[number], z.ZodOptional<z.ZodNullable<z.ZodString>>>,
  )
  .default({})
  .transform((names) => Object.fromEntries(Object.entries(names).filter(([, v]) => v)) as CatalogNames);

/** The entry's place in lists (issue 36 §13): a whole number from 1, or none (null: after those with one, by name). */
export const catalogPositionField = z
  .number('validation.integer')
  .int('validation.integer')
  .min(1)
  .max(CATALOG_POSITION_MAX)
  .nullish()
  .transform((v) => v ?? null);

/**
 * Code, name and the names in other languages, plus the catalog's own fields (which may replace code or name).
 * Used for create and update.
 */
export function catalogBody<const S extends z.ZodRawShape = Record<never, never>>(extra?: S) {
  return z
    .object({ code: codeField, name: nameField, names: catalogNamesField, position: catalogPositionField })
    .extend((extra ?? {}) as S);
}

const itemBase = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The default name. */
  name: z.string(),
  /** The names in the other languages an admin typed (none: the default name is shown). */
  names: z.partialRecord(z.enum(CATALOG_NAME_LANGUAGES), z.string()),
  /** The name in the request's language (Accept-Language), else the default name: what lists and pickers show. */
  displayName: z.string(),
  /** Its place in lists and pickers (null: none, after those with one, by name). */
  position: z.number().int().nullable(),
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
