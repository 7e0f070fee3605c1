import {
  CATALOG_CODE_MAX,
  CATALOG_NAME_MAX,
  DEFAULT_LANGUAGE,
  type CatalogNames,
  type Language,
} from '@parkade/contract';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  integer,
  jsonb,
  pgTable,
  type PgColumn,
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
  /** The name in the other languages ({ es, zh }; issue 36 §9): a reader sees theirs, else `name`. */
  names: jsonb('names').$type<CatalogNames>().notNull().default({}),
  /** Its place in lists and pickers (issue 36 §13); null: after those with one, by name. */
  position: integer('position'),
});

/**
 * A global catalog table (DESIGN §1, §4): no property_id and no row-level security (every property reads the
 * same rows; central writes them). id, code (unique ignoring case: index `<name>_code_unique`), name (the default
 * name), names (the name in other languages), the catalog's own columns, created_at and updated_at.
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

/**
 * A catalog entry's name in a language, as SQL (issue 36 §9): its name there when it has one, else its default
 * name — `catalogName` of the contract, for selects, sorts and joins. The language is a bound parameter.
 */
export function nameIn(table: { name: PgColumn; names: PgColumn }, lang: Language): SQL<string> {
  if (lang === DEFAULT_LANGUAGE) return sql<string>`${table.name}`;
  return sql<string>`coalesce(nullif(btrim(${table.names} ->> ${lang}::text), ''), ${table.name})`;
}

/** What filter[term] searches in a catalog entry's names, every language at once (jsonb's text). */
export const namesText = (table: { names: PgColumn }): SQL => sql`${table.names}::text`;

/**
 * The names in other languages of the rows a seed ships (issue 36 §9), on every start: given to a row found by its
 * code that still bears the seeded default name and has no names — an installation made before names existed gets
 * them, and a row an admin renamed or named keeps what they wrote. One statement per catalog.
 */
export async function fillSeededNames<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly { code: string; name: string; names?: CatalogNames }[],
): Promise<void> {
  const named = rows.filter((r) => r.names && Object.keys(r.names).length);
  if (!named.length) return;
  await tx.execute(
    sql`update ${table} as t set names = x.names
          from jsonb_to_recordset(${JSON.stringify(named)}::jsonb) as x(code text, name text, names jsonb)
         where lower(t.code) = lower(x.code) and t.name = x.name and t.names = '{}'::jsonb`,
  );
}

/**
 * A catalog's system entries (permit types, request types) at their fixed ids, on every start: a missing one is
 * added, placed by its id and marked built_in; an existing one (perhaps renamed by an admin) is left as it is but
 * gets the seeded names in other languages while it keeps its seeded name and has none (fillSeededNames). The
 * table's identity starts past the fixed ids, so no sequence needs resetting after them.
 */
export async function seedSystemEntries(
  tx: Tx,
  table: PgTable & { builtIn: PgColumn },
  entries: readonly { id: number; code: string; name: string; names?: CatalogNames }[],
): Promise<void> {
  await tx
    .insert(table)
    .overridingSystemValue()
    .values(entries.map((e) => ({ ...e, position: e.id, builtIn: true })))
    .onConflictDoNothing();
  await fillSeededNames(tx, table, entries);
}
