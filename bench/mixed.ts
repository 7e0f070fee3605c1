/**
 * `npm run bench:mixed` (issue 39 §4, decision 0056): everything the product now does, at once, on PostgreSQL —
 * staff lists, visitors registering through the poster and at the desk, patrol rounds (check-in, the offline copy,
 * plate lookups, observations with their client keys, check-out), residents' /my calls and writes, managers' user and
 * role edits — from BENCH_CONNECTIONS loops for BENCH_DURATION seconds, in a driver process of its own that keeps a
 * ledger of every write; then the ledger is checked against the database as its owner. Run once against the product
 * started as `npm start` starts it (bench/server.ts), and once through the operator's topology: two servers and a
 * worker behind HAProxy, PgBouncer in transaction mode (scripts/topology.mjs, decision 0055). Benchmarks are not
 * tests: nothing asserts, but the process exits 1 when a run had errors or the ledger failed.
 *
 *   BENCH_CONNECTIONS (64)  BENCH_DURATION seconds (60)  DB_POOL_SIZE (20)
 *   BENCH_TOPOLOGY  unset: both runs, one after the other; 1: the topology only; 0: the direct run only
 *   BENCH_MIXED_PROPERTIES (10) properties of BENCH_MIXED_VEHICLES (4,000) vehicles each; the load works on the first
 *   BENCH_DATABASE_URL / DATABASE_URL: the admin connection (bench/database.ts)
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seed } from '../apps/server/src/seed';
import { startTopology } from '../scripts/topology.mjs';
import { ADMIN_URL, createDatabase, transportOf } from './database';
import { errorsOf, type CallFigures, type MixedPlan } from './mixed-calls';
import { seedMixed } from './mixed-data';
import { signInPlan, TASK_WEIGHTS, type DriverResult } from './mixed-driver';
import { checkLedger } from './mixed-ledger';
import { printRun } from './mixed-report';
import { measureReference, signedInSql } from './reference';
import { startServedServer } from './server';

const here = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const POOL = Number(process.env.DB_POOL_SIZE ?? 20);
const PROPERTIES = Number(process.env.BENCH_MIXED_PROPERTIES ?? 10);
const VEHICLES = Number(process.env.BENCH_MIXED_VEHICLES ?? 4000);
const REFERENCE_SECONDS = Math.min(10, DURATION);
const WARM_UP_SECONDS = Math.min(5, DURATION);
/** The raw SQL reference's connections: PostgreSQL's own limit (100 by default) is shared with the product's pool. */
const REFERENCE_CONNECTIONS = Math.min(CONNECTIONS, 64);

/** One request to the driver process, answered with its result. */
function drive<T>(child: ChildProcess, message: object): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (m: { result?: T; error?: string }) =>
      m.error ? reject(new Error(m.error)) : resolve(m.result as T),
    );
    child.send(message);
  });
}

/** The product started one way or the other on a fresh database: where to reach it and how to stop it. */
async function start(topology: boolean, db: { appUrl: string; ownerUrl: string }, dataDir: string) {
  const secret = crypto.randomBytes(32).toString('hex');
  if (!topology) {
    const served = await startServedServer({ ...db, dataDir, poolSize: POOL, secret, trustProxy: 1 });
    return {
      origin: served.origin,
      stop: () => served.stop(),
      sqlUrl: db.appUrl,
      via: 'straight to PostgreSQL',
    };
  }
  const t = await startTopology({
    ...db,
    dataDir,
    env: {
      // As the direct run's server: production, its request log at info as JSON lines to its file.
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'info',
      LOG_FORMAT: 'json',
      APP_SECRET: secret,
      APP_DOMAIN: 'localhost',
      DEMO: '0',
      DB_POOL_SIZE: String(POOL),
      // The driver plays the users' own addresses as a front proxy would give them (X-Forwarded-For), and HAProxy
      // adds the driver's: two hops are trusted.
      TRUST_PROXY: '2',
    },
  });
  const pooled = new URL(db.appUrl);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(t.pgbouncerPort);
  pooled.search = '';
  return {
    origin: `http://127.0.0.1:${t.port}`,
    stop: () => t.stop(),
    sqlUrl: pooled.toString(),
    via: 'through PgBouncer (transaction mode)',
    logs: t.logDir,
  };
}

async function runOnce(topology: boolean): Promise<boolean> {
  const began = Date.now();
  const { database, name, ownerUrl, appUrl, drop } = await createDatabase(POOL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-mixed-'));
  let child: ChildProcess | undefined;
  let stop: (() => Promise<void>) | undefined;
  try {
    await seed(database, { demo: false });
    await database.close();
    console.log(`database ${name}: seeding ${PROPERTIES} properties of ${VEHICLES} vehicles…`);
    const data = await seedMixed(ownerUrl, {
      connections: CONNECTIONS,
      properties: PROPERTIES,
      vehiclesPerProperty: VEHICLES,
    });
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    await owner.query('VACUUM ANALYZE');
    await owner.query('CHECKPOINT').catch(() => undefined);
    await owner.end();
    const served = await start(topology, { appUrl, ownerUrl }, dataDir);
    stop = served.stop;
    console.log(
      `${topology ? 'topology' : 'server'} up at ${served.origin}; signing in ${CONNECTIONS * 3 + data.managers.length} accounts…`,
    );
    const plan = await signInPlan(served.origin, data, { connections: CONNECTIONS, duration: DURATION });
    child = fork(path.join(here, 'mixed-driver.ts'), { execArgv: ['--import', 'tsx'] });
    const since = new Date();
    // A short warm-up (JIT, caches, pools): its writes are in the ledger too, its figures are not printed.
    const warm = await drive<DriverResult>(child, {
      plan: { ...plan, duration: WARM_UP_SECONDS } satisfies MixedPlan,
    });
    const result = await drive<DriverResult>(child, { plan: { ...plan, seqStart: 100_000 } });
    const baseline = await drive<CallFigures>(child, {
      baseline: { origin: served.origin, connections: CONNECTIONS, seconds: REFERENCE_SECONDS },
    });
    const verdict = await checkLedger(ownerUrl, data.propertyId, [...warm.ledger, ...result.ledger], since);
    // Straight to PostgreSQL, the product's pool is let go first: PostgreSQL's connections are few (100).
    if (!topology) {
      await served.stop();
      stop = undefined;
    }
    const reference = await measureReference(
      served.sqlUrl,
      signedInSql(data.code, plan.managers[0]!),
      REFERENCE_CONNECTIONS,
      REFERENCE_SECONDS,
    ).catch((e: Error) => ({ tool: `failed: ${e.message.slice(0, 120)}`, perSecond: NaN, statements: 4 }));
    printRun({
      title:
        `Parkade mixed load — ${topology ? 'two servers and a worker behind HAProxy, PgBouncer in transaction mode' : 'one server as `npm start` runs it'}` +
        ` — PostgreSQL (${transportOf(ADMIN_URL)}), ${os.cpus().length} CPU, Node ${process.version}, ` +
        `${CONNECTIONS} connections × ${DURATION} s, pool ${POOL}${topology ? ' per server, PgBouncer pool 20' : ''}; ` +
        `data: ${data.properties} properties, ${data.vehicles} vehicles, ${data.residents} residents (the load on ` +
        `${data.code}: ${data.hosts.length} residents); load average ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
      result,
      weights: TASK_WEIGHTS,
      verdict,
      baseline,
      reference,
      referencePath: served.via,
      connections: CONNECTIONS,
      referenceConnections: REFERENCE_CONNECTIONS,
    });
    const warmErrors = warm.calls.reduce((s, c) => s + errorsOf(c), 0);
    if (warmErrors)
      console.log(
        `warm-up (${WARM_UP_SECONDS} s): ${warmErrors} errors — ${warm.samples.slice(0, 5).join('; ')}`,
      );
    const errors = result.calls.reduce((s, c) => s + errorsOf(c), 0) + warmErrors;
    console.log(
      `(${topology ? 'topology' : 'direct'} run: ${((Date.now() - began) / 1000).toFixed(0)} s in all)`,
    );
    return errors === 0 && verdict.ok;
  } finally {
    child?.kill();
    await stop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
    else await drop();
  }
}

async function main() {
  const mode = process.env.BENCH_TOPOLOGY;
  let ok = true;
  if (mode !== '1') ok = (await runOnce(false)) && ok;
  if (mode !== '0') ok = (await runOnce(true)) && ok;
  return ok;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
