import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgPolicy, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, tenantPolicy, timestamps } from '../../platform/db/columns';
import { properties } from '../properties/table';

/**
 * Roles (decision 0020). A mixed table: `property_id` null for the five built-in roles (shared by both areas and
 * every property) and for central roles; a property's own roles carry its id. Forced RLS: the isolation policy of
 * every mixed table (a property sees and writes its own rows, central scope all), plus a read-only policy that lets
 * a property's scope read the rows of no property — its staff may hold a built-in role, and the session reads the
 * role's permissions in that scope. Only central scope writes a row of no property.
 */
export const roles = pgTable(
  'roles',
  {
    id: id().primaryKey(),
    propertyId: bigint('property_id', { mode: 'number' }).references(() => properties.id),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }),
    permissions: text('permissions').array().notNull().default([]),
    builtIn: boolean('built_in').notNull().default(false),
    /** Built-in roles: the default permissions the seed last gave, so a start adds only defaults new since then. */
    seededPermissions: text('seeded_permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [
    // One name per area: among the roles of no property, and among each property's own.
    uniqueIndex('roles_name_unique').on(sql`coalesce(${t.propertyId}, 0)`, sql`lower(${t.name})`),
    index('roles_property_idx').on(t.propertyId),
    tenantPolicy('roles'),
    pgPolicy('roles_shared_read', {
      as: 'permissive',
      for: 'select',
      to: 'public',
      using: sql`(property_id is null and (select nullif(current_setting('app.property_id', true), '')) is not null)`,
    }),
  ],
).enableRLS();
