import path from 'node:path';
import { localDiskStorage } from './platform/storage';
import { openDatabase } from './platform/db';
import type { Env } from './platform/env';
import { startJobs } from './platform/jobs';
import { QUEUE_EXPIRY_SECONDS, registerWorkers } from './workers';

/**
 * The worker's connections: one per queue (each runs one job at a time) and two to spare (decision 0053). With four,
 * four jobs waiting on locks — a long transaction elsewhere, a slow statement — held back every other queue: the
 * mail waited behind a stuck import.
 */
export const WORKER_POOL_SIZE = Object.keys(QUEUE_EXPIRY_SECONDS).length + 2;

/**
 * A worker process's work: the database, the job queue and every job handler, without the HTTP server (DESIGN §8).
 * PostgreSQL only. `npm run worker` runs it (worker.ts); the fault tests run it in a child process they kill.
 */
export async function startWorker(
  env: Env,
  queueOptions: Parameters<typeof startJobs>[2] = {},
): Promise<{ stop(): Promise<void> }> {
  if (!env.databaseUrl)
    throw new Error('npm run worker needs DATABASE_URL: the embedded database serves one process only');
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    databaseAdminUrl: env.databaseAdminUrl,
    listenUrl: env.databaseListenUrl,
    poolSize: WORKER_POOL_SIZE,
    statementTimeoutMs: env.dbStatementTimeoutMs,
    poolMode: env.databasePoolMode,
  });
  const jobs = await startJobs(
    database,
    { error: (o, m) => console.error(JSON.stringify({ level: 50, msg: m, ...o })) },
    queueOptions,
  );
  await registerWorkers({
    env,
    database,
    jobs,
    storage: localDiskStorage(path.join(env.dataDir, 'uploads')),
  });
  return {
    async stop() {
      await jobs.stop();
      await database.close();
    },
  };
}
