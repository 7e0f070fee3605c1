import { z } from 'zod';
import {
  checkInPositionSchema,
  enforcementPhotoSchema,
  enforcementPersonSchema,
  warningObservationSchema,
} from './permit-warnings.schemas';
import { PERMIT_WARNING_STATUSES } from './permit-warnings';
import { plateLookupSchema } from './plate-lookup.schemas';
import { VEHICLE_TOW_ACTIONS, VEHICLE_TOW_NOTE_MAX, VEHICLE_TOW_STATUSES } from './vehicle-tows';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const refId = z.number({ error: 'validation.required' }).int().positive('validation.required');

/**
 * POST /vehicle-tows (managers: vehicle-tows.authorize): a tow of the car of a placed warning whose grace time has
 * passed, by a tow company of the tows catalog. Refused without a photo taken at or after the placement.
 */
export const vehicleTowBody = z.object({
  permitWarningId: refId,
  towId: refId,
  note: optionalText(VEHICLE_TOW_NOTE_MAX),
});
export type VehicleTowBody = z.input<typeof vehicleTowBody>;

/** POST /vehicle-tows/:id/towed | cancel: an optional note kept with the change. */
export const vehicleTowCloseBody = z.object({ note: optionalText(VEHICLE_TOW_NOTE_MAX) });
export type VehicleTowCloseBody = z.input<typeof vehicleTowCloseBody>;

export const vehicleTowItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(VEHICLE_TOW_STATUSES),
  plate: z.string(),
  plateNormalized: z.string(),
  permitWarningId: z.number().int(),
  /** The tow company (tows catalog). */
  towId: z.number().int(),
  towName: z.string(),
  towAuthorizationDate: z.string(),
  readyToTowAt: z.string(),
  authorizedBy: enforcementPersonSchema,
  note: z.string().nullable(),
  photoFileIds: z.array(z.number().int()),
  closedAt: z.string().nullable(),
  closedBy: enforcementPersonSchema,
  closeNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** One record only (GET /vehicle-tows/:id): the plate lookup at authorisation. */
  lookup: plateLookupSchema.nullable().optional(),
  /** The photos the tow rests on (taken at or after the warning's placement). */
  photos: z.array(enforcementPhotoSchema).optional(),
  warning: z
    .object({
      id: z.number().int(),
      status: z.enum(PERMIT_WARNING_STATUSES),
      warningName: z.string(),
      reasonName: z.string(),
      note: z.string().nullable(),
      requestedAt: z.string(),
      requestedBy: enforcementPersonSchema,
      decidedAt: z.string().nullable(),
      decidedBy: enforcementPersonSchema,
      placedAt: z.string().nullable(),
      placedBy: enforcementPersonSchema,
      observation: warningObservationSchema.omit({ photos: true }),
      checkIn: checkInPositionSchema.nullable(),
    })
    .optional(),
  actions: z.array(z.enum(VEHICLE_TOW_ACTIONS)).optional(),
});
export type VehicleTowItem = z.infer<typeof vehicleTowItemSchema>;
/** A row of GET /vehicle-tows: never the lookup (lookup data is read during a round only, decision 0038). */
export const vehicleTowListItemSchema = vehicleTowItemSchema.omit({ lookup: true });
