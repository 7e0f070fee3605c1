import { PLATE_FOLD_FROM, PLATE_FOLD_TO } from '@parkade/contract';
import { eq, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  pgPolicy,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Column and policy helpers that every table uses, so the tenancy rules of DESIGN §4 hold by construction.
 * Tenant tables: `...tenantColumns()` + `primaryKey({ columns: [t.propertyId, t.id] })` + `tenantPolicy(name)`.
 */
export const id = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
export const propertyIdColumn = () => bigint('property_id', { mode: 'number' }).notNull();

/**
 * The central area's property_id in the tables both areas write — sessions, password resets, sign-in challenges,
 * staff invitations, the audit log, stored files and the mail outbox (decision 0057). Those tables are tenant tables
 * like the others, distributable by property_id (it leads their keys and is never null); the central area's rows sit
 * under this reserved id, which is no row of `properties` and which no property's scope can name (identities start at
 * 1). Row-level security shows them to central scope only, as it did when they were null.
 */
export const CENTRAL_AREA_ID = 0;

/** The property_id to write for a row of a property, or of the central area (null). */
export const areaPropertyId = (propertyId: number | null | undefined): number =>
  propertyId ?? CENTRAL_AREA_ID;

/**
 * property_id of a table both areas write: NOT NULL, CENTRAL_AREA_ID for the central area's rows, read back as null
 * (the contract's "no property"). Write it with `areaPropertyId` (a null written as such is refused by NOT NULL) and
 * select an area's rows with `ofArea`: `is null` finds nothing.
 */
export const areaPropertyIdColumn = () =>
  customType<{ data: number | null; driverData: string | number }>({
    dataType: () => 'bigint',
    fromDriver: (v) => (Number(v) === CENTRAL_AREA_ID ? null : Number(v)),
    toDriver: (v) => areaPropertyId(v),
  })('property_id').notNull();

/** The rows of a property's area, or of the central area (null). */
export const ofArea = (column: Column, propertyId: number | null | undefined): SQL =>
  eq(column, areaPropertyId(propertyId));

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The row is visible when it belongs to the request's property, or the request runs in central scope.
 * Each `current_setting` sits in a scalar subquery so the planner evaluates it once per statement (an initplan)
 * instead of once per row: on a 10,000-row count that halves the time, and an index on property_id stays usable.
 */
export const SCOPE_PREDICATE = sql`(property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')`;

export function tenantPolicy(table: string) {
  return pgPolicy(`${table}_isolation`, {
    as: 'permissive',
    for: 'all',
    to: 'public',
    using: SCOPE_PREDICATE,
    withCheck: SCOPE_PREDICATE,
  });
}

/**
 * A column written with its table's name, for a correlated subquery inside `sql`: Drizzle writes a single-table
 * query's columns bare (`"property_id"`), which inside `(select … from other o where o.property_id = …)` would
 * name the inner table's column, not the outer row's.
 */
export const qualified = (column: AnyPgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/**
 * The folded plate of the patrol's plate lookup (decision 0026): the normalised plate with PLATE_CONFUSIONS' letters
 * written as their digits, stored (generated) beside it. A column, not an expression: under forced row-level security
 * PostgreSQL uses an index for a condition only when the condition is leakproof, and `translate()` is not, so an
 * index on the expression was never used for the application role; `plate_folded = …` (text equality) is leakproof.
 */
export const plateFoldedColumn = () =>
  varchar('plate_folded', { length: 15 }).generatedAlwaysAs(
    sql.raw(`translate(plate_normalized, '${PLATE_FOLD_FROM}', '${PLATE_FOLD_TO}')`),
  );

/** The lookup's index on a table's folded plate, within its property (decision 0026). */
export const plateLookupIndex = (
  table: string,
  propertyId: AnyPgColumn,
  plateFolded: AnyPgColumn,
  where: SQL,
) => index(`${table}_folded_plate_idx`).on(propertyId, plateFolded).where(where);
