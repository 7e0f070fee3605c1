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
