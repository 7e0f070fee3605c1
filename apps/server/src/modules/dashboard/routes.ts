import {
  countersQuery,
  countersResponse,
  overviewQuery,
  overviewResponse,
  waitingResponse,
} from '@parkade/contract';
import { defineRoute } from '../../platform/http';
import { overview } from './overview';
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
  defineRoute({
    method: 'GET',
    url: '/dashboard/waiting',
    areas: ['central', 'tenant'],
    access: 'dashboard.index',
    tags: ['dashboard'],
    summary:
      'What waits for the signed-in user, as [{ key, count }] (label: dashboard.waiting.<key>): pending permits, ' +
      'pending visitors, warnings to decide, open spot reports — each only for who may open its list and act on ' +
      'it. Central: of one property (propertyId), of a zone (zoneId) or of everything; tenant: its own.',
    schema: { querystring: countersQuery, response: { 200: waitingResponse } },
    handler: (ctx, { query }) => dashboard.waiting(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/dashboard/overview',
    areas: ['central'],
    access: 'reports.index',
    tags: ['dashboard'],
    summary:
      "The central dashboard's comparison: every active property (of one zone with zoneId) with its figures — " +
      'permits pending and valid, visitor permits starting today, warnings and tows this month, spots and ' +
      'occupancy, permits of the last permitDays days and visitor permits of the last visitorDays days by status ' +
      "— each counted in the property's own days; the same summed per zone and in total",
    schema: { querystring: overviewQuery, response: { 200: overviewResponse } },
    handler: (ctx, { query }) => overview(ctx, query),
  }),
];
