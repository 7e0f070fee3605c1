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
});
