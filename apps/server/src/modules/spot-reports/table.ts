import { bigint, foreignKey, index, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { properties } from '../properties/table';
import { spots } from '../spots/table';
import { tenantUsers } from '../users/table';

/**
 * A resident's report of a car parked in a spot they hold a reservation of (tenant table): the plate seen (kept as
 * typed and normalised, both optional), a note, and at most one photo (a row of `files` owned by ('spot_reports',
 * id)). Open until staff or patrol resolve it: who resolved it, when and how are kept (by id and by name).
 */
export const spotReports = pgTable(
  'spot_reports',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    spotId: bigint('spot_id', { mode: 'number' }).notNull(),
    residentId: bigint('resident_id', { mode: 'number' }).notNull(),
    plate: varchar('plate', { length: 15 }),
    plateNormalized: varchar('plate_normalized', { length: 15 }),
    note: varchar('note', { length: 1000 }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedById: bigint('resolved_by_id', { mode: 'number' }),
    resolvedByName: varchar('resolved_by_name', { length: 255 }),
    resolution: varchar('resolution', { length: 1000 }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'spot_reports_spot_fk',
      columns: [t.propertyId, t.spotId],
      foreignColumns: [spots.propertyId, spots.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'spot_reports_resident_fk',
      columns: [t.propertyId, t.residentId],
      foreignColumns: [tenantUsers.propertyId, tenantUsers.id],
    }),
    index('spot_reports_created_idx').on(t.propertyId, t.createdAt),
    index('spot_reports_spot_idx').on(t.propertyId, t.spotId),
    index('spot_reports_resident_idx').on(t.propertyId, t.residentId),
    tenantPolicy('spot_reports'),
  ],
).enableRLS();
