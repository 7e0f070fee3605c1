import { z } from 'zod';
import { counterSchema } from './dashboard.schemas';
import { PATROL_REPORT_SUMMARY_MAX } from './patrol-reports';
import {
  CHECK_IN_LOCATION_STATUSES,
  GEOLOCATION_FAILURES,
  OBSERVATION_NOTES_MAX,
  OBSERVATION_PLACE_MAX,
} from './patrolling';
import { PLATE_VERDICTS } from './plate-lookup';
import { lookupData, lookupVerdictSchema, plateLookupSchema } from './plate-lookup.schemas';
import { displayPlate, normalizePlate, PLATE_MAX } from './vehicles';

/** One property a patrol officer can pick (`GET /patrolling/properties`, central). */
export const patrollingPropertySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  zone: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  timezone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  counters: z.array(counterSchema),
});
export type PatrollingProperty = z.infer<typeof patrollingPropertySchema>;

const coordinate = (min: number, max: number) =>
  z.coerce
    .number({ error: 'validation.numeric' })
    .min(min, 'validation.format')
    .max(max, 'validation.format');

/**
 * A position as the browser gave it, or why it gave none (`failure`). Without both coordinates the check-in's
 * status is `no-gps` and it is refused with the SPEC §8 message of the failure.
 */
export const positionBody = z.object({
  latitude: coordinate(-90, 90).nullish(),
  longitude: coordinate(-180, 180).nullish(),
  accuracy: z.coerce.number().min(0).max(1_000_000).nullish(),
  failure: z.enum(GEOLOCATION_FAILURES).nullish(),
});
export type PositionBody = z.input<typeof positionBody>;

/** POST /patrolling/check-out: the position at check-out (optional) and the round's summary for its report. */
export const checkOutBody = positionBody.extend({
  summary: z.string().trim().max(PATROL_REPORT_SUMMARY_MAX).nullish(),
});
export type CheckOutBody = z.input<typeof checkOutBody>;

export const checkInSchema = z.object({
  id: z.number().int(),
  /** The round's property; its times are shown in its zone (`timezone`). */
  property: z.object({ id: z.number().int(), code: z.string(), name: z.string(), timezone: z.string() }),
  userName: z.string(),
  checkedInAt: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  distanceMeters: z.number().int().nullable(),
  radiusMeters: z.number().int(),
  locationStatus: z.enum(CHECK_IN_LOCATION_STATUSES),
  checkedOutAt: z.string().nullable(),
  checkoutLatitude: z.number().nullable(),
  checkoutLongitude: z.number().nullable(),
  checkoutDistanceMeters: z.number().int().nullable(),
  observations: z.number().int(),
  reportId: z.number().int().nullable(),
});
export type CheckIn = z.infer<typeof checkInSchema>;

/** GET /patrolling/check-ins/active: the signed-in officer's open check-in, wherever it is, or null. */
export const activeCheckInSchema = z.object({ checkIn: checkInSchema.nullable() });
export type ActiveCheckIn = z.infer<typeof activeCheckInSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/**
 * POST /patrolling/observations (multipart: these fields and up to OBSERVATION_PHOTOS_MAX `photos`). `clientKey`
 * is the phone's idempotency key (a UUID made when the officer saved it): sent again, the observation already
 * stored is answered, unchanged. `observedAt` is when it was taken (offline, earlier than it arrives), never in the
 * future. At least a plate, a spot, a place or notes.
 */
export const observationBody = z
  .object({
    clientKey: z.uuid('validation.format'),
    /** The check-in it was taken in (an observation sent late, after check-out, still belongs to its round). */
    checkInId: z.coerce.number().int().positive().nullish(),
    /** The verdict the phone showed (offline), compared with the server's at arrival. */
    shownVerdict: z.enum(PLATE_VERDICTS).nullish(),
    plate: z
      .string()
      .trim()
      .max(PLATE_MAX)
      .refine((p) => !p || normalizePlate(p).length >= 2, 'vehicles.plateFormat')
      .nullish()
      .transform((v) => (v ? displayPlate(v) : null)),
    spotId: z.coerce.number().int().positive().nullish(),
    place: optionalText(OBSERVATION_PLACE_MAX),
    notes: optionalText(OBSERVATION_NOTES_MAX),
    observedAt: z.iso.datetime({ offset: true, error: 'validation.date' }).nullish(),
  })
  .refine((b) => b.plate || b.spotId || b.place || b.notes, {
    message: 'patrol.observationEmpty',
    path: ['plate'],
  });
export type ObservationBody = z.input<typeof observationBody>;

export const observationPhotoSchema = z.object({ id: z.number().int(), name: z.string(), size: z.number() });

export const observationSchema = z.object({
  id: z.number().int(),
  checkInId: z.number().int(),
  clientKey: z.string(),
  userName: z.string(),
  plate: z.string().nullable(),
  spot: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  place: z.string().nullable(),
  notes: z.string().nullable(),
  observedAt: z.string(),
  createdAt: z.string(),
  lookup: plateLookupSchema.nullable(),
  photos: z.array(observationPhotoSchema),
  /** The verdict the phone showed when it was taken offline, when it differs from the server's at arrival. */
  changedFrom: lookupVerdictSchema.nullable(),
  /** Answered for a clientKey already stored (sent twice): nothing new was stored. */
  duplicate: z.boolean(),
});
export type Observation = z.infer<typeof observationSchema>;

/** GET /patrolling/offline-data: the property's plates for the phone's offline lookup (offline-lookup.ts). */
export const offlineLookupSchema = z
  .object({
    propertyId: z.number().int(),
    generatedAt: z.string(),
    today: z.string(),
    plates: z.array(
      z.object({
        p: z.string(),
        b: z.string().optional(),
        // The permit: status, last day, spot, and its first day when it is still ahead (approved for later).
        r: z
          .union([
            z.tuple([z.string(), z.string().nullable(), z.string().nullable()]),
            z.tuple([z.string(), z.string().nullable(), z.string().nullable(), z.string()]),
          ])
          .optional(),
        x: z.tuple([z.string(), z.string()]).optional(),
      }),
    ),
  })
  .register(lookupData, { what: "the offline copy of the property's plates" });
