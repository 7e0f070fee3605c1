import { defineResource, navEntry } from './resource';

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

/** The dashboard and the home page (SPEC §2.2): the home page is open to everyone signed in. */
export const dashboardResource = defineResource({
  name: 'dashboard',
  actions: ['index'],
  routes: { '/': null, '/dashboard': 'index' },
  nav: [navEntry('overview', '/', 'home'), navEntry('overview', '/dashboard', 'dashboard')],
});
