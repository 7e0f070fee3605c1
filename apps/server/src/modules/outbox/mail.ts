import { areaPropertyId } from '../../platform/db/columns';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import dns from 'node:dns/promises';
import net from 'node:net';
import tls from 'node:tls';
import type Nodemailer from 'nodemailer';
import { lazy } from '../../platform/lazy';
import { mailOutbox } from './table';
import { properties } from '../properties/table';
import type { Database, Tx } from '../../platform/db';
import type { Env } from '../../platform/env';
import type { Jobs } from '../../platform/jobs';
import { fieldError } from '../../platform/errors';
import { decryptSecret } from '../../platform/secrets';
import type { Storage } from '../../platform/storage';
import { hasLogoSlot, logoAttachment, placeLogo, propertyMailLogo } from '../email-templates/logo';

const nodemailer = lazy<typeof Nodemailer>('nodemailer');

export const MAIL_QUEUE = 'mail-deliver';
export const OUTBOX_SWEEP_QUEUE = 'mail-outbox-sweep';
/** A mail still pending this long after it was written lost its wake-up job (the enqueue after commit failed). */
export const OUTBOX_STUCK_MINUTES = 5;
/**
 * How long a delivery holds its mail (decision 0053): longer than one delivery takes (nodemailer gives up on a silent
 * server within 10–20 s), and as long as the mail queue's expiry, so the queue's retry of a killed delivery finds it
 * ended.
 */
export const MAIL_LEASE_SECONDS = 120;
/** The states a delivery may take a mail in: not yet sent, or its last attempt failed. */
const DELIVERABLE = ['pending', 'queued', 'failed'];

/**
 * The mail's Message-ID: the same on every attempt, so a copy sent again after an unknown outcome (a worker killed
 * between the server's acceptance and the 'sent' mark) is the same message to the mailbox, which may drop it. The
 * time it was written keeps two installations' (or a rebuilt database's) mail number 1 apart.
 */
export const outboxMessageId = (mail: { id: number; createdAt: Date }, domain: string) =>
  `<mail.${mail.id}.${mail.createdAt.getTime().toString(36)}@${domain}>`;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  kind: string;
  propertyId: number | null;
  headers?: Record<string, string> | null;
}

/**
 * Writes a mail to the outbox in the caller's transaction; the returned function wakes the delivery job
 * (call it after commit). A mail is never sent for a transaction that rolled back. Mail is written from its template
 * (email-templates/render.ts `queueTemplateMail`), never by hand: this is that function's last step.
 */
export async function writeMail(tx: Tx, jobs: Jobs, mail: OutgoingMail): Promise<() => Promise<void>> {
  const [row] = await tx
    .insert(mailOutbox)
    // A subject with long values is cut to the column (255): the body says it all.
    .values({
      ...mail,
      propertyId: areaPropertyId(mail.propertyId),
      subject: mail.subject.slice(0, 255),
      html: mail.html ?? null,
      headers: mail.headers ?? null,
    })
    .returning({ id: mailOutbox.id });
  return () => jobs.send(MAIL_QUEUE, { id: row!.id });
}

export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  password?: string;
  from: string;
  /**
   * The explicit opt-out (a property's audited setting, or SMTP_TLS=insecure for the system SMTP): TLS when the
   * server offers it, certificate unchecked. Otherwise TLS is required (implicit on 465, STARTTLS elsewhere) and
   * the certificate must verify for the host name.
   */
  insecureTls: boolean;
  /** Extra trusted CA certificates (PEM, SMTP_CA_FILE) beside the system's. */
  ca?: string;
}

/** The property's SMTP when all four fields are set, else the system SMTP, else none (mail stays stored). */
export async function smtpFor(tx: Tx, env: Env, propertyId: number | null): Promise<SmtpSettings | null> {
  if (propertyId !== null) {
    const [p] = await tx.select().from(properties).where(eq(properties.id, propertyId));
    if (p && p.mailHost && p.mailPort && p.mailUsername && p.mailPasswordEncrypted) {
      return {
        host: p.mailHost,
        port: p.mailPort,
        user: p.mailUsername,
        password: decryptSecret(env.secretKey, p.mailPasswordEncrypted),
        from: p.mailFromAddress || env.smtp.from,
        insecureTls: p.mailTlsInsecure,
        ca: env.smtp.ca,
      };
    }
  }
  if (!env.smtp.host) return null;
  return {
    host: env.smtp.host,
    port: env.smtp.port,
    user: env.smtp.user,
    password: env.smtp.password,
    from: env.smtp.from,
    insecureTls: env.smtp.tls === 'insecure',
    ca: env.smtp.ca,
  };
}

/**
 * The connection to the mail server, opened here with Nagle's algorithm off and handed to nodemailer ready (its
 * `getSocket` hook, made for proxies). nodemailer writes a message and its closing `.` line separately; with Nagle on,
 * that line waits for the server's delayed ACK (40 ms on Linux): a connection sent about 22 mails a second, and the
 * bulk job 57/s over three (the bulk bench, decision 0043; 158/s now, nodemailer alone about 3,000/s). TLS stays
 * nodemailer's: implicit on 465 and STARTTLS are both done by it over this socket, with the options given below.
 */
function connectNoDelay(
  options: { host?: string; port?: number; connectionTimeout?: number },
  callback: (err: Error | null, socketOptions?: { connection: net.Socket }) => void,
) {
  // transportFor always gives the port (587: nodemailer's own default).
  const socket = net.connect({ host: options.host, port: options.port ?? 587, noDelay: true });
  const timer = setTimeout(
    () => socket.destroy(new Error(`Connection timeout to ${options.host}:${options.port}`)),
    options.connectionTimeout ?? 10_000,
  );
  const failed = (err: Error) => {
    clearTimeout(timer);
    callback(err);
  };
  socket.once('error', failed);
  socket.once('connect', () => {
    clearTimeout(timer);
    socket.removeListener('error', failed);
    socket.setKeepAlive(true);
    callback(null, { connection: socket });
  });
}

/**
 * 465 is implicit TLS; on 587 and 25 STARTTLS is required. Certificates are verified against the system's CAs (and
 * SMTP_CA_FILE) for the host name, TLS 1.2 at least. Only the explicit opt-out (`insecureTls`) goes back to "TLS
 * if offered, any certificate". `connectTo` pins the address already checked by the caller (test email), with
 * the certificate still checked against the host name.
 */
export function transportFor(
  s: SmtpSettings,
  connectTo?: string,
  pooled?: { pool: true; maxConnections: number },
) {
  const verify = !s.insecureTls;
  return nodemailer().createTransport({
    // A bulk send keeps its connections open and sends many mails on each (decision 0043).
    ...(pooled ? { pool: true, maxConnections: pooled.maxConnections, maxMessages: Infinity } : {}),
    host: connectTo ?? s.host,
    port: s.port,
    secure: s.port === 465,
    requireTLS: verify && s.port !== 465,
    auth: s.user ? { user: s.user, pass: s.password ?? '' } : undefined,
    tls: verify
      ? {
          rejectUnauthorized: true,
          minVersion: 'TLSv1.2',
          // The certificate is checked against the host name (SNI is for names only, never an address).
          ...(net.isIP(s.host) ? {} : { servername: s.host }),
          ...(s.ca ? { ca: [...tls.rootCertificates, s.ca] } : {}),
        }
      : { rejectUnauthorized: false },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    getSocket: connectNoDelay,
  });
}

/** What delivering a mail needs: the database, the settings, and the store the property's logo is read from. */
export interface MailServices {
  database: Database;
  env: Env;
  storage: Storage;
}

/**
 * Delivers one outbox row; throws on SMTP failure so the job is retried with backoff. The property's logo is put in
 * the HTML part's place for it here, as it is at delivery (a logo removed since the mail was written leaves no image),
 * and travels as the message's inline part (decision 0040).
 *
 * The row is first taken with a lease (one committed statement): a second job for the same mail — the queue's retry
 * of a run it took for dead, or a sweep's — finds it held and is retried later, by when it is sent. The server's
 * acceptance and the 'sent' mark cannot be one step: a worker killed between the two leaves the mail unmarked, and
 * its retry sends it again, with the same Message-ID (decision 0053: at least once, never lost).
 */
export async function deliverMail({ database, env, storage }: MailServices, id: number): Promise<void> {
  const row = await database.withScope({ area: 'central' }, async (tx) => {
    const [m] = await tx
      .update(mailOutbox)
      .set({ leasedUntil: sql`now() + make_interval(secs => ${MAIL_LEASE_SECONDS})` })
      .where(
        and(
          eq(mailOutbox.id, id),
          inArray(mailOutbox.status, DELIVERABLE),
          sql`(${mailOutbox.leasedUntil} is null or ${mailOutbox.leasedUntil} <= now())`,
        ),
      )
      .returning();
    if (!m) {
      const [held] = await tx
        .select({ status: mailOutbox.status, leasedUntil: mailOutbox.leasedUntil })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id));
      // Sent, stored or gone: nothing to do. Held by another delivery: this job tries again after its backoff.
      if (held && DELIVERABLE.includes(held.status))
        throw new Error(
          `mail ${id} is being delivered by another job until ${held.leasedUntil?.toISOString()}`,
        );
      return null;
    }
    const logo =
      m.propertyId !== null && hasLogoSlot(m.html) ? await propertyMailLogo(tx, storage, m.propertyId) : null;
    return { mail: m, smtp: await smtpFor(tx, env, m.propertyId), logo };
  });
  if (!row) return;
  const { mail, smtp, logo } = row;
  if (!smtp) {
    await database.withScope({ area: 'central' }, (tx) =>
      tx.update(mailOutbox).set({ status: 'stored', leasedUntil: null }).where(eq(mailOutbox.id, id)),
    );
    return;
  }
  try {
    const info = await transportFor(smtp).sendMail({
      from: smtp.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: hasLogoSlot(mail.html) ? placeLogo(mail.html, logo, 'cid') : (mail.html ?? undefined),
      messageId: outboxMessageId(mail, env.appDomain),
      headers: mail.headers ?? undefined,
      attachments: logo ? [logoAttachment(logo)] : [],
    });
    await database.withScope({ area: 'central' }, (tx) =>
      tx
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(),
          leasedUntil: null,
          // A sent mail keeps its envelope, not its body: bodies hold single-use links (reset, invitation,
          // the resident's own link) and personal details that the outbox has no reason to keep.
          text: '',
          html: null,
          smtpResponse: String(info.response ?? ''),
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(eq(mailOutbox.id, id)),
    );
  } catch (err) {
    await database.withScope({ area: 'central' }, (tx) =>
      tx
        .update(mailOutbox)
        .set({
          status: 'failed',
          leasedUntil: null,
          lastError: (err as Error).message,
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        // Another delivery that took over (this one outlived its lease) and succeeded is not undone.
        .where(and(eq(mailOutbox.id, id), ne(mailOutbox.status, 'sent'))),
    );
    throw err;
  }
}

/**
 * Re-enqueues the mails nothing will deliver otherwise, once per OUTBOX_STUCK_MINUTES: a mail left 'pending' that
 * long (the outbox row committed but its job was never queued: the queue was down then, or the process died in
 * between); a mail the sweep queued that long ago and still not delivered (the sweeping process died before it
 * queued the job); and a mail whose delivery lease ended that long ago with no outcome (its worker died, and the
 * queue's retries were used up). Each row is claimed (→ 'queued', swept now) in one statement, so concurrent
 * sweepers never queue the same mail twice; a failed enqueue puts it back. A job queued twice for one mail (a sweep's
 * beside a slow first job) sends it once: the delivery's lease and status decide. Runs on a pg-boss schedule, once
 * per interval across all processes.
 */
export async function sweepOutbox(database: Database, jobs: Jobs, olderThanMinutes = OUTBOX_STUCK_MINUTES) {
  const ago = sql`now() - make_interval(mins => ${olderThanMinutes})`;
  const claimed = await database.withScope({ area: 'central' }, (tx) =>
    tx
      .update(mailOutbox)
      .set({ status: 'queued', sweptAt: sql`now()` })
      .where(
        and(
          inArray(mailOutbox.status, DELIVERABLE),
          sql`(${mailOutbox.leasedUntil} is null or ${mailOutbox.leasedUntil} < ${ago})`,
          sql`((${mailOutbox.status} = 'pending' and ${mailOutbox.leasedUntil} is null and ${mailOutbox.createdAt} < ${ago})
            or (${mailOutbox.status} = 'queued' and ${mailOutbox.leasedUntil} is null and ${mailOutbox.sweptAt} < ${ago})
            or ${mailOutbox.leasedUntil} < ${ago})`,
        ),
      )
      .returning({ id: mailOutbox.id }),
  );
  for (const { id } of claimed) {
    try {
      await jobs.send(MAIL_QUEUE, { id });
    } catch (err) {
      await database.withScope({ area: 'central' }, (tx) =>
        tx.update(mailOutbox).set({ status: 'pending', sweptAt: null }).where(eq(mailOutbox.id, id)),
      );
      throw err;
    }
  }
  return claimed.length;
}

/** Addresses no property's mail server may have unless the system's own SMTP is on such a network too. */
const INTERNAL = (() => {
  const list = new net.BlockList();
  for (const [address, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(address, bits, 'ipv4');
  for (const [address, bits] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(address, bits, 'ipv6');
  return list;
})();

/** Loopback, link-local, private, shared, multicast or unspecified (an IPv4-mapped IPv6 address by its IPv4). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, 'ipv4');
  const family = net.isIP(address);
  if (!family) return false;
  return INTERNAL.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

async function resolveAll(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  const found = await dns.lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

/**
 * The address a property's mail server may be reached at (the caller connects to it, so a second lookup cannot
 * lead elsewhere). Loopback, link-local and private addresses are refused — the server would otherwise probe its
 * own network for whoever edits a property — unless the system SMTP (SMTP_HOST) itself lives on such a network.
 * Throws a 422 on `mailHost`.
 */
export async function mailHostAddress(env: Env, host: string): Promise<string> {
  let addresses: string[];
  try {
    addresses = await resolveAll(host);
  } catch {
    throw fieldError('mailHost', 'properties.mailHostUnknown', { host });
  }
  if (!addresses.length) throw fieldError('mailHost', 'properties.mailHostUnknown', { host });
  if (addresses.some(isInternalAddress)) {
    const systemInternal = env.smtp.host
      ? (await resolveAll(env.smtp.host).catch(() => [] as string[])).some(isInternalAddress)
      : false;
    if (!systemInternal) throw fieldError('mailHost', 'properties.mailHostInternal', { host });
  }
  return addresses[0]!;
}
