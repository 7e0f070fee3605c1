import type { RecipientFilters } from '@parkade/contract';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy } from '../../platform/db/columns';
import { properties } from '../properties/table';

/**
 * A bulk mail of a property (decision 0043): its texts per language, the filters that chose its recipients, the
 * documents attached, and its state. Its recipients are written with it, in the same transaction: the list is fixed
 * when the manager presses Send (a resident added later is not in it).
 */
export const emailSends = pgTable(
  'email_sends',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    state: varchar('state', { length: 12 }).notNull().default('queued'),
    /** The subject in the property's first language (the history lists it). */
    subject: varchar('subject', { length: 255 }).notNull(),
    texts: jsonb('texts').$type<Record<string, { subject: string; body: string }>>().notNull(),
    filters: jsonb('filters').$type<RecipientFilters>().notNull(),
    attachments: jsonb('attachments').$type<string[]>().notNull(),
    /** The property's send rate when it was sent (messages per minute). */
    ratePerMinute: integer('rate_per_minute').notNull(),
    createdBy: varchar('created_by', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.id] }), tenantPolicy('email_sends')],
).enableRLS();

/**
 * One recipient of a send: who (name, address and language as they were when it was sent), their state, how many
 * times they were tried, the mail server's last refusal, and the lease of the worker sending to them
 * (`claimed_at`: a worker that died leaves rows 'sending'; after the lease another worker takes them again).
 */
export const emailSendRecipients = pgTable(
  'email_send_recipients',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    sendId: bigint('send_id', { mode: 'number' }).notNull(),
    residentId: bigint('resident_id', { mode: 'number' }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    /** Unit names (building and unit), for the {{unit}} and {{building}} variables. */
    unit: varchar('unit', { length: 500 }).notNull().default(''),
    building: varchar('building', { length: 500 }).notNull().default(''),
    state: varchar('state', { length: 12 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.sendId, t.residentId] }),
    index('email_send_recipients_state_idx').on(t.propertyId, t.sendId, t.state),
    tenantPolicy('email_send_recipients'),
  ],
).enableRLS();
