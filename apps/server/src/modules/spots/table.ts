import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { parkingAreas } from '../parking-map/table';
import { properties } from '../properties/table';

/**
 * Parking spots (tenant table). The number is unique per property ignoring case (`spots_number_unique`: the
 * database decides, so two concurrent creates cannot both win). x, y are the spot's position inside its area
 * (or on the map when it has no area); rotation in degrees.
 */
export const spots = pgTable(
  'spots',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    areaId: bigint('area_id', { mode: 'number' }),
    number: varchar('number', { length: 20 }).notNull(),
    name: varchar('name', { length: 2 }),
    type: varchar('type', { length: 20 }).notNull().default('resident'),
    status: varchar('status', { length: 20 }).notNull().default('available'),
    spotGroup: varchar('spot_group', { length: 60 }),
    notes: text('notes'),
    x: doublePrecision('x').notNull().default(0),
    y: doublePrecision('y').notNull().default(0),
    rotation: integer('rotation').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'spots_area_fk',
      columns: [t.propertyId, t.areaId],
      foreignColumns: [parkingAreas.propertyId, parkingAreas.id],
    }).onDelete('cascade'),
    uniqueIndex('spots_number_unique').on(t.propertyId, sql`lower(${t.number})`),
    index('spots_area_idx').on(t.propertyId, t.areaId),
    index('spots_type_idx').on(t.propertyId, t.type),
    tenantPolicy('spots'),
  ],
).enableRLS();
