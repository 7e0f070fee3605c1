import { sql } from 'drizzle-orm';
import { bigint, foreignKey, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { buildings } from '../buildings/table';
import { properties } from '../properties/table';

/** Floors of a building (tenant table): a name ("Ground", "2") and an optional level for ordering. */
export const floors = pgTable(
  'floors',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    buildingId: bigint('building_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    level: integer('level'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'floors_building_fk',
      columns: [t.propertyId, t.buildingId],
      foreignColumns: [buildings.propertyId, buildings.id],
    }).onDelete('cascade'),
    uniqueIndex('floors_name_unique').on(t.propertyId, t.buildingId, sql`lower(${t.name})`),
    tenantPolicy('floors'),
  ],
).enableRLS();
