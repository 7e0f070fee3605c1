import { makesCatalog } from '@parkade/contract';
import { defineCatalog } from '../../platform/catalog';
import { makes } from './table';

export const makesService = defineCatalog({
  resource: 'makes',
  table: makes,
  contract: makesCatalog,
  // A make is deleted only once it has no models (their rows would lose their make).
  referencedBy: { models_make_id_makes_id_fk: 'catalogs.makes.hasModels' },
});
export const makesRoutes = makesService.routes;
