import { CRUD, defineResource, navEntry } from './resource';

export const RESERVATION_NOTES_MAX = 500;

/** GET /reservations (staff) and GET /my/reservations (the resident's own). filter[current]=1: covering today. */
export const reservationsListQuery = {
  filters: ['spotId', 'residentId', 'current'],
  sorts: ['startsOn', 'endsOn', 'createdAt'],
  includes: ['spot', 'resident'],
  defaultSort: '-startsOn',
} as const;

export const reservationsResource = defineResource({
  name: 'reservations',
  actions: CRUD,
  nav: [navEntry('account', '/my/reservations', 'myReservations')],
  audited: { reservations: {} },
});
