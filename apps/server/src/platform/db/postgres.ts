import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ADMISSION_CHANNEL, AdmissionChanges, changeKeys, PENDING_CHANGES_SQL, type Listen } from './changes';
import {
  assertNotPrivileged,
  ENDED,
  MIGRATIONS_DIR,
  postMigrateSql,
  scopeSql,
  type Database,
  type OpenOptions,
} from './common';
import { connectionOf, neverPrepareOn, prepared, stepFor, toPrepare, type Named } from './named';
import type { Db, Tx } from './query';
import { sendStatements } from './statements';

/**
 * A server: BEGIN and the opening in one round trip (statements.ts: its named statements bound and executed by the
 * extended protocol; the statements run in order, so the scope the first sets holds for the next), then fn's
 * statements, then COMMIT. The transaction object is drizzle's own, on the pool's connection, so savepoints work as
 * before; named statements fn runs (queryNamed) are prepared on the same connection, beside the opening's. With
 * `endWithOpening`, COMMIT goes in the opening's message and fn runs after, the connection handed back.
 */
function postgresOpen(
  pool: pg.Pool,
  changes: AdmissionChanges,
  timeoutMs = 0,
  pooled = false,
): Database['open'] {
  const dialect = new PgDialect();
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 0)
    throw new Error(`bad statement timeout ${timeoutMs}`);
  // The bound of each statement (OpenOptions.statementTimeoutMs), for this transaction only; behind a pooler, JIT
  // off here too (a pooler refuses it as a setting of the connection's start).
  const bound = [
    ...(timeoutMs > 0 ? [`set local statement_timeout = ${timeoutMs}`] : []),
    ...(pooled ? ['set local jit = off'] : []),
  ];
  return async (opening, fn, options) => {
    const client = await pool.connect();
    let missing: ReturnType<typeof toPrepare>;
    try {
      missing = toPrepare(
        client,
        opening.filter((o): o is Named => typeof o !== 'string'),
      );
    } catch (e) {
      // A statement refused before anything was sent (two texts for one name): the connection goes back as it was.
      client.release();
      throw e;
    }
    if (missing) {
      try {
        await client.query(missing.text);
      } catch (e) {
        client.release(e instanceof Error ? e : new Error(String(e)));
        throw e;
      }
      prepared(client, missing.names);
    }
    const ends = options?.endWithOpening === true;
    // A transaction fn may use: drizzle's own, on the pool's connection (savepoints work as before).
    const tx = ends
      ? ENDED
      : (new NodePgTransaction(
          dialect,
          new NodePgSession(client, dialect, undefined),
          undefined,
        ) as unknown as Tx);
    if (!ends) connectionOf.set(tx, client);
    let broken: Error | undefined;
    let rows: Record<string, unknown>[][] = [];
    try {
      const answer = await sendStatements(client, [
        'begin',
        ...bound,
        ...opening.map((o) => stepFor(client, o)),
        ...(ends ? ['commit'] : []),
      ]);
      rows = answer.slice(1 + bound.length, 1 + bound.length + opening.length);
      if (!ends) {
        const out = await fn(tx, rows);
        changes.announce(await commitReadingChanges(client));
        return out;
      }
    } catch (e) {
      // A failed statement aborted the transaction (the rest of its message skipped), or fn failed.
      await client.query('rollback').catch((err: unknown) => {
        broken = err instanceof Error ? err : new Error(String(err));
      });
      throw e;
    } finally {
      // A named statement run on this transaction afterwards no longer reaches the connection handed back.
      if (!ends) connectionOf.delete(tx);
      client.release(broken);
    }
    // Committed with its opening, the connection handed back: fn gets the rows and an ended tx.
    return fn(ENDED, rows);
  };
}

/**
 * COMMIT, with the changes the transaction announced read in the same round trip (decision 0034). A transaction
 * that failed inside fn (a caught error) is rolled back by its COMMIT, as a plain COMMIT would: nothing changed.
 */
async function commitReadingChanges(client: pg.PoolClient): Promise<string[]> {
  try {
    const results = (await client.query(`${PENDING_CHANGES_SQL}; commit`)) as unknown as pg.QueryResult[];
    return changeKeys((results[0]?.rows[0] as { changed?: string | null } | undefined)?.changed);
  } catch (e) {
    if ((e as { code?: string }).code !== '25P02') throw e;
    await client.query('rollback');
    return [];
  }
}

/** How long a request waits for a connection before it is answered 503 (the database is away or saturated). */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool no connection of which can take the process down (decision 0036): pg emits 'error' on a client the
 * server drops (a restart's 57P01, a cut socket), and an 'error' nobody listens to ends the process. The pool
 * listens to its idle clients; a client lent to a transaction is listened to here, its next query fails, and the
 * pool drops it when it is handed back (no longer queryable) and opens a new one for the next request. Connecting
 * is bounded (CONNECT_TIMEOUT_MS), and TCP keepalive finds a peer that vanished without closing.
 */
function resilientPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, ...config });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * A server's notifications on a connection of their own, with TCP keepalive, its connecting and its LISTEN bounded
 * (a silent network must not hold the start of listening forever). The stop of a lost connection destroys its
 * socket: a graceful end would wait on a peer that no longer answers.
 */
function postgresListen(url: string): Listen {
  return async (announced, lost, beats) => {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
    });
    client.on('notification', (m) => {
      if (m.channel === ADMISSION_CHANNEL) announced(changeKeys(m.payload));
      else if (beats && m.channel === beats.channel) beats.heard(m.payload ?? '');
    });
    client.on('error', () => lost());
    client.on('end', () => lost());
    const stop = async (gone?: boolean) => {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      if (gone)
        (
          client as unknown as { connection?: { stream?: { destroy(): void } } }
        ).connection?.stream?.destroy();
      else await client.end();
    };
    try {
      await client.connect();
      await client.query(`listen ${ADMISSION_CHANNEL}${beats ? `; listen ${beats.channel}` : ''}`);
    } catch (e) {
      await stop(true);
      throw e;
    }
    return stop;
  };
}

export async function openPostgres(opts: OpenOptions, appUrl: string): Promise<Database> {
  // No JIT compilation: the product's statements are short, and one whose estimate is far off (a set-returning
  // function is guessed at 1,000 rows: the word index's insert for a few residents or more) paid 0.3–1.5 s of
  // compiling for 0.1–0.7 s of work, on every chunk of an import (decision 0039 §17).
  const pooled = opts.poolMode === 'transaction';
  if (pooled && (opts.listenUrl === undefined || opts.listenUrl === appUrl))
    throw new Error(
      'DATABASE_POOL_MODE=transaction: set DATABASE_LISTEN_URL to the server itself (a pooler in transaction mode ' +
        'cannot LISTEN), or to off',
    );
  const pool = resilientPool({
    connectionString: appUrl,
    max: opts.poolSize ?? 20,
    ...(pooled ? {} : { options: '-c jit=off' }),
  });
  if (pooled) pool.on('connect', (client) => neverPrepareOn(client));
  const appRole = (await pool.query<{ u: string }>('select current_user as u')).rows[0]!.u;
  // A refused start must not leave the pool's connections open.
  await assertNotPrivileged((q) => pool.query(q)).catch(async (e: unknown) => {
    await pool.end();
    throw e;
  });
  const adminUrl = opts.databaseAdminUrl ?? appUrl;
  const admin = resilientPool({ connectionString: adminUrl, max: 1 });
  try {
    // One migrator at a time when several processes start together.
    await admin.query('select pg_advisory_lock(727274)');
    await migrateNodePg(drizzleNodePg(admin), { migrationsFolder: MIGRATIONS_DIR });
    await admin.query(postMigrateSql(appRole));
    await admin.query('select pg_advisory_unlock(727274)');
  } finally {
    await admin.end();
  }
  const db = drizzleNodePg(pool) as unknown as Db;
  const listenUrl = opts.listenUrl ?? appUrl;
  const changes = new AdmissionChanges(listenUrl === false ? null : postgresListen(listenUrl), {
    // The heartbeat goes by the write pool: heard on the listener, it proves both reach the same database.
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    warn: opts.warn,
  });
  const open = postgresOpen(pool, changes, opts.statementTimeoutMs, pooled);
  return {
    kind: 'postgres',
    db,
    open,
    changes,
    withScope: (scope, fn) => open([scopeSql(scope)], (tx) => fn(tx)),
    executeSql: async (text, values) => {
      const r = await pool.query<Record<string, unknown>>(text, values);
      return { rows: r.rows };
    },
    bossConnection: { connectionString: appUrl },
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}
