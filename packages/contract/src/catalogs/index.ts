import { defineResource, CRUD, crudPages, type NavEntry, type ResourceDef } from '../resource';
import { makesCatalog } from './makes';
import { modelsCatalog } from './models';
import { permitTypesCatalog } from './permit-types';
import { reasonsCatalog } from './reasons';
import { statesCatalog } from './states';
import { towsCatalog } from './tows';
import { warningsCatalog } from './warnings';
import { zonesCatalog } from './zones';

export * from './catalog';
export * from './makes';
export * from './models';
export * from './permit-types';
export * from './reasons';
export * from './states';
export * from './tows';
export * from './warnings';
export * from './zones';

/** Every catalog's contract by resource name: what generic catalog screens iterate over. */
export const CATALOGS = {
  zones: zonesCatalog,
  states: statesCatalog,
  tows: towsCatalog,
  warnings: warningsCatalog,
  reasons: reasonsCatalog,
  'permit-types': permitTypesCatalog,
  makes: makesCatalog,
  models: modelsCatalog,
} as const;

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

export const catalogResources = [
  catalogResource('zones', 'zoneId', 'zones'),
  catalogResource('states', 'stateId', 'states', true),
  catalogResource('tows', 'towId', 'tows', true),
  catalogResource('warnings', 'warningId', 'warnings'),
  catalogResource('reasons', 'reasonId', 'reasons'),
  catalogResource('permit-types', 'permitTypeId', 'permit_types', true),
  catalogResource('makes', 'makeId', 'makes'),
  catalogResource('models', 'modelId', 'models'),
] as const;
