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

/**
 * What waits for the signed-in staff member (issue 36, "the dashboard's first screen for a manager"): requests
 * someone must decide, each counted and linked to its list filtered on them. An item is offered only to who may
 * both open that list and act on its rows (`needs`), so no link leads to a 403 and nobody is told of work that is
 * not theirs. Label: `dashboard.waiting.<key>`. (`needs` are checked as permissions where the server reads them:
 * this file is read by the permission registry, so it does not import the Permission type.)
 */
export const WAITING = {
  permitsPending: {
    needs: ['permits.index', 'permits.approve'],
    href: '/permits',
    search: { status: 'pending' },
  },
  visitorsPending: {
    needs: ['visitors.index', 'visitors.edit'],
    href: '/visitors',
    search: { status: 'pending' },
  },
  warningsPending: {
    needs: ['permit-warnings.index', 'permit-warnings.decide'],
    href: '/permit-warnings',
    search: { status: 'pending' },
  },
  spotReportsOpen: {
    needs: ['spot-reports.index', 'spot-reports.edit'],
    href: '/spot-reports',
    search: { status: 'open' },
  },
} as const;
export type WaitingKey = keyof typeof WAITING;
export const WAITING_KEYS = Object.keys(WAITING) as WaitingKey[];

/** The dashboard and the home page (SPEC §2.2): the home page is open to everyone signed in. */
export const dashboardResource = defineResource({
  name: 'dashboard',
  actions: ['index'],
  routes: { '/': null, '/dashboard': 'index' },
  nav: [navEntry('overview', '/', 'home'), navEntry('overview', '/dashboard', 'dashboard')],
});

/**
 * The central dashboard's comparison of properties and zones (issue 38 §4, decision 0052): the property dashboard's
 * morning charts — permits created in the last OVERVIEW_PERMIT_DAYS days and visitor permits starting in the last
 * OVERVIEW_VISITOR_DAYS days, by the status they show — and the figures a central manager compares, each counted in
 * the property's own days. Label: `dashboard.overview.<key>`.
 */
export const OVERVIEW_PERMIT_DAYS = 30;
export const OVERVIEW_VISITOR_DAYS = 14;
export const OVERVIEW_FIGURES = [
  'permitsPending',
  'permitsValid',
  'visitorsToday',
  'warningsThisMonth',
  'towsThisMonth',
] as const;
export type OverviewFigure = (typeof OVERVIEW_FIGURES)[number];
/** The counts a zone's or the whole figures add up from their properties' (occupancy is derived after). */
export const OVERVIEW_SUMMED = [...OVERVIEW_FIGURES, 'spots', 'spotsInUse', 'spotsOutOfService'] as const;
