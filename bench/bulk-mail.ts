/**
 * Issue 37 §3: a bulk send to 10,000 residents against a real local SMTP peer — the project's test peer
 * (apps/server/src/test/mail-peer.ts, plain SMTP) in a process of its own (bench/mail-peer-child.ts). On the bench's
 * PostgreSQL database (bench/database.ts, the application role under row-level security), one property of 10,000
 * residents with an address, its rate at the most it allows (12,000 a minute = 200/s). Measured: the click (POST
 * /emails-sender through the app, the send and its 10,000 recipients written) beside its insert…select sent raw; the
 * delivery from the click to the last mail sent, the job run by a registered worker as the web process runs it,
 * beside nodemailer alone to the same peer; a peer that refuses one address in ten; a worker process killed with
 * SIGKILL mid-send, then the send taken again once the lease ended; and the job without its pace. No attachments (a
 * PDF per recipient is the documents bench's figure). Used by bench/run.ts (BENCH_ONLY=bulk; BENCH_BULK_RESIDENTS
 * for another size).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EmailSend } from '@parkade/contract';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { runSend } from '../apps/server/src/modules/emails-sender/job';
import { writeRecipients } from '../apps/server/src/modules/emails-sender/recipients';
import { BULK_QUEUE, renderBulkMail } from '../apps/server/src/modules/emails-sender/service';
import { unsubscribeHeaders } from '../apps/server/src/modules/emails-sender/unsubscribe';
import { scopeSql, type Database } from '../apps/server/src/platform/db';
import { startJobs } from '../apps/server/src/platform/jobs';
import { inScope } from '../apps/server/src/platform/scope';
import { localDiskStorage } from '../apps/server/src/platform/storage';
import { BENCH_PASSWORD } from './data';
import { killedWorker } from './bulk-kill';
import { benchMailEnv, bulkIdOf, startPeerProcess, type Peer } from './bulk-peer';
import {
  BULK_RESIDENTS,
  median,
  NAGLE_MAILS,
  nodemailerRate,
  perRecipient,
  seedBulkMail,
  sendStates,
  TEXTS,
} from './bulk-setup';
import { captureHandlerSql } from './reference';

const REFUSE_EVERY = 10;
/** The rate written into the fourth send's row (beyond what the settings allow): the job without its pace. */
const UNPACED_PER_MINUTE = 6_000_000;

export type BulkFigures = Awaited<ReturnType<typeof benchBulkMail>>;

/** The whole bulk-mail bench on an open database (its own app, job queue and peer; about six minutes). */
export async function benchBulkMail(o: {
  database: Database;
  appUrl: string;
  ownerUrl: string;
  poolSize: number;
}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-bulk-'));
  const secretKey = crypto.randomBytes(32).toString('hex');
  const peer: Peer = await startPeerProcess();
  const owner = new pg.Client({ connectionString: o.ownerUrl });
  await owner.connect();
  const jobs = await startJobs(o.database, { error: () => undefined });
  let close: (() => Promise<void>) | undefined;
  try {
    const mark = performance.now();
    const seeded = await seedBulkMail(o.ownerUrl);
    const { propertyId } = seeded;
    console.log(
      `  bulk mail: seeded ${seeded.emails.size} residents in ${((performance.now() - mark) / 1000).toFixed(1)} s`,
    );
    const env = benchMailEnv({ dataDir, secretKey, smtpPort: peer.port });
    const built = await buildApp({
      env,
      database: o.database,
      jobs,
      storage: localDiskStorage(path.join(dataDir, 'uploads')),
      logger: false,
    });
    const { app, services } = built;
    close = () => app.close();
    await app.ready();
    // The bulk queue's worker, as workers.ts registers it in the web process (others are not needed here); for the
    // killed-worker case it lets the job go, so that the worker process is the one sending.
    const states = (sendId: number) => sendStates(owner, sendId);
    let skip = false;
    const runs: { sendId: number; started: number; ended: number; done: boolean }[] = [];
    await jobs.work(BULK_QUEUE, async (data) => {
      if (skip) return;
      const started = performance.now();
      await runSend(services, Number(data.propertyId), Number(data.sendId));
      const ended = performance.now();
      const done = (await states(Number(data.sendId))).send === 'done';
      runs.push({ sendId: Number(data.sendId), started, ended, done });
    });
    /**
     * The send's runs once it is done: a run ends at its four minutes and queues its continuation, which this
     * worker takes; the first run's start and the last one's end.
     */
    const ran = async (sendId: number) => {
      for (;;) {
        const mine = runs.filter((x) => x.sendId === sendId);
        if (mine.at(-1)?.done)
          return { started: mine[0]!.started, ended: mine.at(-1)!.ended, runs: mine.length };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    const login = await app.inject({
      method: 'POST',
      url: '/tenant/api/auth/login',
      headers: { 'x-tenant': seeded.code },
      payload: { email: seeded.manager, password: BENCH_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`bulk bench login: ${login.statusCode} ${login.body}`);
    const headers = {
      'x-tenant': seeded.code,
      authorization: `Bearer ${login.json<{ token: string }>().token}`,
    };
    // The manager's screen counted the recipients before the click (and warms the route's code and plans).
    const count = await app.inject({
      method: 'POST',
      url: '/tenant/api/emails-sender/count',
      headers,
      payload: { filters: {} },
    });
    if (count.statusCode !== 200) throw new Error(`bulk bench count: ${count.statusCode} ${count.body}`);
    const click = async () => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/tenant/api/emails-sender',
        headers,
        payload: { filters: {}, texts: TEXTS },
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`bulk bench send: ${res.statusCode} ${res.body}`);
      const send = res.json<EmailSend>();
      return { t0, ms, id: send.id, total: send.counts.total };
    };
    // nodemailer alone to the same peer: as it opens its sockets (Nagle on, fewer mails: it is slow), then with Nagle
    // off as the product opens them — minimal mails, the product's own mail (text, HTML, its headers), and that mail
    // to a peer refusing one address in ten (each refused one sent twice, as the job does).
    const minimalMail = (i: number) => ({
      from: env.smtp.from,
      to: `raw${i}@raw.bench`,
      subject: 'Bench',
      text: 'Bench',
    });
    await nodemailerRate(peer.port, 500, minimalMail, true);
    const nagle = await nodemailerRate(peer.port, NAGLE_MAILS, minimalMail, false);
    const minimal = await nodemailerRate(peer.port, BULK_RESIDENTS, minimalMail, true);
    const [firstId, firstEmail] = [...seeded.emails][0]!;
    const unsubscribe = unsubscribeHeaders('http://bench-mail.localhost', secretKey, propertyId, firstId);
    const rendered = renderBulkMail(
      TEXTS.en,
      'en',
      {
        name: 'Resident 1',
        email: firstEmail,
        unit: 'Tower 1 101',
        building: 'Tower 1',
        place: 'Bench Mail Residences',
      },
      'Bench Mail Residences',
      unsubscribe.url,
    );
    const theMail = (i: number) => ({
      from: env.smtp.from,
      to: `raw${i}@raw.bench`,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html ?? undefined,
      messageId: `<raw.${i}@bench-mail.localhost>`,
      headers: unsubscribe.headers,
    });
    const productMail = await nodemailerRate(peer.port, BULK_RESIDENTS, theMail, true);
    await peer.refuse(
      Array.from({ length: BULK_RESIDENTS }, (_, i) => i)
        .filter((i) => i % REFUSE_EVERY === 0)
        .map((i) => `raw${i}@raw.bench`),
    );
    const productRefused = await nodemailerRate(peer.port, BULK_RESIDENTS, theMail, true);
    await peer.refuse([]);
    console.log('  bulk mail: nodemailer alone: done');

    // 1. The click and the delivery.
    const a = await click();
    const aRun = await ran(a.id);
    await peer.flush();
    const aStates = await states(a.id);
    const aPeer = perRecipient(peer.arrivals, a.id);
    const aArrivals = peer.arrivals.filter((x) => bulkIdOf(x.messageId)?.sendId === a.id);
    console.log('  bulk mail: send to all: done');

    // The click's insert…select sent raw: captured as the product sends it (into a send id of its own, rolled back),
    // then sent by a raw pg client in a transaction with the same row-level scope, rolled back; best and median of 5.
    const captured = await captureHandlerSql(() =>
      inScope(services, { area: 'tenant', propertyId }, async (ctx) => {
        await writeRecipients(ctx, 2_000_000_000, {});
        throw new Error('rolled back');
      }).catch(() => undefined),
    );
    const insert = captured.find((s) => /insert into email_send_recipients/i.test(s));
    if (!insert) throw new Error('the recipients insert was not captured');
    const raw = new pg.Client({ connectionString: o.appUrl });
    await raw.connect();
    const sqlMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      await raw.query('BEGIN');
      await raw.query(scopeSql({ area: 'tenant', propertyId }));
      const t0 = performance.now();
      await raw.query(insert);
      sqlMs.push(performance.now() - t0);
      await raw.query('ROLLBACK');
    }
    await raw.end();

    // 2. A peer that refuses one address in ten.
    const refusedList = [...seeded.emails.values()]
      .filter((_, i) => i % REFUSE_EVERY === 0)
      .map((e) => e.toLowerCase());
    await peer.refuse(refusedList);
    const refusalsBefore = peer.refusals.length;
    const b = await click();
    const bRun = await ran(b.id);
    await peer.flush();
    await peer.refuse([]);
    const bStates = await states(b.id);
    const failed = (
      await owner.query<{ email: string; attempts: number; error: string | null }>(
        `select email, attempts, error from email_send_recipients where send_id = $1 and state = 'failed'`,
        [b.id],
      )
    ).rows;
    const refused = new Set(refusedList);
    const failedSet = new Set(failed.map((f) => f.email.toLowerCase()));
    const refusedTimes = new Map<string, number>();
    for (const r of peer.refusals.slice(refusalsBefore)) refusedTimes.set(r, (refusedTimes.get(r) ?? 0) + 1);
    const bPeer = perRecipient(peer.arrivals, b.id);
    const bReachedRefused = peer.arrivals.filter(
      (x) => bulkIdOf(x.messageId)?.sendId === b.id && refused.has(x.to),
    ).length;
    console.log('  bulk mail: send with refusals: done');

    // 3. A worker process killed with SIGKILL mid-send; the send taken again once the lease ended (bench/bulk-kill.ts).
    skip = true;
    const c = await click();
    const kill = await killedWorker({
      peer,
      services,
      worker: {
        appUrl: o.appUrl,
        ownerUrl: o.ownerUrl,
        dataDir,
        secretKey,
        smtpPort: peer.port,
        poolSize: o.poolSize,
        propertyId,
        sendId: c.id,
      },
      total: c.total,
      states,
    });
    console.log('  bulk mail: killed worker: done');

    // 4. The job without its pace: a send whose row says 100,000 a second (the settings allow 200), run here — what
    // the job itself, its SQL and nodemailer, can do on this machine.
    const d = await click();
    await owner.query(`update email_sends set rate_per_minute = $2 where id = $1`, [
      d.id,
      UNPACED_PER_MINUTE,
    ]);
    const d0 = performance.now();
    await runSend(services, propertyId, d.id);
    const unpacedMs = performance.now() - d0;
    await peer.flush();
    const dStates = await states(d.id);
    skip = false;
    console.log('  bulk mail: without the pace: done');

    return {
      residents: seeded.emails.size,
      count: count.json<{ reachable: number }>().reachable,
      raw: { nagle, minimal, productMail, productRefused },
      click: { ms: [a.ms, b.ms, c.ms, d.ms], total: a.total },
      sql: { best: Math.min(...sqlMs), median: median(sqlMs) },
      delivery: {
        pickupMs: aRun.started - (a.t0 + a.ms),
        jobMs: aRun.ended - aRun.started,
        runs: aRun.runs,
        totalMs: aRun.ended - a.t0,
        perSecond: a.total / ((aRun.ended - a.t0) / 1000),
        peerSpanMs: aArrivals.length ? aArrivals.at(-1)!.at - aArrivals[0]!.at : 0,
        states: aStates,
        peer: aPeer,
      },
      refusals: {
        refused: refused.size,
        states: bStates,
        failed: failed.length,
        failedTwice: failed.filter((f) => f.attempts === 2).length,
        failedWith550: failed.filter((f) => /550/.test(f.error ?? '')).length,
        sameSet: failedSet.size === refused.size && [...failedSet].every((e) => refused.has(e)),
        refusedAtPeerTwice: [...refusedTimes.values()].filter((n) => n === 2).length,
        refusedAtPeerOther: [...refusedTimes.values()].filter((n) => n !== 2).length,
        reachedRefused: bReachedRefused,
        peer: bPeer,
        totalMs: bRun.ended - b.t0,
        runs: bRun.runs,
        perSecond: b.total / ((bRun.ended - b.t0) / 1000),
      },
      kill,
      unpaced: {
        ms: unpacedMs,
        perSecond: dStates.sent / (unpacedMs / 1000),
        states: dStates,
        peer: perRecipient(peer.arrivals, d.id),
      },
    };
  } finally {
    peer.onArrivals = null;
    await close?.();
    await jobs.stop();
    await owner.end();
    await peer.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
