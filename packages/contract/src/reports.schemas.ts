import { z } from 'zod';
import { idSchema } from './form-data.schemas';
import { REPORT_GROUPS, REPORT_MAX_DAYS } from './reports';
import { SPOT_TYPES } from './spots';

/** An optional value of a query string: an empty value counts as absent. */
const blank = (v: unknown) => (v === '' ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());
const optionalDay = z.preprocess(blank, z.iso.date('validation.date').optional());

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/**
 * `GET /reports/{name}` and its export: the period (`from`, `to`: days of the property's time zone, both included;
 * without them the last REPORT_DEFAULT_DAYS days up to today), how a series is cut (`groupBy`), and the building and
 * permit type the figures are narrowed to. A report ignores the filters it does not read (REPORT_FILTERS).
 */
export const reportQuery = z
  .object({
    from: optionalDay,
    to: optionalDay,
    groupBy: z.preprocess(blank, z.enum(REPORT_GROUPS, 'validation.in').optional()),
    buildingId: optionalId,
    permitTypeId: optionalId,
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'reports.periodOrder' });
    else if (dayNumber(q.to) - dayNumber(q.from) + 1 > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'reports.periodTooLong' });
  });
export type ReportQuery = z.input<typeof reportQuery>;

export const REPORT_EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export const reportExportQuery = z.intersection(
  reportQuery,
  z.object({ format: z.preprocess(blank, z.enum(REPORT_EXPORT_FORMATS, 'validation.in').default('xlsx')) }),
);

const count = z.number().int().nonnegative();

/**
 * One line of a chart: `key` a status code (its label is the screen's) or an id (a permit type's, `name` in the
 * reader's language); `values` one count per period, `total` their sum.
 */
export const reportSeriesSchema = z.object({
  key: z.string(),
  name: z.string().nullable(),
  values: z.array(count),
  total: count,
});
export type ReportSeries = z.infer<typeof reportSeriesSchema>;

/** What every time series report answers: the period it covers and its periods (YYYY-MM-DD or YYYY-MM). */
const timeSeries = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPS),
  timeZone: z.string(),
  periods: z.array(z.string()),
});

export const permitsReportSchema = timeSeries.extend({
  byStatus: z.array(reportSeriesSchema),
  byType: z.array(reportSeriesSchema),
});
export type PermitsReport = z.infer<typeof permitsReportSchema>;

export const nearestLimitSchema = z.object({
  residentId: z.number().int(),
  name: z.string(),
  units: z.string().nullable(),
  /** Granted visitor permits starting within the rolling window that ends today. */
  used: count,
  limit: count,
});
export type NearestLimit = z.infer<typeof nearestLimitSchema>;

export const visitorsReportSchema = timeSeries.extend({
  byStatus: z.array(reportSeriesSchema),
  /** The residents nearest their visitor limit today (REPORT_NEAREST_LIMIT at most), nearest first. */
  nearest: z.array(nearestLimitSchema),
  windowDays: z.number().int().positive(),
});
export type VisitorsReport = z.infer<typeof visitorsReportSchema>;

export const enforcementReportSchema = timeSeries.extend({
  warnings: z.array(reportSeriesSchema),
  tows: z.array(reportSeriesSchema),
});
export type EnforcementReport = z.infer<typeof enforcementReportSchema>;

const occupancyCounts = {
  total: count,
  available: count,
  assigned: count,
  reserved: count,
  outOfService: count,
};
export const occupancyRowSchema = z.object({
  /** The parking area; null for the spots drawn outside any area. */
  areaId: z.number().int().nullable(),
  area: z.string().nullable(),
  type: z.enum(SPOT_TYPES),
  ...occupancyCounts,
});
export type OccupancyRow = z.infer<typeof occupancyRowSchema>;

export const occupancyReportSchema = z.object({
  /** Today in the property's time zone: the statuses are today's (a confirmed reservation makes a spot reserved). */
  day: z.string(),
  rows: z.array(occupancyRowSchema),
  byArea: z.array(occupancyRowSchema.omit({ type: true })),
  byType: z.array(occupancyRowSchema.omit({ areaId: true, area: true })),
  totals: z.object(occupancyCounts),
});
export type OccupancyReport = z.infer<typeof occupancyReportSchema>;
