import { defineResource, navEntry } from './resource';

/**
 * Tows (SPEC §3, §4; issue 18). From a placed warning whose grace time has passed (`placedAt + towGraceHours`,
 * which is the tow's `readyToTowAt`), a manager authorises the tow (`vehicle-tows.authorize`): the tow type of the
 * tows catalog, the authorisation instant (`towAuthorizationDate`). **No photo, no tow**: it needs at least one
 * photo taken at or after the warning's placement. The tow is then `pending-to-tow`, then `towed` or `cancelled`.
 * The record keeps who, when, where, the photos and the plate lookup at authorisation, printable as a PDF.
 */
export const VEHICLE_TOW_STATUSES = ['pending-to-tow', 'towed', 'cancelled'] as const;
export type VehicleTowStatus = (typeof VEHICLE_TOW_STATUSES)[number];
export const VEHICLE_TOW_ACTIONS = ['towed', 'cancel'] as const;
export type VehicleTowAction = (typeof VEHICLE_TOW_ACTIONS)[number];

export const VEHICLE_TOW_TRANSITIONS = {
  towed: { from: ['pending-to-tow'], to: 'towed' },
  cancel: { from: ['pending-to-tow'], to: 'cancelled' },
} as const satisfies Record<VehicleTowAction, { from: readonly VehicleTowStatus[]; to: VehicleTowStatus }>;

export const VEHICLE_TOW_NOTE_MAX = 1000;

export const vehicleTowsResource = defineResource({
  name: 'vehicle-tows',
  actions: ['index', 'show', 'authorize', 'edit'],
  routes: { '/vehicle-tows': 'index', '/vehicle-tows/$vehicleTowId/show': 'show' },
  nav: [navEntry('property', '/vehicle-tows', 'vehicleTows')],
  audited: { vehicle_tows: { record: '/vehicle-tows/{id}/show' } },
  // Authorising a tow: its type.
  options: { tows: ['authorize'] },
});

/** The permission each tow transition needs. */
export const VEHICLE_TOW_ACTION_PERMISSIONS = {
  towed: 'vehicle-tows.edit',
  cancel: 'vehicle-tows.edit',
} as const satisfies Record<VehicleTowAction, `vehicle-tows.${string}`>;

/** Statuses in the order the list shows them first (the `status` sort): tows still to do come first. */
export const VEHICLE_TOW_STATUS_ORDER: readonly VehicleTowStatus[] = ['pending-to-tow', 'towed', 'cancelled'];

/**
 * GET /vehicle-tows: filter[status], filter[plate] (compared normalised), filter[from]/filter[to] (the day it
 * was authorised, both included); filter[term] searches the plate; tows still to do first, newest first.
 */
export const vehicleTowsListQuery = {
  filters: ['status', 'plate', 'from', 'to'],
  sorts: ['status', 'createdAt', 'readyToTowAt'],
  includes: [],
  defaultSort: 'status,-createdAt',
} as const;
