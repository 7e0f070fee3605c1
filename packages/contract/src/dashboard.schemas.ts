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

/** `GET /dashboard/overview` (central): every active property, or those of one zone (`zoneId`). */
export const overviewQuery = z.object({ zoneId: optionalId });
export type OverviewQuery = z.input<typeof overviewQuery>;

const count = z.number().int().nonnegative();
/** A status and how many rows show it; statuses with none are left out, the rest in the status order. */
const statusCounts = z.array(z.object({ status: z.string(), count }));

/**
 * The figures of a property, or summed over a zone or over everything shown: OVERVIEW_FIGURES; the spots of the
 * occupancy report (in use = assigned or reserved today) and `occupancy` = in use ÷ (spots − out of service), null
 * when no spot is usable; `permits` and `visitors` the morning charts' counts by status over their days.
 */
export const overviewFiguresSchema = z.object({
  permitsPending: count,
  permitsValid: count,
  visitorsToday: count,
  warningsThisMonth: count,
  towsThisMonth: count,
  spots: count,
  spotsInUse: count,
  spotsOutOfService: count,
  occupancy: z.number().min(0).max(1).nullable(),
  permits: statusCounts,
  visitors: statusCounts,
});
export type OverviewFigures = z.infer<typeof overviewFiguresSchema>;

export const overviewZoneSchema = overviewFiguresSchema.extend({
  /** Null: the properties in no zone. */
  id: idSchema.nullable(),
  name: z.string().nullable(),
  properties: count,
});
export type OverviewZone = z.infer<typeof overviewZoneSchema>;

export const overviewPropertySchema = overviewFiguresSchema.extend({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  zoneId: idSchema.nullable(),
  zone: z.string().nullable(),
});
export type OverviewProperty = z.infer<typeof overviewPropertySchema>;

/** Zones by name (the properties in none last), properties by zone then name, and the totals of them all. */
export const overviewResponse = z.object({
  permitDays: z.number().int().positive(),
  visitorDays: z.number().int().positive(),
  zones: z.array(overviewZoneSchema),
  properties: z.array(overviewPropertySchema),
  totals: overviewFiguresSchema.extend({ properties: count }),
});
export type OverviewResponse = z.infer<typeof overviewResponse>;
