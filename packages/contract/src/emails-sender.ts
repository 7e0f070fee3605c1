import { z } from 'zod';
import { LANGUAGES } from './constants';
import { DOCUMENT_KIND_KEYS, type DocumentKind } from './documents';
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX } from './email-templates';
import { PERMIT_STATUSES } from './permits';
import { defineResource, navEntry } from './resource';
import { RESIDENT_STATUSES } from './residents';

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

const language = z.enum(LANGUAGES);
const ids = z.array(z.number().int().positive()).max(1000).optional();

/** Which residents a mail goes to: all of them, or those every given filter matches. */
export const recipientFiltersSchema = z.object({
  buildingIds: ids,
  unitIds: ids,
  residentStatuses: z.array(z.enum(RESIDENT_STATUSES)).optional(),
  /** Residents holding at least one permit in one of these states. */
  permitStatuses: z.array(z.enum(PERMIT_STATUSES)).optional(),
  /** Residents with an approved permit whose last day is within this many days (today included). */
  permitExpiringWithinDays: z.number().int().min(0).max(365).optional(),
  /** Residents who have not signed the permit agreement. */
  unsignedAgreement: z.boolean().optional(),
});
export type RecipientFilters = z.infer<typeof recipientFiltersSchema>;

/** POST /emails-sender/count: how many residents the filters choose, and how many of them a mail reaches. */
export const recipientCountSchema = z.object({
  /** Residents the filters choose. */
  matched: z.number().int(),
  /** Of those, the ones a mail goes to (an address, not unsubscribed). */
  reachable: z.number().int(),
  withoutEmail: z.number().int(),
  unsubscribed: z.number().int(),
  /** How many of the reachable read each language. */
  languages: z.record(z.string(), z.number().int()),
});
export type RecipientCount = z.infer<typeof recipientCountSchema>;

const subject = z
  .string('validation.required')
  .trim()
  .min(1, 'validation.required')
  .max(MAIL_SUBJECT_MAX, 'validation.max');
const body = z
  .string('validation.required')
  .trim()
  .min(1, 'validation.required')
  .max(MAIL_BODY_MAX, 'validation.max');
export const bulkMailTextSchema = z.object({ subject, body });

/**
 * A bulk mail's texts: a subject and a body per language (at least one). A resident whose language has no text gets
 * the property's first language that has one.
 */
export const bulkMailTextsSchema = z
  .partialRecord(language, bulkMailTextSchema)
  .refine((t) => Object.values(t).some(Boolean), 'emailsSender.textRequired');

/** POST /emails-sender: send now. */
export const emailSendBody = z.object({
  filters: recipientFiltersSchema,
  texts: bulkMailTextsSchema,
  attachments: z
    .array(z.enum(DOCUMENT_KIND_KEYS as [DocumentKind, ...DocumentKind[]]))
    .max(BULK_ATTACHMENTS_MAX)
    .default([]),
});
export type EmailSendBody = z.input<typeof emailSendBody>;

/** POST /emails-sender/preview: the mail as one resident (or the sample) gets it, in a language. */
export const emailSendPreviewBody = z.object({
  texts: bulkMailTextsSchema,
  language,
  residentId: z.number().int().positive().optional(),
  attachments: z
    .array(z.enum(DOCUMENT_KIND_KEYS as [DocumentKind, ...DocumentKind[]]))
    .max(BULK_ATTACHMENTS_MAX)
    .default([]),
});
export type EmailSendPreviewBody = z.input<typeof emailSendPreviewBody>;

export const emailSendCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  /** Recipients tried more than once (a retry after a refusal, or again after a send was interrupted). */
  retried: z.number().int(),
});
export type EmailSendCounts = z.infer<typeof emailSendCountsSchema>;

/** A send: what it said, to whom, by whom, when, and how far it got. */
export const emailSendSchema = z.object({
  id: z.number().int(),
  state: z.enum(EMAIL_SEND_STATES),
  subject: z.string(),
  texts: z.record(z.string(), bulkMailTextSchema),
  filters: recipientFiltersSchema,
  attachments: z.array(z.string()),
  counts: emailSendCountsSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The property's send rate when it was sent (messages per minute). */
  ratePerMinute: z.number().int(),
});
export type EmailSend = z.infer<typeof emailSendSchema>;
export const emailSendListSchema = z.object({
  data: z.array(emailSendSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET /emails-sender/{id}/recipients: each recipient with their state and, for a failure, the server's answer. */
export const emailRecipientSchema = z.object({
  residentId: z.number().int(),
  name: z.string(),
  email: z.string(),
  language: z.string(),
  state: z.enum(RECIPIENT_STATES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type EmailRecipient = z.infer<typeof emailRecipientSchema>;
export const emailRecipientListSchema = z.object({
  data: z.array(emailRecipientSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
