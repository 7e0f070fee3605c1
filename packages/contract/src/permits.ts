import { CRUD, crudPages, defineResource, navEntry } from './resource';

/**
 * Stored permit statuses. What a person sees (SPEC §4 labels) is `PERMIT_DISPLAY`; `expired` is never stored: an
 * approved permit whose end date has passed is shown and counted as expired from that day on (permitShownStatus).
 */
export const PERMIT_STATUSES = ['pending', 'approved', 'rejected', 'revoked', 'inactive'] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];
/**
 * What a permit shows (SPEC §4's labels, decision 0044 "Permit labels"), derived from its stored status and dates at
 * read time, never stored: a pending permit is `to-complete` while its resident has not signed the property's
 * parking agreement, `awaiting-spot` (pending reserved assignment) while it is a reserved-spot permit without a spot;
 * an approved permit is `later` (shown "Not issued") before its start date and `expired` after its end date.
 * filter[status]=pending takes every permit waiting for approval (those two included).
 */
export const PERMIT_SHOWN_STATUSES = [
  'pending',
  'to-complete',
  'awaiting-spot',
  'approved',
  'later',
  'inactive',
  'rejected',
  'revoked',
  'expired',
] as const;
export type PermitShownStatus = (typeof PERMIT_SHOWN_STATUSES)[number];

/**
 * The two views of a property's permits (SPEC §4's "current" and "archived"): those in force or on their way, and
 * those that ended. filter[status] takes them beside the shown statuses.
 */
export const PERMIT_STATUS_GROUPS = {
  current: ['pending', 'to-complete', 'awaiting-spot', 'approved', 'later', 'inactive'],
  archived: ['rejected', 'revoked', 'expired'],
} as const satisfies Record<string, readonly PermitShownStatus[]>;
export type PermitStatusGroup = keyof typeof PERMIT_STATUS_GROUPS;
export const PERMIT_STATUS_FILTERS = [
  ...(Object.keys(PERMIT_STATUS_GROUPS) as PermitStatusGroup[]),
  ...PERMIT_SHOWN_STATUSES,
] as const;

export const PERMIT_ACTIONS = ['approve', 'reject', 'revoke', 'restore', 'activate', 'deactivate'] as const;
export type PermitAction = (typeof PERMIT_ACTIONS)[number];

/**
 * THE permit workflow: for each action, the stored statuses it may start from and the status it leads to.
 * The server refuses every other move (422 `permits.transition`); the screens show only the actions allowed here.
 * - approve: a pending permit becomes valid (approved);
 * - reject: a pending permit is not approved (a rejection comment is required);
 * - revoke: a valid or deactivated permit is withdrawn for good, until restored;
 * - restore: a revoked or rejected permit goes back to pending approval;
 * - deactivate / activate: a valid permit is paused and resumed (a resident away, a car in the shop).
 */
export const PERMIT_TRANSITIONS = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  revoke: { from: ['approved', 'inactive'], to: 'revoked' },
  restore: { from: ['revoked', 'rejected'], to: 'pending' },
  activate: { from: ['inactive'], to: 'approved' },
  deactivate: { from: ['approved'], to: 'inactive' },
} as const satisfies Record<PermitAction, { from: readonly PermitStatus[]; to: PermitStatus }>;

/** The permission each action needs. */
export const PERMIT_ACTION_PERMISSIONS = {
  approve: 'permits.approve',
  reject: 'permits.reject',
  revoke: 'permits.revoke',
  restore: 'permits.restore',
  activate: 'permits.edit',
  deactivate: 'permits.edit',
} as const satisfies Record<PermitAction, string>;

/** The actions allowed from a stored status; none once the permit has expired (issue a new one). */
export function permitActionsFrom(status: PermitStatus, expired = false): PermitAction[] {
  return PERMIT_ACTIONS.filter(
    (a) =>
      (PERMIT_TRANSITIONS[a].from as readonly PermitStatus[]).includes(status) &&
      !(expired && a !== 'revoke'),
  );
}

/** What a permit shows on `today` (PERMIT_SHOWN_STATUSES; the server's `shownStatusSql` says the same). */
export function permitShownStatus(
  permit: {
    status: PermitStatus;
    expiresOn: string | null;
    startDate?: string | null;
    /** A pending permit's resident has not signed the property's parking agreement. */
    agreementPending?: boolean;
    /** A reserved-spot permit without a spot. */
    spotMissing?: boolean;
  },
  today: string,
): PermitShownStatus {
  const { status } = permit;
  if (status === 'approved') {
    if (permit.expiresOn !== null && permit.expiresOn < today) return 'expired';
    if (permit.startDate && permit.startDate > today) return 'later';
  }
  if (status === 'pending') {
    if (permit.spotMissing) return 'awaiting-spot';
    if (permit.agreementPending) return 'to-complete';
  }
  return status;
}

/** The SPEC §4 label key of each shown status. */
export const PERMIT_DISPLAY: Record<PermitShownStatus, string> = {
  pending: 'permits.status.pending',
  'to-complete': 'permits.status.toComplete',
  'awaiting-spot': 'permits.status.awaitingSpot',
  approved: 'permits.status.approved',
  later: 'permits.status.later',
  rejected: 'permits.status.rejected',
  revoked: 'permits.status.revoked',
  inactive: 'permits.status.inactive',
  expired: 'permits.status.expired',
};

/** The label key of each view of the permits (PERMIT_STATUS_GROUPS). */
export const PERMIT_GROUP_DISPLAY: Record<PermitStatusGroup, string> = {
  current: 'permits.status.current',
  archived: 'permits.status.archived',
};

/** The label of a filter[status] value: a view or a shown status. */
export const permitFilterLabel = (v: (typeof PERMIT_STATUS_FILTERS)[number]): string =>
  v in PERMIT_GROUP_DISPLAY
    ? PERMIT_GROUP_DISPLAY[v as PermitStatusGroup]
    : PERMIT_DISPLAY[v as PermitShownStatus];

export const PERMIT_CODE_MAX = 30;
export const PERMIT_TEXT_MAX = 255;
export const PERMIT_COMMENT_MAX = 1000;
/** PUT /permits/:id?action=change-vehicle: the resident's car changes; counts against changes allowed. */
export const PERMIT_EDIT_ACTIONS = ['change-vehicle'] as const;
export type PermitEditAction = (typeof PERMIT_EDIT_ACTIONS)[number];

/** GET /permits: filter[status] takes shown statuses (expired included); filter[term] searches code, plate, owner. */
export const permitsListQuery = {
  filters: ['status', 'residentId', 'vehicleId', 'permitTypeId'],
  sorts: ['code', 'createdAt', 'expiresOn', 'status'],
  includes: ['resident', 'vehicle', 'permitType', 'spot'],
  defaultSort: '-createdAt',
} as const;

/** Printable permit formats (SPEC §9): ppm1 top-left perforated, ppm2 bottom-left peel. */
export const PERMIT_PAPER_FORMATS = ['ppm1', 'ppm2'] as const;

/** A code proposal for a new permit: the property's code prefix and 6 unambiguous characters. */
export function suggestPermitCode(prefix: string, random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let s = '';
  for (let i = 0; i < 6; i++) s += alphabet[Math.floor(random() * alphabet.length)];
  return `${prefix.slice(0, 6).toUpperCase()}-${s}`;
}

export const permitsResource = defineResource({
  name: 'permits',
  actions: [...CRUD, 'approve', 'reject', 'revoke', 'restore'],
  routes: crudPages('permits', 'permitId', { approve: 'approve', reject: 'reject' }),
  nav: [navEntry('account', '/my/permits', 'myPermits'), navEntry('property', '/permits', 'permits')],
  audited: { permits: { record: '/permits/{id}/show' } },
  // The resident is chosen when the permit is created (locked on edit); the vehicle is one of theirs.
  options: {
    residents: ['create'],
    vehicles: ['create', 'edit'],
    'permit-types': ['create', 'edit'],
    spots: ['create', 'edit'],
  },
});

/** GET /my/permits as the resident's list shows it: by status, newest first. */
export const myPermitsListQuery = {
  filters: ['status'],
  sorts: ['createdAt'],
  includes: [],
  defaultSort: '-createdAt',
} as const;
