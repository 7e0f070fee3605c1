/*
 * A form's pickers read their options under the form's own permission (issue 36 §3, decision 0039): a form that
 * references another resource's rows (a visitor's resident, make and model) does not send its users to that
 * resource's list, which their role may not read. Its resource declares, per source, which of its actions use the
 * picker (`options` in defineResource); the server serves each as
 *
 *   GET /<resource>/options/<source>?filter[term]=&filter[id]=&filter[<parent>]=&page=&pageSize=
 *
 * to whoever holds any of those permissions, answering `{ data: [{ id, label, detail }], meta }` — id and label
 * (plus a line that tells two alike apart), tenant-scoped, searchable, a page at a time.
 */

export interface OptionSourceDef {
  /** 'property': a property's rows (centrally, those of the selected property, X-Property); 'global': a catalog. */
  scope: 'property' | 'global';
  /** Fields of the form that narrow the options (a make's models): `filter[<name>]`. */
  filters: readonly string[];
}

/** Every list a form may pick from, with what narrows it. */
export const OPTION_SOURCES = {
  residents: { scope: 'property', filters: [] },
  units: { scope: 'property', filters: ['residentId', 'buildingId'] },
  buildings: { scope: 'property', filters: [] },
  floors: { scope: 'property', filters: ['buildingId'] },
  vehicles: { scope: 'property', filters: ['residentId'] },
  spots: { scope: 'property', filters: [] },
  /** The property's active staff who work requests (REQUEST_WORKER_PERMISSIONS): a request's assignee. */
  'request-workers': { scope: 'property', filters: [] },
  makes: { scope: 'global', filters: [] },
  models: { scope: 'global', filters: ['makeId'] },
  states: { scope: 'global', filters: [] },
  reasons: { scope: 'global', filters: [] },
  'permit-types': { scope: 'global', filters: [] },
  'request-types': { scope: 'global', filters: [] },
  zones: { scope: 'global', filters: [] },
  warnings: { scope: 'global', filters: [] },
  tows: { scope: 'global', filters: [] },
} as const satisfies Record<string, OptionSourceDef>;
export type OptionSource = keyof typeof OPTION_SOURCES;
export const OPTION_SOURCE_NAMES = Object.keys(OPTION_SOURCES) as OptionSource[];

/** A resource's option reads: per source, the actions whose holders may read it (its form's actions). */
export type OptionsDecl<A extends string = string> = Readonly<Partial<Record<OptionSource, readonly A[]>>>;

/** The path of a form's options read, relative to the area's API (`/visitors/options/makes`). */
export const optionsPath = (resource: string, source: OptionSource) => `/${resource}/options/${source}`;

/** The permissions that let a user read a resource's options of one source: any of them. */
export function optionsPermissions(
  resource: { name: string; options?: OptionsDecl },
  source: OptionSource,
): string[] {
  return (resource.options?.[source] ?? []).map((a) => `${resource.name}.${a}`);
}

/**
 * What a form's picker reads (web): a declared options read. Built only by `optionsRead`, so a form can pick only
 * from a source its resource declares; the type keeps the resource and source for the parent filters.
 */
export interface OptionsRead<S extends OptionSource = OptionSource> {
  readonly path: string;
  readonly source: S;
}

/** The options read of a resource's form for a source it declares (a type error for one it does not). */
export function optionsRead<
  const R extends { name: string; options: OptionsDecl },
  const S extends keyof R['options'] & OptionSource,
>(resource: R, source: S): OptionsRead<S> {
  return { path: optionsPath(resource.name, source), source };
}
