import { statesCatalog } from '@parkade/contract';
import { defineCatalog } from '../../platform/catalog';
import { states } from './table';

export const statesService = defineCatalog({ resource: 'states', table: states, contract: statesCatalog });
export const statesRoutes = statesService.routes;
