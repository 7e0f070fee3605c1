import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { buildings } from '../buildings/table';
import { floors } from '../floors/table';
import { properties } from '../properties/table';

/** Units (apartments, offices) of a building, optionally on a floor (tenant table). name is the unit number. */
export const units = pgTable(
  'units',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    buildingId: bigint('building_id', { mode: 'number' }).notNull(),
    floorId: bigint('floor_id', { mode: 'number' }),
    name: varchar('name', { length: 30 }).notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'units_building_fk',
      columns: [t.propertyId, t.buildingId],
      foreignColumns: [buildings.propertyId, buildings.id],
    }),
    foreignKey({
      name: 'units_floor_fk',
      columns: [t.propertyId, t.floorId],
      foreignColumns: [floors.propertyId, floors.id],
    }),
    uniqueIndex('units_name_unique').on(t.propertyId, t.buildingId, sql`lower(${t.name})`),
    index('units_floor_idx').on(t.propertyId, t.floorId),
    tenantPolicy('units'),
  ],
).enableRLS();
