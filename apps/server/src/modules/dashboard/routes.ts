import { countersQuery, countersResponse } from '@parkade/contract';
import { defineRoute } from '../../platform/http';
import * as dashboard from './service';

export const dashboardRoutes = [
  defineRoute({
    method: 'GET',
    url: '/dashboard/counters',
    areas: ['central', 'tenant'],
    access: 'dashboard.index',
    tags: ['dashboard'],
    summary:
      'Counters of what exists, as [{ key, value }] (label: dashboard.counters.<key>). Central: of one property ' +
      '(propertyId), of the properties of a zone (zoneId), or of everything; central users only for everything. ' +
      "Tenant: the property's own counts (the parameters are ignored).",
    schema: { querystring: countersQuery, response: { 200: countersResponse } },
    handler: (ctx, { query }) => dashboard.counters(ctx, query),
  }),
];
