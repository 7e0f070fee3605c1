import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../constants';
import { defineResource, CRUD, crudPages, type NavEntry, type ResourceDef } from '../resource';
/**
 * What every global catalog (zones, states, tows, warnings, reasons, permit types, request types, makes, models)
 * shares: a code, a name, the item shape and the list query. A catalog's own contract file adds only its own fields
 * (`catalogBody({ county: ... })`) and list names (`catalogListQuery({ filters: ['county'] })`); the server
 * factory (apps/server/src/platform/catalog.ts) and the web forms take the same schemas. Messages are
 * translation keys (see issueToMessage).
 */
export const CATALOG_CODE_MAX = 50;
export const CATALOG_NAME_MAX = 255;
/**
 * A catalog entry's place in lists and pickers (issue 36 §13): optional, 1 to CATALOG_POSITION_MAX. Entries with a
 * place come first, in that order ("First warning", "Second warning", "Final warning"); the others follow by name.
 */
export const CATALOG_POSITION_MAX = 9999;

/**
 * A catalog entry's name per language (issue 36 §9, decision 0039): `name` is the default name (required, in the
 * default language), `names` holds the others an admin typed ({ es: 'Residente', zh: '住户' }). A reader sees
 * the name in their language, else the default name.
 */
export const CATALOG_NAME_LANGUAGES = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE) as Exclude<
  Language,
  'en'
>[];
export type CatalogNameLanguage = (typeof CATALOG_NAME_LANGUAGES)[number];
export type CatalogNames = Partial<Record<CatalogNameLanguage, string>>;

/** A catalog entry's name in a language: its name there when it has one, else its default name. */
export function catalogName(entry: { name: string; names?: CatalogNames | null }, lang: Language): string {
  const own = lang === DEFAULT_LANGUAGE ? undefined : entry.names?.[lang as CatalogNameLanguage];
  return own?.trim() ? own : entry.name;
}

/** The catalogs, by their resource name: the API path (/zones), the permission prefix (zones.index). */
export const CATALOG_RESOURCES = [
  'zones',
  'states',
  'tows',
  'warnings',
  'reasons',
  'permit-types',
  'request-types',
  'makes',
  'models',
] as const;
export type CatalogResource = (typeof CATALOG_RESOURCES)[number];

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

export const CATALOG_FILTERS = ['code', 'name'] as const;
export const CATALOG_SORTS = ['position', 'code', 'name', 'createdAt', 'id'] as const;

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
    // The order given to entries first, then the name (issue 36 §13).
    defaultSort: 'position,name',
  };
}

/**
 * A catalog's resource: its permissions, its pages under /catalog (SPEC §2.4 names those of permit types, states
 * and tows open), its navigation entry and its audited table.
 */
function catalogResource<const N extends string, const T extends string>(
  name: N,
  param: string,
  table: T,
  open = false,
): Omit<ResourceDef<N, (typeof CRUD)[number]>, 'audited' | 'nav'> & {
  nav: readonly (NavEntry & { path: `/catalog/${N}` })[];
  audited: Record<T, { record: string }>;
} {
  const pages = crudPages(`catalog/${name}`, param);
  return defineResource({
    name,
    actions: CRUD,
    routes: open ? Object.fromEntries(Object.keys(pages).map((k) => [k, null])) : pages,
    nav: [
      {
        section: 'catalogs',
        path: `/catalog/${name}` as const,
        label: `catalogs.${name}.title`,
        description: `shell.nav.catalog.${name}.description`,
      },
    ],
    audited: { [table]: { record: `/catalog/${name}/{id}/show` } } as Record<T, { record: string }>,
  });
}

/** Models: a model's make is picked on its form (its options read, decision 0039 §3). */
export const modelsResource = {
  ...catalogResource('models', 'modelId', 'models'),
  options: { makes: ['create', 'edit'] },
} as const;

export const catalogResources = [
  catalogResource('zones', 'zoneId', 'zones'),
  catalogResource('states', 'stateId', 'states', true),
  catalogResource('tows', 'towId', 'tows', true),
  catalogResource('warnings', 'warningId', 'warnings'),
  catalogResource('reasons', 'reasonId', 'reasons'),
  catalogResource('permit-types', 'permitTypeId', 'permit_types', true),
  catalogResource('request-types', 'requestTypeId', 'request_types'),
  catalogResource('makes', 'makeId', 'makes'),
  modelsResource,
] as const;
