import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy } from '../../platform/db/columns';
import { properties } from '../properties/table';

/**
 * The bell's notifications (tenant table, decision 0048). Addressed to one user (`user_type` and `user_id`: a
 * resident, a staff member or a central user, who started an import) or, with both null, to the property's users
 * holding the permissions of its kind (contract NOTIFICATION_KINDS). `params` fill the kind's text; `record_id`
 * fills its link. Read marks are per user (notification_reads); kept NOTIFICATION_DAYS days.
 */
export const notifications = pgTable(
  'notifications',
  {
    propertyId: propertyIdColumn().references(() => properties.id, { onDelete: 'cascade' }),
    id: id(),
    kind: varchar('kind', { length: 40 }).notNull(),
    userType: varchar('user_type', { length: 20 }),
    userId: bigint('user_id', { mode: 'number' }),
    recordId: bigint('record_id', { mode: 'number' }),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** Who caused it (not notified of their own act). */
    actorType: varchar('actor_type', { length: 20 }),
    actorId: bigint('actor_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    index('notifications_created_idx').on(t.propertyId, t.createdAt),
    index('notifications_user_idx')
      .on(t.propertyId, t.userType, t.userId, t.createdAt)
      .where(sql`user_id is not null`),
    tenantPolicy('notifications'),
  ],
).enableRLS();

/** One user's mark of a notification read (`mark all read` writes one per unread notification). */
export const notificationReads = pgTable(
  'notification_reads',
  {
    propertyId: propertyIdColumn(),
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
    userType: varchar('user_type', { length: 20 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.notificationId, t.userType, t.userId] }),
    foreignKey({
      name: 'notification_reads_notification_fk',
      columns: [t.propertyId, t.notificationId],
      foreignColumns: [notifications.propertyId, notifications.id],
    }).onDelete('cascade'),
    tenantPolicy('notification_reads'),
  ],
).enableRLS();
