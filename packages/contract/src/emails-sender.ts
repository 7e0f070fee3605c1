import { defineResource, navEntry } from './resource';

/**
 * The email sender (SPEC §2.2 `/emails-sender`; issue 37 §3, decision 0043): a property writes to its residents —
 * chosen by filters, each in their own language, with the property's documents attached — and follows the send as a
 * job: queued, sent, failed (with the mail server's answer), cancelled; the failed ones can be sent again. Residents
 * may unsubscribe from such mail (one click, RFC 8058); a mail a person cannot do without is never bulk mail.
 */
export const emailsSenderResource = defineResource({
  name: 'emails-sender',
  actions: ['index', 'send'],
  routes: {
    '/emails-sender': 'index',
    '/emails-sender/create': 'send',
    '/emails-sender/$emailSendId/show': 'index',
  },
  nav: [navEntry('administration', '/emails-sender', 'emailsSender')],
  // The compose page picks buildings, units and the resident a preview is shown as; a send's page names the buildings
  // and units it was sent to (decision 0039 §3: under the sender's own permissions, not the buildings' or units').
  options: { buildings: ['index', 'send'], units: ['index', 'send'], residents: ['send'] },
  audited: { email_sends: { record: '/emails-sender/{id}/show' } },
});

/** The variables a bulk mail may use (each resident's own values; `unsubscribe` is added by the product). */
export const BULK_MAIL_VARIABLES = ['name', 'email', 'unit', 'building', 'place'] as const;

export const EMAIL_SEND_STATES = ['queued', 'sending', 'done', 'cancelled'] as const;
export type EmailSendState = (typeof EMAIL_SEND_STATES)[number];
/** A recipient's state: waiting, being sent, sent, refused by the mail server, or not sent (cancelled). */
export const RECIPIENT_STATES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
/** How many times a recipient is tried before they are listed as failed (the first try and one retry). */
export const BULK_MAIL_ATTEMPTS = 2;
export const BULK_ATTACHMENTS_MAX = 2;
export const BULK_RECIPIENTS_MAX = 50_000;
