import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db';
import { createCentralUser, createTestContext, headers, login, type TestContext } from '../../test/harness';

/*
 * A slow database (issue 39 §1, decision 0053): each statement of a request is bounded (DB_STATEMENT_TIMEOUT_MS),
 * so one that waits — here on a row another session holds locked, as a long report or a stuck migration would make
 * it — is canceled, its request answered 503 in the error shape and the reader's language, nothing half-written, and
 * its pool connection handed back: with a pool of two, more slow requests than connections all get their answer, and
 * the next request is served at once. PostgreSQL only: the embedded database cannot cancel a statement.
 */

const BOUND_MS = 300;
let ctx: TestContext;
let token: string;
let zoneId: number;
let locker: pg.Client;

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { database: await openTestDatabase({ poolSize: 2, statementTimeoutMs: BOUND_MS }) },
  );
  token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/central/zones',
    headers: headers({ token }),
    payload: { name: 'Slow zone', county: 'Travis', cities: ['Austin'], zipCodes: ['78701'] },
  });
  expect(made.statusCode, made.body).toBe(201);
  zoneId = made.json<{ id: number }>().id;
  // Another session, straight to the test database as its owner (the app's role may not bypass row security).
  const database = (await ctx.database.executeSql('select current_database() as d')).rows[0]!.d as string;
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  locker = new pg.Client({ connectionString: url.toString() });
  await locker.connect();
});
afterAll(async () => {
  await locker?.end();
  await ctx?.close();
});

const rename = (name: string, lang?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/central/zones/${zoneId}`,
    headers: headers({ token, lang }),
    payload: { name, county: 'Travis', cities: ['Austin'], zipCodes: ['78701'] },
  });

describe('a statement past its bound', () => {
  it('is canceled: 503 in the error shape, nothing written, and the pool serves the next request', async () => {
    await locker.query('begin');
    await locker.query('select id from zones where id = $1 for update', [zoneId]);
    try {
      // Three writes wait on the locked row with two connections: each is canceled at its bound, none waits for ever.
      const answers = await Promise.all([rename('Stuck 1', 'es'), rename('Stuck 2'), rename('Stuck 3')]);
      for (const a of answers) {
        expect(a.statusCode, a.body).toBe(503);
        expect(a.headers['retry-after']).toBe('5');
      }
      expect(answers[0].json()).toEqual({
        message:
          'La solicitud tardó demasiado y se detuvo. No se guardó nada; vuelva a intentarlo en unos instantes.',
        errors: {},
        statusCode: 503,
      });
      // Reads that wait on nothing go on meanwhile, on the connections handed back.
      const read = await ctx.app.inject({
        method: 'GET',
        url: `/api/central/zones/${zoneId}`,
        headers: headers({ token }),
      });
      expect(read.statusCode).toBe(200);
      expect(read.json<{ name: string }>().name).toBe('Slow zone');
    } finally {
      await locker.query('rollback');
    }
    // The row free again, the same write goes through.
    const done = await rename('Fast again');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ name: string }>().name).toBe('Fast again');
  });
});
