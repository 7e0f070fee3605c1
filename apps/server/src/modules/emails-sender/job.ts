import { BULK_MAIL_ATTEMPTS, isLanguage, type DocumentKind, type Language } from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { query } from '../../platform/db/query';
import { inScope, type Services } from '../../platform/scope';
import { areaOrigin } from '../auth/service';
import { residentDocumentBytes } from '../documents/output';
import { logoAttachment, placeLogo, propertyMailLogo } from '../email-templates/logo';
import { smtpFor, transportFor } from '../outbox/mail';
import { attachmentName, BULK_QUEUE, renderBulkMail, textFor } from './service';
import { emailSendRecipients, emailSends } from './table';
import { unsubscribeHeaders } from './unsubscribe';

/**
 * The bulk send job (decision 0043). Recipients are claimed in batches, each claim its own committed statement
 * (`queued` → `sending`, a lease stamped, the attempt counted; `FOR UPDATE SKIP LOCKED`: two workers never claim the
 * same row), sent through one pooled connection set at the property's rate, and each outcome written at once:
 * `sent` with the time, or — refused — `queued` again for one retry, then `failed` with the server's answer. A worker
 * that dies leaves its claimed rows `sending`; once their lease ends, the next run takes them again. Every copy of a
 * recipient's mail carries the same Message-ID, so a mail sent again after such a death is the same message to the
 * mailbox. Cancelling turns the `queued` rows `cancelled`; claims find nothing more. A run works for RUN_SECONDS at
 * most and then queues its own continuation (a job never outlives the queue's expiry).
 */
export const LEASE_SECONDS = 120;
/** The most recipients one claim takes; fewer at a slow rate (about two seconds of mail), so a cancel is felt. */
const BATCH = 40;
const CONNECTIONS = 3;
export const RUN_SECONDS = 240;

interface Claimed {
  resident_id: number;
  email: string;
  name: string;
  language: string;
  unit: string;
  building: string;
  attempts: number;
}

async function claim(
  services: Services,
  propertyId: number,
  sendId: number,
  lease: number,
  size: number,
): Promise<Claimed[]> {
  return inScope(services, { area: 'tenant', propertyId }, (ctx) =>
    query<Claimed>(
      ctx.tx,
      // The rows are picked in a CTE (evaluated once): as `… where id in (select … limit n for update skip locked)`
      // the planner may run the subquery again per row and claim more than n (it claimed all twelve in a test).
      sql`with picked as (
        select resident_id from email_send_recipients
        where property_id = ${propertyId} and send_id = ${sendId}
          and (state = 'queued' or (state = 'sending' and claimed_at < now() - make_interval(secs => ${lease})))
        order by resident_id limit ${size} for update skip locked)
      update email_send_recipients r set state = 'sending', claimed_at = now(), attempts = r.attempts + 1
      from picked where r.property_id = ${propertyId} and r.send_id = ${sendId} and r.resident_id = picked.resident_id
      returning r.resident_id::int as resident_id, r.email, r.name, r.language, r.unit, r.building, r.attempts`,
    ),
  );
}

async function record(
  services: Services,
  propertyId: number,
  sendId: number,
  residentId: number,
  set: Partial<typeof emailSendRecipients.$inferInsert>,
) {
  await inScope(services, { area: 'tenant', propertyId }, (ctx) =>
    ctx.tx
      .update(emailSendRecipients)
      .set(set)
      .where(
        and(
          eq(emailSendRecipients.propertyId, propertyId),
          eq(emailSendRecipients.sendId, sendId),
          eq(emailSendRecipients.residentId, residentId),
          // A cancelled send's row is left as cancelled; only the claim this worker holds is written.
          eq(emailSendRecipients.state, 'sending'),
        ),
      ),
  );
}

/** Whether the send still runs (a cancel ends it). */
async function running(services: Services, propertyId: number, sendId: number): Promise<boolean> {
  return inScope(services, { area: 'tenant', propertyId }, async (ctx) => {
    const [s] = await ctx.tx
      .select({ state: emailSends.state })
      .from(emailSends)
      .where(and(eq(emailSends.propertyId, propertyId), eq(emailSends.id, sendId)));
    return s?.state === 'queued' || s?.state === 'sending';
  });
}

/** What is left: rows waiting, and rows another worker holds. */
async function remaining(services: Services, propertyId: number, sendId: number) {
  return inScope(services, { area: 'tenant', propertyId }, async (ctx) => {
    const [r] = await query<{ queued: number; sending: number }>(
      ctx.tx,
      sql`select count(*) filter (where state = 'queued')::int as queued,
        count(*) filter (where state = 'sending')::int as sending
      from email_send_recipients where property_id = ${propertyId} and send_id = ${sendId}`,
    );
    return r ?? { queued: 0, sending: 0 };
  });
}

export interface RunOptions {
  /** Seconds a claim holds its rows (tests shorten it). */
  leaseSeconds?: number;
  /** Stops after this many mails (tests: a worker killed mid-send). */
  stopAfter?: number;
}

/** Runs (part of) a send. */
export async function runSend(services: Services, propertyId: number, sendId: number, opts: RunOptions = {}) {
  const lease = opts.leaseSeconds ?? LEASE_SECONDS;
  const setup = await inScope(services, { area: 'tenant', propertyId }, async (ctx) => {
    const [send] = await ctx.tx
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.propertyId, propertyId), eq(emailSends.id, sendId)));
    if (!send || send.state === 'cancelled' || send.state === 'done') return null;
    // Only a queued send becomes sending: a cancel committed meanwhile is never overwritten.
    if (send.state === 'queued') {
      const started = await ctx.tx
        .update(emailSends)
        .set({ state: 'sending' })
        .where(
          and(
            eq(emailSends.propertyId, propertyId),
            eq(emailSends.id, sendId),
            eq(emailSends.state, 'queued'),
          ),
        )
        .returning({ id: emailSends.id });
      if (!started.length) return null;
    }
    return {
      send,
      smtp: await smtpFor(ctx.tx, services.env, propertyId),
      place: ctx.property?.name ?? '',
      origin: areaOrigin(ctx),
      domain: `${ctx.property?.code ?? 'property'}.${services.env.appDomain}`,
      languages: (ctx.property?.languages ?? []).filter(isLanguage),
      // The property's logo, made (or found made) once for the run: each mail carries the same bytes inline.
      logo: await propertyMailLogo(ctx.tx, services.storage, propertyId),
    };
  });
  if (!setup) return;
  const { send, smtp } = setup;
  const transport = smtp ? transportFor(smtp, undefined, { pool: true, maxConnections: CONNECTIONS }) : null;
  const interval = 60_000 / Math.max(1, send.ratePerMinute);
  const size = Math.max(1, Math.min(BATCH, Math.ceil((send.ratePerMinute / 60) * 2)));
  let next = Date.now();
  const deadline = Date.now() + RUN_SECONDS * 1000;
  let started = 0;
  /** Waits until `at`, a second at a time, and says whether the send is still running (not cancelled). */
  const waitUntil = async (at: number): Promise<boolean> => {
    while (Date.now() < at) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, at - Date.now())));
      if (!(await running(services, propertyId, sendId))) return false;
    }
    return true;
  };
  try {
    for (;;) {
      if (Date.now() > deadline || (opts.stopAfter !== undefined && started >= opts.stopAfter)) {
        if (opts.stopAfter === undefined)
          await services.jobs.send(BULK_QUEUE, { propertyId, sendId }, { retryLimit: 10 });
        return;
      }
      // The pace is kept before a claim, so what a claim holds is sent at once and a cancel stops the rest.
      if (!(await waitUntil(next))) return;
      const batch = await claim(services, propertyId, sendId, lease, size);
      if (!batch.length) break;
      const files = await attachmentsFor(services, propertyId, send.attachments as DocumentKind[], batch);
      let index = 0;
      const worker = async () => {
        while (index < batch.length) {
          if (opts.stopAfter !== undefined && started >= opts.stopAfter) return;
          const r = batch[index++]!;
          const wait = next - Date.now();
          next = Math.max(next, Date.now()) + interval;
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          started++;
          await deliver(r);
        }
      };
      const deliver = async (r: Claimed) => {
        if (!transport || !smtp) {
          await record(services, propertyId, sendId, r.resident_id, {
            state: 'failed',
            error: 'No mail server is set for this property or the system.',
          });
          return;
        }
        const { language, text } = textFor({ languages: setup.languages }, send.texts, r.language);
        const unsubscribe = unsubscribeHeaders(
          setup.origin,
          services.env.secretKey,
          propertyId,
          r.resident_id,
        );
        const mail = renderBulkMail(
          text,
          language,
          { name: r.name, email: r.email, unit: r.unit, building: r.building, place: setup.place },
          setup.place,
          unsubscribe.url,
        );
        try {
          const info = await transport.sendMail({
            from: smtp.from,
            to: r.email,
            subject: mail.subject,
            text: mail.text,
            html: mail.html === null ? undefined : placeLogo(mail.html, setup.logo, 'cid'),
            messageId: `<bulk.${sendId}.${r.resident_id}@${setup.domain}>`,
            headers: unsubscribe.headers,
            attachments: [
              ...(setup.logo ? [logoAttachment(setup.logo)] : []),
              ...(files.get(r.resident_id) ?? []).map((f) => ({
                filename: f.name,
                content: f.bytes,
                contentType: 'application/pdf',
              })),
            ],
          });
          await record(services, propertyId, sendId, r.resident_id, {
            state: 'sent',
            sentAt: new Date(),
            error: null,
            claimedAt: null,
          });
          void info;
        } catch (err) {
          await record(services, propertyId, sendId, r.resident_id, {
            state: r.attempts < BULK_MAIL_ATTEMPTS ? 'queued' : 'failed',
            error: (err as Error).message.slice(0, 1000),
            claimedAt: null,
          });
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONNECTIONS, batch.length) }, worker));
    }
    const left = await remaining(services, propertyId, sendId);
    if (left.sending > 0) {
      // Another worker holds rows (or one died holding them): look again once their lease may have ended.
      if (opts.stopAfter === undefined)
        await services.jobs.send(BULK_QUEUE, { propertyId, sendId }, { retryLimit: 10, startAfter: lease });
      return;
    }
    if (left.queued === 0)
      await inScope(services, { area: 'tenant', propertyId }, (ctx) =>
        ctx.tx
          .update(emailSends)
          .set({ state: 'done', finishedAt: new Date() })
          .where(
            and(
              eq(emailSends.propertyId, propertyId),
              eq(emailSends.id, sendId),
              eq(emailSends.state, 'sending'),
            ),
          ),
      );
  } finally {
    transport?.close();
  }
}

/** The documents a send attaches, drawn for each recipient of a batch in their language. */
async function attachmentsFor(
  services: Services,
  propertyId: number,
  kinds: DocumentKind[],
  batch: Claimed[],
): Promise<Map<number, { name: string; bytes: Buffer }[]>> {
  const out = new Map<number, { name: string; bytes: Buffer }[]>();
  if (!kinds.length) return out;
  await inScope(services, { area: 'tenant', propertyId }, async (ctx) => {
    for (const r of batch) {
      const language: Language = isLanguage(r.language) ? r.language : 'en';
      const files = [];
      for (const kind of kinds)
        files.push({
          ...attachmentName(kind, language),
          bytes: await residentDocumentBytes(ctx, kind, r.resident_id),
        });
      out.set(r.resident_id, files);
    }
  });
  return out;
}
