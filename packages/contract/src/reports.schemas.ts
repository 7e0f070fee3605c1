import { z } from 'zod';
import { idSchema } from './form-data.schemas';
import { OUTBOX_STATUSES } from './outbox';
import { PLATE_VERDICTS } from './plate-lookup';
import { REPORT_GROUPS, REPORT_IMPORT_KINDS, REPORT_MAX_DAYS } from './reports';
import { RESIDENT_IMPORT_STATES } from './residents';
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

/** What the patrol report counts of a set of rounds (all of them, or one officer's). */
const patrolCounts = {
  /** Check-ins started in the period. */
  rounds: count,
  /** Of them, those never checked out (under way, or left open): no time on site is counted for them. */
  open: count,
  /** Time on site of the checked-out rounds: the sum of check-out − check-in, in seconds. */
  seconds: count,
  /** The average checked-out round, in seconds (rounded); null when none was checked out. */
  averageSeconds: count.nullable(),
  /** What the officers recorded during these rounds (a plate, a spot or a place). */
  observations: count,
  /** Of them, those of a plate, each with the lookup's verdict when it reached the server. */
  lookups: count,
};

export const patrolCoverageOfficerSchema = z.object({
  /** `area:id`: a property's user or a central one. */
  key: z.string(),
  /** The name on their latest round of the period. */
  name: z.string(),
  ...patrolCounts,
  /** Their lookups by verdict (every verdict, zeros included). */
  verdicts: z.record(z.enum(PLATE_VERDICTS), count),
});
export type PatrolCoverageOfficer = z.infer<typeof patrolCoverageOfficerSchema>;

/**
 * The patrol report: the rounds (check-ins) started in the period and what was done in them, each counted in the
 * period its round started in (an observation sent late from the phone's queue still counts in its round).
 */
export const patrolCoverageSchema = timeSeries.extend({
  /** Rounds per period, checked out (`closed`) or not (`open`). */
  rounds: z.array(reportSeriesSchema),
  /** Plate lookups per period by verdict (PLATE_VERDICTS). */
  lookups: z.array(reportSeriesSchema),
  /** Time on site per period, in seconds (the checked-out rounds that started in it). */
  seconds: z.array(count),
  /** Per officer, most rounds first. */
  officers: z.array(patrolCoverageOfficerSchema),
  totals: z.object(patrolCounts),
});
export type PatrolCoverage = z.infer<typeof patrolCoverageSchema>;

/** One import of the period: what it brought in, its outcome and its rows. */
export const reportImportSchema = z.object({
  kind: z.enum(REPORT_IMPORT_KINDS),
  /** When it was started (an instant). */
  at: z.string(),
  fileName: z.string().nullable(),
  /** A residents import's state; a units import is `done` or, with a refused row, `rejected` (nothing written). */
  state: z.enum(RESIDENT_IMPORT_STATES),
  /** The rows read from the file. */
  rows: count,
  /** The rows written. */
  imported: count,
  /** The rows refused, with their reasons (one refused row and the import writes nothing). */
  refused: count,
});
export type ReportImport = z.infer<typeof reportImportSchema>;

export const mailKindSchema = z.object({
  /** The mail's kind (an email template's key: its label is `outbox.kinds.<kind>`). */
  kind: z.string(),
  total: count,
  statuses: z.record(z.enum(OUTBOX_STATUSES), count),
});
export type MailKind = z.infer<typeof mailKindSchema>;

/**
 * "Imports and mail": the property's imports (residents, units) started in the period, and the mail it wrote in
 * the period (the outbox) by its delivery status now.
 */
export const mailReportSchema = timeSeries.extend({
  /** Rows of the imports per period of their start: `imported` and `refused`. */
  importRows: z.array(reportSeriesSchema),
  /** Every import of the period. */
  importCount: count,
  /** The imports of the period, newest first (REPORT_IMPORTS_LISTED at most). */
  imports: z.array(reportImportSchema),
  /** Mail per period of its writing, by delivery status (OUTBOX_STATUSES). */
  mail: z.array(reportSeriesSchema),
  /** Mail of the period per kind, most first. */
  byKind: z.array(mailKindSchema),
});
export type MailReport = z.infer<typeof mailReportSchema>;
