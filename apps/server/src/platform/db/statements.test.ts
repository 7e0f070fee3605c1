import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db';
import { sql } from 'drizzle-orm';
import { query, scopeSql, type Database } from './index';

/*
 * A transaction's opening answers each statement's rows (decision 0031: on a server they are read by `Statements`,
 * not by node-postgres's own result objects). They must be the rows any other query of the same driver answers:
 * the same values, parsed the same way, statement by statement.
 */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const SCOPE = scopeSql({ area: 'central' });

const STATEMENTS = [
  `select 1::int as a, true as b, null::text as c, '2026-11-26T12:00:00.123Z'::timestamptz as t,
     array['x', 'y'] as arr, '{"k": 1}'::jsonb as j, 12::bigint as big, 1.5::numeric as num, 'é 中'::text as s`,
  `select 2 as a, 3 as a`,
  `select n::int as n from generate_series(1, 3) n`,
  `select 1 as a where false`,
  `select 1 as a, 'x' as c`,
  `select 1 as a, 2 as b`,
];

async function opened(statements: string[]) {
  return database.open([SCOPE, ...statements], async (_, rows) => rows.slice(1), {
    endWithOpening: true,
  });
}

describe('a transaction opening’s rows', () => {
  it('are the rows the same statements answer alone, values parsed alike', async () => {
    const rows = await opened(STATEMENTS);
    expect(rows).toHaveLength(STATEMENTS.length);
    for (const [i, statement] of STATEMENTS.entries()) {
      // The same statement alone, as the opening's driver answers it: node-postgres's own query (its default
      // parsers: a timestamp is a Date) on a server; drizzle's, as the opening there, on PGlite.
      const alone =
        database.kind === 'postgres'
          ? (await database.executeSql(statement)).rows
          : await database.withScope({ area: 'central' }, (tx) => query(tx, sql.raw(statement)));
      expect(rows[i]).toEqual(alone);
    }
    const first = rows[0]![0]!;
    expect(first).toMatchObject({ a: 1, b: true, c: null, arr: ['x', 'y'], j: { k: 1 }, s: 'é 中' });
    // A timestamp is a Date on a server, its text on PGlite (drizzle's driver there): both name the same instant.
    expect(new Date(first.t as Date | string).toISOString()).toBe('2026-11-26T12:00:00.123Z');
    // Two columns of one name: the last one's value, as node-postgres gives it.
    expect(rows[1]).toEqual([{ a: 3 }]);
    expect(rows[2]).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(rows[3]).toEqual([]);
  });

  it('tell apart results whose first column is the same, again and again', async () => {
    for (let round = 0; round < 3; round++) {
      const rows = await opened([STATEMENTS[4]!, STATEMENTS[5]!, STATEMENTS[4]!]);
      expect(rows).toEqual([[{ a: 1, c: 'x' }], [{ a: 1, b: 2 }], [{ a: 1, c: 'x' }]]);
    }
  });

  it('fail as a whole when one statement fails, and the connections stay usable', async () => {
    const failed = await opened(['select 1 as a', 'select 1 / 0 as b', 'select 2 as c']).then(
      () => null,
      (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
    );
    expect(failed).toMatch(/division by zero/);
    // More openings than the pool has connections: each one is answered, none sees the failed one's state.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => opened([`select ${i}::int as i`, 'select 1 as a, 2 as b'])),
    );
    answers.forEach((rows, i) => expect(rows).toEqual([[{ i }], [{ a: 1, b: 2 }]]));
  });
});
