import { z } from 'zod';
import { CAREGIVER_ACTIONS, CAREGIVER_NAME_MAX, CAREGIVER_STATUSES, WEEKDAYS } from './caregivers';
import { phoneSchema } from './phone.schemas';
import { displayPlate, normalizePlate, PLATE_MAX, VEHICLE_TYPES } from './vehicles';
import { VISITOR_TEXT_MAX } from './visitors';

const optionalId = z.number().int().positive().nullish();

/** The caregiver's own fields (POST/PUT /caregivers and /my/caregivers); phones read in `country`. */
const caregiverFields = (country?: string | null) => ({
  name: z.string().trim().min(1, 'validation.required').max(CAREGIVER_NAME_MAX),
  phone: phoneSchema(country),
  plate: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(PLATE_MAX)
    .refine((p) => normalizePlate(p).length >= 2, 'vehicles.plateFormat')
    .transform(displayPlate),
  stateId: optionalId,
  makeId: optionalId,
  modelId: optionalId,
  color: z
    .string()
    .trim()
    .max(VISITOR_TEXT_MAX)
    .nullish()
    .transform((v) => v || null),
  vehicleType: z.enum(VEHICLE_TYPES, 'validation.invalidSelection').nullish(),
  /** Days of the week (0 = Sunday … 6 = Saturday), at least one; kept sorted, without repeats. */
  days: z
    .array(
      z
        .number()
        .int()
        .refine((d) => (WEEKDAYS as readonly number[]).includes(d), 'validation.invalidSelection'),
    )
    .min(1, 'caregivers.daysNeeded')
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
});

/** The resident's own body (/my/caregivers): the resident is the caller. */
export const myCaregiverBodyFor = (country?: string | null) => z.object(caregiverFields(country));
export const myCaregiverBody = myCaregiverBodyFor();
export type MyCaregiverBody = z.input<typeof myCaregiverBody>;

/** The staff body (/caregivers): names the resident. */
export const caregiverBodyFor = (country?: string | null) =>
  z.object({
    ...caregiverFields(country),
    residentId: z.number({ error: 'validation.required' }).int().positive(),
  });
export const caregiverBody = caregiverBodyFor();
export type CaregiverBody = z.input<typeof caregiverBody>;

export const caregiverActionParams = z.object({
  id: z.coerce.number().int().positive(),
  action: z.enum(CAREGIVER_ACTIONS),
});

/** What the last refused renewal said (in the reader's language) and when; null once a pass was issued after. */
export const caregiverRefusalSchema = z.object({
  message: z.string(),
  /** The translation key of the refusal (`visitors.limit.visitorLimit`, `bannedVehicles.banned`, …). */
  key: z.string(),
  at: z.string(),
});
export type CaregiverRefusal = z.infer<typeof caregiverRefusalSchema>;

export const caregiverItemSchema = z.object({
  id: z.number().int(),
  residentId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  plate: z.string(),
  plateNormalized: z.string(),
  stateId: z.number().int().nullable(),
  makeId: z.number().int().nullable(),
  modelId: z.number().int().nullable(),
  color: z.string().nullable(),
  vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  days: z.array(z.number().int()),
  status: z.enum(CAREGIVER_STATUSES),
  /** The staff actions allowed now (CAREGIVER_TRANSITIONS). */
  actions: z.array(z.enum(CAREGIVER_ACTIONS)),
  lastRefusal: caregiverRefusalSchema.nullable(),
  /** The latest pass issued (a visitor of source `caregiver`): its validity and shown status; null before any. */
  lastPass: z
    .object({
      visitorId: z.number().int(),
      permitCode: z.string().nullable(),
      validFrom: z.string().nullable(),
      validUntil: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** include=resident */
  resident: z.object({ id: z.number().int(), fullName: z.string() }).nullable().optional(),
});
export type CaregiverItem = z.infer<typeof caregiverItemSchema>;
