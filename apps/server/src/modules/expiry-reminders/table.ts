import { bigint, date, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy } from '../../platform/db/columns';
import { properties } from '../properties/table';

/**
 * The ledger of permit expiry reminders (tenant table; decision 0041): one row per reminder sent, written in the same
 * transaction as its mail in the outbox. Its unique key — the property, the kind of permit (`permit`: a resident's,
 * `visitor`: a visitor permit), the permit and the permit's last day in the property's zone — is what makes a
 * reminder go out exactly once: a second run's insert finds the row (or waits for the first run's transaction and
 * then finds it) and writes no mail. A permit given a new end may be reminded again for it.
 */
export const expiryReminders = pgTable(
  'expiry_reminders',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    kind: varchar('kind', { length: 10 }).notNull(),
    permitId: bigint('permit_id', { mode: 'number' }).notNull(),
    /** The permit's last day in the property's zone (a resident permit's expires_on; a visitor permit's end's day). */
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** Where the reminder went. */
    sentTo: varchar('sent_to', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    uniqueIndex('expiry_reminders_unique').on(t.propertyId, t.kind, t.permitId, t.endsOn),
    tenantPolicy('expiry_reminders'),
  ],
).enableRLS();
