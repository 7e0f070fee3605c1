import { z } from 'zod';
import { COUNTER_KEYS, WAITING_KEYS, type WaitingKey } from './dashboard';
import { idSchema } from './form-data.schemas';

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

/**
 * `GET /dashboard/waiting`: what waits for the signed-in user, one item per kind they may open and act on (WAITING),
 * in WAITING's order, zero counts included; an empty list when none is theirs.
 */
export const waitingResponse = z.object({
  items: z.array(
    z.object({
      key: z.enum(WAITING_KEYS as [WaitingKey, ...WaitingKey[]]),
      count: z.number().int().nonnegative(),
    }),
  ),
});
export type WaitingResponse = z.infer<typeof waitingResponse>;
