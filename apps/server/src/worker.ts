import path from 'node:path';
import { localDiskStorage } from './platform/storage';
import { openDatabase } from './platform/db';
import { loadEnv } from './platform/env';
import { startJobs } from './platform/jobs';
import { registerWorkers } from './workers';

/** A worker process: the same job handlers without the HTTP server (DESIGN §8). PostgreSQL only. */
async function main() {
  const env = loadEnv();
  if (!env.databaseUrl)
    throw new Error('npm run worker needs DATABASE_URL: the embedded database serves one process only');
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    databaseAdminUrl: env.databaseAdminUrl,
    listenUrl: env.databaseListenUrl,
    poolSize: 4,
    statementTimeoutMs: env.dbStatementTimeoutMs,
    poolMode: env.databasePoolMode,
  });
  const jobs = await startJobs(database, {
    error: (o, m) => console.error(JSON.stringify({ level: 50, msg: m, ...o })),
  });
  await registerWorkers({
    env,
    database,
    jobs,
    storage: localDiskStorage(path.join(env.dataDir, 'uploads')),
  });
  console.log('worker running');
  const stop = async () => {
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
