import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../modules/outbox/table';
import { properties } from '../modules/properties/table';
import type { Database, Tx } from './db';
import type { Env } from './env';
import type { Jobs } from './jobs';
import { decryptSecret } from './secrets';

export const MAIL_QUEUE = 'mail-deliver';
export const OUTBOX_SWEEP_QUEUE = 'mail-outbox-sweep';
/** A mail still pending this long after it was written lost its wake-up job (the enqueue after commit failed). */
export const OUTBOX_STUCK_MINUTES = 5;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  propertyId: number | null;
}

/**
 * Writes a mail to the outbox in the caller's transaction; the returned function wakes the delivery job
 * (call it after commit). A mail is never sent for a transaction that rolled back.
 */
export async function queueMail(tx: Tx, jobs: Jobs, mail: OutgoingMail): Promise<() => Promise<void>> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ ...mail, html: mail.html ?? null })
    .returning({ id: mailOutbox.id });
  return () => jobs.send(MAIL_QUEUE, { id: row!.id });
}

export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  password?: string;
  from: string;
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
  };
}

/** 465 is implicit TLS; 587 upgrades with STARTTLS when offered; 25 goes as the server allows. */
export function transportFor(s: SmtpSettings) {
  return nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.port === 465,
    auth: s.user ? { user: s.user, pass: s.password ?? '' } : undefined,
    tls: { rejectUnauthorized: false },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** Delivers one outbox row; throws on SMTP failure so the job is retried with backoff. */
export async function deliverMail(database: Database, env: Env, id: number): Promise<void> {
  const row = await database.withScope({ area: 'central' }, async (tx) => {
    const [m] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!m || m.status === 'sent' || m.status === 'stored') return null;
    return { mail: m, smtp: await smtpFor(tx, env, m.propertyId) };
  });
  if (!row) return;
  const { mail, smtp } = row;
  if (!smtp) {
    await database.withScope({ area: 'central' }, (tx) =>
      tx.update(mailOutbox).set({ status: 'stored' }).where(eq(mailOutbox.id, id)),
    );
    return;
  }
  try {
    const info = await transportFor(smtp).sendMail({
      from: smtp.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
    });
    await database.withScope({ area: 'central' }, (tx) =>
      tx
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(),
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
          lastError: (err as Error).message,
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(eq(mailOutbox.id, id)),
    );
    throw err;
  }
}

/**
 * Re-enqueues mails left 'pending' for OUTBOX_STUCK_MINUTES: the outbox row committed but the job that should
 * deliver it was never queued (the queue was down at that moment, or the process died in between). Each row is
 * claimed ('pending' → 'queued') in one statement, so concurrent sweepers never queue the same mail twice; a
 * failed enqueue puts it back. Runs on a pg-boss schedule, once per interval across all processes.
 */
export async function sweepOutbox(database: Database, jobs: Jobs, olderThanMinutes = OUTBOX_STUCK_MINUTES) {
  const claimed = await database.withScope({ area: 'central' }, (tx) =>
    tx
      .update(mailOutbox)
      .set({ status: 'queued' })
      .where(
        sql`${mailOutbox.status} = 'pending' and ${mailOutbox.createdAt} < now() - make_interval(mins => ${olderThanMinutes})`,
      )
      .returning({ id: mailOutbox.id }),
  );
  for (const { id } of claimed) {
    try {
      await jobs.send(MAIL_QUEUE, { id });
    } catch (err) {
      await database.withScope({ area: 'central' }, (tx) =>
        tx.update(mailOutbox).set({ status: 'pending' }).where(eq(mailOutbox.id, id)),
      );
      throw err;
    }
  }
  return claimed.length;
}
