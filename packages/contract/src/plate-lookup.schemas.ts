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

export const plateLookupSchema = z.object({
  /** The plate typed, normalised. */
  plate: z.string(),
  /** When the answer was true (the server's clock). */
  checkedAt: z.string(),
  matches: z.array(plateLookupMatchSchema),
});
export type PlateLookup = z.infer<typeof plateLookupSchema>;

/**
 * The verdict of the plate itself in a lookup (its exact or confusable match, not a near plate's): `none` when it
 * was not found, null without a lookup. What an observation's lookup said of its plate, wherever it is shown.
 */
export function ownVerdict(lookup: PlateLookup | null): PlateVerdict | null {
  if (!lookup) return null;
  return lookup.matches.find((m) => m.match !== 'near')?.verdict ?? 'none';
}
