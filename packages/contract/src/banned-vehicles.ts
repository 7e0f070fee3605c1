import { CRUD, crudPages, defineResource, navEntry } from './resource';

/** At most this many photos per ban (each under the platform's upload policy; images only). */
export const BANNED_VEHICLE_PHOTOS_MAX = 5;
/** The photo types a ban takes: the upload policy's image types. */
export const BANNED_VEHICLE_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const BAN_LIFT_NOTE_MAX = 500;
/**
 * What a ban is today: active (not lifted, today within banned from/until), scheduled (starts later), ended (its
 * last day has passed) or lifted.
 */
export const BAN_STATUSES = ['active', 'scheduled', 'ended', 'lifted'] as const;
export type BanStatus = (typeof BAN_STATUSES)[number];

/**
 * GET /banned-vehicles: filter[plate] compares normalised (BZP-4471 = bzp 4471), filter[reasonId], filter[active]
 * (1: not lifted and covering today; 0: the others); filter[term] searches plate, colour and notes.
 */
export const bannedVehiclesListQuery = {
  filters: ['plate', 'reasonId', 'active', 'stateId', 'makeId'],
  sorts: ['plate', 'bannedFrom', 'bannedUntil', 'createdAt'],
  includes: ['reason'],
  defaultSort: '-bannedFrom',
} as const;

/** Plates a property refuses (SPEC §1): lift ends a ban (PUT /banned-vehicles/:id/lift). */
export const bannedVehiclesResource = defineResource({
  name: 'banned-vehicles',
  actions: [...CRUD, 'lift'],
  routes: crudPages('banned-vehicles', 'bannedVehicleId'),
  nav: [navEntry('property', '/banned-vehicles', 'bannedVehicles')],
  audited: { banned_vehicles: { record: '/banned-vehicles/{id}/show' } },
  options: {
    reasons: ['create', 'edit'],
    states: ['create', 'edit'],
    makes: ['create', 'edit'],
    models: ['create', 'edit'],
  },
});
