import { requestTypesCatalog } from '@parkade/contract';
import { defineCatalog } from '../../platform/catalog';
import { HttpError } from '../../platform/errors';
import { requestTypes } from './table';

export const requestTypesService = defineCatalog({
  resource: 'request-types',
  table: requestTypes,
  contract: requestTypesCatalog,
  // System types keep their ids for good (type 1 is the permit asked for): they may be renamed, not deleted.
  beforeDelete(_ctx, row) {
    if (row.builtIn) throw new HttpError(409, 'catalogs.request-types.system');
  },
});
export const requestTypesRoutes = requestTypesService.routes;
