import { lt, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Tx } from './db';
import { jobsDone } from './db/jobs-done-table';

/** The job a handler runs: pg-boss's id, the same on every retry of it. */
export interface JobRun {
  id: string;
}
export type JobHandler = (data: Record<string, unknown>, job: JobRun) => Promise<void>;

export interface WorkOptions {
  /**
   * Seconds a job of the queue may run before the queue takes its worker for dead: pg-boss then fails the attempt
   * and retries it (decision 0053). Above the longest run of a healthy job, as short as that allows: a job whose
   * process was killed is retried within this bound plus the maintenance interval and the retry's backoff.
   */
  expireInSeconds: number;
}

/** How often pg-boss looks for jobs past their expiry (once per interval across all processes). */
export const JOBS_MAINTENANCE_SECONDS = 30;

/** The job queue (pg-boss on the same PostgreSQL). Handlers are registered by modules at start-up. */
export interface Jobs {
  send(
    name: string,
    data: Record<string, unknown>,
    options?: { retryLimit?: number; startAfter?: number },
  ): Promise<void>;
  work(name: string, handler: JobHandler, options?: WorkOptions): Promise<void>;
  /** Runs the queue's job on a cron schedule, once per tick across every process (pg-boss's scheduler). */
  schedule(name: string, cron: string): Promise<void>;
  /** 'ok' or the reason the queue is unusable. */
  health(): Promise<string>;
  /** Stops taking jobs and waits for those in flight (SIGTERM). */
  stop(): Promise<void>;
}

/** Days a row of the ledger of jobs done is kept: far past its job's last retry (pg-boss drops a job after 14). */
const JOBS_DONE_DAYS = 30;

/**
 * Records, in the caller's transaction, that this job's work is done, and tells whether it was the first to: false
 * when a run of the same job committed before (its process died before the queue heard it was done), or commits
 * meanwhile (the insert waits for it). A job that writes everything in one transaction starts with this and stops
 * when it answers false: its retry writes nothing twice (decision 0053).
 */
export async function firstRun(tx: Tx, queue: string, job: JobRun): Promise<boolean> {
  const mine = await tx
    .insert(jobsDone)
    .values({ id: job.id, queue })
    .onConflictDoNothing()
    .returning({ id: jobsDone.id });
  if (mine.length)
    await tx
      .delete(jobsDone)
      .where(lt(jobsDone.doneAt, sql`now() - make_interval(days => ${JOBS_DONE_DAYS})`));
  return mine.length > 0;
}

export async function startJobs(
  database: Database,
  log: { error: (o: object, m: string) => void },
  options: { pollingIntervalSeconds?: number; maintenanceIntervalSeconds?: number } = {},
): Promise<Jobs> {
  const boss = new PgBoss({
    ...database.bossConnection,
    schema: 'pgboss',
    max: 4,
    supervise: true,
    schedule: true,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? JOBS_MAINTENANCE_SECONDS,
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
  /** The queues this process made sure of, with the expiry it set (null: none set here). */
  const queues = new Map<string, number | null>();
  const ensureQueue = async (name: string, expireInSeconds?: number) => {
    const known = queues.get(name);
    if (known !== undefined && (expireInSeconds === undefined || known === expireInSeconds)) return;
    const queue = await boss.getQueue(name);
    // The expiry is the queue's: jobs sent without one (all of ours, and the scheduler's) take it when inserted.
    if (!queue) await boss.createQueue(name, { name, ...(expireInSeconds ? { expireInSeconds } : {}) });
    else if (expireInSeconds && queue.expireInSeconds !== expireInSeconds)
      await boss.updateQueue(name, { name, expireInSeconds });
    queues.set(name, expireInSeconds ?? known ?? null);
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
    async work(name, handler, workOptions) {
      await ensureQueue(name, workOptions?.expireInSeconds);
      const batchSize = 1;
      const id: string = await boss.work<Record<string, unknown>>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize },
        async (jobs) => {
          for (const job of jobs) await handler(job.data, { id: job.id });
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
