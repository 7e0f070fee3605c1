import type { CounterKey } from './dashboard';
import { defineResource, navEntry } from './resource';

/** The counters of each property on the patrolling screen, in this order. */
export const PATROLLING_COUNTER_KEYS = ['residents', 'staffUsers'] as const satisfies readonly CounterKey[];

/**
 * The four location statuses of a patrol check-in (SPEC §4), decided by the server from the position the browser
 * gave and the property's coordinates (decision 0027):
 * - `no-gps`: no position was given (permission denied, or the device has no geolocation) — refused;
 * - `no-coordinates`: the property has no coordinates — allowed, and flagged on the check-in and its report;
 * - `valid`: within the property's `checkInRadiusMeters` — allowed;
 * - `out-of-range`: farther than that — refused.
 */
export const CHECK_IN_LOCATION_STATUSES = ['no-gps', 'no-coordinates', 'valid', 'out-of-range'] as const;
export type CheckInLocationStatus = (typeof CHECK_IN_LOCATION_STATUSES)[number];
/** The statuses a stored check-in can have: the other two are refused (and audited as refused attempts). */
export const CHECK_IN_ALLOWED_STATUSES = [
  'valid',
  'no-coordinates',
] as const satisfies CheckInLocationStatus[];

/** Why the browser gave no position (the SPEC §8 message each shows). */
export const GEOLOCATION_FAILURES = ['permission-denied', 'unavailable'] as const;
export type GeolocationFailure = (typeof GEOLOCATION_FAILURES)[number];

/** At most this many photos per observation (the upload policy's file-list limit). */
export const OBSERVATION_PHOTOS_MAX = 5;
export const OBSERVATION_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const OBSERVATION_NOTES_MAX = 2000;
export const OBSERVATION_PLACE_MAX = 255;

/**
 * What a patrol officer reads of a property only during a round there (issue 18, decision 0027): the property's
 * vehicles, permits, visitors, spots, bans and residents, and the plate lookup. A holder of `patrolling.check-in`
 * without `patrolling.off-round` (the built-in parking inspector) is answered 409 "check in first" on these reads
 * unless their open check-in is at the request's property; staff who do not patrol, and managers (who hold
 * `off-round`), read as their role says.
 */
export const ROUND_READ_RESOURCES = [
  'vehicles',
  'permits',
  'visitors',
  'spots',
  'banned-vehicles',
  'residents',
] as const;

/**
 * Whether the holder of these permissions is a patrol officer bound to their round (decision 0027): they hold
 * `patrolling.check-in` without `patrolling.off-round`.
 */
export function readsOnRound(permissions: readonly string[]): boolean {
  return permissions.includes('patrolling.check-in') && !permissions.includes('patrolling.off-round');
}

/** Whether a route of this access needs the caller's open check-in at the property (see ROUND_READ_RESOURCES). */
export function readsDuringRoundOnly(permissions: readonly string[], access: string): boolean {
  if (!readsOnRound(permissions)) return false;
  if (access === 'patrolling.lookup') return true;
  return (ROUND_READ_RESOURCES as readonly string[]).includes(access.split('.')[0]!);
}

/**
 * Patrolling (SPEC §2.5, issue 18): property selection (central), check-in and check-out at a property, the plate
 * lookup, and the observations an officer records during a check-in (`observe`).
 */
export const patrollingResource = defineResource({
  name: 'patrolling',
  actions: ['index', 'check-in', 'check-out', 'lookup', 'observe', 'off-round'],
  routes: { '/patrolling': 'index', '/plate-lookup': 'lookup' },
  nav: [
    navEntry('overview', '/patrolling', 'patrolling'),
    navEntry('property', '/plate-lookup', 'plateLookup'),
  ],
  audited: {
    patrol_check_ins: {},
    patrol_observations: {},
  },
});
