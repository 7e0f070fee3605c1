import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { properties } from '../properties/table';

/**
 * One row per property that has a drawn map: its layout version. Every layout save must name the version it
 * started from; the save bumps it, so a stale save (another editor saved meanwhile) is refused (409).
 */
export const parkingMaps = pgTable(
  'parking_maps',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    version: integer('version').notNull().default(0),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedByName: varchar('updated_by_name', { length: 255 }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.propertyId] }), tenantPolicy('parking_maps')],
).enableRLS();

/** Parking areas drawn on the map (tenant table): a rectangle that holds spots. */
export const parkingAreas = pgTable(
  'parking_areas',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    x: doublePrecision('x').notNull().default(0),
    y: doublePrecision('y').notNull().default(0),
    width: doublePrecision('width').notNull().default(200),
    height: doublePrecision('height').notNull().default(120),
    rotation: integer('rotation').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    uniqueIndex('parking_areas_name_unique').on(t.propertyId, sql`lower(${t.name})`),
    tenantPolicy('parking_areas'),
  ],
).enableRLS();
