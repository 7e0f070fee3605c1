/**
 * The bulk-mail bench's setting (bench/bulk-mail.ts): its sizes and targets, the property it sends from (10,000
 * residents seeded in bulk with the owner connection), nodemailer alone as the reference, and the peer's arrivals
 * read per recipient.
 */
import net from 'node:net';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth';
import { BENCH_PASSWORD } from './data';
import { bulkIdOf, type Arrival } from './bulk-peer';

export const BULK_RESIDENTS = Number(process.env.BENCH_BULK_RESIDENTS ?? 10_000);
export const BULK_CLICK_TARGET_MS = 5_000;
export const BULK_RATE_TARGET = 100;
/** The property's rate: the most the settings allow (12,000 a minute). */
export const BULK_RATE_PER_MINUTE = 12_000;
/** The job's pooled connections (emails-sender/job.ts CONNECTIONS): the most mails in flight at a kill. */
export const JOB_CONNECTIONS = 3;
/** The lease the run after the kill claims with (the product's is 120 s; runSend takes a shorter one). */
export const RESUME_LEASE_SECONDS = 2;

const UNITS_PER_BUILDING = 500;
export const TEXTS = {
  en: {
    subject: 'Garage closed at {{building}}',
    body: 'Dear {{name}},\n\nthe garage of {{unit}} closes on Monday.',
  },
  es: {
    subject: 'Garaje cerrado en {{building}}',
    body: 'Estimado/a {{name}}:\n\nel garaje de {{unit}} cierra el lunes.',
  },
};

export interface Seeded {
  propertyId: number;
  code: string;
  manager: string;
  /** Residents' addresses by id. */
  emails: Map<number, string>;
}

/** One property, its buildings of 500 units, 10,000 residents (one unit each, an address, en/es/zh), a manager. */
export async function seedBulkMail(ownerUrl: string): Promise<Seeded> {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  try {
    await c.query('begin');
    const settings = JSON.stringify({ other: { bulkMailPerMinute: BULK_RATE_PER_MINUTE } });
    const [p] = (
      await c.query<{ id: string; code: string }>(
        `insert into properties (code, name, languages, settings)
         values ('bench-mail', 'Bench Mail Residences', '{en,es,zh}', $1) returning id, code`,
        [settings],
      )
    ).rows;
    const pid = Number(p!.id);
    await c.query(
      `insert into buildings (property_id, name) select $1, 'Tower ' || b from generate_series(1, $2) b`,
      [pid, Math.ceil(BULK_RESIDENTS / UNITS_PER_BUILDING)],
    );
    await c.query(
      `insert into units (property_id, building_id, name)
       select b.property_id, b.id, (100 * (1 + (g - 1) / 25) + 1 + (g - 1) % 25)::text
       from buildings b, generate_series(1, $2) g where b.property_id = $1 order by b.id, g`,
      [pid, UNITS_PER_BUILDING],
    );
    await c.query(
      `insert into tenant_users (property_id, type, full_name, email, password_hash, language)
       select $1, 'tenant-resident', 'Resident ' || g, 'resident' || g || '@mail.bench', '!',
              (array['en','es','zh'])[1 + g % 3]
       from generate_series(1, $2) g order by g`,
      [pid, BULK_RESIDENTS],
    );
    await c.query(
      `insert into residents (property_id, id, code)
       select property_id, id, 'R' || id from tenant_users where property_id = $1 and type = 'tenant-resident'`,
      [pid],
    );
    await c.query(
      `insert into resident_units (property_id, resident_id, unit_id)
       select r.property_id, r.id, un.id
       from (select property_id, id, row_number() over (order by id) n from residents where property_id = $1) r
       join (select property_id, id, row_number() over (order by id) n from units where property_id = $1) un
         on un.n = r.n`,
      [pid],
    );
    const manager = 'manager@mail.bench';
    await c.query(
      `insert into tenant_users (property_id, full_name, email, password_hash, role_id)
       select $1, 'Bench Mail Manager', $2, $3, id from roles where name = 'manager'`,
      [pid, manager, await hashPassword(BENCH_PASSWORD)],
    );
    await c.query('commit');
    for (const t of ['buildings', 'units', 'tenant_users', 'residents', 'resident_units'])
      await c.query(`vacuum analyze ${t}`);
    const { rows } = await c.query<{ id: string; email: string }>(
      `select id, email from tenant_users where property_id = $1 and type = 'tenant-resident'`,
      [pid],
    );
    return {
      propertyId: pid,
      code: p!.code,
      manager,
      emails: new Map(rows.map((r) => [Number(r.id), r.email])),
    };
  } finally {
    await c.end();
  }
}

/** How many mails nodemailer's own reference sends with its sockets as it opens them (Nagle on: slow, see below). */
export const NAGLE_MAILS = Math.min(BULK_RESIDENTS, 2_000);

/**
 * nodemailer alone: a pooled transport like the job's (3 connections, no limit of mails per connection) sending `n`
 * mails to the peer, all handed over at once; those refused are sent once more, as the job retries them. `noDelay`:
 * its sockets opened with Nagle's algorithm off (through nodemailer's `getSocket`, as the product now opens them);
 * otherwise as nodemailer opens them.
 */
export async function nodemailerRate(
  port: number,
  n: number,
  mail: (i: number) => nodemailer.SendMailOptions,
  noDelay: boolean,
) {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: JOB_CONNECTIONS,
    maxMessages: Infinity,
    host: '127.0.0.1',
    port,
    secure: false,
    tls: { rejectUnauthorized: false },
    ...(noDelay
      ? {
          getSocket: (_: unknown, done: (err: Error | null, socket?: { connection: net.Socket }) => void) => {
            const socket = net.connect({ host: '127.0.0.1', port, noDelay: true }, () =>
              done(null, { connection: socket }),
            );
            socket.once('error', done);
          },
        }
      : {}),
  });
  const t0 = performance.now();
  const send = async (indexes: number[]) =>
    (await Promise.allSettled(indexes.map((i) => transport.sendMail(mail(i)))))
      .map((r, k) => (r.status === 'rejected' ? indexes[k]! : -1))
      .filter((i) => i >= 0);
  const refused = await send(Array.from({ length: n }, (_, i) => i));
  const failed = refused.length ? await send(refused) : [];
  const ms = performance.now() - t0;
  transport.close();
  return { ms, perSecond: n / (ms / 1000), refused: refused.length, failed: failed.length };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The arrivals of one send at the peer, by recipient: the Message-IDs each got. */
export function perRecipient(arrivals: Arrival[], sendId: number) {
  const by = new Map<string, string[]>();
  for (const a of arrivals)
    if (bulkIdOf(a.messageId)?.sendId === sendId) by.set(a.to, [...(by.get(a.to) ?? []), a.messageId!]);
  const copies = [...by.values()];
  const twice = copies.filter((ids) => ids.length > 1);
  return {
    mails: copies.reduce((n, ids) => n + ids.length, 0),
    distinct: by.size,
    twice: twice.length,
    twiceSameId: twice.filter((ids) => ids.every((id) => id === ids[0])).length,
    mostCopies: Math.max(0, ...copies.map((ids) => ids.length)),
  };
}

/** A send's recipients by state, and the send's own state (read with the owner connection). */
export async function sendStates(owner: pg.Client, sendId: number) {
  const { rows } = await owner.query<{ state: string; n: number }>(
    `select state, count(*)::int as n from email_send_recipients where send_id = $1 group by state`,
    [sendId],
  );
  const out = { queued: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 };
  for (const r of rows) out[r.state as keyof typeof out] = r.n;
  const [s] = (await owner.query<{ state: string }>(`select state from email_sends where id = $1`, [sendId]))
    .rows;
  return { ...out, send: s?.state ?? '?' };
}
export type SendStates = Awaited<ReturnType<typeof sendStates>>;
