import { bigint, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, tenantPolicy } from '../../platform/db/columns';
import { properties } from '../properties/table';

/**
 * Stored uploads. The bytes live behind the storage interface under a server-generated key; this row says
 * whose they are. property_id is null only for central-owned files (global templates).
 */
export const files = pgTable(
  'files',
  {
    id: id().primaryKey(),
    propertyId: bigint('property_id', { mode: 'number' }).references(() => properties.id),
    entity: varchar('entity', { length: 64 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    extension: varchar('extension', { length: 10 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('files_property_entity_idx').on(t.propertyId, t.entity, t.entityId), tenantPolicy('files')],
).enableRLS();
