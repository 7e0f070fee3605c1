import { defineResource, navEntry } from './resource';

/**
 * Caregivers (decision 0024): a resident's recurring visitor — a plate and days of the week — whose visitor passes
 * renew by themselves (the scheduled job `caregiver-passes`), within the visitor limits, with no app and no link.
 * For residents without smartphones: staff can name one at the desk, the resident can in /my/caregivers.
 *
 * Statuses: `pending` (named by a resident while the property's visitor permits need approval; staff approve it
 * once), `active` (passes renew), `stopped` (no more passes; staff may start it again).
 */
export const CAREGIVER_STATUSES = ['pending', 'active', 'stopped'] as const;
export type CaregiverStatus = (typeof CAREGIVER_STATUSES)[number];

/** The staff calls that move a caregiver: POST /caregivers/{id}/{action}. */
export const CAREGIVER_ACTIONS = ['approve', 'stop'] as const;
export type CaregiverAction = (typeof CAREGIVER_ACTIONS)[number];

/** THE caregiver workflow: for each action, the statuses it may start from and the status it leads to. */
export const CAREGIVER_TRANSITIONS = {
  approve: { from: ['pending', 'stopped'], to: 'active' },
  stop: { from: ['pending', 'active'], to: 'stopped' },
} as const satisfies Record<CaregiverAction, { from: readonly CaregiverStatus[]; to: CaregiverStatus }>;

export const caregiverActionsFrom = (status: CaregiverStatus): CaregiverAction[] =>
  CAREGIVER_ACTIONS.filter((a) =>
    (CAREGIVER_TRANSITIONS[a].from as readonly CaregiverStatus[]).includes(status),
  );

/** Days of the week as JavaScript and PostgreSQL number them: 0 = Sunday … 6 = Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const CAREGIVER_NAME_MAX = 255;

/** GET /caregivers (staff; filter[residentId]) and GET /my/caregivers (the resident's own). */
export const caregiversListQuery = {
  filters: ['residentId', 'status'],
  sorts: ['name', 'createdAt'],
  includes: ['resident'],
  defaultSort: 'name',
} as const;

/**
 * No permissions of its own: staff use the visitors permissions (a caregiver's passes are visitor permits), the
 * resident their own /my/caregivers.
 */
export const caregiversResource = defineResource({
  name: 'caregivers',
  actions: [],
  nav: [navEntry('account', '/my/caregivers', 'myCaregivers')],
  audited: { caregivers: {} },
});
