import { permitTypesCatalog } from '@parkade/contract';
import { defineCatalog } from '../../platform/catalog';
import { HttpError } from '../../platform/errors';
import { permitTypes } from './table';

export const permitTypesService = defineCatalog({
  resource: 'permit-types',
  table: permitTypes,
  contract: permitTypesCatalog,
  // System types keep their ids for good (type 2 is the reserved-spot permit): they may be renamed, not deleted.
  beforeDelete(_ctx, row) {
    if (row.builtIn) throw new HttpError(409, 'catalogs.permit-types.system');
  },
});
export const permitTypesRoutes = permitTypesService.routes;
