import { makesCatalog } from './makes.schemas';
import { modelsCatalog } from './models.schemas';
import { permitTypesCatalog } from './permit-types.schemas';
import { reasonsCatalog } from './reasons.schemas';
import { requestTypesCatalog } from './request-types.schemas';
import { statesCatalog } from './states.schemas';
import { towsCatalog } from './tows.schemas';
import { warningsCatalog } from './warnings.schemas';
import { zonesCatalog } from './zones.schemas';

/** Every catalog's contract by resource name: what generic catalog screens iterate over. */
export const CATALOGS = {
  zones: zonesCatalog,
  states: statesCatalog,
  tows: towsCatalog,
  warnings: warningsCatalog,
  reasons: reasonsCatalog,
  'permit-types': permitTypesCatalog,
  'request-types': requestTypesCatalog,
  makes: makesCatalog,
  models: modelsCatalog,
} as const;
