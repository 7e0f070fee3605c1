import { sql } from 'drizzle-orm';
import { text, varchar } from 'drizzle-orm/pg-core';
import { catalogTable } from '../../platform/db/catalog-table';

/** Zones: areas that group properties (properties.zone_id). Global catalog. */
export const zones = catalogTable('zones', {
  county: varchar('county', { length: 120 }).notNull(),
  cities: text('cities')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  zipCodes: text('zip_codes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});
