import { defineResource, navEntry } from './resource';

/**
 * Spot reports (issue 17, /my/permits?action=report-reserved): a resident reports a car parked in a spot they
 * hold a current reservation of, with the plate seen, a note and a photo, all optional. The office and patrol see
 * the report (/spot-reports) and resolve it with a note.
 */
/** The search action of /my/permits that opens the report dialog (`/my/permits?action=report-reserved`). */
export const REPORT_RESERVED_ACTION = 'report-reserved';

export const SPOT_REPORT_STATUSES = ['open', 'resolved'] as const;
export type SpotReportStatus = (typeof SPOT_REPORT_STATUSES)[number];
export const SPOT_REPORT_NOTE_MAX = 1000;
export const SPOT_REPORT_RESOLUTION_MAX = 1000;
/** The photo types a report takes: the upload policy's image types (one photo at most). */
export const SPOT_REPORT_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

/**
 * GET /spot-reports (staff) and GET /my/spot-reports (the resident's own). filter[status] open/resolved,
 * filter[spotId], filter[from]/filter[to] (the day it was reported, both included); filter[term] searches the
 * plate (typed or normalised), the spot's number and the note.
 */
export const spotReportsListQuery = {
  filters: ['status', 'spotId', 'from', 'to'],
  sorts: ['createdAt', 'status'],
  includes: ['resident', 'spot'],
  defaultSort: '-createdAt',
} as const;

export const spotReportsResource = defineResource({
  name: 'spot-reports',
  actions: ['index', 'show', 'edit'],
  routes: { '/spot-reports': 'index', '/spot-reports/$spotReportId/show': 'show' },
  nav: [navEntry('property', '/spot-reports', 'spotReports')],
  audited: { spot_reports: { record: '/spot-reports/{id}/show' } },
});
