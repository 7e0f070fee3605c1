import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Drizzle without a schema: services build queries from the table objects they import, and no relational query
 * API (`db.query.x`) is used. Given a schema, Drizzle builds a query builder per table for every transaction;
 * without one a transaction costs nothing beyond its SQL, and the platform imports no resource's table.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the whole database or one transaction: what services take. */
export type Queryable = Db | Tx;

/** Runs raw SQL in a transaction or the database and returns its rows (both drivers answer `{ rows }`). */
export async function query<T>(q: Queryable, statement: SQL): Promise<T[]> {
  const r: unknown = await q.execute(statement);
  return (r as { rows: T[] }).rows;
}
