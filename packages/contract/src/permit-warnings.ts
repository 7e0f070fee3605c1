import { defineResource, navEntry } from './resource';

/**
 * Permit warnings (SPEC §4, issue 18): an officer asks, from an observation made during a check-in, to place a
 * warning on a car (a type of the warnings catalog, a reason of the reasons catalog). Property staff approve it
 * (the inspector may proceed with placement) or reject it (the request is cancelled). The inspector then places it,
 * with at least one photo of the warning on the car; from then on the tow grace time (settings
 * `other.towGraceHours`) runs. Every transition is in PERMIT_WARNING_TRANSITIONS; any other is refused.
 */
export const PERMIT_WARNING_STATUSES = ['pending', 'approved', 'rejected', 'placed', 'cancelled'] as const;
export type PermitWarningStatus = (typeof PERMIT_WARNING_STATUSES)[number];
export const PERMIT_WARNING_ACTIONS = ['approve', 'reject', 'place', 'cancel'] as const;
export type PermitWarningAction = (typeof PERMIT_WARNING_ACTIONS)[number];

export const PERMIT_WARNING_TRANSITIONS = {
  /** Staff (permit-warnings.decide): the inspector may place it. */
  approve: { from: ['pending'], to: 'approved' },
  /** Staff (permit-warnings.decide): the request is cancelled. */
  reject: { from: ['pending'], to: 'rejected' },
  /** The inspector (permit-warnings.place), with photos of the placed warning. */
  place: { from: ['approved'], to: 'placed' },
  /** Staff (permit-warnings.decide): the car left or the matter is settled; a placed warning with a tow cannot. */
  cancel: { from: ['pending', 'approved', 'placed'], to: 'cancelled' },
} as const satisfies Record<
  PermitWarningAction,
  { from: readonly PermitWarningStatus[]; to: PermitWarningStatus }
>;

export const PERMIT_WARNING_NOTE_MAX = 1000;

export const permitWarningsResource = defineResource({
  name: 'permit-warnings',
  actions: ['index', 'show', 'create', 'decide', 'place'],
  routes: { '/permit-warnings': 'index', '/permit-warnings/$permitWarningId/show': 'show' },
  nav: [navEntry('property', '/permit-warnings', 'permitWarnings')],
  audited: { permit_warnings: { record: '/permit-warnings/{id}/show' } },
  // Asking for a warning: its type and the reason.
  options: { warnings: ['create'], reasons: ['create'] },
});

/** At most this many photos of a placed warning (the upload policy's file-list limit); at least one. */
export const PERMIT_WARNING_PHOTOS_MAX = 5;
/** The photo types a placement takes: the upload policy's image types. */
export const PERMIT_WARNING_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

/** The permission each transition needs: staff decide (approve, reject, cancel); the officer places. */
export const PERMIT_WARNING_ACTION_PERMISSIONS = {
  approve: 'permit-warnings.decide',
  reject: 'permit-warnings.decide',
  cancel: 'permit-warnings.decide',
  place: 'permit-warnings.place',
} as const satisfies Record<PermitWarningAction, `permit-warnings.${string}`>;

/**
 * What the caller may do with a warning now: the transitions of PERMIT_WARNING_TRANSITIONS their permissions
 * allow from its status, and `tow` (vehicle-tows.authorize) on a placed warning that has no tow yet.
 */
export const PERMIT_WARNING_SHOW_ACTIONS = [...PERMIT_WARNING_ACTIONS, 'tow'] as const;
export type PermitWarningShowAction = (typeof PERMIT_WARNING_SHOW_ACTIONS)[number];

/** Statuses in the order the list shows them first (the `status` sort): what waits for someone comes first. */
export const PERMIT_WARNING_STATUS_ORDER: readonly PermitWarningStatus[] = [
  'pending',
  'approved',
  'placed',
  'rejected',
  'cancelled',
];

/**
 * GET /permit-warnings: filter[status], filter[plate] (compared normalised), filter[from]/filter[to] (the day it
 * was requested, both included); filter[term] searches the plate, the spot and the place; the default order puts
 * pending requests first, newest first within a status.
 */
export const permitWarningsListQuery = {
  filters: ['status', 'plate', 'from', 'to'],
  sorts: ['status', 'createdAt'],
  includes: [],
  defaultSort: 'status,-createdAt',
} as const;
