import { z } from 'zod';
import { PLATE_MATCH_KINDS, PLATE_VERDICTS, type PlateVerdict } from './plate-lookup';
import { PERMIT_SHOWN_STATUSES } from './permits';
import { PLATE_MAX } from './vehicles';
import { VISITOR_SHOWN_STATUSES } from './visitors';

/** GET /patrolling/lookup?plate=…&spotId=… */
export const plateLookupQuery = z.object({
  plate: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(PLATE_MAX + 10),
  /** The spot the car stands in, to compare with the permit's reserved spot. */
  spotId: z.coerce.number().int().positive().optional(),
});

const named = z.object({ id: z.number().int(), name: z.string() });

/** One plate found: how it matches, the verdict, and each record that decides it. */
export const plateLookupMatchSchema = z.object({
  plate: z.string(),
  match: z.enum(PLATE_MATCH_KINDS),
  /** Characters to change from the plate typed (0 for an exact match or only confusions). */
  distance: z.number().int(),
  verdict: z.enum(PLATE_VERDICTS),
  ban: z.object({ id: z.number().int(), reason: z.string(), since: z.string() }).nullable(),
  vehicle: z
    .object({
      id: z.number().int(),
      plate: z.string(),
      make: z.string().nullable(),
      model: z.string().nullable(),
      color: z.string().nullable(),
      units: z.array(z.string()),
    })
    .nullable(),
  permit: z
    .object({
      id: z.number().int(),
      code: z.string(),
      status: z.enum(PERMIT_SHOWN_STATUSES),
      expiresOn: z.string().nullable(),
      spot: named.nullable(),
      /** A spotId was given and the permit holds another spot. */
      wrongSpot: z.boolean(),
    })
    .nullable(),
  visitor: z
    .object({
      id: z.number().int(),
      code: z.string(),
      status: z.enum(VISITOR_SHOWN_STATUSES),
      validFrom: z.string().nullable(),
      validUntil: z.string().nullable(),
      unit: z.string().nullable(),
    })
    .nullable(),
});
export type PlateLookupMatch = z.infer<typeof plateLookupMatchSchema>;

/**
 * The schemas of lookup data (decision 0038): what a plate lookup found — the verdict, the vehicle (make, model,
 * colour, units), the permit and its code, the visitor permit, the ban — answered now or kept with an observation,
 * a warning or a tow. A route whose answer holds one of these is round-only (RouteDef.roundOnly on the server): a
 * patrol officer reads it during a round at the property only; the route harness finds them by this registry.
 */
export const lookupData = z.registry<{ what: string }>();

export const plateLookupSchema = z
  .object({
    /** The plate typed, normalised. */
    plate: z.string(),
    /** When the answer was true (the server's clock). */
    checkedAt: z.string(),
    matches: z.array(plateLookupMatchSchema),
  })
  .register(lookupData, { what: 'a plate lookup' });
/**
 * A verdict the server's lookup decides (an observation's `changedFrom`: present exactly when the verdict at arrival
 * differs from the one the phone showed, so it tells the verdict now).
 */
export const lookupVerdictSchema = z
  .enum(PLATE_VERDICTS)
  .register(lookupData, { what: "a verdict of the server's lookup" });
export type PlateLookup = z.infer<typeof plateLookupSchema>;

/**
 * The verdict of the plate itself in a lookup (its exact or confusable match, not a near plate's): `none` when it
 * was not found, null without a lookup. What an observation's lookup said of its plate, wherever it is shown.
 */
export function ownVerdict(lookup: PlateLookup | null): PlateVerdict | null {
  if (!lookup) return null;
  return lookup.matches.find((m) => m.match !== 'near')?.verdict ?? 'none';
}
