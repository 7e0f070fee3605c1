import { defineResource, navEntry } from './resource';

/**
 * Patrol reports (SPEC §2.5, §5; issue 18): one per check-in, written while the check-in is active (a report
 * without an active check-in is refused). It holds the round's observations, the route's start and end (the
 * check-in's and check-out's time and position) and the officer's summary; exported as .xlsx and PDF.
 */
export const PATROL_REPORT_SUMMARY_MAX = 4000;
/** How much of the summary a list row carries. */
export const PATROL_REPORT_EXCERPT_MAX = 160;
/** GET /patrolling-reports/:id/export?format=… */
export const PATROL_REPORT_EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type PatrolReportExportFormat = (typeof PATROL_REPORT_EXPORT_FORMATS)[number];

export const patrolReportsListQuery = {
  filters: ['userId', 'from', 'to', 'status', 'locationStatus'],
  sorts: ['startedAt', 'observations'],
  includes: [],
  defaultSort: '-startedAt',
} as const;

/** A report is open while its check-in is active, closed once checked out. */
export const PATROL_REPORT_STATUSES = ['open', 'closed'] as const;
export type PatrolReportStatus = (typeof PATROL_REPORT_STATUSES)[number];

export const patrolReportsResource = defineResource({
  name: 'patrolling-reports',
  actions: ['index', 'create', 'show', 'export'],
  routes: { '/patrolling-reports': 'index', '/patrolling-reports/$reportId/show': 'show' },
  nav: [navEntry('overview', '/patrolling-reports', 'patrollingReports')],
  audited: { patrol_reports: { record: '/patrolling-reports/{id}/show' } },
});
