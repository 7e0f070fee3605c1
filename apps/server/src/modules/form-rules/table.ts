import { boolean, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { properties } from '../properties/table';

/** A property's rule for one field of one form (FORM_RULE_FIELDS); a field without a row takes the default. */
export const formRules = pgTable(
  'form_rules',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    form: varchar('form', { length: 30 }).notNull(),
    field: varchar('field', { length: 50 }).notNull(),
    visible: boolean('visible').notNull().default(true),
    required: boolean('required').notNull().default(false),
    validated: boolean('validated').notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.form, t.field] }), tenantPolicy('form_rules')],
).enableRLS();
