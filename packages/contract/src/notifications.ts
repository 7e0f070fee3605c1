import type { Permission } from './permissions';
import { REQUEST_WORKER_PERMISSIONS } from './requests';

/**
 * Notifications (issue 38 §3, decision 0048): the bell of the top bar, for property staff and residents. A
 * notification is either addressed to one user (`to`: the resident whose permit was decided, the user whose import
 * finished) or to an audience — everyone of the property holding every permission of its kind's `needs`, read at
 * the time of reading, so a role changed later changes who sees it and nobody sees what they may not open. Each links
 * to its record; kept NOTIFICATION_DAYS days.
 */
export const NOTIFICATION_KINDS = {
  /** A permit waits for approval (a resident asked for it, or staff left it pending). */
  permitPending: { needs: ['permits.index', 'permits.approve'], href: '/permits/{id}/show' },
  /** The resident's permit was approved or rejected (params.decision). */
  permitDecided: { needs: null, href: '/my/permits/{id}/show' },
  /** A visitor's permit waits for the office's approval. */
  visitorPending: { needs: ['visitors.index', 'visitors.edit'], href: '/visitors/{id}/show' },
  /** A visitor asked, from the poster, to park as the resident's guest: the resident approves or rejects it. */
  posterRequest: { needs: null, href: '/my/visitors/{id}/show' },
  /** A resident reported a car in their reserved spot. */
  spotReport: { needs: ['spot-reports.index', 'spot-reports.edit'], href: '/spot-reports/{id}/show' },
  /** A patrol's warning waits for a decision. */
  warningPending: {
    needs: ['permit-warnings.index', 'permit-warnings.decide'],
    href: '/permit-warnings/{id}/show',
  },
  /** A tow was authorised. */
  towAuthorized: { needs: ['vehicle-tows.index'], href: '/vehicle-tows/{id}/show' },
  /** A residents import the user started has finished (params.outcome: done, rejected or failed). */
  importFinished: { needs: null, href: '/residents' },
  /** A new request to the property. */
  requestNew: { needs: REQUEST_WORKER_PERMISSIONS, href: '/requests/{id}/show' },
  /** A request was assigned to the user, or its requester replied to or cancelled it (params.variant). */
  requestAssigned: { needs: null, href: '/requests/{id}/show' },
  /** The user's own request was answered or changed status (params.variant: reply or the new status). */
  requestAnswered: { needs: null, href: '/my-requests/{id}/show' },
} as const satisfies Record<
  string,
  { needs: readonly Permission[] | null; href: string; staffHref?: string }
>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_KEYS = Object.keys(NOTIFICATION_KINDS) as [
  NotificationKind,
  ...NotificationKind[],
];

/** How long a notification is kept (and shown). */
export const NOTIFICATION_DAYS = 90;
/** How many the bell's list shows at most (the newest). */
export const NOTIFICATION_LIST_MAX = 50;
/** How often an open page asks for the unread count again (and on focus). */
export const NOTIFICATION_POLL_MS = 30_000;

/** The web address a notification opens: its kind's href (staff's own, where it differs) with the record's id. */
export const notificationHref = (kind: NotificationKind, recordId: number | null, staff = false): string => {
  const def: { href: string; staffHref?: string } = NOTIFICATION_KINDS[kind];
  return ((staff && def.staffHref) || def.href).replace('{id}', String(recordId ?? ''));
};
