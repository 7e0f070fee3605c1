/**
 * `npm run bench`: a fresh PostgreSQL database, realistic data (two properties, staff, 10,000 audit entries in one
 * of them), then autocannon against sign-in, bootstrap and a searched binnacle list. The load scenarios measure the
 * product in a process of its own, started as `npm start` starts it (bench/server.ts, decision 0031); the bench's own
 * app serves the SQL capture of the raw references and the service-level figures. Prints p50/p95/p99 and requests
 * per second. Benchmarks are not tests: nothing asserts.
 *
 *   BENCH_DATABASE_URL / DATABASE_URL   admin connection (default: PostgreSQL on this machine, through its Unix socket
 *   /var/run/postgresql when it has one, else postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_CONNECTIONS (16)  BENCH_DURATION seconds per scenario (10)  DB_POOL_SIZE (20, as the server's default)
 *   BENCH_ONLY=<part of a scenario name> runs only the matching scenarios (e.g. binnacle; residents: the residents
 *   list over 100,000 residents and the 10,000-row residents import, bench/residents.ts; lookup; offline: the
 *   patrol's offline copy of a 2,000-vehicle property, bench/offline.ts; documents: the document PDF, drawn in
 *   this process without a database, bench/documents.ts — BENCH_ONLY=documents runs it alone, no database made;
 *   reports: each report over 1,000,000 visitor permits and 200,000 permits in 50 properties at one connection,
 *   beside its SQL sent raw, bench/reports.ts; and the central dashboard's overview of those 50 properties in 5
 *   zones, beside its SQL sent raw and EXPLAINed, bench/overview.ts;
 *   bulk: the bulk send to 10,000 residents against the test SMTP peer, bench/bulk-mail.ts — alone, on a database
 *   of its own property only).
 *   BENCH_KEEP=1 keeps the database afterwards (its name is printed).
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadEnv } from '../apps/server/src/platform/env';
import { startJobs } from '../apps/server/src/platform/jobs';
import { localDiskStorage } from '../apps/server/src/platform/storage';
import { seed } from '../apps/server/src/seed';
import { BENCH_PASSWORD, generate } from './data';
import { runStructureBench, seedMapBench } from './structure';
import type { Figures, Scenario } from './load';
import { measureReference, signedInSql, type Reference } from './reference';
import {
  benchResidentsImport,
  benchResidentsImportHttp,
  RESIDENT_PROPERTIES,
  RESIDENTS_PER_PROPERTY,
  seedResidentsBench,
} from './residents';
import { residentsScenarios } from './residents-load';
import { benchVisitorLimits } from './visitors';
import {
  ms,
  printBootstrap,
  printBulkMail,
  printDocuments,
  printLookup,
  printPoster,
  printResidents,
  printTable,
  printVisitorLimits,
} from './report';
import { posterBench } from './visitor-registration';
import { ADMIN_URL, createDatabase, transportOf } from './database';
import { lookupScenarios, seedLookupBench } from './lookup';
import { benchOffline, seedOfflineBench } from './offline';
import { benchDocuments } from './documents';
import { benchBulkMail } from './bulk-mail';
import { startServedServer, type ServedServer } from './server';
import { benchReports, printReports, seedReportsBench } from './reports';
import { benchOverview, printOverview } from './overview';
import { benchBulkMailAlone, printDocumentsAlone } from './alone';

const here = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const POOL = Number(process.env.DB_POOL_SIZE ?? 20);
const LIST_P95_TARGET_MS = 20;
const RESIDENTS_P95_TARGET_MS = 25;

/** Runs one scenario in the load-generator process. */
function load(child: ChildProcess, s: Scenario): Promise<Figures> {
  return new Promise((resolve, reject) => {
    child.once('message', (m: { figures?: Figures; error?: string }) =>
      m.figures ? resolve(m.figures) : reject(new Error(m.error)),
    );
    child.send(s);
  });
}

async function main() {
  const started = Date.now();
  const only = process.env.BENCH_ONLY?.toLowerCase();
  // Issue 37 §1: drawn in this process, no database; first, before the load scenarios busy the machine.
  const documents = !only || only.includes('document') ? await benchDocuments() : null;
  if (only && documents) return printDocumentsAlone(documents, started);
  if (only?.includes('bulk')) return benchBulkMailAlone(POOL, started);
  const { database, name, ownerUrl, appUrl, drop } = await createDatabase(POOL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-bench-'));
  let child: ChildProcess | undefined;
  let close: (() => Promise<void>) | undefined;
  let served: ServedServer | undefined;
  try {
    await seed(database, { demo: false });
    console.log(`database ${name}: generating data…`);
    const data = await generate(database);
    await seedMapBench(database, data.a.id);
    const withResidents = !only || 'residents import'.includes(only) || only.includes('resident');
    if (withResidents) console.log(`seeding ${RESIDENT_PROPERTIES * RESIDENTS_PER_PROPERTY} residents…`);
    const residentsBench = withResidents ? await seedResidentsBench(ownerUrl) : null;
    // Issue 38 §4: 1,000,000 visitor permits and 200,000 permits across 50 properties (bench/reports.ts).
    const withReports = !only || only.includes('report');
    if (withReports) console.log('seeding the reports bench…');
    const reportsBench = withReports ? await seedReportsBench(ownerUrl) : null;
    // As a long-lived table would be: statistics gathered and the visibility map set.
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    await owner.query('VACUUM ANALYZE');
    await owner.end();

    // One reverse proxy in front, as deployed: the poster scenario's visitors come from addresses of their own.
    // The bench's own app (here: the SQL capture, the service-level figures) and the served server share a secret.
    const secret = crypto.randomBytes(32).toString('hex');
    const env = loadEnv({
      dataDir,
      appDomain: 'localhost',
      publicPort: undefined,
      trustProxy: 1,
      secretKey: secret,
    });
    const jobs = await startJobs(database, { error: () => undefined });
    const built = await buildApp({
      env,
      database,
      jobs,
      storage: localDiskStorage(path.join(dataDir, 'uploads')),
      logger: false,
    });
    const { app } = built;
    close = () => app.close();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    type Login = { token: string; user: unknown; permissions: unknown };
    let lastLogin: Login | null = null;
    // A property's user on its host; with no code, a central user.
    const signIn = async (code: string | null, email: string) => {
      const res = await fetch(`${origin}${code ? '/tenant/api' : '/api/central'}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(code ? { 'x-tenant': code } : {}) },
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`bench login failed: ${res.status} ${await res.text()}`);
      const answer = (await res.json()) as Login;
      lastLogin = answer;
      return answer.token;
    };
    const token = await signIn(data.a.code, data.managerA);
    // Manager A's session, for the map's first paint (later sign-ins replace lastLogin).
    const sessionA = lastLogin as Login | null;
    const auth = { authorization: `Bearer ${token}`, 'x-tenant': data.a.code };
    const listPath = `/tenant/api/binnacle?pageSize=50&filter[term]=${encodeURIComponent(data.term)}`;
    const check = await fetch(origin + listPath, { headers: auth });
    const checked = (await check.json()) as { meta: { total: number } };
    if (check.status !== 200) throw new Error(`list answered ${check.status}`);

    const scenarios: Scenario[] = [
      {
        name: 'POST login',
        url: origin,
        connections: CONNECTIONS,
        duration: DURATION,
        // Accounts of their own, taken in turn: only failures are throttled, and these all succeed.
        requests: data.loginAccounts.map((email) => ({
          method: 'POST',
          path: '/tenant/api/auth/login',
          headers: { 'content-type': 'application/json', 'x-tenant': data.b.code },
          body: JSON.stringify({ email, password: BENCH_PASSWORD }),
        })),
      },
      {
        name: 'GET bootstrap',
        url: origin,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [{ method: 'GET', path: '/tenant/api/auth/bootstrap', headers: auth }],
      },
      {
        name: 'GET binnacle term',
        url: origin,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [{ method: 'GET', path: listPath, headers: auth }],
      },
      {
        // The same list unloaded: its service time, without queueing behind the other connections.
        name: 'GET binnacle term, 1 conn',
        url: origin,
        connections: 1,
        duration: DURATION,
        requests: [{ method: 'GET', path: listPath, headers: auth }],
      },
    ];

    const residents = residentsBench
      ? await residentsScenarios(residentsBench, origin, signIn, {
          connections: CONNECTIONS,
          duration: DURATION,
        })
      : null;
    if (residents) scenarios.push(...residents.scenarios);
    const residentsSql = residents?.sql ?? null;

    const withPoster = !only || only.includes('visitor');
    const poster = withPoster ? await posterBench(built.services, ownerUrl, data.b, origin) : null;
    if (poster)
      scenarios.push({
        name: 'POST public visitors (poster)',
        url: origin,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: poster.requests,
      });

    const withLookup = !only || only.includes('lookup');
    const lookupBench = withLookup ? await seedLookupBench(ownerUrl, data.managerA) : null;
    const lookup = lookupBench
      ? await lookupScenarios(lookupBench, origin, await signIn(lookupBench.code, lookupBench.email), {
          connections: [4, CONNECTIONS],
          duration: DURATION,
        })
      : null;
    if (lookup) scenarios.push(...lookup.scenarios);
    const lookupSql = lookup?.sql ?? null;

    // Issue 37 §3, before the served server starts: its workers would take the bench's bulk jobs.
    const bulk = only ? null : await benchBulkMail({ database, appUrl, ownerUrl, poolSize: POOL });

    // The load scenarios measure the product in a process of its own, started as `npm start` starts it. It shares
    // the bench's data directory: a job either process queued (an import) finds its upload from either.
    served = await startServedServer({
      appUrl,
      ownerUrl,
      dataDir,
      poolSize: POOL,
      secret,
      trustProxy: 1,
    });
    for (const s of scenarios) s.url = served.origin;

    child = fork(path.join(here, 'load.ts'), { execArgv: ['--import', 'tsx'] });
    const results: Figures[] = [];
    for (const s of scenarios.filter((x) => !only || x.name.toLowerCase().includes(only))) {
      // A short warm-up (JIT, caches, pool) that is not measured.
      await load(child, { ...s, name: `${s.name} (warm-up)`, duration: Math.min(3, s.duration) });
      const f = await load(child, s);
      results.push(f);
      console.log(`  ${s.name}: done`);
    }
    // The reference for a signed-in request, in the same run, on the same database and role (server idle).
    let reference: Reference | null = null;
    let prepared: Reference | null = null;
    if (!only || 'bootstrap'.includes(only)) {
      reference = await measureReference(appUrl, signedInSql(data.a.code, token), CONNECTIONS, DURATION);
      prepared = await measureReference(
        appUrl,
        signedInSql(data.a.code, token),
        CONNECTIONS,
        DURATION,
        'prepared',
      );
      console.log(`  reference (least signed-in transaction, ${reference.tool}, ${prepared.tool}): done`);
    }
    let residentsReference: { main: Reference; big: Reference } | null = null;
    if (residentsSql) {
      residentsReference = {
        main: await measureReference(appUrl, residentsSql.main, CONNECTIONS, DURATION),
        big: await measureReference(appUrl, residentsSql.big, CONNECTIONS, DURATION),
      };
      console.log('  reference (residents list SQL alone): done');
    }

    console.log('');
    console.log(
      `Parkade bench — PostgreSQL ${database.kind === 'postgres' ? `server (${transportOf(ADMIN_URL)})` : database.kind}, ` +
        `${os.cpus().length} CPU, Node ${process.version}, ${CONNECTIONS} connections × ${DURATION} s, pool ${POOL}; ` +
        'the server in its own process as `npm start` runs it (NODE_ENV=production, request log at info to a file); ' +
        // Figures from a busy machine are slower: the load average says whether others were running.
        `load average ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
    );
    console.log(
      `data: binnacle ${data.rows.a} entries in ${data.a.code}, ${data.rows.b} in ${data.b.code}, ` +
        `${data.rows.central} central; term "${data.term}" matches ${checked.meta.total} entries of ${data.a.code}`,
    );
    console.log('');
    printTable(results);
    const list = results.find((r) => r.name === 'GET binnacle term');
    const boot = results.find((r) => r.name === 'GET bootstrap');
    if (boot && reference) printBootstrap(boot, reference, prepared);
    // Issue 4: the parking map of 2,000 spots and the units import of 5,000 rows (run after the load scenarios).
    if (!only || 'parking map units import'.includes(only)) {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      await runStructureBench({ origin, port, tenant: data.a.code, token, session: sessionA });
    }
    if (residentsBench) {
      const imported = await benchResidentsImport(built.services, residentsBench, {
        appUrl,
        ownerUrl,
        uploads: path.join(dataDir, 'uploads'),
      });
      const secondToken = await signIn(residentsBench.second.code, residentsBench.second.manager);
      const http = await benchResidentsImportHttp(built.services, residentsBench, {
        origin,
        token: secondToken,
      });
      printResidents(imported, http, results, CONNECTIONS, RESIDENTS_P95_TARGET_MS, residentsReference);
    }
    if (lookupBench && lookupSql)
      printLookup(
        lookupBench,
        lookupSql,
        results,
        CONNECTIONS,
        {
          exact: await measureReference(appUrl, lookupSql.exact, CONNECTIONS, DURATION),
          near: await measureReference(appUrl, lookupSql.near, CONNECTIONS, DURATION),
        },
        {
          exact: await measureReference(appUrl, lookupSql.exact, CONNECTIONS, DURATION, 'prepared'),
          near: await measureReference(appUrl, lookupSql.near, CONNECTIONS, DURATION, 'prepared'),
        },
      );
    if (!only || only.includes('offline')) {
      const offline = await seedOfflineBench(ownerUrl, data.managerA);
      await benchOffline(offline, origin, await signIn(offline.code, offline.email), appUrl);
    }
    const registrations = results.find((r) => r.name === 'POST public visitors (poster)');
    if (poster && registrations)
      printPoster(
        poster,
        registrations,
        CONNECTIONS,
        await measureReference(appUrl, poster.script, CONNECTIONS, DURATION),
      );
    if (reportsBench && served)
      printReports(
        reportsBench,
        await benchReports(reportsBench, {
          captureOrigin: origin,
          servedOrigin: served.origin,
          appUrl,
          token: await signIn(reportsBench.code, reportsBench.manager),
        }),
      );
    if (reportsBench && served)
      printOverview(
        await benchOverview(reportsBench, {
          captureOrigin: origin,
          servedOrigin: served.origin,
          appUrl,
          token: await signIn(null, reportsBench.central),
        }),
      );
    if (!only || only.includes('visitor'))
      printVisitorLimits(await benchVisitorLimits(built.services, ownerUrl, data.a.id));
    if (documents) printDocuments(documents);
    if (bulk) printBulkMail(bulk);
    console.log('');
    if (list)
      console.log(
        `target: list p95 < ${LIST_P95_TARGET_MS} ms — ${ms(list.p95)} ms: ${list.p95 < LIST_P95_TARGET_MS ? 'met' : 'MISSED'}`,
      );
    const throttled = results.find((r) => r.name.includes('login'))?.statuses['429'] ?? 0;
    if (throttled) console.log(`login: ${throttled} answers were 429 (throttled)`);
    console.log(`(total ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    child?.kill();
    await served?.stop();
    await close?.();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
    else await drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
