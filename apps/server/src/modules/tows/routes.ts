import { towsCatalog } from '@parkade/contract';
import { defineCatalog } from '../../platform/catalog';
import { tows } from './table';

export const towsService = defineCatalog({
  resource: 'tows',
  table: tows,
  contract: towsCatalog,
  // PUT replaces every field: a date left out is cleared.
  async values(_ctx, body) {
    return {
      code: body.code,
      name: body.name,
      names: body.names,
      position: body.position,
      towAuthorizationDate: body.towAuthorizationDate ?? null,
      readyToTowAt: body.readyToTowAt ? new Date(body.readyToTowAt) : null,
    };
  },
});
export const towsRoutes = towsService.routes;
