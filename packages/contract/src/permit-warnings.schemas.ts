import { z } from 'zod';
import { plateLookupSchema } from './plate-lookup.schemas';
import {
  PERMIT_WARNING_NOTE_MAX,
  PERMIT_WARNING_SHOW_ACTIONS,
  PERMIT_WARNING_STATUSES,
} from './permit-warnings';
import { CHECK_IN_LOCATION_STATUSES } from './patrolling';
import { VEHICLE_TOW_STATUSES } from './vehicle-tows';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const refId = z.number({ error: 'validation.required' }).int().positive('validation.required');

/**
 * POST /permit-warnings: an officer checked in at the property asks to place a warning on the car of one of the
 * observations of their current check-in (it must have a plate): the warning type (warnings catalog) and the
 * reason (reasons catalog), with an optional note for the staff who decide.
 */
export const permitWarningBody = z.object({
  observationId: refId,
  warningId: refId,
  reasonId: refId,
  note: optionalText(PERMIT_WARNING_NOTE_MAX),
});
export type PermitWarningBody = z.input<typeof permitWarningBody>;

/** POST /permit-warnings/:id/approve | reject | cancel: an optional note kept with the decision. */
export const permitWarningDecisionBody = z.object({ note: optionalText(PERMIT_WARNING_NOTE_MAX) });
export type PermitWarningDecisionBody = z.input<typeof permitWarningDecisionBody>;

export const enforcementPersonSchema = z
  .object({ id: z.number().int().nullable(), name: z.string() })
  .nullable();

/** A photo of the record: its file (served by the record's photo route), and when it was taken or stored. */
export const enforcementPhotoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mimeType: z.string(),
  /** When the photo was taken: the upload's time for a placement photo, the observation's time otherwise. */
  takenAt: z.string(),
  /** The warning's placement, or an observation of the plate (its id). */
  source: z.enum(['placement', 'observation']),
  observationId: z.number().int().nullable(),
});
export type EnforcementPhoto = z.infer<typeof enforcementPhotoSchema>;

/** Where a check-in was made (SPEC §4 location status), as kept on the check-in. */
export const checkInPositionSchema = z.object({
  id: z.number().int(),
  checkedInAt: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  distanceMeters: z.number().int().nullable(),
  locationStatus: z.enum(CHECK_IN_LOCATION_STATUSES),
});
export type CheckInPosition = z.infer<typeof checkInPositionSchema>;

/** The observation a warning was asked from: what the officer saw, where and when, and its photos. */
export const warningObservationSchema = z.object({
  id: z.number().int(),
  observedAt: z.string(),
  officer: z.string(),
  spotId: z.number().int().nullable(),
  spotNumber: z.string().nullable(),
  place: z.string().nullable(),
  notes: z.string().nullable(),
  photos: z.array(enforcementPhotoSchema),
});

/**
 * When a placed warning may become a tow: from `readyAt` (placement + the property's tow grace hours now), and
 * only with a photo taken at or after the placement (NO PHOTO, NO TOW).
 */
export const towCheckSchema = z.object({
  graceHours: z.number().int(),
  readyAt: z.string(),
  /** The grace time has passed (the server's clock). */
  graceOver: z.boolean(),
  /** At least one photo taken at or after the placement exists. */
  hasPhoto: z.boolean(),
});
export type TowCheck = z.infer<typeof towCheckSchema>;

export const permitWarningItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(PERMIT_WARNING_STATUSES),
  plate: z.string(),
  plateNormalized: z.string(),
  observationId: z.number().int(),
  checkInId: z.number().int(),
  warningId: z.number().int(),
  warningName: z.string(),
  reasonId: z.number().int(),
  reasonName: z.string(),
  /** The spot or place of the observation. */
  spotNumber: z.string().nullable(),
  place: z.string().nullable(),
  note: z.string().nullable(),
  requestedBy: enforcementPersonSchema,
  decidedAt: z.string().nullable(),
  decidedBy: enforcementPersonSchema,
  decisionNote: z.string().nullable(),
  placedAt: z.string().nullable(),
  placedBy: enforcementPersonSchema,
  cancelledAt: z.string().nullable(),
  /** The warning's tow, if one was authorised. */
  tow: z.object({ id: z.number().int(), status: z.enum(VEHICLE_TOW_STATUSES) }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** One record only (GET /permit-warnings/:id): the plate lookup when it was asked. */
  lookup: plateLookupSchema.nullable().optional(),
  observation: warningObservationSchema.optional(),
  checkIn: checkInPositionSchema.nullable().optional(),
  /** The photos of the placed warning. */
  placementPhotos: z.array(enforcementPhotoSchema).optional(),
  /** Photos of later observations of the plate at the property (taken at or after the placement). */
  laterPhotos: z.array(enforcementPhotoSchema).optional(),
  towCheck: towCheckSchema.nullable().optional(),
  actions: z.array(z.enum(PERMIT_WARNING_SHOW_ACTIONS)).optional(),
});
export type PermitWarningItem = z.infer<typeof permitWarningItemSchema>;
/** A row of GET /permit-warnings: never the lookup (lookup data is read during a round only, decision 0038). */
export const permitWarningListItemSchema = permitWarningItemSchema.omit({ lookup: true });
