import { z } from 'zod';
import { idSchema } from './form-data.schemas';
import {
  PATROL_REPORT_EXPORT_FORMATS,
  PATROL_REPORT_STATUSES,
  PATROL_REPORT_SUMMARY_MAX,
} from './patrol-reports';
import { CHECK_IN_LOCATION_STATUSES } from './patrolling';
import { checkInSchema, observationSchema } from './patrolling.schemas';

/** The officer of a round: a central user or a property's (ids of two tables), with their name then. */
export const patrolOfficerSchema = z.object({
  area: z.enum(['central', 'tenant']),
  id: z.number().int(),
  name: z.string(),
});

/**
 * One row of GET /patrolling-reports: the round (its check-in) and what it holds. `summary` is the first
 * PATROL_REPORT_EXCERPT_MAX characters (the whole text is on the report's page).
 */
export const patrolReportItemSchema = z.object({
  id: z.number().int(),
  checkInId: z.number().int(),
  /** Open while the check-in is active, closed once checked out. */
  status: z.enum(PATROL_REPORT_STATUSES),
  officer: patrolOfficerSchema,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  locationStatus: z.enum(CHECK_IN_LOCATION_STATUSES),
  /** Metres from the property's coordinates at check-in (null without coordinates). */
  distanceMeters: z.number().int().nullable(),
  /** How many observations and warnings the round holds. */
  observations: z.number().int(),
  warnings: z.number().int(),
  summary: z.string().nullable(),
  updatedAt: z.string(),
});
export type PatrolReportItem = z.infer<typeof patrolReportItemSchema>;

/**
 * GET /patrolling-reports/:id: the report with its whole summary, its check-in (the route's start and end: times,
 * positions, distances, location status) and every observation of the round, oldest first.
 */
export const patrolReportSchema = patrolReportItemSchema.extend({
  checkIn: checkInSchema,
  observationList: z.array(observationSchema),
});
export type PatrolReport = z.infer<typeof patrolReportSchema>;

/** POST /patrolling-reports: the summary of the caller's active round at the property. */
export const patrolReportBody = z.object({
  summary: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(PATROL_REPORT_SUMMARY_MAX),
});
export type PatrolReportBody = z.input<typeof patrolReportBody>;

/** GET /patrolling-reports/:id/export?format=xlsx|pdf (PDF when left out). */
export const patrolReportExportQuery = z.object({
  format: z.enum(PATROL_REPORT_EXPORT_FORMATS, { error: 'validation.invalidSelection' }).default('pdf'),
});

/** GET /patrolling-reports/:id/photos/:fileId */
export const patrolReportPhotoParams = z.object({ id: idSchema, fileId: idSchema });
