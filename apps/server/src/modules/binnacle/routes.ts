import { listResponseSchema } from '@parkade/contract';
import { defineRoute, queryOf } from '../../platform/http';
import { binnacleEntrySchema, binnacleList } from './service';

export const binnacleRoutes = [
  defineRoute({
    method: 'GET',
    url: '/binnacle',
    areas: ['central', 'tenant'],
    access: 'binnacle.index',
    tags: ['binnacle'],
    summary:
      'The audit log: who did what, when and from where. A property sees its own entries; central sees all ' +
      '(filter[propertyId]=3 or null for central-only entries). Dates: filter[createdAt]=2026-01-01,2026-01-31.',
    schema: {
      querystring: binnacleList.querystring,
      response: { 200: listResponseSchema(binnacleEntrySchema) },
    },
    handler: (ctx) => binnacleList.list(ctx, queryOf(ctx.req)),
  }),
];
