import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
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

/**
 * A property's own template (decision 0040, "The property's own templates"): a name, what it is for, and a subject
 * and a body per language, to start a bulk mail from.
 */
export const customEmailTemplates = pgTable(
  'custom_email_templates',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    description: varchar('description', { length: 500 }),
    texts: jsonb('texts').$type<Record<string, { subject: string; body: string }>>().notNull(),
    createdBy: varchar('created_by', { length: 255 }),
    updatedBy: varchar('updated_by', { length: 255 }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    // Two templates of a property never share a name (the sender's picker lists them by name).
    uniqueIndex('custom_email_templates_name_unique').on(t.propertyId, sql`lower(${t.name})`),
    tenantPolicy('custom_email_templates'),
  ],
).enableRLS();
