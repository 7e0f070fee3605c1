import { z } from 'zod';
import { SPOT_REPORT_NOTE_MAX, SPOT_REPORT_RESOLUTION_MAX, SPOT_REPORT_STATUSES } from './spot-reports';
import { displayPlate, normalizePlate, PLATE_MAX } from './vehicles';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/**
 * POST /my/spot-reports (multipart/form-data: these fields and an optional `photo`). The spot must be one the
 * resident holds a reservation of today (else 422 on spotId); the plate is kept as typed and compared normalised.
 */
export const spotReportBody = z.object({
  spotId: z.coerce.number({ error: 'validation.required' }).int().positive('validation.required'),
  plate: z
    .string()
    .trim()
    .max(PLATE_MAX)
    .refine((p) => !p || normalizePlate(p).length >= 2, 'vehicles.plateFormat')
    .nullish()
    .transform((v) => (v ? displayPlate(v) : null)),
  note: optionalText(SPOT_REPORT_NOTE_MAX),
});
export type SpotReportBody = z.input<typeof spotReportBody>;

/** POST /spot-reports/:id/resolve: closes the report with an optional note of what was done. */
export const resolveSpotReportBody = z.object({ note: optionalText(SPOT_REPORT_RESOLUTION_MAX) });
export type ResolveSpotReportBody = z.input<typeof resolveSpotReportBody>;

const person = z.object({ id: z.number().int().nullable(), name: z.string() }).nullable();

export const spotReportItemSchema = z.object({
  id: z.number().int(),
  spotId: z.number().int(),
  spotNumber: z.string(),
  residentId: z.number().int(),
  plate: z.string().nullable(),
  plateNormalized: z.string().nullable(),
  note: z.string().nullable(),
  photo: z.object({ id: z.number().int(), name: z.string(), mimeType: z.string() }).nullable(),
  status: z.enum(SPOT_REPORT_STATUSES),
  resolvedAt: z.string().nullable(),
  resolvedBy: person,
  resolution: z.string().nullable(),
  /**
   * What the plate matches at the property now (staff view; null on the resident's own list): an active ban, a
   * vehicle with a valid permit.
   */
  plateMatch: z.object({ banned: z.boolean(), permitted: z.boolean() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** include=resident */
  resident: z.object({ id: z.number().int(), fullName: z.string() }).nullable().optional(),
  /** include=spot */
  spot: z.object({ id: z.number().int(), number: z.string() }).nullable().optional(),
});
export type SpotReportItem = z.infer<typeof spotReportItemSchema>;
