import { bigint, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { areaPropertyIdColumn, id, tenantPolicy } from '../../platform/db/columns';

/**
 * Stored uploads. The bytes live behind the storage interface under a server-generated key; this row says
 * whose they are. Central-owned files (global templates) carry CENTRAL_AREA_ID (decision 0057).
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    propertyId: areaPropertyIdColumn(),
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
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    // A file read by its id alone in central scope (decision 0057: non-unique, one per shard when distributed).
    index('files_id_idx').on(t.id),
    index('files_property_entity_idx').on(t.propertyId, t.entity, t.entityId),
    tenantPolicy('files'),
  ],
).enableRLS();
