import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { areaPropertyIdColumn, id, tenantPolicy } from '../../platform/db/columns';

/**
 * Every mail is written here in the transaction that decides to send it; the mail job delivers it
 * through the property's SMTP, the system SMTP, or leaves it here (status 'stored') when none is configured.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    propertyId: areaPropertyIdColumn(),
    to: varchar('to', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers (List-Unsubscribe on mail that is not essential: decision 0043). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    kind: varchar('kind', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    smtpResponse: text('smtp_response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Until when a delivery holds the mail (decision 0053): set when a delivery job takes it, cleared with its outcome.
     * Another job (a retry, a sweep's) leaves a held mail alone; one whose holder died takes it once this has passed.
     */
    leasedUntil: timestamp('leased_until', { withTimezone: true, mode: 'date' }),
    /** When the outbox sweep last queued the mail's delivery job (status `queued`). */
    sweptAt: timestamp('swept_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    // The delivery job's mail, read by its id alone in central scope (decision 0057: non-unique, one per shard).
    index('mail_outbox_id_idx').on(t.id),
    index('mail_outbox_property_status_idx').on(t.propertyId, t.status, t.createdAt),
    // The mail report (decision 0047): a property's mail of a period counted by status and kind from the index alone.
    index('mail_outbox_property_created_idx').on(t.propertyId, t.createdAt, t.status, t.kind),
    tenantPolicy('mail_outbox'),
  ],
).enableRLS();
