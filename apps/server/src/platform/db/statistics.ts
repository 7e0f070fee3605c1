import { sql } from 'drizzle-orm';
import type { Database } from './common';
import { query, type Tx } from './query';

/*
 * The planner's statistics kept true (decision 0039 §17). Without them a table filled since its last analysis looks
 * empty, and a search over 50,000 residents probes the word index once per resident (seconds instead of
 * milliseconds). PostgreSQL's autovacuum may be off on a server and the embedded database has none, so the product
 * analyses itself: a bulk write analyses the tables it grew, in its own transaction; a periodic job analyses the
 * tables whose rows changed a lot since their last analysis. Both go through parkade_analyze_stale (migration 0028),
 * which runs as the tables' owner: ANALYZE by the application role, which owns no table, would be skipped.
 */

/** The periodic analysis's queue and schedule (every minute: two small reads when nothing changed). */
export const STATISTICS_QUEUE = 'table-statistics';
export const STATISTICS_CRON = '* * * * *';

/** The tables as a text[] parameter list; null: every table of the product. */
const names = (tables: string[] | null) =>
  tables
    ? sql`array[${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`
    : sql`null::text[]`;

/**
 * After a bulk write, at the end of its transaction: analyses those of `tables` it grew past their statistics (never
 * analysed, or more than twice their pages at the last analysis; null: every table of the product), so the
 * statements after it — the rest of an import, the next search — are planned on the tables' real sizes. Answers
 * the tables analysed.
 */
export async function analyzeGrown(tx: Tx, tables: string[] | null): Promise<string[]> {
  const [row] = await query<{ done: string[] | null }>(
    tx,
    sql`select parkade_analyze_stale(${names(tables)}, false) as done`,
  );
  return row?.done ?? [];
}

/**
 * The periodic job: analyses every table of the product whose rows changed a lot since its last analysis (or that
 * grew past its statistics). The embedded database counts a backend's changes in memory until it is asked to
 * report them: the first statement has them reported, so the second reads them.
 */
export async function analyzeStale(database: Database): Promise<string[]> {
  await database.executeSql('select pg_stat_force_next_flush()');
  const { rows } = await database.executeSql('select parkade_analyze_stale(null, true) as done');
  return (rows[0]?.done as string[] | null) ?? [];
}
