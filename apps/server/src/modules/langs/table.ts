import { boolean, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../platform/db/columns';

/** Language codes offered by the product (ISO 639-1). Global. */
export const languageCodes = pgTable('language_codes', {
  code: varchar('code', { length: 5 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  nativeName: varchar('native_name', { length: 64 }).notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...timestamps(),
});

/** Interface translations, one row per key and language. Seeded from packages/contract/translations. */
export const translations = pgTable(
  'translations',
  {
    key: varchar('key', { length: 191 }).notNull(),
    languageCode: varchar('language_code', { length: 5 })
      .notNull()
      .references(() => languageCodes.code),
    value: text('value').notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.key, t.languageCode] })],
);
