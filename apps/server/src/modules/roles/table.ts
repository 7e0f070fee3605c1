import { boolean, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../platform/db/columns';

/** Roles are global: the same five roles serve central and property staff; their permission sets are data. */
export const roles = pgTable(
  'roles',
  {
    id: id().primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }),
    permissions: text('permissions').array().notNull().default([]),
    builtIn: boolean('built_in').notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('roles_name_unique').on(t.name)],
);
