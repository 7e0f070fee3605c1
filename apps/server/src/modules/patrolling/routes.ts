import {
  listResponseSchema,
  patrollingPropertySchema,
  plateLookupQuery,
  plateLookupSchema,
} from '@parkade/contract';
import { defineRoute, queryOf } from '../../platform/http';
import { lookupPlate } from './lookup';
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
  defineRoute({
    method: 'GET',
    url: '/patrolling/lookup',
    areas: ['tenant', 'central'],
    propertyScoped: true,
    access: 'patrolling.lookup',
    tags: ['patrolling'],
    summary:
      "A plate as typed (any case, spaces, dashes) → the property's plates that match it: the exact one first, " +
      'then readings of its confusable characters (O/0, I/1, Z/2, S/5, B/8, G/6), then plates one character ' +
      'away; each with its verdict (banned, permitted, visitor, pending, expired, none), active ban, vehicle, the ' +
      'permit that decides (and whether it holds another spot than spotId) and the visitor permit that decides, ' +
      'as of this instant',
    schema: { querystring: plateLookupQuery, response: { 200: plateLookupSchema } },
    handler: (ctx, { query }) => lookupPlate(ctx, query.plate, query.spotId),
  }),
];
