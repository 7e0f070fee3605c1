import type { CatalogResource } from '@parkade/contract';
import type { ResourceScreens } from '../../ui/resource-screens';
import { models } from './models';
import { makes, permitTypes, reasons, requestTypes, states, warnings } from './simple';
import { tows } from './tows';
import { zones } from './zones';

/** Every catalog's screens by resource name (the route files pick theirs). */
export const catalogs: Record<CatalogResource, ResourceScreens> = {
  zones,
  states,
  tows,
  warnings,
  reasons,
  'permit-types': permitTypes,
  'request-types': requestTypes,
  makes,
  models,
};
