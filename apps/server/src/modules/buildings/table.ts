import { sql } from 'drizzle-orm';
import { doublePrecision, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { properties } from '../properties/table';

/**
 * Buildings of a property (tenant table). The map columns place the building on the parking map designer:
 * null map_x means "not drawn yet"; rotation is 0, 90, 180 or 270 degrees.
 */
export const buildings = pgTable(
  'buildings',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    mapX: doublePrecision('map_x'),
    mapY: doublePrecision('map_y'),
    mapWidth: doublePrecision('map_width'),
    mapHeight: doublePrecision('map_height'),
    mapRotation: integer('map_rotation').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    uniqueIndex('buildings_name_unique').on(t.propertyId, sql`lower(${t.name})`),
    tenantPolicy('buildings'),
  ],
).enableRLS();
