import { defineResource, navEntry } from './resource';
import { z } from 'zod';
import { counterSchema, type CounterKey } from './dashboard';

/** The counters of each property on the patrolling screen, in this order. */
export const PATROLLING_COUNTER_KEYS = ['residents', 'staffUsers'] as const satisfies readonly CounterKey[];

/** One property a patrol officer can pick (`GET /patrolling/properties`, central). */
export const patrollingPropertySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  zone: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  counters: z.array(counterSchema),
});
export type PatrollingProperty = z.infer<typeof patrollingPropertySchema>;

/** Patrols are run from the central area (DESIGN §1); on a property's host the screen only shows its counters. */
export const patrollingResource = defineResource({
  name: 'patrolling',
  actions: ['index', 'check-in', 'check-out'],
  routes: { '/patrolling': 'index' },
  nav: [navEntry('overview', '/patrolling', 'patrolling', { areas: ['central'] })],
});
