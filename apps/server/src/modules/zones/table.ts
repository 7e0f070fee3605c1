import { sql } from 'drizzle-orm';
import { jsonb, text, varchar } from 'drizzle-orm/pg-core';
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
  /** The zip codes grouped by the city they were chosen under (the form's grouping); zip_codes is the flat set. */
  zipCodesByCity: jsonb('zip_codes_by_city').$type<Record<string, string[]>>().notNull().default({}),
});
