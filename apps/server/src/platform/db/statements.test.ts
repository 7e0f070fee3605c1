import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db';
import { sql } from 'drizzle-orm';
import { query, queryNamed, scopeSql, TRANSACTION_PROPERTY, type Database, type Named } from './index';

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

/*
 * A named statement goes as the extended protocol's Bind of its values (decision 0033): the transaction's property is
 * written into its prepared text, its other values travel as parameters, whatever characters they hold.
 */
describe('a named statement', () => {
  const VALUES = ["it's", 'a \\ backslash', '中文 é', '', '$1'];
  const named = (name: string, values: string[]): Named => ({
    name,
    text: `select $2::text as a, $1::bigint::int as property, $3::text as b, $4::text as c, $5::text as d,
      $6::text as e, $2::text || $3::text as ab`,
    params: [TRANSACTION_PROPERTY, ...values],
  });

  it('answers its values as sent, beside the transaction’s property, in the opening and in a handler', async () => {
    const expected = {
      a: VALUES[0],
      property: 42,
      b: VALUES[1],
      c: VALUES[2],
      d: VALUES[3],
      e: VALUES[4],
      ab: VALUES[0]! + VALUES[1]!,
    };
    for (let round = 0; round < 3; round++) {
      const [opening, inHandler] = await database.open(
        [scopeSql({ area: 'tenant', propertyId: 42 }), named('test_named_values', VALUES)],
        async (tx, rows) => [rows[1], await queryNamed(tx, named('test_named_values', VALUES))],
      );
      expect(opening).toEqual([expected]);
      expect(inHandler).toEqual([expected]);
    }
    // Without a property (the central scope), the property is null.
    const rows = await database.open([SCOPE, named('test_named_values', VALUES)], async (_, r) => r[1], {
      endWithOpening: true,
    });
    expect(rows).toEqual([{ ...expected, property: null }]);
  });

  it('with the property as its only value, and refused with another text or other kinds of values', async () => {
    const only: Named = {
      name: 'test_named_only',
      text: 'select $1::bigint::int as p',
      params: [TRANSACTION_PROPERTY],
    };
    const rows = await database.open(
      [scopeSql({ area: 'tenant', propertyId: 7 }), only],
      async (_, r) => r[1],
      { endWithOpening: true },
    );
    expect(rows).toEqual([{ p: 7 }]);
    const open = (statement: Named) =>
      database
        .open([SCOPE, statement], async () => 'ran', { endWithOpening: true })
        .catch((e: Error) => e.message);
    expect(await open({ ...only, text: 'select $1::bigint::int as q' })).toMatch(/two texts/);
    expect(await open({ ...only, params: ['7'] })).toMatch(/two texts/);
  });

  it('fails its transaction alone when it fails, and the connection serves the next one', async () => {
    const failing: Named = { name: 'test_named_failing', text: 'select 1 / $1::int as x', params: ['0'] };
    const failed = await database
      .open([SCOPE, failing, 'select 1 as a'], async () => 'ran', { endWithOpening: true })
      .catch((e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`);
    expect(failed).toMatch(/division by zero/);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        database.open([SCOPE, { ...failing, params: [String(i + 1)] }], async (_, r) => r[1], {
          endWithOpening: true,
        }),
      ),
    );
    answers.forEach((rows, i) => expect(rows).toEqual([{ x: i === 0 ? 1 : 0 }]));
  });
});
