import { reasonsCatalog } from '@parkade/contract';
import { defineCatalog } from '../../platform/catalog';
import { reasons } from './table';

export const reasonsService = defineCatalog({
  resource: 'reasons',
  table: reasons,
  contract: reasonsCatalog,
});
export const reasonsRoutes = reasonsService.routes;
