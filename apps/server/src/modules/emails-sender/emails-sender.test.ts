import type { EmailRecipient, EmailSend, RecipientCount, ResidentItem } from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../platform/scope';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { startMailPeer, TEST_CA, type ReceivedMail } from '../../test/mail-peer';
import { buildings } from '../buildings/table';
import { properties } from '../properties/table';
import { residents } from '../residents/table';
import { units } from '../units/table';
import { runSend } from './job';
import { writeRecipients } from './recipients';
import { emailSends } from './table';

/**
 * The email sender (issue 37 §3, decision 0043): a manager writes to the residents the filters choose; each gets the
 * mail once, in their language, with the documents attached and a one-click unsubscribe; the send is a job whose
 * progress, refusals, cancel and resend are what the manager sees; a worker that dies mid-send loses no one.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startMailPeer>> | undefined;
const inbox: ReceivedMail[] = [];
let refused = new Set<string>();
let property: { id: number; code: string; name: string };
let manager: string;
let towerA: number;
let towerB: number;
const people: { id: number; email: string; language: string; unit: number }[] = [];

beforeAll(async () => {
  smtp = await startMailPeer(0, (m) => inbox.push(m), { refuse: (a) => refused.has(a) });
  ctx = await createTestContext({
    smtp: {
      host: '127.0.0.1',
      port: smtp.port,
      from: 'Parkade <no-reply@parkade.test>',
      tls: 'verify',
      ca: TEST_CA,
    },
  });
  property = await createProperty(ctx.database, { languages: ['en', 'es', 'zh'] as never });
  // A fast rate for the tests (the default, 600 a minute, paces a real provider).
  await ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .update(properties)
      .set({ settings: { other: { bulkMailPerMinute: 12_000 } } })
      .where(eq(properties.id, property.id)),
  );
  manager = await login(ctx, await createTenantUser(ctx.database, property.id, 'manager'), property.code);
  [towerA, towerB] = await ctx.database.withScope({ area: 'tenant', propertyId: property.id }, async (tx) => {
    const out: number[] = [];
    for (const name of ['Tower A', 'Tower B']) {
      const [b] = await tx.insert(buildings).values({ propertyId: property.id, name }).returning();
      const [u] = await tx
        .insert(units)
        .values({ propertyId: property.id, buildingId: b!.id, name: '1' })
        .returning();
      out.push(u!.id);
    }
    return out as [number, number];
  });
  const langs = ['en', 'es', 'zh'];
  for (let i = 0; i < 12; i++) {
    const email = `bulk${i}.${Math.random().toString(36).slice(2, 7)}@residents.test`;
    const unit = i < 8 ? towerA : towerB;
    const res = await call('POST', '/residents', {
      fullName: `Resident ${i}`,
      email,
      language: langs[i % 3],
      unitIds: [unit],
    });
    expect(res.statusCode, res.body).toBe(200);
    people.push({ id: res.json<ResidentItem>().id, email, language: langs[i % 3]!, unit });
  }
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  token: string | undefined = manager,
) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: property.code, token }),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const texts = {
  en: {
    subject: 'Garage closed on {{building}}',
    body: 'Dear {{name}},\n\nthe garage of {{building}} closes on Monday.',
  },
  es: {
    subject: 'Garaje cerrado en {{building}}',
    body: 'Estimado/a {{name}}:\n\nel garaje de {{building}} cierra el lunes.',
  },
};

/** Bulk mails (they carry the send's Message-ID) to an address. */
const bulkTo = (email: string) =>
  inbox
    .filter((m) => m.to.includes(email) && /^message-id: <bulk\./im.test(m.raw))
    // Long headers are folded onto the next line: unfolded here.
    .map((m) => ({ ...m, raw: m.raw.replace(/\r?\n[ \t]+/g, ' ') }));

async function waitDone(id: number): Promise<EmailSend> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const send = (await call('GET', `/emails-sender/${id}`)).json<EmailSend>();
    if (send.state === 'done' || send.state === 'cancelled') return send;
    if (Date.now() > deadline) throw new Error(`send ${id} did not end: ${JSON.stringify(send.counts)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('choosing recipients', () => {
  it('counts the residents the filters choose, those a mail reaches, and by language', async () => {
    const all = (await call('POST', '/emails-sender/count', { filters: {} })).json<RecipientCount>();
    expect(all).toMatchObject({ matched: 12, reachable: 12, withoutEmail: 0, unsubscribed: 0 });
    expect(all.languages).toEqual({ en: 4, es: 4, zh: 4 });
    const b = (
      await call('POST', '/emails-sender/count', { filters: { buildingIds: [await buildingOf(towerB)] } })
    ).json<RecipientCount>();
    expect(b.matched).toBe(4);
    const unsigned = (
      await call('POST', '/emails-sender/count', { filters: { unsignedAgreement: true, unitIds: [towerA] } })
    ).json<RecipientCount>();
    expect(unsigned.matched).toBe(8);
    const expiring = (
      await call('POST', '/emails-sender/count', { filters: { permitExpiringWithinDays: 30 } })
    ).json<RecipientCount>();
    expect(expiring.matched).toBe(0);
  });

  it('refuses a variable it does not offer, where it is, and a send that reaches no one', async () => {
    const bad = await call('POST', '/emails-sender', {
      filters: {},
      texts: { es: { subject: 'Hola', body: 'Hola {{nombre}}' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['texts.es.body']);
    const nobody = await call('POST', '/emails-sender', {
      filters: { residentStatuses: ['inactive'] },
      texts,
    });
    expect(nobody.statusCode).toBe(422);
    expect(Object.keys(nobody.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['filters']);
  });
});

async function buildingOf(unitId: number): Promise<number> {
  return ctx.database.withScope({ area: 'tenant', propertyId: property.id }, async (tx) => {
    const [u] = await tx.select().from(units).where(eq(units.id, unitId));
    return u!.buildingId;
  });
}

describe('sending', () => {
  it('each resident gets the mail once, in their language, with the policies attached and one-click unsubscribe', async () => {
    const res = await call('POST', '/emails-sender', {
      filters: { buildingIds: [await buildingOf(towerA)] },
      texts,
      attachments: ['parking-policies'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const send = res.json<EmailSend>();
    expect(send.counts.total).toBe(8);
    const done = await waitDone(send.id);
    expect(done.counts).toMatchObject({ total: 8, sent: 8, failed: 0, queued: 0, sending: 0 });
    for (const p of people.filter((x) => x.unit === towerA)) {
      const got = bulkTo(p.email);
      expect(got, p.email).toHaveLength(1);
      const raw = got[0]!.raw;
      // Spanish for the Spanish reader; English for the others (no Chinese text: the first language that has one).
      if (p.language === 'es') expect(got[0]!.text).toContain('el garaje de Tower A cierra el lunes');
      else expect(got[0]!.text).toContain('the garage of Tower A closes on Monday');
      expect(raw).toMatch(/^list-unsubscribe: <http:\/\/[^>]+\/api\/unsubscribe\?token=[^>]+>/im);
      expect(raw).toMatch(/^list-unsubscribe-post: List-Unsubscribe=One-Click/im);
      expect(raw).toMatch(/content-type: application\/pdf/i);
    }
    expect(people.filter((x) => x.unit === towerB).every((p) => bulkTo(p.email).length === 0)).toBe(true);
  });

  it('lists the refused ones as failed with the server’s answer after one retry, and sends them again on demand', async () => {
    const targets = people.filter((x) => x.unit === towerB);
    refused = new Set([targets[0]!.email.toLowerCase()]);
    const send = (
      await call('POST', '/emails-sender', { filters: { buildingIds: [await buildingOf(towerB)] }, texts })
    ).json<EmailSend>();
    const done = await waitDone(send.id);
    expect(done.counts).toMatchObject({ total: 4, sent: 3, failed: 1 });
    const failed = (await call('GET', `/emails-sender/${send.id}/recipients?state=failed`)).json<{
      data: EmailRecipient[];
    }>().data;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ email: targets[0]!.email, attempts: 2 });
    expect(failed[0]!.error).toMatch(/550/);

    refused = new Set();
    const again = await call('POST', `/emails-sender/${send.id}/resend-failed`);
    expect(again.statusCode, again.body).toBe(200);
    const after = await waitDone(send.id);
    expect(after.counts).toMatchObject({ sent: 4, failed: 0 });
    expect(bulkTo(targets[0]!.email)).toHaveLength(1);
    expect(bulkTo(targets[1]!.email)).toHaveLength(1);
  });

  it('a worker that stops mid-send loses no one and sends no one twice', async () => {
    const before = inbox.length;
    const sendId = await inScope(ctx.services, { area: 'tenant', propertyId: property.id }, async (scope) => {
      const [s] = await scope.tx
        .insert(emailSends)
        .values({
          propertyId: property.id,
          subject: 'Interrupted',
          texts: { en: { subject: 'Interrupted {{name}}', body: 'Body' } },
          filters: {},
          attachments: [],
          ratePerMinute: 12_000,
        })
        .returning({ id: emailSends.id });
      await writeRecipients(scope, s!.id, {});
      return s!.id;
    });
    // The first worker claims a batch and stops after 3 mails, leaving the rest of its claim 'sending'.
    await runSend(ctx.services, property.id, sendId, { stopAfter: 3, leaseSeconds: 1 });
    const mid = (await call('GET', `/emails-sender/${sendId}`)).json<EmailSend>();
    expect(mid.counts.sent).toBe(3);
    expect(mid.counts.sending).toBe(9);
    // Another worker, once the lease ended, takes them again.
    await new Promise((r) => setTimeout(r, 1100));
    await runSend(ctx.services, property.id, sendId, { leaseSeconds: 1 });
    const done = (await call('GET', `/emails-sender/${sendId}`)).json<EmailSend>();
    expect(done).toMatchObject({ state: 'done', counts: { total: 12, sent: 12, sending: 0 } });
    const got = inbox.slice(before).filter((m) => /Interrupted/.test(m.raw));
    const per = new Map<string, number>();
    for (const m of got) for (const to of m.to) per.set(to, (per.get(to) ?? 0) + 1);
    expect(per.size).toBe(12);
    expect([...per.values()].every((n) => n === 1)).toBe(true);
  });

  it('cancel stops the recipients not yet sent to', async () => {
    await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .update(properties)
        .set({ settings: { other: { bulkMailPerMinute: 10 } } })
        .where(eq(properties.id, property.id)),
    );
    try {
      const send = (await call('POST', '/emails-sender', { filters: {}, texts })).json<EmailSend>();
      expect(send.ratePerMinute).toBe(10);
      const cancelled = await call('POST', `/emails-sender/${send.id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const after = await waitDone(send.id);
      expect(after.state).toBe('cancelled');
      expect(after.counts.cancelled, JSON.stringify(after.counts)).toBeGreaterThanOrEqual(10);
      expect(after.counts.sent + after.counts.cancelled + after.counts.sending).toBe(12);
      expect((await call('POST', `/emails-sender/${send.id}/cancel`)).statusCode).toBe(409);
    } finally {
      await ctx.database.withScope({ area: 'central' }, (tx) =>
        tx
          .update(properties)
          .set({ settings: { other: { bulkMailPerMinute: 12_000 } } })
          .where(eq(properties.id, property.id)),
      );
    }
  });
});

describe('unsubscribing', () => {
  it('a GET shows the button and changes nothing; the one-click POST unsubscribes; the sender then skips them', async () => {
    const p = people[0]!;
    const mail = bulkTo(p.email)[0]!;
    const url = /^list-unsubscribe: <(http[^>]+)>/im.exec(mail.raw)![1]!;
    const path = new URL(url).pathname + new URL(url).search;
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const optOut = async () =>
      ctx.database.withScope({ area: 'tenant', propertyId: property.id }, async (tx) => {
        const [r] = await tx
          .select({ at: residents.mailOptOutAt })
          .from(residents)
          .where(and(eq(residents.propertyId, property.id), eq(residents.id, p.id)));
        return r!.at;
      });
    expect(await optOut()).toBeNull();
    const post = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(await optOut()).not.toBeNull();
    const count = (await call('POST', '/emails-sender/count', { filters: {} })).json<RecipientCount>();
    expect(count).toMatchObject({ matched: 12, reachable: 11, unsubscribed: 1 });

    const forged = path.replace(/token=\d+\.(\d+)\./, `token=${property.id}.${people[1]!.id}.`);
    expect((await ctx.app.inject({ method: 'POST', url: forged, payload: '' })).statusCode).toBe(404);
    const rows = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.execute(sql`select count(*)::int as n from residents where mail_opt_out_at is not null`),
    );
    expect((rows as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});
