import { defineResource, navEntry } from './resource';
import { z } from 'zod';
import { idSchema } from './form-data';

/**
 * The counters of the dashboard and of the patrolling screen (SPEC §2.5: "shows counters of what exists",
 * "property counters"). Keys are stable: a later module adds a counter by adding its key here, its label
 * `dashboard.counters.<key>` to translations/dashboard.json, and its definition on the server.
 */
export const COUNTER_KEYS = [
  'properties',
  'centralUsers',
  'staffUsers',
  'residents',
  'binnacleToday',
  'mailPending',
] as const;
export type CounterKey = (typeof COUNTER_KEYS)[number];

/** The translation key of a counter's label. */
export const counterLabelKey = (key: CounterKey) => `dashboard.counters.${key}` as const;

export const counterSchema = z.object({ key: z.enum(COUNTER_KEYS), value: z.number().int().nonnegative() });
export type Counter = z.infer<typeof counterSchema>;

/** An optional id in a query string: an empty value counts as absent. */
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional());

/**
 * `GET /dashboard/counters`. Central: counts of one property (`propertyId`), of the properties of one zone
 * (`zoneId`), of both conditions when both are given, or of everything. Tenant: the property's own counts; the
 * parameters are ignored.
 */
export const countersQuery = z.object({ zoneId: optionalId, propertyId: optionalId });
export type CountersQuery = z.input<typeof countersQuery>;

export const countersResponse = z.object({ counters: z.array(counterSchema) });
export type CountersResponse = z.infer<typeof countersResponse>;

/** The dashboard and the home page (SPEC §2.2): the home page is open to everyone signed in. */
export const dashboardResource = defineResource({
  name: 'dashboard',
  actions: ['index'],
  routes: { '/': null, '/dashboard': 'index' },
  nav: [navEntry('overview', '/', 'home'), navEntry('overview', '/dashboard', 'dashboard')],
});
