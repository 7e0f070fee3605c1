import { MAIL_TEMPLATE_KEYS } from './email-templates';
import { defineResource, navEntry } from './resource';

/**
 * The mail outbox (decision 0039 §4): every mail the application writes, with its delivery state. Central staff
 * only — it holds every property's mail, and an unsent mail's body holds live single-use links (password resets,
 * invitations, residents' links). `outbox.index` reads the envelopes (recipient, subject, state); `outbox.show`
 * reads one mail, with its body and links while it was not sent. A property's managers hold neither.
 */
export const outboxResource = defineResource({
  name: 'outbox',
  actions: ['index', 'show'],
  routes: { '/outbox': 'index' },
  areas: ['central'],
  nav: [navEntry('administration', '/outbox', 'outbox', { areas: ['central'] })],
  // Reading an unsent mail's body is recorded (action `read`): it may hold a live single-use link.
  audited: { mail_outbox: {} },
});

/**
 * A mail's state: `pending` (written, its delivery job not run yet), `queued` (re-queued by the outbox sweep),
 * `sent` (an SMTP server accepted it; its body is dropped), `failed` (the last attempt failed; retried), `stored`
 * (no SMTP server is configured: it stays here, to be read on the outbox screen).
 */
export const OUTBOX_STATUSES = ['pending', 'queued', 'sent', 'failed', 'stored'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** A mail keeps its body (text and links) until it is sent. */
export const outboxBodyKept = (status: OutboxStatus) => status !== 'sent';

/** GET /outbox: filter[term] searches the recipient and the subject. */
export const outboxListQuery = {
  filters: ['status', 'kind', 'propertyId', 'createdAt'],
  sorts: ['createdAt', 'id', 'status', 'to'],
  includes: ['property'],
  defaultSort: '-createdAt',
} as const;

/**
 * The kinds of mail the application writes (the screen's filter; an unknown kind still lists): one per email
 * template, and `visitor-decision`, the kind of a visitor's decision mail before it was split into approved and
 * not approved (decision 0040), and `custom-template`, the test mail of a property's own template.
 */
export const OUTBOX_KINDS = [...MAIL_TEMPLATE_KEYS, 'visitor-decision', 'custom-template'] as const;
