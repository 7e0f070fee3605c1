import { CATALOG_CODE_MAX, CATALOG_NAME_MAX } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  pgTable,
  uniqueIndex,
  varchar,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import type { BuildExtraConfigColumns } from 'drizzle-orm/column-builder';
import { timestamps } from './columns';
import type { Tx } from './index';

const catalogColumns = (idStartWith?: number) => ({
  id: bigint('id', { mode: 'number' })
    .generatedAlwaysAsIdentity(idStartWith ? { startWith: idStartWith } : undefined)
    .primaryKey(),
  code: varchar('code', { length: CATALOG_CODE_MAX }).notNull(),
  name: varchar('name', { length: CATALOG_NAME_MAX }).notNull(),
});

/**
 * A global catalog table (DESIGN §1, §4): no property_id and no row-level security (every property reads the
 * same rows; central writes them). id, code (unique ignoring case: index `<name>_code_unique`), name, the
 * catalog's own columns, created_at and updated_at.
 */
export function catalogTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  options: {
    /** First id given by the identity (ids below are kept for rows seeded with fixed ids). */
    idStartWith?: number;
    indexes?: (
      t: BuildExtraConfigColumns<TName, ReturnType<typeof catalogColumns> & TColumns, 'pg'>,
    ) => PgTableExtraConfigValue[];
  } = {},
) {
  return pgTable(name, { ...catalogColumns(options.idStartWith), ...columns, ...timestamps() }, (t) => [
    uniqueIndex(`${name}_code_unique`).on(sql`lower(${t.code})`),
    ...(options.indexes?.(t as never) ?? []),
  ]);
}

/**
 * Reference rows of a catalog (seeds, production too): inserted when the catalog is empty, so the first start
 * fills it and later starts leave it alone — rows a central admin edited or deleted stay as they are.
 * Returns whether it inserted.
 */
export async function fillIfEmpty<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<boolean> {
  const source: PgTable = table;
  const [any] = await tx
    .select({ one: sql<number>`1` })
    .from(source)
    .limit(1);
  if (any || !rows.length) return false;
  await tx.insert(table).values(rows).onConflictDoNothing();
  return true;
}
