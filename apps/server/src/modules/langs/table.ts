import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../platform/db/columns';

/**
 * Language codes offered by the product (ISO 639-1), global: the shipped ones (en, es, zh) and those added in the
 * language codes view (decision 0051), with their direction of writing. Only active ones are offered.
 */
export const languageCodes = pgTable(
  'language_codes',
  {
    code: varchar('code', { length: 5 }).primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    nativeName: varchar('native_name', { length: 64 }).notNull(),
    direction: varchar('direction', { length: 3 }).notNull().default('ltr'),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [check('language_codes_direction', sql`${t.direction} in ('ltr', 'rtl')`)],
);

/**
 * The interface texts changed through the translations upload, one row per key and language, laid over the
 * shipped texts (packages/contract/translations) wherever a text is served or written (decision 0046). A shipped
 * text never lives here: a text put back to its shipped value loses its row, so a later release's new wording of
 * that text shows. Global.
 */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    key: varchar('key', { length: 191 }).notNull(),
    languageCode: varchar('language_code', { length: 5 })
      .notNull()
      .references(() => languageCodes.code),
    value: text('value').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.key, t.languageCode] })],
);

/**
 * The overrides' revision: one row (id 1), bumped by each upload that changes a text. With the shipped texts' hash
 * it makes the dictionaries' version, which is in their address (SPEC §9 caches them for good).
 */
export const translationRevision = pgTable(
  'translation_revision',
  {
    id: smallint('id').primaryKey().default(1),
    revision: integer('revision').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('translation_revision_one_row', sql`${t.id} = 1`)],
);
