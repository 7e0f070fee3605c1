import { CRUD, crudPages, defineResource, navEntry } from './resource';

/**
 * Stored visitor permit statuses (SPEC §4: "visitor permit statuses exist, plus a 'no status' label"). A visitor
 * without a permit (no plate yet, or a registration link not used yet) has `permitStatus` null, shown as
 * 'no status'. A pending or valid permit is shown as expired from the instant its `validUntil` passes (computed in
 * SQL at read time); the refresh call and the scheduled job then store `expired` on a valid one. A request that
 * lapses while pending keeps `pending` stored (shown expired): it was never granted, so it never counts toward a
 * limit (VISITOR_GRANTED_STATUSES; decision 0037).
 */
export const VISITOR_PERMIT_STATUSES = ['pending', 'valid', 'expired', 'revoked', 'rejected'] as const;
export type VisitorPermitStatus = (typeof VISITOR_PERMIT_STATUSES)[number];
/** What a list and a screen show: a stored status, or `none` ('no status') for a visitor without a permit. */
export const VISITOR_SHOWN_STATUSES = [...VISITOR_PERMIT_STATUSES, 'none'] as const;
export type VisitorShownStatus = (typeof VISITOR_SHOWN_STATUSES)[number];

/** The calls that move a visitor permit; `expire` is the system's alone (refresh-expired-permits and the job). */
export const VISITOR_PERMIT_ACTIONS = ['approve', 'reject', 'revoke', 'expire'] as const;
export type VisitorPermitAction = (typeof VISITOR_PERMIT_ACTIONS)[number];
/** The actions a person may call (POST /visitors/{id}/{action}). */
export const VISITOR_PERSON_ACTIONS = ['approve', 'reject', 'revoke'] as const;
export type VisitorPersonAction = (typeof VISITOR_PERSON_ACTIONS)[number];

/**
 * THE visitor permit workflow: for each action, the statuses it may start from and the status it leads to.
 * - approve: a pending request becomes a valid permit (when the property's settings require approval);
 * - reject: a pending request is refused;
 * - revoke: a valid permit is withdrawn before its end (the visitor left, or misused it);
 * - expire: a valid permit whose validity has passed (done by the system, never by a person). A pending request
 *   whose validity passes is shown expired and takes no action, but its stored status stays `pending`, the trace
 *   that nobody granted it (decision 0037).
 * Expired, revoked and rejected are final: register the visitor again for a new permit.
 */
export const VISITOR_PERMIT_TRANSITIONS = {
  approve: { from: ['pending'], to: 'valid' },
  reject: { from: ['pending'], to: 'rejected' },
  revoke: { from: ['valid'], to: 'revoked' },
  expire: { from: ['valid'], to: 'expired' },
} as const satisfies Record<
  VisitorPermitAction,
  { from: readonly VisitorPermitStatus[]; to: VisitorPermitStatus }
>;

/**
 * The stored statuses of a permit someone granted (approved, or valid at once): the only ones the limits count
 * (decision 0037). A pending request — the resident's own awaiting staff, or a stranger's from the poster — is
 * checked against the limits when it is approved, and counts from then on.
 */
export const VISITOR_GRANTED_STATUSES = [
  'valid',
  'revoked',
  'expired',
] as const satisfies readonly VisitorPermitStatus[];

/** The actions a person may take now; none once the permit's validity has passed (it counts as expired). */
export function visitorActionsFrom(shown: VisitorShownStatus): VisitorPersonAction[] {
  if (shown === 'none') return [];
  return VISITOR_PERSON_ACTIONS.filter((a) =>
    (VISITOR_PERMIT_TRANSITIONS[a].from as readonly VisitorPermitStatus[]).includes(shown),
  );
}

/** The SPEC §4 label key of each shown status. */
export const VISITOR_STATUS_DISPLAY: Record<VisitorShownStatus, string> = {
  pending: 'visitors.status.pending',
  valid: 'visitors.status.valid',
  expired: 'visitors.status.expired',
  revoked: 'visitors.status.revoked',
  rejected: 'visitors.status.rejected',
  none: 'visitors.status.none',
};

/**
 * The limits a new visitor permit is checked against (decision 0022), and a pending one again when it is approved.
 * Only granted permits count (VISITOR_GRANTED_STATUSES; decision 0037). Each is the resident's own value when set,
 * else the property's `visitorPermits` setting:
 * - visitorLimit: permits per resident within the rolling window of `visitorLimitWindowDays` days (the day of the
 *   permit's start and the days before it, as days of the property's time zone);
 * - visitorVehiclesAllowed: the resident's valid visitor permits whose validity overlaps;
 * - tempVisitorVehicles: the same, counting only vehicles on temporary plates;
 * - nightsInRow: per plate across the whole property (any resident), at most `maxNightsInRow` nights in a row
 *   (0 = no limit), a night being a local date whose 03:00 lies inside a permit's validity. The property's setting
 *   only (a plate is not a resident's).
 */
export const VISITOR_LIMITS = [
  'visitorLimit',
  'visitorVehiclesAllowed',
  'tempVisitorVehicles',
  'nightsInRow',
] as const;
export type VisitorLimit = (typeof VISITOR_LIMITS)[number];

/**
 * How a visitor came to be registered (decision 0023): by staff, by the resident (/my/visitors), by the visitor
 * through a personal link a resident or staff member sent (`link`: the permit is issued as if its sender had
 * registered it), through the property's registration poster (`poster`: approved as `posterApproval` says), or
 * renewed for a resident's caregiver.
 */
export const VISITOR_SOURCES = ['staff', 'resident', 'link', 'poster', 'caregiver'] as const;
export type VisitorSource = (typeof VISITOR_SOURCES)[number];

/**
 * Who approves a registration made through the property's poster (`visitorPermits.posterApproval`): the resident
 * named (in /my/visitors; staff may too), staff only, or nobody (the permit is valid at once, within the limits).
 */
export const POSTER_APPROVALS = ['resident', 'staff', 'none'] as const;
export type PosterApproval = (typeof POSTER_APPROVALS)[number];

/**
 * Requests from the property's poster awaiting approval (or rejected) that one resident may receive per day of the
 * property's time zone (decision 0037). They do not use the resident's allowance; this caps what strangers can
 * send them. Beyond it the poster answers a neutral refusal.
 */
export const POSTER_REQUESTS_PER_DAY = 3;

/** Days a personal registration link stays usable (single use). */
export const VISITOR_LINK_DAYS = 7;
/** Days a printed registration poster's link stays usable before it must be printed again. */
export const VISITOR_POSTER_DAYS = 365;

export const VISITOR_NAME_MAX = 255;
export const VISITOR_TEXT_MAX = 50;
export const VISITOR_CODE_MAX = 30;
export const VISITOR_REASON_MAX = 500;

/**
 * GET /visitors: filter[status] takes shown statuses (`none` for visitors without a permit; `valid` means valid
 * now, `expired` includes valid permits past their end); filter[from]/filter[to] keep visitors whose validity
 * overlaps that range; filter[term] searches name, phone, plate and permit code.
 */
export const visitorsListQuery = {
  filters: ['status', 'residentId', 'unitId', 'from', 'to'],
  sorts: ['name', 'createdAt', 'validFrom', 'validUntil', 'permitCode'],
  includes: ['resident', 'unit', 'make', 'model', 'state'],
  defaultSort: '-createdAt',
} as const;

/** The columns of GET /visitors/export, in order (headers `visitors.fields.<key>`). */
export const VISITOR_EXPORT_COLUMNS = [
  'name',
  'phone',
  'email',
  'plate',
  'state',
  'make',
  'model',
  'color',
  'vehicleType',
  'resident',
  'unit',
  'permitCode',
  'status',
  'validFrom',
  'validUntil',
  'createdAt',
] as const;

/** The visitors pages of SPEC §2.2 (and, nested under a resident, /residents/{id}/visitors; residents.ts). */
export const visitorsResource = defineResource({
  name: 'visitors',
  actions: [...CRUD, 'export', 'refresh'],
  routes: crudPages('visitors', 'visitorId'),
  nav: [navEntry('account', '/my/visitors', 'myVisitors'), navEntry('property', '/visitors', 'visitors')],
  audited: { visitors: { record: '/visitors/{id}/show' } },
  // The resident visited is chosen when registering (locked on edit); the unit is one of theirs.
  options: {
    residents: ['create'],
    units: ['create', 'edit'],
    states: ['create', 'edit'],
    makes: ['create', 'edit'],
    models: ['create', 'edit'],
  },
});

/** GET /my/visitors: the signed-in resident's own visitors, newest first (the staff list's filters but the resident). */
export const myVisitorsListQuery = {
  filters: ['status', 'from', 'to'],
  sorts: ['name', 'createdAt', 'validFrom', 'validUntil', 'permitCode'],
  includes: ['unit', 'make', 'model', 'state'],
  defaultSort: '-createdAt',
} as const;
