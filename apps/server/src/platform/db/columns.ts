import { sql } from 'drizzle-orm';
import { bigint, pgPolicy, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column and policy helpers that every table uses, so the tenancy rules of DESIGN §4 hold by construction.
 * Tenant tables: `...tenantColumns()` + `primaryKey({ columns: [t.propertyId, t.id] })` + `tenantPolicy(name)`.
 */
export const id = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
export const propertyIdColumn = () => bigint('property_id', { mode: 'number' }).notNull();
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The row is visible when it belongs to the request's property, or the request runs in central scope. */
export const SCOPE_PREDICATE = sql`(property_id = nullif(current_setting('app.property_id', true), '')::bigint or current_setting('app.scope', true) = 'central')`;

export function tenantPolicy(table: string) {
  return pgPolicy(`${table}_isolation`, {
    as: 'permissive',
    for: 'all',
    to: 'public',
    using: SCOPE_PREDICATE,
    withCheck: SCOPE_PREDICATE,
  });
}
