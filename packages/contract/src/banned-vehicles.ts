import { z } from 'zod';
import { CRUD, crudPages, defineResource, navEntry } from './resource';
import { normalizePlate, PLATE_MAX, VEHICLE_NOTES_MAX, VEHICLE_TEXT_MAX } from './vehicles';

/** At most this many photos per ban (each under the platform's upload policy; images only). */
export const BANNED_VEHICLE_PHOTOS_MAX = 5;
/** The photo types a ban takes: the upload policy's image types. */
export const BANNED_VEHICLE_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const BAN_LIFT_NOTE_MAX = 500;
/**
 * What a ban is today: active (not lifted, today within banned from/until), scheduled (starts later), ended (its
 * last day has passed) or lifted.
 */
export const BAN_STATUSES = ['active', 'scheduled', 'ended', 'lifted'] as const;
export type BanStatus = (typeof BAN_STATUSES)[number];

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
      .refine((p) => normalizePlate(p).length >= 2, 'vehicles.plateFormat'),
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

/**
 * GET /banned-vehicles: filter[plate] compares normalised (BZP-4471 = bzp 4471), filter[reasonId], filter[active]
 * (1: not lifted and covering today; 0: the others); filter[term] searches plate, colour and notes.
 */
export const bannedVehiclesListQuery = {
  filters: ['plate', 'reasonId', 'active', 'stateId', 'makeId'],
  sorts: ['plate', 'bannedFrom', 'bannedUntil', 'createdAt'],
  includes: ['reason'],
  defaultSort: '-bannedFrom',
} as const;

/** Plates a property refuses (SPEC §1): lift ends a ban (PUT /banned-vehicles/:id/lift). */
export const bannedVehiclesResource = defineResource({
  name: 'banned-vehicles',
  actions: [...CRUD, 'lift'],
  routes: crudPages('banned-vehicles', 'bannedVehicleId'),
  nav: [navEntry('property', '/banned-vehicles', 'bannedVehicles')],
  audited: { banned_vehicles: { record: '/banned-vehicles/{id}/show' } },
});
