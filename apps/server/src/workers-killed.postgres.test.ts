/**
 * A worker killed mid-job, for every job kind (issue 39 §1, decision 0053). `npm run worker`'s work runs in a child
 * process on PostgreSQL (test/worker-child.ts); each job is stopped in the middle of its work — by a lock this test
 * holds on a row or table the job needs next (the database then shows what it committed so far and the job waiting),
 * or by the mail server holding its answer to a message — and the process is killed with SIGKILL. The test lets go,
 * moves the dead worker's clocks past their bounds (the queue's expiry of its job, the leases it held: the time an
 * operator would wait), starts a new worker, and reads the final state: every job completed, after a retry, with
 * its work done exactly once — no row twice, no mail twice, except the one window SMTP cannot close (a mail the
 * server accepted just before the kill, sent again with the same Message-ID).
 *
 * Two rounds, each one kill: the jobs of the first round are stopped at once (each queue has its own worker loop),
 * those of the second need the mail queue blocked, which the first round's mail must not be.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOTIFICATION_DAYS, RESIDENTS_IMPORT_HEADERS } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildings } from './modules/buildings/table';
import { caregivers } from './modules/caregivers/table';
import { CAREGIVER_PASSES_QUEUE } from './modules/caregivers/job';
import { BULK_QUEUE } from './modules/emails-sender/service';
import { LEASE_SECONDS } from './modules/emails-sender/job';
import { EXPIRY_REMINDERS_QUEUE } from './modules/expiry-reminders/job';
import { notifications } from './modules/notifications/table';
import { NOTIFICATIONS_PURGE_QUEUE } from './modules/notifications/service';
import { MAIL_QUEUE, OUTBOX_SWEEP_QUEUE, outboxMessageId, writeMail } from './modules/outbox/mail';
import { mailOutbox } from './modules/outbox/table';
import { permits } from './modules/permits/table';
import { IMPORT_QUEUE } from './modules/residents/import';
import { POLICIES_QUEUE } from './modules/residents/mail';
import { units } from './modules/units/table';
import { VISITOR_EXPIRY_QUEUE } from './modules/visitors/job';
import { visitors } from './modules/visitors/table';
import { STATISTICS_QUEUE } from './platform/db/statistics';
import { inScope, type Scope } from './platform/scope';
import { encryptSecret } from './platform/secrets';
import { makeResident } from './test/factories';
import { permitFixture } from './test/factories/residents';
import { openTestDatabase } from './test/db';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  formPayload,
  headers,
  login,
  type TestContext,
} from './test/harness';
import { startMailPeer, type ReceivedMail } from './test/mail-peer';
import { QUEUE_EXPIRY_SECONDS } from './workers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let ctx: TestContext;
/** A superuser connection to the test's database: reads what the product did, and moves the dead worker's clocks. */
let admin: pg.Client;
let adminDbUrl: string;
let peer: Awaited<ReturnType<typeof startMailPeer>>;
const inbox: ReceivedMail[] = [];
/** The cases' holds on the mail server: the first that answers a promise holds the message until it settles. */
const peerHolds: ((mail: ReceivedMail, gone: Promise<void>) => Promise<void> | undefined)[] = [];
let worker: Worker;
let workers = 0;
/** The property whose mail goes through its own server settings to the peer (the others have none: 'stored'). */
let mailProperty: number;

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await admin.query(text, params)).rows as T[];
const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await sql<T>(text, params))[0]!;

/** Waits for a condition of the database or the peer: every 100 ms, giving up after 45 s naming it. */
async function until(what: string, probe: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!(await probe())) {
    if (Date.now() > deadline) {
      // What every session of the database was doing, to tell where it stopped.
      const sessions = await sql<{ app: string; state: string; wait: string | null; query: string }>(
        `select application_name as app, state, wait_event_type || ':' || wait_event as wait, left(query, 120) as query
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() order by app`,
      );
      throw new Error(
        `gave up waiting (45 s) for ${what}; the sessions:\n${sessions.map((r) => JSON.stringify(r)).join('\n')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Worker {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** `npm run worker`'s work in a child process, its connections named after it (application_name). */
async function startWorker(): Promise<Worker> {
  const name = `faults-worker-${++workers}`;
  const named = (url: string) => {
    const u = new URL(url);
    u.searchParams.set('application_name', name);
    return u.toString();
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: named(db.urls!.app),
    DATABASE_ADMIN_URL: named(db.urls!.owner),
    DATA_DIR: ctx.env.dataDir,
    APP_SECRET: ctx.env.secretKey,
    APP_DOMAIN: ctx.env.appDomain,
    LOG_LEVEL: 'warn',
    // The test's holds last as long as it takes to set every case up on a busy machine: the product's 30 s bound on
    // a statement is not what is tested here (platform/db/statement-timeout.postgres.test.ts is).
    DB_STATEMENT_TIMEOUT_MS: '0',
  };
  // No system mail server: mail goes through a property's own settings, or stays stored.
  delete env.SMTP_HOST;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/worker-child.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const ready = () => {
      if (out.includes('worker running')) resolve();
    };
    child.stdout.on('data', ready);
    void exited.then(() => reject(new Error(`${name} exited before it ran:\n${out}`)));
  });
  return { name, child, exited };
}

/** SIGKILL: no handler runs, nothing is flushed; its connections close as the kernel closes its sockets. */
async function kill(w: Worker) {
  w.child.kill('SIGKILL');
  await w.exited;
}

/** A transaction of the test's that holds a lock a job will wait for. */
interface Hold {
  client: pg.Client;
  pid: number;
  release(): Promise<void>;
}
/** Every hold taken, let go of at the end whatever happened. */
const allHolds = new Set<Hold>();
async function hold(...statements: [string, unknown[]?][]): Promise<Hold> {
  const client = new pg.Client({ connectionString: adminDbUrl });
  // Dropping the database at the end ends a hold still open: not an error of the test's.
  client.on('error', () => undefined);
  await client.connect();
  await client.query('begin');
  for (const [text, params] of statements) await client.query(text, params);
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const taken: Hold = {
    client,
    pid,
    async release() {
      if (!allHolds.delete(taken)) return;
      await client.query('rollback');
      await client.end();
    },
  };
  allHolds.add(taken);
  return taken;
}

/** The statements waiting for a hold (what a blocked job is doing, or pg-boss's own maintenance). */
const waitingOn = (h: Hold) =>
  sql<{ query: string; app: string }>(
    `select query, application_name as app from pg_stat_activity where $1 = any(pg_blocking_pids(pid))`,
    [h.pid],
  );

/** A job of the queue, picked by its data: its state and how often it was retried. */
const jobOf = (queue: string, where: string, params: unknown[] = []) =>
  sql<{ state: string; retries: number }>(
    `select state::text as state, retry_count as retries from pgboss.job where name = $1 and ${where}`,
    [queue, ...params],
  );
/** Waits for the job to complete after the kill, and checks it was retried (the dead worker's run did not end). */
async function completedAfterRetry(queue: string, where: string, params: unknown[] = []) {
  await until(`${queue} completed`, async () =>
    (await jobOf(queue, where, params)).some((j) => j.state === 'completed'),
  );
  for (const j of await jobOf(queue, where, params)) expect(j).toMatchObject({ state: 'completed' });
  expect(
    (await jobOf(queue, where, params)).some((j) => j.retries >= 1),
    `${queue} was retried`,
  ).toBe(true);
}

/**
 * After the kill: time passes for what the dead worker held. Its jobs past the queue's expiry (pg-boss then fails
 * and retries them at its next maintenance), the mail leases and bulk recipients' claims it held past their end.
 */
async function timePasses() {
  await sql(
    `update pgboss.job set started_on = now() - expire_in - interval '1 second' where state = 'active'`,
  );
  await sql(`update mail_outbox set leased_until = now() - interval '1 second' where leased_until > now()`);
  await sql(
    `update email_send_recipients set claimed_at = claimed_at - make_interval(secs => $1) where state = 'sending'`,
    [LEASE_SECONDS + 1],
  );
}

/** Kills the running worker, lets go of the holds, lets time pass, and starts the next worker. */
async function killAndResume(holds: Hold[], afterwards: () => Promise<void> = async () => {}) {
  const dead = worker;
  await kill(dead);
  for (const h of holds) await h.release();
  // What the dead worker had begun is rolled back once the database sees its connections gone.
  await until(
    `${dead.name}'s connections closed`,
    async () =>
      (
        await one<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()`,
          [dead.name],
        )
      ).n === 0,
  );
  await timePasses();
  await afterwards();
  worker = await startWorker();
}

const messageIdOf = (raw: string) => /^message-id:\s*(<[^>]+>)/im.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
const copiesTo = (to: string) => inbox.filter((m) => m.to.includes(to));

const inProperty = <T>(propertyId: number, fn: (scope: Scope) => Promise<T>) =>
  inScope(ctx.services, { area: 'tenant', propertyId }, fn);

async function tokenFor(propertyId: number, code: string) {
  return login(ctx, await createTenantUser(ctx.database, propertyId, 'manager'), code);
}

/** The local date of `zone` today, YYYY-MM-DD, plus `days`. */
function localDay(zone: string, days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  peer = await startMailPeer(0, (m) => inbox.push(m), {
    anyLogin: true,
    hold: async (mail, gone) => {
      for (const h of peerHolds) {
        const held = h(mail, gone);
        if (held) return held;
      }
    },
  });
  db = await openTestDatabase();
  ctx = await createTestContext({ appDomain: 'parkade.test' }, { database: db, workers: false });
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = new URL(db.urls!.owner).pathname;
  adminDbUrl = url.toString();
  admin = new pg.Client({ connectionString: adminDbUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  const p = await createProperty(ctx.database, {
    mailHost: '127.0.0.1',
    mailPort: peer.port,
    mailUsername: 'parkade',
    mailPasswordEncrypted: encryptSecret(ctx.env.secretKey, 'peer-password'),
    mailFromAddress: 'office@faults.test',
    mailTlsInsecure: true,
    settings: { other: { bulkMailPerMinute: 12_000 } },
  });
  mailProperty = p.id;
  worker = await startWorker();
});

afterAll(async () => {
  if (worker && worker.child.exitCode === null && worker.child.signalCode === null) await kill(worker);
  for (const h of [...allHolds]) await h.release().catch(() => undefined);
  await admin?.end();
  await ctx?.close();
  await peer?.close();
});

/** One job kind in a round: its rows and hold, the sign it is mid-way, and (in its `it`) the final state. */
interface Case {
  /** Writes its rows, takes its hold, sends its job. */
  start(): Promise<void>;
  /** Resolves once the job is mid-way: what it committed so far visible, and it waits. */
  midway(): Promise<void>;
  holds: Hold[];
}

it("each queue's expiry is the product's bound: a killed job is retried within it (plus maintenance and backoff)", async () => {
  const queues = await sql<{ name: string; seconds: number }>(
    `select name, expire_seconds as seconds from pgboss.queue where name = any($1)`,
    [Object.keys(QUEUE_EXPIRY_SECONDS)],
  );
  expect(Object.fromEntries(queues.map((q) => [q.name, q.seconds]))).toEqual(QUEUE_EXPIRY_SECONDS);
});

describe('round 1: jobs stopped by the database, and by the mail server', () => {
  // ——— visitor permits' expiry: two properties, the second's permits locked; the first's are stored expired ———
  const expiry = {
    ids: [] as number[][],
    holds: [] as Hold[],
    async start() {
      for (let i = 0; i < 2; i++) {
        const p = await createProperty(ctx.database);
        this.ids.push(
          await inProperty(p.id, async (scope) => {
            const { id: residentId, unitId } = await makeResident(scope);
            const made: number[] = [];
            for (let k = 0; k < 2; k++) {
              const [v] = await scope.tx
                .insert(visitors)
                .values({
                  propertyId: p.id,
                  name: `Visitor ${i}.${k}`,
                  plate: `EXP${i}${k}`,
                  plateNormalized: `EXP${i}${k}`,
                  residentId,
                  unitId,
                  permitCode: `EXP-${p.id}-${k}`,
                  permitStatus: 'valid',
                  validFrom: new Date(Date.now() - 3 * 3600_000),
                  validUntil: new Date(Date.now() - 3600_000),
                })
                .returning({ id: visitors.id });
              made.push(v!.id);
            }
            return made;
          }),
        );
      }
      this.holds.push(await hold([`select 1 from visitors where id = $1 for update`, [this.ids[1]![1]]]));
      await ctx.services.jobs.send(VISITOR_EXPIRY_QUEUE, { faults: 'expiry' });
    },
    async midway() {
      await until('the first property expired, the second waiting', async () => {
        const done = await one<{ n: number }>(
          `select count(*)::int as n from visitors where id = any($1) and permit_status = 'expired'`,
          [this.ids[0]],
        );
        return done.n === 2 && (await waitingOn(this.holds[0]!)).length > 0;
      });
    },
  };

  // ——— caregivers' passes: two caregivers, the second locked; the first has its pass ———
  const passes = {
    ids: [] as number[],
    holds: [] as Hold[],
    async start() {
      const p = await createProperty(ctx.database, { timezone: 'UTC' });
      this.ids = await inProperty(p.id, async (scope) => {
        const { id: residentId } = await makeResident(scope);
        const made: number[] = [];
        for (let k = 0; k < 2; k++) {
          const [c] = await scope.tx
            .insert(caregivers)
            .values({
              propertyId: p.id,
              residentId,
              name: `Caregiver ${k}`,
              plate: `CARE${k}`,
              plateNormalized: `CARE${k}`,
              days: [0, 1, 2, 3, 4, 5, 6],
              status: 'active',
            })
            .returning({ id: caregivers.id });
          made.push(c!.id);
        }
        return made;
      });
      this.holds.push(await hold([`select 1 from caregivers where id = $1 for update`, [this.ids[1]]]));
      await ctx.services.jobs.send(CAREGIVER_PASSES_QUEUE, { faults: 'passes' });
    },
    passesOf: (id: number) =>
      sql(`select id from visitors where caregiver_id = $1 and caregiver_day = $2`, [id, localDay('UTC')]),
    async midway() {
      await until(
        "the first caregiver's pass issued, the second waiting",
        async () =>
          (await this.passesOf(this.ids[0]!)).length === 1 && (await waitingOn(this.holds[0]!)).length > 0,
      );
    },
  };

  // ——— expiry reminders: two properties of two permits each, the second property locked ———
  // A zone whose local hour is past the reminders' start (08:00) now.
  const zone = new Date().getUTCHours() >= 8 ? 'UTC' : 'Etc/GMT-10';
  const reminders = {
    places: [] as number[],
    permits: [] as number[],
    holds: [] as Hold[],
    async start() {
      for (let i = 0; i < 2; i++) {
        const p = await createProperty(ctx.database, {
          timezone: zone,
          settings: { residentPermits: { expiryReminderDays: 5 } },
        });
        this.places.push(p.id);
        for (let k = 0; k < 2; k++) {
          const id = Number(
            (await inProperty(p.id, (scope) => permitFixture.create(scope, { userId: 0 }))).id,
          );
          await inProperty(p.id, (scope) =>
            scope.tx
              .update(permits)
              .set({ expiresOn: localDay(zone, 2) })
              .where(eqId(permits, p.id, id)),
          );
          this.permits.push(id);
        }
      }
      this.holds.push(await hold([`select 1 from properties where id = $1 for update`, [this.places[1]]]));
      await ctx.services.jobs.send(EXPIRY_REMINDERS_QUEUE, { faults: 'reminders' });
    },
    async midway() {
      await until("the first property's reminders written, the second's waiting", async () => {
        const first = await one<{ n: number }>(
          `select count(*)::int as n from expiry_reminders where property_id = $1`,
          [this.places[0]],
        );
        return first.n === 2 && (await waitingOn(this.holds[0]!)).length > 0;
      });
    },
  };

  // ——— notifications' purge: three old ones (one locked) and a young one ———
  const purge = {
    old: [] as number[],
    young: 0,
    holds: [] as Hold[],
    async start() {
      const p = await createProperty(ctx.database);
      const user = await createTenantUser(ctx.database, p.id, 'manager');
      const made = await inProperty(p.id, (scope) =>
        scope.tx
          .insert(notifications)
          .values(
            [NOTIFICATION_DAYS + 2, NOTIFICATION_DAYS + 3, NOTIFICATION_DAYS + 4, 1].map((days) => ({
              propertyId: p.id,
              kind: 'importFinished',
              userType: 'tenant-user',
              userId: user.id,
              createdAt: new Date(Date.now() - days * 86_400_000),
            })),
          )
          .returning({ id: notifications.id }),
      );
      this.old = made.slice(0, 3).map((m) => m.id);
      this.young = made[3]!.id;
      this.holds.push(await hold([`select 1 from notifications where id = $1 for update`, [this.old[1]]]));
      await ctx.services.jobs.send(NOTIFICATIONS_PURGE_QUEUE, { faults: 'purge' });
    },
    async midway() {
      await until('the purge waiting', async () => (await waitingOn(this.holds[0]!)).length > 0);
    },
  };

  // ——— the planner's statistics: a table grown past its statistics, locked against ANALYZE ———
  const statistics = {
    holds: [] as Hold[],
    async start() {
      // The lock first: nothing analyses the table before the job does.
      this.holds.push(await hold([`lock table auth_throttle in share update exclusive mode`]));
      await sql(
        `insert into auth_throttle (key, count) select 'faults:' || g, 1 from generate_series(1, 5000) g`,
      );
      await ctx.services.jobs.send(STATISTICS_QUEUE, { faults: 'statistics' });
    },
    async midway() {
      await until('an analysis waiting', async () =>
        (await waitingOn(this.holds[0]!)).some((w) => /parkade_analyze_stale|analyze/i.test(w.query)),
      );
    },
  };

  // ——— a residents import of 600 rows (chunks of 500): the last 100 rows' unit locked, the first chunk committed ———
  const residentsImport = {
    propertyId: 0,
    importId: 0,
    holds: [] as Hold[],
    emails: Array.from({ length: 600 }, (_, i) => `imported${i}@import.faults.test`),
    async start() {
      const p = await createProperty(ctx.database);
      this.propertyId = p.id;
      const token = await tokenFor(p.id, p.code);
      const late = await inProperty(p.id, async (scope) => {
        const [b] = await scope.tx.insert(buildings).values({ propertyId: p.id, name: 'Tower' }).returning();
        await scope.tx.insert(units).values(
          Array.from({ length: 50 }, (_, i) => ({
            propertyId: p.id,
            buildingId: b!.id,
            name: String(101 + i),
          })),
        );
        const [u] = await scope.tx
          .insert(units)
          .values({ propertyId: p.id, buildingId: b!.id, name: 'X1' })
          .returning({ id: units.id });
        return u!.id;
      });
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Residents');
      ws.addRow([...RESIDENTS_IMPORT_HEADERS]);
      this.emails.forEach((email, i) =>
        ws.addRow([
          `Imported ${i}`,
          email,
          '',
          'Tower',
          i < 500 ? String(101 + (i % 50)) : 'X1',
          '',
          '',
          '2030-12-31',
        ]),
      );
      this.holds.push(await hold([`select 1 from units where id = $1 for update`, [late]]));
      const fd = new FormData();
      fd.append('sendLinks', '1');
      fd.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'residents.xlsx');
      const { payload, contentType } = await formPayload(fd);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/tenant/api/residents/import',
        headers: { ...headers({ tenant: p.code, token }), 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      this.importId = res.json<{ id: number }>().id;
    },
    async midway() {
      await until('the first chunk committed, the second waiting', async () => {
        const r = await one<{ rows_done: number; state: string }>(
          `select rows_done, state from resident_imports where id = $1`,
          [this.importId],
        );
        return r.state === 'importing' && r.rows_done === 500 && (await waitingOn(this.holds[0]!)).length > 0;
      });
    },
  };

  // ——— a bulk send to six residents: the server takes two, then holds every answer ———
  const bulk = {
    sendId: 0,
    emails: [] as string[],
    holds: [] as Hold[],
    accepted: 0,
    held: 0,
    holding: true,
    async start() {
      const p = await one<{ code: string }>(`select code from properties where id = $1`, [mailProperty]);
      for (let k = 0; k < 6; k++) {
        const email = `bulk${k}@bulk.faults.test`;
        await inProperty(mailProperty, (scope) => makeResident(scope, { email, fullName: `Bulk ${k}` }));
        this.emails.push(email);
      }
      peerHolds.push((mail, gone) => {
        if (!this.holding || !messageIdOf(mail.raw)?.startsWith(`<bulk.${this.sendId}.`)) return undefined;
        if (this.accepted < 2) {
          this.accepted++;
          return undefined;
        }
        this.held++;
        return gone;
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/tenant/api/emails-sender',
        headers: headers({ tenant: p.code, token: await tokenFor(mailProperty, p.code) }),
        payload: {
          filters: {},
          texts: { en: { subject: 'Garage closed', body: 'Dear {{name}}, the garage closes on Monday.' } },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      this.sendId = res.json<{ id: number }>().id;
    },
    async midway() {
      await until('two mails sent and the rest held at the server', async () => {
        const sent = await one<{ n: number }>(
          `select count(*)::int as n from email_send_recipients where send_id = $1 and state = 'sent'`,
          [this.sendId],
        );
        return sent.n === 2 && this.held > 0;
      });
    },
  };

  // ——— one mail: the server holds its answer to the message, and never gives it ———
  const mail = {
    to: 'before-accept@mail.faults.test',
    id: 0,
    held: false,
    holds: [] as Hold[],
    async start() {
      let seen = 0;
      peerHolds.push((m, gone) => {
        if (!m.to.includes(this.to) || seen++ > 0) return undefined;
        this.held = true;
        return gone;
      });
      const { id, wake } = await ctx.database.withScope({ area: 'central' }, async (tx) => {
        const woken = await writeMail(tx, ctx.services.jobs, {
          to: this.to,
          subject: 'Reset your password',
          text: 'The link: https://parkade.test/reset?token=faults',
          kind: 'password-reset',
          propertyId: mailProperty,
        });
        const [row] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eqTo(this.to));
        return { id: row!.id, wake: woken };
      });
      this.id = id;
      await wake();
    },
    async midway() {
      await until('the message held at the server', () => this.held);
    },
  };

  const dbCases: Case[] = [expiry, passes, reminders, purge, statistics, residentsImport];
  // The mail server's holds come last and the kill at once: nodemailer gives up on a silent server after 20 s.
  const smtpCases: Case[] = [bulk, mail];

  beforeAll(async () => {
    for (const c of dbCases) await c.start();
    for (const c of dbCases) await c.midway();
    for (const c of smtpCases) await c.start();
    for (const c of smtpCases) await c.midway();
    await killAndResume([...dbCases, ...smtpCases].flatMap((c) => c.holds));
    bulk.holding = false;
  });

  it('visitor permits expire: every permit once, one audit entry each', async () => {
    await completedAfterRetry(VISITOR_EXPIRY_QUEUE, `data->>'faults' = 'expiry'`);
    const all = expiry.ids.flat();
    const rows = await sql<{ status: string }>(
      `select permit_status as status from visitors where id = any($1)`,
      [all],
    );
    expect(rows.map((r) => r.status)).toEqual(['expired', 'expired', 'expired', 'expired']);
    const audits = await sql<{ id: string; n: number }>(
      `select entity_id as id, count(*)::int as n from binnacle where entity = 'visitors' and action = 'expire'
       and entity_id = any($1) group by entity_id`,
      [all.map(String)],
    );
    expect(audits).toHaveLength(4);
    expect(audits.every((a) => a.n === 1)).toBe(true);
  });

  it("caregivers' passes: one pass each for today", async () => {
    await completedAfterRetry(CAREGIVER_PASSES_QUEUE, `data->>'faults' = 'passes'`);
    for (const id of passes.ids) expect(await passes.passesOf(id), `caregiver ${id}`).toHaveLength(1);
  });

  it('expiry reminders: one ledger row and one mail per permit', async () => {
    await completedAfterRetry(EXPIRY_REMINDERS_QUEUE, `data->>'faults' = 'reminders'`);
    const ledger = await sql<{ permit: string; n: number }>(
      `select permit_id::text as permit, count(*)::int as n from expiry_reminders where property_id = any($1)
       group by permit_id`,
      [reminders.places],
    );
    expect(ledger.map((l) => Number(l.permit)).sort()).toEqual([...reminders.permits].sort());
    expect(ledger.every((l) => l.n === 1)).toBe(true);
    const mails = await sql<{ to: string; n: number }>(
      `select "to", count(*)::int as n from mail_outbox where property_id = any($1) and kind = 'permit-expiry-reminder'
       group by "to"`,
      [reminders.places],
    );
    expect(mails).toHaveLength(4);
    expect(mails.every((m) => m.n === 1)).toBe(true);
  });

  it('the notifications purge: the old ones gone, the young one kept', async () => {
    await completedAfterRetry(NOTIFICATIONS_PURGE_QUEUE, `data->>'faults' = 'purge'`);
    const left = await sql<{ id: string }>(`select id::text from notifications where id = any($1)`, [
      [...purge.old, purge.young],
    ]);
    expect(left.map((r) => Number(r.id))).toEqual([purge.young]);
  });

  it("the planner's statistics: the grown table analysed", async () => {
    await completedAfterRetry(STATISTICS_QUEUE, `data->>'faults' = 'statistics'`);
    // Autovacuum is off on the test server (and its analysis would have waited for the same lock): the product did it.
    expect(
      (await one<{ n: number }>(`select reltuples::int as n from pg_class where relname = 'auth_throttle'`))
        .n,
      // The test's rows and the sign-ins' own counters.
    ).toBeGreaterThanOrEqual(5000);
  });

  it('a residents import: every resident once, each with one link mail', async () => {
    await completedAfterRetry(IMPORT_QUEUE, `data->>'importId' = $2`, [String(residentsImport.importId)]);
    expect(
      await one(`select state, rows_done, imported from resident_imports where id = $1`, [
        residentsImport.importId,
      ]),
    ).toEqual({ state: 'done', rows_done: 600, imported: 600 });
    const people = await sql<{ email: string; n: number }>(
      `select email, count(*)::int as n from tenant_users where property_id = $1 and email like '%@import.faults.test'
       group by email`,
      [residentsImport.propertyId],
    );
    expect(people).toHaveLength(600);
    expect(people.every((p) => p.n === 1)).toBe(true);
    const imported = await one<{ n: number }>(
      `select count(*)::int as n from residents where import_id = $1`,
      [residentsImport.importId],
    );
    expect(imported.n).toBe(600);
    const links = await sql<{ to: string; n: number }>(
      `select "to", count(*)::int as n from mail_outbox where property_id = $1 group by "to"`,
      [residentsImport.propertyId],
    );
    expect(links.map((l) => l.to).sort()).toEqual([...residentsImport.emails].sort());
    expect(links.every((l) => l.n === 1)).toBe(true);
  });

  it('a bulk send: each resident gets the mail once', async () => {
    await completedAfterRetry(BULK_QUEUE, `data->>'sendId' = $2`, [String(bulk.sendId)]);
    await until(
      'the send done',
      async () =>
        (await one<{ state: string }>(`select state from email_sends where id = $1`, [bulk.sendId])).state ===
        'done',
    );
    const states = await sql<{ state: string }>(
      `select state from email_send_recipients where send_id = $1`,
      [bulk.sendId],
    );
    expect(states.map((s) => s.state)).toEqual(Array(6).fill('sent'));
    for (const email of bulk.emails) expect(copiesTo(email), email).toHaveLength(1);
  });

  it('a mail the server had not accepted: sent once by the retry', async () => {
    await completedAfterRetry(MAIL_QUEUE, `data->>'id' = $2`, [String(mail.id)]);
    const row = await one<{ status: string; created_at: Date }>(
      `select status, created_at from mail_outbox where id = $1`,
      [mail.id],
    );
    expect(row.status).toBe('sent');
    const copies = copiesTo(mail.to);
    expect(copies).toHaveLength(1);
    expect(messageIdOf(copies[0]!.raw)).toBe(
      outboxMessageId({ id: mail.id, createdAt: row.created_at }, 'parkade.test'),
    );
  });
});

describe('round 2: jobs stopped with the mail queue blocked, and a mail stopped after the server took it', () => {
  // ——— one mail: the server accepts it, and the 'sent' mark waits for a lock on its row ———
  const accepted = {
    to: 'after-accept@mail.faults.test',
    id: 0,
    holds: [] as Hold[],
    async start() {
      let seen = 0;
      peerHolds.push((m) => {
        if (!m.to.includes(this.to) || seen++ > 0) return undefined;
        // Before the server answers 250: the row is locked, so the mark that follows the answer waits.
        return hold([`select 1 from mail_outbox where id = $1 for update`, [this.id]]).then((h) => {
          this.holds.push(h);
        });
      });
      const { id, wake } = await ctx.database.withScope({ area: 'central' }, async (tx) => {
        const woken = await writeMail(tx, ctx.services.jobs, {
          to: this.to,
          subject: 'Your visitor arrives',
          text: 'Your visitor is expected at 10:00.',
          kind: 'visitor-approved',
          propertyId: mailProperty,
        });
        const [row] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eqTo(this.to));
        return { id: row!.id, wake: woken };
      });
      this.id = id;
      await wake();
    },
    async midway() {
      await until(
        "the server's copy taken, the mark waiting",
        async () =>
          copiesTo(this.to).length === 1 &&
          this.holds.length === 1 &&
          (await waitingOn(this.holds[0]!)).length > 0,
      );
    },
  };

  /** The mail queue's partition of pg-boss's job table, locked: a job that queues a mail waits. */
  const mailQueue = { hold: undefined as Hold | undefined };
  const sendsWaiting = async () =>
    (await waitingOn(mailQueue.hold!)).filter((w) => /insert into pgboss\.job/i.test(w.query)).length;

  // ——— the parking policies mailed to three residents: all written in one transaction, then the wake waits ———
  const policies = {
    propertyId: 0,
    emails: [] as string[],
    holds: [] as Hold[],
    async start() {
      const p = await createProperty(ctx.database, {
        mailHost: '127.0.0.1',
        mailPort: peer.port,
        mailUsername: 'parkade',
        mailPasswordEncrypted: encryptSecret(ctx.env.secretKey, 'peer-password'),
        mailTlsInsecure: true,
      });
      this.propertyId = p.id;
      const ids: number[] = [];
      for (let k = 0; k < 3; k++) {
        const email = `policies${k}@policies.faults.test`;
        ids.push((await inProperty(p.id, (scope) => makeResident(scope, { email }))).id);
        this.emails.push(email);
      }
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/tenant/api/residents/sendBulkParkingPolice',
        headers: headers({ tenant: p.code, token: await tokenFor(p.id, p.code) }),
        payload: { ids },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    mails: () =>
      sql<{ to: string; n: number }>(
        `select "to", count(*)::int as n from mail_outbox where property_id = $1 and kind = 'parking-policies' group by "to"`,
        [policies.propertyId],
      ),
    async midway() {
      await until('the mails committed, their wake waiting', async () => (await this.mails()).length === 3);
    },
  };

  // ——— the outbox sweep of three mails whose wake was lost: claimed, then queuing their jobs waits ———
  const sweep = {
    ids: [] as number[],
    holds: [] as Hold[],
    async start() {
      const rows = await ctx.database.withScope({ area: 'central' }, (tx) =>
        tx
          .insert(mailOutbox)
          .values(
            [0, 1, 2].map((k) => ({
              propertyId: mailProperty,
              to: `stuck${k}@sweep.faults.test`,
              subject: 'Stuck',
              text: 'A mail whose wake-up job was lost.',
              kind: 'password-reset',
              createdAt: new Date(Date.now() - 10 * 60_000),
            })),
          )
          .returning({ id: mailOutbox.id }),
      );
      this.ids = rows.map((r) => r.id);
      await ctx.services.jobs.send(OUTBOX_SWEEP_QUEUE, { faults: 'sweep' });
    },
    async midway() {
      await until('the mails claimed by the sweep, queuing their jobs waiting', async () => {
        const queued = await one<{ n: number }>(
          `select count(*)::int as n from mail_outbox where id = any($1) and status = 'queued'`,
          [this.ids],
        );
        return queued.n === 3;
      });
    },
  };

  beforeAll(async () => {
    await accepted.start();
    await accepted.midway();
    const [partition] = await sql<{ name: string }>(
      `select partition_name as name from pgboss.queue where name = $1`,
      [MAIL_QUEUE],
    );
    mailQueue.hold = await hold([`lock table pgboss.${partition!.name} in share mode`]);
    await policies.start();
    await sweep.start();
    await policies.midway();
    await sweep.midway();
    await until('both jobs queuing a mail, waiting', async () => (await sendsWaiting()) >= 2);
    await killAndResume([...accepted.holds, mailQueue.hold], async () => {
      // Time passes for the mails too: the policies' mails lost their wake (the sweep's to find them), and the sweep's
      // claim is past its bound.
      await sql(
        `update mail_outbox set created_at = created_at - interval '10 minutes' where property_id = $1`,
        [policies.propertyId],
      );
      await sql(`update mail_outbox set swept_at = swept_at - interval '10 minutes' where id = any($1)`, [
        sweep.ids,
      ]);
    });
  });

  it('a mail the server accepted before the kill: sent again by the retry, with the same Message-ID', async () => {
    await completedAfterRetry(MAIL_QUEUE, `data->>'id' = $2`, [String(accepted.id)]);
    const row = await one<{ status: string; created_at: Date }>(
      `select status, created_at from mail_outbox where id = $1`,
      [accepted.id],
    );
    expect(row.status).toBe('sent');
    // SMTP cannot be exactly-once across this window (decision 0053): at least once, the copies one message.
    const copies = copiesTo(accepted.to);
    expect(copies).toHaveLength(2);
    const id = outboxMessageId({ id: accepted.id, createdAt: row.created_at }, 'parkade.test');
    expect(copies.map((c) => messageIdOf(c.raw))).toEqual([id, id]);
  });

  it('the parking policies: one mail per resident written, and delivered once', async () => {
    await completedAfterRetry(POLICIES_QUEUE, `data->>'propertyId' = $2`, [String(policies.propertyId)]);
    const written = await policies.mails();
    expect(written.map((m) => m.to).sort()).toEqual([...policies.emails].sort());
    expect(written.every((m) => m.n === 1)).toBe(true);
    await until('the policies delivered', () => policies.emails.every((e) => copiesTo(e).length > 0));
    for (const email of policies.emails) expect(copiesTo(email), email).toHaveLength(1);
  });

  it('the outbox sweep: each stuck mail delivered once', async () => {
    await completedAfterRetry(OUTBOX_SWEEP_QUEUE, `data->>'faults' = 'sweep'`);
    await until('the swept mails sent', async () => {
      const sent = await one<{ n: number }>(
        `select count(*)::int as n from mail_outbox where id = any($1) and status = 'sent'`,
        [sweep.ids],
      );
      return sent.n === 3;
    });
    for (const k of [0, 1, 2]) expect(copiesTo(`stuck${k}@sweep.faults.test`)).toHaveLength(1);
  });
});

const eqTo = (to: string) => eq(mailOutbox.to, to);
const eqId = (table: typeof permits, propertyId: number, id: number) =>
  and(eq(table.propertyId, propertyId), eq(table.id, id));
