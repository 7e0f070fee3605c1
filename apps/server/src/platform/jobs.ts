import PgBoss from 'pg-boss';
import type { Database } from './db';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

/** The job queue (pg-boss on the same PostgreSQL). Handlers are registered by modules at start-up. */
export interface Jobs {
  send(
    name: string,
    data: Record<string, unknown>,
    options?: { retryLimit?: number; startAfter?: number },
  ): Promise<void>;
  work(name: string, handler: JobHandler): Promise<void>;
  /** Runs the queue's job on a cron schedule, once per tick across every process (pg-boss's scheduler). */
  schedule(name: string, cron: string): Promise<void>;
  /** 'ok' or the reason the queue is unusable. */
  health(): Promise<string>;
  /** Stops taking jobs and waits for those in flight (SIGTERM). */
  stop(): Promise<void>;
}

export async function startJobs(
  database: Database,
  log: { error: (o: object, m: string) => void },
  options: { pollingIntervalSeconds?: number } = {},
): Promise<Jobs> {
  const boss = new PgBoss({
    ...database.bossConnection,
    schema: 'pgboss',
    max: 4,
    supervise: true,
    schedule: true,
    migrate: true,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  // The owner created schema pgboss for the application role (db/index.ts). pg-boss's own installer starts with
  // CREATE SCHEMA, which needs CREATE on the database; install the rest of its plan ourselves instead.
  const installed = await database.executeSql(
    `select to_regclass('pgboss.version') is not null as installed`,
  );
  if (!installed.rows[0]?.installed) {
    const plan = PgBoss.getConstructionPlans('pgboss').replace(
      /CREATE SCHEMA IF NOT EXISTS pgboss\s*;?/i,
      '',
    );
    await database.executeSql(plan).catch(async (err) => {
      const again = await database.executeSql(
        `select to_regclass('pgboss.version') is not null as installed`,
      );
      if (!again.rows[0]?.installed) throw err; // otherwise a concurrent process installed it first
    });
  }
  await boss.start();
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    if (!(await boss.getQueue(name))) await boss.createQueue(name);
    queues.add(name);
  };
  let stopped = false;
  /** This process's workers of each queue (pg-boss worker ids). */
  const workers = new Map<string, string[]>();
  return {
    async send(name, data, opts) {
      await ensureQueue(name);
      await boss.send(name, data, {
        retryLimit: opts?.retryLimit ?? 5,
        retryBackoff: true,
        startAfter: opts?.startAfter,
      });
      // A worker of this process takes the job now rather than at its next poll (a mail leaves at once); other
      // processes' workers find it at theirs.
      if (!opts?.startAfter) for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    },
    async work(name, handler) {
      await ensureQueue(name);
      const batchSize = 1;
      const id: string = await boss.work<Record<string, unknown>>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize },
        async (jobs) => {
          for (const job of jobs) await handler(job.data);
          // A full batch may have more behind it: fetch again at once, so a queue of mails drains at the speed
          // of delivery instead of one per polling interval.
          if (jobs.length === batchSize) boss.notifyWorker(id);
        },
      );
      workers.set(name, [...(workers.get(name) ?? []), id]);
    },
    async schedule(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async health() {
      if (stopped) return 'stopped';
      try {
        await database.executeSql('select count(*) from pgboss.version');
        return 'ok';
      } catch (e) {
        return (e as Error).message;
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: 20_000, close: true });
    },
  };
}
