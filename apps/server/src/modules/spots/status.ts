import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

type Expr = SQL | AnyPgColumn | number;

/**
 * The one derivation of a spot's status, used by `/spots`, the spot's page and detail, and the parking map (spots
 * and counts) alike. "Reserved" means: the spot's status as staff set it is `available` and a reservation of the
 * spot covers today (`starts_on <= current_date <= ends_on`; both days included) and is confirmed (a resident's
 * pending request holds the spot for its dates but does not make it Reserved; decision 0039 §5). Staff may also set `reserved`
 * by hand; `assigned` and `outOfService` are never overridden by a reservation. The status staff set is kept
 * apart (`setStatus`), so a form edits what staff chose, never the derived value.
 *
 * `spotId in (today's reserved spot ids of the property)`: a subquery that does not refer to the spot row when the
 * property is a parameter, so PostgreSQL reads today's reservations once and probes a hash per spot.
 */
export const reservedTodaySql = (spotId: Expr, propertyId: Expr): SQL => sql`(${spotId} in (
  select r.spot_id from reservations r
  where r.property_id = ${propertyId} and r.status = 'confirmed'
    and r.starts_on <= current_date and r.ends_on >= current_date))`;

/**
 * The same reservations for spots of many properties at once (the central dashboard's occupancy): the pair
 * (property, spot) among today's confirmed reservations of every property, read once as a hashed set.
 */
export const reservedTodayAnySql = (
  propertyId: Expr,
  spotId: Expr,
): SQL => sql`((${propertyId}, ${spotId}) in (
  select r.property_id, r.spot_id from reservations r
  where r.status = 'confirmed' and r.starts_on <= current_date and r.ends_on >= current_date))`;

/** The status everyone sees: `reserved` for an available spot reserved today, else the status staff set. */
export const spotStatusSql = (status: Expr, reservedToday: SQL): SQL<string> =>
  sql<string>`(case when ${status} = 'available' and ${reservedToday} then 'reserved' else ${status} end)`;
