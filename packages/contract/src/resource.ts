import type { Area } from './constants';
import type { OptionsDecl } from './options';

/**
 * A resource declares itself once, here in the contract: its permission prefix and actions, the web routes and
 * the action each needs, its navigation entries and the audited entities it writes with the page that shows one
 * record. The registry (`registry.ts`) lists the declarations; the permission catalogue, the route → permission
 * table, the navigation and the audit log's entities are derived from it, never kept by hand.
 */
export type NavSection = 'overview' | 'account' | 'property' | 'catalogs' | 'administration';

export const NAV_SECTIONS: readonly NavSection[] = [
  'overview',
  'account',
  'property',
  'catalogs',
  'administration',
];

/** A navigation entry; its icon is the web app's (features/shell/nav.ts keys icons by path). */
export interface NavEntry {
  path: string;
  section: NavSection;
  /** Translation keys. */
  label: string;
  description: string;
  /** Only in these areas (default: both). */
  areas?: readonly Area[];
}

export interface ResourceDef<N extends string = string, A extends string = string> {
  /** The permission prefix (`banned-vehicles.index`), also the API collection's name. */
  name: N;
  /** The actions a role may be given: `name.action` are the permissions. */
  actions: readonly A[];
  /**
   * The web routes (TanStack-style paths, `$param`) and the action each needs; null marks a route SPEC names as
   * open (SPEC §2.4).
   */
  routes?: Readonly<Record<string, A | null>>;
  /** Its entries in the navigation, in order. */
  nav?: readonly NavEntry[];
  /**
   * The areas its pages exist in (default: both). Elsewhere its routes are not found: a property's address has no
   * /properties page, whatever the visitor's permissions, rather than a page whose calls do not exist there.
   */
  areas?: readonly Area[];
  /** The audit-log entities (SQL table names) its writes record, and where one record is shown (`{id}`). */
  audited?: Readonly<Record<string, { record?: string }>>;
  /**
   * The lists its forms pick from (a visitor's make), each with the actions whose holders may read it: served as
   * GET /<name>/options/<source> under the form's own permission (options.ts; issue 36 §3, decision 0039).
   */
  options?: OptionsDecl<A>;
}

/**
 * Declares a resource (keeps its literal names for the derived types). Marked free of side effects: a bundle that
 * takes only a list declaration from a resource's file (a route's search rules) leaves the declaration out.
 */
/*@__NO_SIDE_EFFECTS__*/
export function defineResource<
  const N extends string,
  const A extends string,
  const D extends ResourceDef<N, A>,
>(def: D & ResourceDef<N, A>): D {
  return def;
}

export const CRUD = ['index', 'create', 'show', 'edit', 'delete'] as const;

/**
 * The list, create, show and edit pages of a collection at `/base` with its id param, each needing the action of
 * the same name; `extra` adds pages under `/base/$param/…`.
 */
/*@__NO_SIDE_EFFECTS__*/
export function crudPages<const X extends Record<string, string | null> = Record<never, never>>(
  base: string,
  param: string,
  extra?: X,
) {
  return {
    [`/${base}`]: 'index',
    [`/${base}/create`]: 'create',
    [`/${base}/$${param}/show`]: 'show',
    [`/${base}/$${param}/edit`]: 'edit',
    ...Object.fromEntries(Object.entries(extra ?? {}).map(([k, v]) => [`/${base}/$${param}/${k}`, v])),
  } as Record<string, 'index' | 'create' | 'show' | 'edit' | X[keyof X]>;
}

/** A navigation entry whose label and description are `shell.nav.<key>` and `shell.nav.<key>.description`. */
export const navEntry = /*@__NO_SIDE_EFFECTS__*/ <const P extends string>(
  section: NavSection,
  path: P,
  key: string,
  extra: Partial<Omit<NavEntry, 'path'>> = {},
): NavEntry & { path: P } => ({
  section,
  path,
  label: `shell.nav.${key}`,
  description: `shell.nav.${key}.description`,
  ...extra,
});
