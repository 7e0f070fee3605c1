import { listResponseSchema, patrollingPropertySchema } from '@parkade/contract';
import { defineRoute, queryOf } from '../../platform/http';
import { patrollingPropertiesList } from './service';

export const patrollingRoutes = [
  defineRoute({
    method: 'GET',
    url: '/patrolling/properties',
    areas: ['central'],
    access: 'patrolling.index',
    tags: ['patrolling'],
    summary:
      'The active properties a patrol officer can pick, with their zone and counters ([{ key, value }], label ' +
      'dashboard.counters.<key>). filter[term] searches name, code, city and address; filter[zoneId]; sorts ' +
      'name, code, city.',
    schema: {
      querystring: patrollingPropertiesList.querystring,
      response: { 200: listResponseSchema(patrollingPropertySchema) },
    },
    handler: (ctx) => patrollingPropertiesList.list(ctx, queryOf(ctx.req)),
  }),
];
