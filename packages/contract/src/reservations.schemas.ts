import { z } from 'zod';
import { RESERVATION_NOTES_MAX } from './reservations';

/**
 * A spot reserved for a resident between two dates, both included (POST /reservations, PUT /reservations/:id).
 * Two reservations of one spot never overlap: the database refuses it (422 on startsOn, `reservations.overlap`).
 */
export const reservationBody = z
  .object({
    spotId: z.number({ error: 'validation.required' }).int().positive(),
    residentId: z.number({ error: 'validation.required' }).int().positive(),
    startsOn: z.iso.date('validation.date'),
    endsOn: z.iso.date('validation.date'),
    notes: z
      .string()
      .trim()
      .max(RESERVATION_NOTES_MAX)
      .nullish()
      .transform((v) => v || null),
  })
  .refine((v) => v.endsOn >= v.startsOn, { path: ['endsOn'], message: 'reservations.endBeforeStart' });
export type ReservationBody = z.input<typeof reservationBody>;

export const reservationItemSchema = z.object({
  id: z.number().int(),
  spotId: z.number().int(),
  residentId: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  notes: z.string().nullable(),
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
