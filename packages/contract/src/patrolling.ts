import type { CounterKey } from './dashboard';
import { defineResource, navEntry } from './resource';

/** The counters of each property on the patrolling screen, in this order. */
export const PATROLLING_COUNTER_KEYS = ['residents', 'staffUsers'] as const satisfies readonly CounterKey[];

/** Patrols are run from the central area (DESIGN §1); on a property's host the screen only shows its counters. */
export const patrollingResource = defineResource({
  name: 'patrolling',
  actions: ['index', 'check-in', 'check-out', 'lookup'],
  routes: { '/patrolling': 'index', '/plate-lookup': 'lookup' },
  nav: [
    navEntry('overview', '/patrolling', 'patrolling', { areas: ['central'] }),
    navEntry('property', '/plate-lookup', 'plateLookup'),
  ],
});
