import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { properties } from '../properties/table';
import { requestTypes } from '../request-types/table';

/**
 * A request to the property (tenant table, decision 0049): its type, subject and description, status, who asked
 * (a resident, or staff for themselves; kept by type, id and name), who works it (a staff user of the property),
 * and the record it stands for when it was made elsewhere (one request per record).
 */
export const requests = pgTable(
  'requests',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    /** Its type, of the request types catalog (a system type, or one central staff added). */
    typeId: bigint('type_id', { mode: 'number' })
      .notNull()
      .references(() => requestTypes.id),
    subject: varchar('subject', { length: 200 }).notNull(),
    description: text('description').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('created'),
    requesterType: varchar('requester_type', { length: 20 }).notNull(),
    requesterId: bigint('requester_id', { mode: 'number' }).notNull(),
    requesterName: varchar('requester_name', { length: 255 }).notNull(),
    assigneeId: bigint('assignee_id', { mode: 'number' }),
    assigneeName: varchar('assignee_name', { length: 255 }),
    /** The record it stands for when made elsewhere (REQUEST_LINK_ENTITIES: a permit asked for), else null. */
    linkEntity: varchar('link_entity', { length: 30 }),
    linkId: bigint('link_id', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    index('requests_status_idx').on(t.propertyId, t.status, t.createdAt),
    index('requests_requester_idx').on(t.propertyId, t.requesterType, t.requesterId),
    index('requests_assignee_idx')
      .on(t.propertyId, t.assigneeId)
      .where(sql`assignee_id is not null`),
    uniqueIndex('requests_link_unique')
      .on(t.propertyId, t.linkEntity, t.linkId)
      .where(sql`link_entity is not null`),
    tenantPolicy('requests'),
  ],
).enableRLS();

/**
 * A request's thread and history: its creation, each reply or internal note, each change of status and of
 * assignee, by whom and when. Files of an event are `files` rows owned by ('request_events', id).
 */
export const requestEvents = pgTable(
  'request_events',
  {
    propertyId: propertyIdColumn(),
    id: id(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    body: text('body'),
    internal: boolean('internal').notNull().default(false),
    status: varchar('status', { length: 20 }),
    assigneeName: varchar('assignee_name', { length: 255 }),
    authorType: varchar('author_type', { length: 20 }),
    authorId: bigint('author_id', { mode: 'number' }),
    authorName: varchar('author_name', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'request_events_request_fk',
      columns: [t.propertyId, t.requestId],
      foreignColumns: [requests.propertyId, requests.id],
    }).onDelete('cascade'),
    index('request_events_request_idx').on(t.propertyId, t.requestId, t.createdAt),
    tenantPolicy('request_events'),
  ],
).enableRLS();
