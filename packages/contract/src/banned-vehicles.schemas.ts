import { z } from 'zod';
import { BAN_LIFT_NOTE_MAX, BAN_STATUSES } from './banned-vehicles';
import { displayPlate, normalizePlate, PLATE_MAX, VEHICLE_NOTES_MAX, VEHICLE_TEXT_MAX } from './vehicles';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/**
 * POST /banned-vehicles, PUT /banned-vehicles/:id. The plate is kept as typed and compared normalised
 * (`normalizePlate`, as vehicles): one plate has at most one ban that is not lifted per property. Who banned is the
 * signed-in user (set by the server); photos travel on their own call (POST /banned-vehicles/:id/photos).
 */
export const bannedVehicleBody = z
  .object({
    plate: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(PLATE_MAX)
      .refine((p) => normalizePlate(p).length >= 2, 'vehicles.plateFormat')
      .transform(displayPlate),
    stateId: z.number().int().positive().nullish(),
    makeId: z.number().int().positive().nullish(),
    modelId: z.number().int().positive().nullish(),
    color: optionalText(VEHICLE_TEXT_MAX),
    reasonId: z.number({ error: 'validation.required' }).int().positive(),
    notes: optionalText(VEHICLE_NOTES_MAX),
    /** The first day of the ban; today when left out. */
    bannedFrom: z.iso.date('validation.date').nullish(),
    /** The last day of the ban; none: until lifted. */
    bannedUntil: z.iso.date('validation.date').nullish(),
  })
  .refine((v) => !v.bannedUntil || !v.bannedFrom || v.bannedUntil >= v.bannedFrom, {
    path: ['bannedUntil'],
    message: 'bannedVehicles.untilBeforeFrom',
  });
export type BannedVehicleBody = z.input<typeof bannedVehicleBody>;

/** PUT /banned-vehicles/:id/lift: ends the ban now, with an optional note. */
export const liftBanBody = z.object({ note: optionalText(BAN_LIFT_NOTE_MAX) });
export type LiftBanBody = z.input<typeof liftBanBody>;

const person = z.object({ id: z.number().int().nullable(), name: z.string() }).nullable();
const photo = z.object({ id: z.number().int(), name: z.string(), mimeType: z.string() });

export const bannedVehicleItemSchema = z.object({
  id: z.number().int(),
  plate: z.string(),
  plateNormalized: z.string(),
  stateId: z.number().int().nullable(),
  stateName: z.string().nullable(),
  makeId: z.number().int().nullable(),
  makeName: z.string().nullable(),
  modelId: z.number().int().nullable(),
  modelName: z.string().nullable(),
  color: z.string().nullable(),
  reasonId: z.number().int(),
  notes: z.string().nullable(),
  bannedFrom: z.string(),
  bannedUntil: z.string().nullable(),
  /** Not lifted and today within banned from/until. */
  active: z.boolean(),
  status: z.enum(BAN_STATUSES),
  bannedBy: person,
  liftedAt: z.string().nullable(),
  liftedBy: person,
  liftNote: z.string().nullable(),
  photos: z.array(photo),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** include=reason */
  reason: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable().optional(),
});
export type BannedVehicleItem = z.infer<typeof bannedVehicleItemSchema>;
