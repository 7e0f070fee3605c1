import { OUTBOX_STATUSES } from './outbox';
import { PERMIT_DISPLAY, PERMIT_SHOWN_STATUSES } from './permits';
import { PERMIT_WARNING_STATUSES } from './permit-warnings';
import { PLATE_VERDICTS } from './plate-lookup';
import { defineResource, navEntry } from './resource';
import { VEHICLE_TOW_STATUSES } from './vehicle-tows';
import { VISITOR_PERMIT_STATUSES, VISITOR_STATUS_DISPLAY, type VisitorShownStatus } from './visitors';

/**
 * Reports (SPEC §2.2 `/reports`; issue 38 §4, decision 0047): a property's figures over a period, each as a chart and
 * a small table, each exported as .xlsx in the reader's language. One property at a time (the tenant area): the
 * figures are counted in SQL on the property's own rows, by the days of its time zone.
 * - permits: permits by the status they show and by type, per day or month of their creation;
 * - visitors: visitor permits per day or month of their start, by status, and the residents nearest their visitor
 *   limit now;
 * - enforcement: warnings and tows per day or month of their creation, by the status they reached (the outcome);
 * - occupancy: the spots of each parking area and type, by the status they show today;
 * - patrol: the patrol rounds (check-ins) per day or month of their start, open or checked out, their time on site,
 *   and the plate lookups of their observations by verdict; per officer;
 * - mail ("Imports and mail"): the rows the residents and units imports wrote or refused per day or month, each
 *   import; and the mail the property wrote per day or month, by delivery status and per kind.
 */
export const REPORT_NAMES = ['permits', 'visitors', 'enforcement', 'occupancy', 'patrol', 'mail'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** How a time series is cut: per day or per month of the property's time zone. */
export const REPORT_GROUPS = ['day', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The filters each report reads (the others are ignored); the screen shows only the ones that apply. */
export const REPORT_FILTERS = {
  permits: ['period', 'groupBy', 'buildingId', 'permitTypeId'],
  visitors: ['period', 'groupBy', 'buildingId'],
  enforcement: ['period', 'groupBy'],
  occupancy: [],
  patrol: ['period', 'groupBy'],
  mail: ['period', 'groupBy'],
} as const satisfies Record<ReportName, readonly ('period' | 'groupBy' | 'buildingId' | 'permitTypeId')[]>;

/** The longest period a report covers (days, both ends included). */
export const REPORT_MAX_DAYS = 1096;
/** Without a period: the last this many days up to today. */
export const REPORT_DEFAULT_DAYS = 90;
/** How many residents the visitors report names as nearest their limit. */
export const REPORT_NEAREST_LIMIT = 10;
/** How many imports of the period the mail report lists, newest first (its figures count them all). */
export const REPORT_IMPORTS_LISTED = 100;

/** A patrol round as the patrol report counts it: checked out, or still open (never checked out). */
export const REPORT_ROUND_STATES = ['closed', 'open'] as const;
/** The rows of an import as the mail report counts them: written, or refused (with their reasons). */
export const REPORT_IMPORT_ROWS = ['imported', 'refused'] as const;
/** What an import brought in: residents (a queued job) or units (answered at once). */
export const REPORT_IMPORT_KINDS = ['residents', 'units'] as const;
export type ReportImportKind = (typeof REPORT_IMPORT_KINDS)[number];

/**
 * The status series of each chart, in the order they are drawn and listed, with the label key of each status. A
 * series appears only when it counts something in the period.
 */
export const REPORT_STATUS_SERIES = {
  permits: PERMIT_SHOWN_STATUSES.map((s) => [s, PERMIT_DISPLAY[s]] as const),
  visitors: VISITOR_PERMIT_STATUSES.map((s) => [s, VISITOR_STATUS_DISPLAY[s as VisitorShownStatus]] as const),
  warnings: PERMIT_WARNING_STATUSES.map((s) => [s, `permitWarnings.status.${s}`] as const),
  tows: VEHICLE_TOW_STATUSES.map((s) => [s, `vehicleTows.status.${s}`] as const),
  rounds: REPORT_ROUND_STATES.map((s) => [s, `reports.patrol.round.${s}`] as const),
  verdicts: PLATE_VERDICTS.map((s) => [s, `lookup.verdict.${s}`] as const),
  imports: REPORT_IMPORT_ROWS.map((s) => [s, `reports.mail.rows.${s}`] as const),
  mail: OUTBOX_STATUSES.map((s) => [s, `outbox.statuses.${s}`] as const),
} as const;
export type ReportStatusChart = keyof typeof REPORT_STATUS_SERIES;

/** The label key of a status series of a chart (the status code itself when unknown). */
export function reportStatusLabelKey(chart: ReportStatusChart, status: string): string {
  const series: readonly (readonly [string, string])[] = REPORT_STATUS_SERIES[chart];
  return series.find(([s]) => s === status)?.[1] ?? status;
}

/**
 * Series colours of the reports' charts, on screen (features/reports/ReportCard.tsx) and in the PDF export alike:
 * twelve that stay apart from each other (a chart of the nine permit statuses repeats none), each series keeping its
 * place in the status order whatever the period shows.
 */
export const REPORT_SERIES_COLOURS = [
  '#1e63d6',
  '#e8a317',
  '#d64545',
  '#12a3c4',
  '#2e9e5b',
  '#d86fa8',
  '#f0731e',
  '#6b4fc7',
  '#8a6d3b',
  '#5f7c8a',
  '#9bbf2e',
  '#222b45',
] as const;
export const reportSeriesColour = (i: number): string =>
  REPORT_SERIES_COLOURS[i % REPORT_SERIES_COLOURS.length]!;

/**
 * A time on site as the reports write it, to the nearest minute: the text's key and its values — "3 h 5 min", or
 * "52 min" under an hour.
 */
export function reportDuration(seconds: number): {
  key: 'reports.patrol.duration' | 'reports.patrol.minutes';
  values: { hours: number; minutes: number };
} {
  const all = Math.round(seconds / 60);
  const values = { hours: Math.floor(all / 60), minutes: all % 60 };
  return { key: values.hours ? 'reports.patrol.duration' : 'reports.patrol.minutes', values };
}

/** The title key of a report. */
export const reportTitleKey = (name: ReportName) => `reports.${name}.title` as const;

export const reportsResource = defineResource({
  name: 'reports',
  actions: ['index', 'export'],
  routes: { '/reports': 'index' },
  nav: [navEntry('overview', '/reports', 'reports')],
});
