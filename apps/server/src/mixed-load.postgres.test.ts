import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDatabase } from '../../../bench/database';
import { errorsOf, type LedgerEntry } from '../../../bench/mixed-calls';
import { seedMixed, type MixedSeed } from '../../../bench/mixed-data';
import {
  runDriver,
  signInPlan,
  TASK_WEIGHTS,
  type DriverResult,
  type Task,
} from '../../../bench/mixed-driver';
import { checkLedger } from '../../../bench/mixed-ledger';
import { createTestContext, type TestContext } from './test/harness';

/*
 * Issue 39 §4, decision 0056: the mixed load's driver (bench/mixed-driver.ts) for a few seconds at 4 connections
 * against the app on PostgreSQL — every call answered 2xx and the ledger's verdict clean — and the ledger's check
 * failing when a row is taken away, doubled, made behind the driver's back, or an edit is not what was acknowledged.
 * The figures themselves are `npm run bench:mixed`'s (nothing here asserts a time).
 */

let ctx: TestContext;
let ownerUrl: string;
let drop: () => Promise<void>;
let seed: MixedSeed;
let result: DriverResult;
let since: Date;

beforeAll(async () => {
  const db = await createDatabase(8);
  ownerUrl = db.ownerUrl;
  drop = db.drop;
  // Each driver's user from an address of their own, as behind the front proxy.
  ctx = await createTestContext({ trustProxy: 1, appDomain: 'localhost' }, { database: db.database });
  seed = await seedMixed(ownerUrl, { connections: 4, properties: 1, vehiclesPerProperty: 200 });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const plan = await signInPlan(origin, seed, { connections: 4, duration: 3 });
  since = new Date();
  // Every task as likely as another: a short run still writes every kind.
  const even = Object.fromEntries(Object.keys(TASK_WEIGHTS).map((t) => [t, 1])) as Record<Task, number>;
  result = await runDriver(plan, even);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await drop?.();
}, 60_000);

async function owner<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const check = (ledger: LedgerEntry[] = result.ledger) =>
  checkLedger(ownerUrl, seed.propertyId, ledger, since);
const acknowledgedVisitor = () =>
  result.ledger.find((e) => e.kind.endsWith('visitor') && e.outcome === 'acknowledged')!;

describe('the mixed load driver and its ledger', () => {
  it('runs every kind of call without an error, and every acknowledged write is present once', async () => {
    expect(result.samples).toEqual([]);
    expect(result.calls.reduce((n, c) => n + errorsOf(c), 0)).toBe(0);
    expect(result.ledger.filter((e) => e.outcome === 'acknowledged').length).toBeGreaterThan(10);
    expect(acknowledgedVisitor()).toBeDefined();
    const verdict = await check();
    expect(verdict.unsent).toEqual({});
    expect(
      verdict.kinds.filter((k) => k.lost.length || k.duplicated.length || k.failedPresent.length),
    ).toEqual([]);
    expect(verdict.ok).toBe(true);
  });

  it('counts a write without an answer present at most once, and fails a refused write present', async () => {
    const visitor = acknowledgedVisitor();
    const others = result.ledger.filter((e) => e !== visitor);
    const unanswered = await check([...others, { ...visitor, outcome: 'unanswered', status: undefined }]);
    expect(unanswered.ok).toBe(true);
    expect(unanswered.kinds.find((k) => k.kind === visitor.kind)!.unansweredPresent).toBe(1);
    const refused = await check([...others, { ...visitor, outcome: 'failed', status: 422 }]);
    expect(refused.ok).toBe(false);
    expect(refused.kinds.find((k) => k.kind === visitor.kind)!.failedPresent).toEqual([visitor.key]);
  });

  it('fails when an edit is not what was acknowledged, or its audit entry is missing', async () => {
    const desk = seed.desks[0]!;
    const verdict = await check([
      ...result.ledger,
      // An edit the server "acknowledged" that the row does not hold, and whose audit entry is not there.
      {
        kind: 'role edit',
        key: String(desk.id),
        value: 'Never written',
        requestId: 'mix-never-sent',
        outcome: 'acknowledged',
        loop: 0,
        seq: 1_000_000,
      },
    ]);
    expect(verdict.ok).toBe(false);
    expect(verdict.kinds.find((k) => k.kind === 'role edit')!.lost).toEqual([
      expect.stringContaining('last acknowledged "Never written"'),
      `${desk.id} (mix-never-sent: no audit entry)`,
    ]);
  });

  it('fails when an acknowledged row is doubled, taken away, or a row appears that no write explains', async () => {
    const visitor = acknowledgedVisitor();
    const copy = (plate: string) =>
      owner((c) =>
        c.query(
          `insert into visitors (property_id, name, plate, plate_normalized, resident_id, source)
           select property_id, name, $2, $2, resident_id, source from visitors
           where property_id = $1 and plate_normalized = $3 limit 1`,
          [seed.propertyId, plate, visitor.key],
        ),
      );
    await copy(visitor.key);
    await copy('ZZUNSENT1');
    let verdict = await check();
    expect(verdict.ok).toBe(false);
    expect(verdict.kinds.find((k) => k.kind === visitor.kind)!.duplicated).toEqual([visitor.key]);
    expect(verdict.unsent).toEqual({ visitors: ['ZZUNSENT1'] });

    await owner((c) =>
      c.query(`delete from visitors where property_id = $1 and plate_normalized = any($2)`, [
        seed.propertyId,
        [visitor.key, 'ZZUNSENT1'],
      ]),
    );
    verdict = await check();
    expect(verdict.ok).toBe(false);
    expect(verdict.kinds.find((k) => k.kind === visitor.kind)!.lost).toEqual([visitor.key]);
    expect(verdict.unsent).toEqual({});
  });
});
