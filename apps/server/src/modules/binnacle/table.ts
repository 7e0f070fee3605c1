import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { areaPropertyIdColumn, id, tenantPolicy } from '../../platform/db/columns';

/**
 * The audit log. Shared by both areas: central entries carry CENTRAL_AREA_ID (decision 0057), tenant entries
 * carry theirs. Row-level security shows a tenant only its own entries; central scope sees all. The platform writes
 * it by its SQL name (platform/audit.ts `writeAudit`): a column renamed here is renamed there.
 */
export const binnacle = pgTable(
  'binnacle',
  {
    id: id(),
    propertyId: areaPropertyIdColumn(),
    area: varchar('area', { length: 10 }).notNull(),
    userType: varchar('user_type', { length: 20 }),
    userId: bigint('user_id', { mode: 'number' }),
    userName: varchar('user_name', { length: 255 }),
    entity: varchar('entity', { length: 64 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    action: varchar('action', { length: 64 }).notNull(),
    changes: jsonb('changes').$type<Record<string, { old: unknown; new: unknown }>>().notNull().default({}),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    requestId: varchar('request_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** What filter[term] searches, lower-cased once on write (list-query `term: { lowercased }`). */
    search: text('search')
      .notNull()
      .generatedAlwaysAs(sql`lower(entity || ' ' || action || ' ' || coalesce(user_name, ''))`),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    // Serves the newest-first page, the count and the search from the index alone (list-query `keysFirst`).
    index('binnacle_property_created_search_idx').on(t.propertyId, t.createdAt, t.id, t.search),
    index('binnacle_property_entity_idx').on(t.propertyId, t.entity, t.entityId),
    tenantPolicy('binnacle'),
  ],
).enableRLS();
