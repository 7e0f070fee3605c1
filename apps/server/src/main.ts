import path from 'node:path';
import { buildApp } from './app';
import { registerWorkers } from './workers';
import { openDatabase } from './platform/db';
import { loadEnv } from './platform/env';
import { startJobs } from './platform/jobs';
import { seed } from './seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsPresent } from './seed/demo';

/** Starts the product: migrate, seed, jobs, listen; drains on SIGTERM. */
async function main() {
  const env = loadEnv();
  const began = performance.now();
  /** One line per start step: readable in a terminal, a JSON line where the log is JSON. */
  const step = (msg: string) =>
    console.log(
      env.logFormat === 'pretty'
        ? `${((performance.now() - began) / 1000).toFixed(1).padStart(5)} s  ${msg}`
        : JSON.stringify({ level: 30, time: Date.now(), msg }),
    );
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    databaseAdminUrl: env.databaseAdminUrl,
    listenUrl: env.databaseListenUrl,
    pgliteDir: path.join(env.dataDir, 'pglite'),
    poolSize: env.dbPoolSize,
    statementTimeoutMs: env.dbStatementTimeoutMs,
    poolMode: env.databasePoolMode,
    warn: (msg) =>
      console.warn(
        env.logFormat === 'pretty' ? `warning: ${msg}` : JSON.stringify({ level: 40, time: Date.now(), msg }),
      ),
  });
  step(
    database.kind === 'pglite'
      ? `database: embedded PostgreSQL in ${path.join(env.dataDir, 'pglite')}, migrations applied`
      : 'database: PostgreSQL, migrations applied',
  );
  const seeded = await seed(database, { demo: env.demo });
  step(
    `reference data checked${env.demo ? (seeded.demo ? '; demo data created' : '; demo data already there') : ''}`,
  );
  if (env.production) {
    const present = await database.withScope({ area: 'central' }, (tx) => demoAccountsPresent(tx));
    if (present.length) {
      await database.close();
      throw new Error(
        `Refusing to start with NODE_ENV=production: demo accounts with the published password exist ` +
          `(${present.join(', ')}). This database was started with demo data; delete those accounts, or use ` +
          `a new database.`,
      );
    }
  }
  const jobs = await startJobs(database, {
    error: (o, m) => console.error(JSON.stringify({ level: 50, msg: m, ...o })),
  });
  const { app, services } = await buildApp({ env, database, jobs });
  // JOBS=off: a worker process (npm run worker) takes the jobs; this one only queues them.
  if (env.runJobs) await registerWorkers(services);
  await app.listen({ port: env.port, host: env.host });
  step(`jobs started; listening on ${env.host}:${env.port}`);

  const base = `http://localhost:${env.port}`;
  const tenantUrl = (code: string) => `http://${code}.${env.appDomain}:${env.port}`;
  const lines = [
    '',
    `Parkade is running on ${database.kind === 'pglite' ? `embedded PostgreSQL (${path.join(env.dataDir, 'pglite')})` : 'PostgreSQL'}`,
    `  central area   ${base}  (also http://admin.${env.appDomain}:${env.port})`,
    ...(env.demo
      ? [`  oakridge       ${tenantUrl('oakridge')}`, `  maplewood      ${tenantUrl('maplewood')}`]
      : [`  a property     http://<code>.${env.appDomain}:${env.port}`]),
    `  API docs       ${base}/api/docs`,
    `  health         ${base}/api/health`,
  ];
  if (env.demo) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD})${seeded.demo ? ', just created' : ''}:`);
    for (const a of DEMO_ACCOUNTS)
      lines.push(
        `  ${a.email.padEnd(26)} ${a.note}, signs in at ${a.area === 'central' ? base : tenantUrl(a.area)}`,
      );
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining in-flight requests and jobs');
    const timer = setTimeout(() => process.exit(1), 30_000);
    timer.unref();
    await app.close(); // stops accepting, waits for in-flight requests, then stops the job queue
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
