import { z } from 'zod';
import { RESERVATION_COMMENT_MAX, RESERVATION_NOTES_MAX, RESERVATION_STATUSES } from './reservations';

/**
 * A spot reserved for a resident between two dates, both included (POST /reservations, PUT /reservations/:id).
 * Two reservations of one spot never overlap: the database refuses it (422 on startsOn, `reservations.overlap`).
 */
const dates = {
  startsOn: z.iso.date('validation.date'),
  endsOn: z.iso.date('validation.date'),
};
const endNotBeforeStart: [
  (v: { startsOn: string; endsOn: string }) => boolean,
  { path: string[]; message: string },
] = [(v) => v.endsOn >= v.startsOn, { path: ['endsOn'], message: 'reservations.endBeforeStart' }];
const notes = z
  .string()
  .trim()
  .max(RESERVATION_NOTES_MAX)
  .nullish()
  .transform((v) => v || null);

export const reservationBody = z
  .object({
    spotId: z.number({ error: 'validation.required' }).int().positive(),
    residentId: z.number({ error: 'validation.required' }).int().positive(),
    ...dates,
    notes,
  })
  .refine(...endNotBeforeStart);
export type ReservationBody = z.input<typeof reservationBody>;

/**
 * POST /my/reservations: the signed-in resident asks for a free reserved spot for two dates (both included). The
 * same rules as staff's (server `reservations/rules.ts`), plus the resident's own: from today on, a spot of type
 * `reserved` that is in service, within their reservations allowed. Pending or confirmed by the property's settings.
 */
export const myReservationBody = z
  .object({ spotId: z.number({ error: 'validation.required' }).int().positive(), ...dates, notes })
  .refine(...endNotBeforeStart);
export type MyReservationBody = z.input<typeof myReservationBody>;

/** GET /my/reservations/free-spots?startsOn=&endsOn=: the dates the resident would ask for. */
export const freeSpotsQuery = z.object(dates).refine(...endNotBeforeStart);

/** A reserved spot free for the whole range: the spot's own names only, never who holds the others. */
export const freeSpotSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  area: z.string().nullable(),
});
export type FreeSpot = z.infer<typeof freeSpotSchema>;
export const freeSpotsResponse = z.object({
  data: z.array(freeSpotSchema),
  /** A request lands pending (staff approve it) rather than confirmed. */
  approvalRequired: z.boolean(),
});
export type FreeSpotsResponse = z.infer<typeof freeSpotsResponse>;

/** POST /reservations/:id/reject: why (told to the resident). */
export const reservationRejectBody = z.object({
  comment: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(RESERVATION_COMMENT_MAX),
});
export type ReservationRejectBody = z.input<typeof reservationRejectBody>;

export const reservationItemSchema = z.object({
  id: z.number().int(),
  spotId: z.number().int(),
  residentId: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  notes: z.string().nullable(),
  status: z.enum(RESERVATION_STATUSES),
  /** Why staff rejected the request (null otherwise). */
  decisionComment: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** include=spot */
  spot: z.object({ id: z.number().int(), number: z.string(), type: z.string() }).nullable().optional(),
  /** include=resident */
  resident: z
    .object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable() })
    .nullable()
    .optional(),
});
export type ReservationItem = z.infer<typeof reservationItemSchema>;

/** POST /reservations/:id/end and POST /my/reservations/:id/end: what became of the reservation. */
export const reservationEndResponse = z.object({
  message: z.string(),
  outcome: z.enum(['cancelled', 'ended']),
});
export type ReservationEndResponse = z.infer<typeof reservationEndResponse>;

/** GET /reservations/resident-options?term=: residents to pick in the reserved spot dialog. */
export const residentOptionSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string().nullable(),
});
export type ResidentOption = z.infer<typeof residentOptionSchema>;
