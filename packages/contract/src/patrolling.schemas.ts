import { z } from 'zod';
import { counterSchema } from './dashboard.schemas';

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
