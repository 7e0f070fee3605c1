import {
  bigint,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { patrolCheckIns } from '../patrolling/table';
import { properties } from '../properties/table';

/**
 * A patrol report (tenant table; SPEC §5): one per check-in, written while that check-in is active. The round's
 * observations and the route's start and end are read from the check-in; the report keeps the officer's summary.
 */
export const patrolReports = pgTable(
  'patrol_reports',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    checkInId: bigint('check_in_id', { mode: 'number' }).notNull(),
    userArea: varchar('user_area', { length: 10 }).$type<'central' | 'tenant'>().notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userName: varchar('user_name', { length: 255 }).notNull(),
    summary: text('summary'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'patrol_reports_check_in_fk',
      columns: [t.propertyId, t.checkInId],
      foreignColumns: [patrolCheckIns.propertyId, patrolCheckIns.id],
    }),
    uniqueIndex('patrol_reports_check_in_idx').on(t.propertyId, t.checkInId),
    index('patrol_reports_created_idx').on(t.propertyId, t.createdAt),
    tenantPolicy('patrol_reports'),
  ],
).enableRLS();
