import { pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { properties } from '../properties/table';

/**
 * A property's own text of one mail (MAIL_TEMPLATES key) in one language (decision 0040). A mail with no row in a
 * language is sent with the shipped default of that language; "restore default" deletes the row.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    key: varchar('key', { length: 60 }).notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    body: text('body').notNull(),
    /** Who wrote it last (shown on the template; the binnacle keeps the whole history). */
    updatedBy: varchar('updated_by', { length: 255 }),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.key, t.language] }), tenantPolicy('email_templates')],
).enableRLS();
