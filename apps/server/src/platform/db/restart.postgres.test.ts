import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db';
import { query } from '.';
import { createCentralUser, createTestContext, headers, login, type TestContext } from '../../test/harness';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';

/*
 * The database restarts under load (issue 35 §0, decision 0036): every connection of the product is ended by the
 * server (57P01, what a restart, a failover or a maintenance window does), then the database is away for a while (the
 * proxy in front of it cuts and refuses every connection), then back. The process must live through it, answer 503
 * in the error shape while the database is away, and serve again by itself, every acknowledged write kept exactly
 * once and nothing half-written. PostgreSQL only: the embedded database lives in the process.
 */

const adminUrl = process.env.DATABASE_URL!;
let proxy: TcpProxy;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  const target = new URL(adminUrl);
  proxy = await startTcpProxy({ host: target.hostname || '127.0.0.1', port: Number(target.port || 5432) });
  ctx = await createTestContext(
    {},
    { database: await openTestDatabase({ poolSize: 8, through: (url) => proxy.through(url) }) },
  );
  token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
});
afterAll(async () => {
  await ctx?.close();
  await proxy?.close();
});

interface Answer {
  statusCode: number;
  json(): unknown;
  headers: Record<string, unknown>;
}
const createZone = (name: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/central/zones',
    headers: headers({ token }),
    payload: { name, county: 'Travis', cities: ['Austin'], zipCodes: ['78701'] },
  }) as Promise<Answer>;
const listZones = () =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/central/zones?pageSize=5',
    headers: headers({ token }),
  }) as Promise<Answer>;
const health = () => ctx.app.inject({ method: 'GET', url: '/api/health' }) as Promise<Answer>;

/** Ends every connection to the test database but this one, as a restarting server does (57P01). */
async function terminateEveryBackend() {
  const database = (await ctx.database.executeSql('select current_database() as d')).rows[0]!.d as string;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
  } finally {
    await admin.end();
  }
}

describe('the database restarting under load', () => {
  it('never takes the process down: 503 while away, served again after, every acknowledged write once', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const unexpected: string[] = [];
    let phase: 'before' | 'terminated' | 'away' | 'back' = 'before';
    const seenAway = new Set<number>();
    const wroteAfter = new Set<number>();
    let stop = false;
    const loops = Array.from({ length: 8 }, async (_, loop) => {
      for (let n = 0; !stop; n++) {
        const name = `Ledger ${loop} ${n}`;
        const [write, read] = await Promise.all([createZone(name), listZones()]);
        for (const res of [write, read]) {
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 503) {
            // The error shape, in the caller's language, with a time to come back.
            const body = res.json() as { message: string; statusCode: number };
            if (
              body.statusCode !== 503 ||
              !/try again/.test(body.message) ||
              res.headers['retry-after'] !== '5'
            )
              unexpected.push(`503 without the error shape: ${JSON.stringify(body)}`);
            if (phase === 'away') seenAway.add(loop);
          } else if (![200, 201].includes(res.statusCode))
            unexpected.push(`${res.statusCode} in phase ${phase}: ${JSON.stringify(res.json())}`);
        }
        if (write.statusCode === 201) {
          acknowledged.push(name);
          if (phase === 'back') wroteAfter.add(loop);
        }
      }
    });

    // Under load, every connection of the product is ended by the server.
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(40);
    phase = 'terminated';
    const lossesBefore = ctx.database.changes.losses;
    await terminateEveryBackend();
    const afterTermination = acknowledged.length;
    await expect
      .poll(() => acknowledged.length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(afterTermination + 40);
    // The listener heard it lost its connection (everything kept forgotten), and listens again.
    await expect.poll(() => ctx.database.changes.losses, { timeout: 60_000 }).toBeGreaterThan(lossesBefore);
    await expect.poll(() => ctx.database.changes.live, { timeout: 60_000 }).toBe(true);

    // The database is away: requests answer 503 in the error shape, and so does the health check.
    phase = 'away';
    proxy.down();
    await expect.poll(() => seenAway.size, { timeout: 60_000 }).toBe(8);
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable' });
    const refused = await createZone('Ledger while away');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      message: 'The service is briefly unavailable. Nothing was saved; please try again in a moment.',
      errors: {},
      statusCode: 503,
    });

    // It is back: the same process serves again by itself, every loop writing.
    phase = 'back';
    proxy.up();
    await expect.poll(async () => (await health()).statusCode, { timeout: 60_000 }).toBe(200);
    await expect.poll(() => wroteAfter.size, { timeout: 60_000 }).toBe(8);
    stop = true;
    await Promise.all(loops);
    await expect.poll(() => ctx.database.changes.live, { timeout: 60_000 }).toBe(true);

    expect(unexpected).toEqual([]);
    expect(statuses.get(503)).toBeGreaterThan(0);

    // The ledger: every acknowledged write is there exactly once; every zone there has its one audit entry.
    const rows = await ctx.database.withScope({ area: 'central' }, (tx) =>
      query<{ name: string; copies: number; audits: number }>(
        tx,
        sql`select z.name, count(*)::int as copies,
              (select count(*)::int from binnacle b where b.entity = 'zones' and b.action = 'create'
                 and b.entity_id = min(z.id)::text) as audits
            from zones z where z.name like 'Ledger %' group by z.name`,
      ),
    );
    const found = new Map(rows.map((r) => [r.name, r]));
    const missing = acknowledged.filter((name) => !found.has(name));
    expect(missing).toEqual([]);
    expect(rows.filter((r) => r.copies !== 1 || r.audits !== 1)).toEqual([]);
    expect(found.has('Ledger while away')).toBe(false);
  });
});
