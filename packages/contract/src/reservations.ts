import { CRUD, defineResource, navEntry } from './resource';

export const RESERVATION_NOTES_MAX = 500;
export const RESERVATION_COMMENT_MAX = 500;

/**
 * Where a reservation stands (decision 0039 §5). Staff reserve `confirmed` at once; a resident's request
 * (POST /my/reservations) is `pending` when the property's settings say staff approve reservations
 * (`reservedSpaces.approvalRequired`), else `confirmed`. Staff approve a pending one (→ confirmed) or reject it
 * (→ rejected, with a comment). A pending request already holds the spot for its dates; a rejected one does not.
 */
export const RESERVATION_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/**
 * GET /reservations (staff) and GET /my/reservations (the resident's own). filter[current]=1: covering today;
 * filter[status]: pending, confirmed or rejected.
 */
export const reservationsListQuery = {
  filters: ['spotId', 'residentId', 'current', 'status'],
  sorts: ['startsOn', 'endsOn', 'createdAt'],
  includes: ['spot', 'resident'],
  defaultSort: '-startsOn',
} as const;

export const reservationsResource = defineResource({
  name: 'reservations',
  actions: [...CRUD, 'approve'],
  routes: { '/reservations': 'index', '/reservations/$reservationId/show': 'show' },
  nav: [
    navEntry('account', '/my/reservations', 'myReservations'),
    navEntry('property', '/reservations', 'reservations'),
  ],
  audited: { reservations: { record: '/reservations/{id}/show' } },
});
