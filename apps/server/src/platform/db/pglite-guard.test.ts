import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardPglite, OutsideTransactionError } from './pglite-guard';

/*
 * The embedded database's one connection (decision 0045): a statement sent outside a transaction by code the
 * transaction awaits would wait forever; the guard refuses it at once and says where the transaction began.
 */
describe('the embedded database guard', () => {
  let client: PGlite;
  const reports: string[] = [];
  beforeAll(async () => {
    client = await PGlite.create();
    guardPglite(client, (m) => reports.push(m));
  });
  afterAll(() => client.close());

  it('refuses a statement outside the transaction from inside it, naming where the transaction began', async () => {
    const outcome = await client.transaction(async (tx) => {
      await tx.query('select 1');
      return client.query('select 2').then(
        () => 'ran',
        (e: unknown) => e,
      );
    });
    expect(outcome).toBeInstanceOf(OutsideTransactionError);
    expect((outcome as Error).message).toMatch(/pglite-guard\.test\.ts/);
  });

  it('refuses a second transaction opened from inside one', async () => {
    await expect(
      client.transaction(() => client.transaction(async (tx) => tx.query('select 1'))),
    ).rejects.toBeInstanceOf(OutsideTransactionError);
  });

  it('lets work started in a transaction run once it has ended, and statements outside any transaction wait their turn', async () => {
    let later: Promise<number> = Promise.resolve(-1);
    await client.transaction(async (tx) => {
      await tx.query('create temporary table t (n int)');
      await tx.query('insert into t values (1), (2)');
      // Started in the transaction, sent once it has ended (as a job sent after commit): it runs and sees the rows.
      later = new Promise((resolve) => setImmediate(resolve)).then(async () => {
        const r = await client.query<{ n: number }>('select count(*)::int as n from t');
        return r.rows[0]!.n;
      });
    });
    expect(await later).toBe(2);
    // Two callers at once, neither inside a transaction: both answer.
    const [a, b] = await Promise.all([
      client.transaction(async (tx) => (await tx.query<{ v: number }>('select 1 as v')).rows[0]!.v),
      client.query<{ v: number }>('select 2 as v').then((r) => r.rows[0]!.v),
    ]);
    expect([a, b]).toEqual([1, 2]);
    expect(reports).toEqual([]);
  });
});
