import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The platform's own settings: one row (id 1), created by the first save; until then every key has its default
 * (SYSTEM_SETTINGS_DEFAULTS). A global table: it belongs to no property.
 */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: smallint('id').primaryKey().default(1),
    requireTwoFactorCentral: boolean('require_two_factor_central').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('system_settings_one_row', sql`${t.id} = 1`)],
);
