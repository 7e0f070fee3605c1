import {
  RATE_LIMITS,
  type PublicVisitor,
  type PublicVisitorLink,
  type PublicVisitorResult,
  type ResidentItem,
  type VisitorItem,
  type VisitorLinkSent,
  type VisitorPoster,
} from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { buildings } from '../buildings/table';
import { notifications } from '../notifications/table';
import { mailOutbox } from '../outbox/table';
import { units } from '../units/table';
import { visitorLinks, visitors } from './table';

/**
 * Public visitor registration (decision 0023): the poster, personal links, receipts and their token rules, the
 * resident's name check, the approval setting, the visitor registration domain and the rate limit.
 */
let ctx: TestContext;
let code: string;
let propertyId: number;
let admin: string;
let resident: ResidentItem;
let other: { code: string; id: number };

type Errors = { message: string; errors: Record<string, string[]> };

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  opts: { token?: string; tenant?: string; lang?: string; host?: string } = {},
) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: {
      ...headers({ tenant: opts.tenant ?? code, token: opts.token, lang: opts.lang }),
      ...(opts.host ? { host: opts.host } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(method, url, body, { token: admin });

async function ok<T>(res: { statusCode: number; body: string; json: <X>() => X }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

const tokenOf = (url: string) => decodeURIComponent(url.split('/register/visitors/')[1]!);

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database, {
    timezone: 'America/New_York',
    visitorDomain: 'guests.example.com',
  });
  code = p.code;
  propertyId = p.id;
  other = await createProperty(ctx.database);
  admin = await login(ctx, await createTenantUser(ctx.database, p.id, 'admin'), code);
  await ctx.database.withScope({ area: 'tenant', propertyId }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId, name: 'P' }).returning();
    await tx.insert(units).values({ propertyId, buildingId: b!.id, name: '4B' });
  });
  const [unit] = await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
    tx.select().from(units).where(eq(units.propertyId, propertyId)),
  );
  resident = await ok<ResidentItem>(
    await staff('POST', '/residents', {
      fullName: 'María de la Cruz',
      email: 'maria@visitors-public.test',
      unitIds: [unit!.id],
      password: 'resident-password',
      // The poster finds active residents (a new one is pending until they sign the agreement).
      status: 'active',
    }),
  );
  await ok(
    await staff('PUT', '/settings', { visitorPermits: { visitorVehiclesAllowed: 20, visitorLimit: 100 } }),
  );
});
afterAll(() => ctx?.close());

const guest = (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  name: 'Guest Visitor',
  plate: 'GST 101',
  email: 'guest@visitors-public.test',
  unit: '4b',
  residentName: 'cruz',
  ...extra,
});

/** The notifications written about a visitor: kind and addressee type (null: the office's audience). */
const toldOf = async (visitorId: number) =>
  (
    await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx.select().from(notifications).where(eq(notifications.recordId, visitorId)),
    )
  )
    .filter((n) => n.kind === 'posterRequest' || n.kind === 'visitorPending')
    .map((n) => [n.kind, n.userType]);

describe('the poster', () => {
  let poster: VisitorPoster;

  it('is made on first use, on the visitor registration domain, and prints as a PDF', async () => {
    poster = await ok<VisitorPoster>(await staff('GET', '/visitor-poster'));
    expect(poster.url).toMatch(/^https?:\/\/guests\.example\.com(:\d+)?\/register\/visitors\/[\w-]{43}$/);
    // The same link until it is renewed.
    expect((await ok<VisitorPoster>(await staff('GET', '/visitor-poster'))).url).toBe(poster.url);
    const pdf = await staff('GET', '/visitor-poster/poster.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')).toContain('Register your car');
    // Only its hash is stored.
    const rows = await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx.select().from(visitorLinks).where(eq(visitorLinks.kind, 'poster')),
    );
    expect(JSON.stringify(rows)).not.toContain(tokenOf(poster.url));
  });

  it('opens the poster form on the visitor domain, and nothing at another property', async () => {
    const token = tokenOf(poster.url);
    const link = await ok<PublicVisitorLink>(
      await call('GET', `/public/visitors/token/${token}`, undefined, { host: 'guests.example.com' }),
    );
    expect(link).toMatchObject({
      kind: 'poster',
      visitor: null,
      validity: { amount: 24, unit: 'hours', approval: true },
    });
    const elsewhere = await call('GET', `/public/visitors/token/${token}`, undefined, { tenant: other.code });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('registers a visitor who names the unit and the resident; the resident is asked and approves', async () => {
    const token = tokenOf(poster.url);
    const wrong = await call('POST', '/public/visitors', guest(token, { residentName: 'smith' }), {
      lang: 'es',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<Errors>().errors.residentName![0]).toContain('No encontramos');
    const wrongUnit = await call('POST', '/public/visitors', guest(token, { unit: '9Z' }));
    expect(wrongUnit.statusCode).toBe(422);
    expect(wrongUnit.json<Errors>().errors).toHaveProperty('residentName');

    const res = await ok<PublicVisitorResult>(await call('POST', '/public/visitors', guest(token)));
    expect(res.visitor).toMatchObject({
      name: 'Guest Visitor',
      plate: 'GST 101',
      source: 'poster',
      shownStatus: 'pending',
      visiting: { unit: '4B' },
    });
    expect(res.visitor.checkUrl).toMatch(/\/permit\//);
    // The resident gets a mail with the way to approve; the visitor gets their receipt.
    const mails = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.propertyId, propertyId)),
    );
    const ask = mails.find((m) => m.kind === 'visitor-request')!;
    expect(ask.to).toBe('maria@visitors-public.test');
    expect(ask.text).toContain(`/my/visitors/${res.visitor.id}/show`);
    // And the bell (decision 0048): the resident named, not the office.
    expect(await toldOf(res.visitor.id)).toEqual([['posterRequest', 'tenant-resident']]);
    const receiptMail = mails.find((m) => m.kind === 'visitor-receipt')!;
    expect(receiptMail.to).toBe('guest@visitors-public.test');
    expect(receiptMail.text).toContain('guests.example.com');
    expect(receiptMail.text).toContain(encodeURIComponent(res.receiptToken));

    // The receipt follows the request: pending, then valid once approved.
    const seen = await ok<PublicVisitorLink>(await call('GET', `/public/visitors/token/${res.receiptToken}`));
    expect(seen).toMatchObject({ kind: 'receipt', visitor: { id: res.visitor.id, shownStatus: 'pending' } });
    await ok<VisitorItem>(await staff('POST', `/visitors/${res.visitor.id}/approve`, {}));
    // The visitor is told, with a fresh link to the permit.
    const [decision] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.kind, 'visitor-approved')),
    );
    expect(decision!.to).toBe('guest@visitors-public.test');
    expect(decision!.subject).toContain('approved');
    const fresh = /\/register\/visitors\/([\w-]+)/.exec(decision!.text)![1]!;
    expect(
      (await ok<PublicVisitorLink>(await call('GET', `/public/visitors/token/${fresh}`))).visitor
        ?.shownStatus,
    ).toBe('valid');
    const after = await ok<PublicVisitor>(
      await call('GET', `/public/visitors/${res.visitor.id}?token=${encodeURIComponent(res.receiptToken)}`),
    );
    expect(after.shownStatus).toBe('valid');
    const pdf = await call(
      'GET',
      `/public/visitors/${res.visitor.id}/permit.pdf?token=${encodeURIComponent(res.receiptToken)}`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('GST 101');
    // A receipt opens its own visitor only; an id alone shows nothing.
    expect(
      (await call('GET', `/public/visitors/${res.visitor.id + 1000}?token=${res.receiptToken}`)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/public/visitors/${res.visitor.id}`)).statusCode).toBe(422);
  });

  it('follows the approval setting: nobody → valid at once; staff → pending and the resident is not asked', async () => {
    const token = tokenOf(poster.url);
    await ok(
      await staff('PUT', '/settings', {
        visitorPermits: { posterApproval: 'none', visitorLimit: 100, visitorVehiclesAllowed: 20 },
      }),
    );
    const now = await ok<PublicVisitorResult>(
      await call('POST', '/public/visitors', guest(token, { plate: 'NOW 1', email: null })),
    );
    expect(now.visitor.shownStatus).toBe('valid');
    await ok(
      await staff('PUT', '/settings', {
        visitorPermits: { posterApproval: 'staff', visitorLimit: 100, visitorVehiclesAllowed: 20 },
      }),
    );
    const before = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.kind, 'visitor-request')),
    );
    const pending = await ok<PublicVisitorResult>(
      await call('POST', '/public/visitors', guest(token, { plate: 'STF 1', email: null })),
    );
    expect(pending.visitor.shownStatus).toBe('pending');
    const afterMails = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.kind, 'visitor-request')),
    );
    expect(afterMails.length).toBe(before.length);
    // The office is told instead (the bell, to the staff who approve visitors).
    expect(await toldOf(pending.visitor.id)).toEqual([['visitorPending', null]]);
    // A pending request is corrected through the receipt (a plate typed wrong).
    const fixed = await ok<PublicVisitorResult>(
      await call('PUT', `/public/visitors/${pending.visitor.id}`, {
        token: pending.receiptToken,
        name: 'Guest Visitor',
        plate: 'STF 2',
      }),
    );
    expect(fixed.visitor).toMatchObject({ plate: 'STF 2', shownStatus: 'pending' });
    await ok(
      await staff('PUT', '/settings', {
        visitorPermits: { posterApproval: 'resident', visitorLimit: 100, visitorVehiclesAllowed: 20 },
      }),
    );
  });

  it('keeps the limits: a refusal says to ask the person visited or the office, and nothing of the resident', async () => {
    const token = tokenOf(poster.url);
    await ok(
      await staff('PUT', '/settings', { visitorPermits: { visitorLimit: 0, visitorVehiclesAllowed: 20 } }),
    );
    const res = await call('POST', '/public/visitors', guest(token, { plate: 'LIM 1' }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().message).toMatch(/person you visit .* property office/);
    expect(res.body).not.toMatch(/María|Cruz|\b0\b/);
    await ok(
      await staff('PUT', '/settings', { visitorPermits: { visitorLimit: 100, visitorVehiclesAllowed: 20 } }),
    );
  });

  it('stops working once renewed', async () => {
    const old = tokenOf(poster.url);
    const renewed = await ok<VisitorPoster>(await staff('POST', '/visitor-poster/renew'));
    expect(renewed.url).not.toBe(poster.url);
    expect((await call('GET', `/public/visitors/token/${old}`)).statusCode).toBe(404);
    expect((await call('POST', '/public/visitors', guest(old))).statusCode).toBe(404);
    expect((await call('GET', `/public/visitors/token/${tokenOf(renewed.url)}`)).statusCode).toBe(200);
    poster = renewed;
  });
});

describe('a personal link', () => {
  it('is single use: the visitor completes the registration once, then keeps a receipt', async () => {
    const v = await ok<VisitorItem>(
      await staff('POST', '/visitors', {
        name: 'Aunt Rose',
        email: 'rose@visitors-public.test',
        residentId: resident.id,
      }),
    );
    expect(v.shownStatus).toBe('none');
    const sent = await ok<VisitorLinkSent>(await staff('POST', `/visitors/${v.id}/link`));
    expect(sent.emailed).toBe(true);
    expect(sent.text).toContain(sent.url);
    expect(sent.url).toContain('guests.example.com');
    const token = tokenOf(sent.url);
    const [mail] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'visitor-link'), eq(mailOutbox.to, 'rose@visitors-public.test'))),
    );
    expect(mail!.text).toContain(sent.url);

    const link = await ok<PublicVisitorLink>(await call('GET', `/public/visitors/token/${token}`));
    expect(link).toMatchObject({
      kind: 'personal',
      visitor: { id: v.id, name: 'Aunt Rose', shownStatus: 'none' },
    });
    const done = await ok<PublicVisitorResult>(
      await call('PUT', `/public/visitors/${v.id}`, { token, name: 'Aunt Rose', plate: 'ROSE 1' }),
    );
    // Sent by staff: valid at once.
    expect(done.visitor).toMatchObject({ plate: 'ROSE 1', shownStatus: 'valid', source: 'link' });
    const used = await call('GET', `/public/visitors/token/${token}`, undefined, { lang: 'zh' });
    expect(used.statusCode).toBe(410);
    expect(used.json<Errors>().message).toContain('已用于登记');
    const again = await call('PUT', `/public/visitors/${v.id}`, {
      token,
      name: 'Aunt Rose',
      plate: 'ROSE 2',
    });
    expect(again.statusCode).toBe(410);
    expect(
      (await ok<PublicVisitor>(await call('GET', `/public/visitors/${v.id}?token=${done.receiptToken}`)))
        .plate,
    ).toBe('ROSE 1');
    // A visitor with a permit gets no new link.
    expect((await staff('POST', `/visitors/${v.id}/link`)).statusCode).toBe(422);
  });

  it('refuses unknown, expired and retired tokens, and another visitor’s id', async () => {
    const v = await ok<VisitorItem>(
      await staff('POST', '/visitors', { name: 'Cousin', residentId: resident.id }),
    );
    const first = tokenOf((await ok<VisitorLinkSent>(await staff('POST', `/visitors/${v.id}/link`))).url);
    const second = tokenOf((await ok<VisitorLinkSent>(await staff('POST', `/visitors/${v.id}/link`))).url);
    expect((await call('GET', `/public/visitors/token/${first}`)).statusCode).toBe(404);
    expect((await call('GET', `/public/visitors/token/${'x'.repeat(43)}`)).statusCode).toBe(404);
    const other = await ok<VisitorItem>(
      await staff('POST', '/visitors', { name: 'Other', residentId: resident.id }),
    );
    const cross = await call('PUT', `/public/visitors/${other.id}`, {
      token: second,
      name: 'Other',
      plate: 'OTH 1',
    });
    expect(cross.statusCode).toBe(404);
    await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx
        .update(visitorLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(visitorLinks.visitorId, v.id)),
    );
    expect((await call('GET', `/public/visitors/token/${second}`)).statusCode).toBe(404);
    const stale = await call('PUT', `/public/visitors/${v.id}`, {
      token: second,
      name: 'Cousin',
      plate: 'CSN 1',
    });
    expect(stale.statusCode).toBe(404);
    const [row] = await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx.select().from(visitors).where(eq(visitors.id, v.id)),
    );
    expect(row!.permitStatus).toBeNull();
  });
});

it('rate-limits the public calls per address', async () => {
  const { max } = RATE_LIMITS.publicLink;
  const statuses: number[] = [];
  for (let i = 0; i <= max; i += 1)
    statuses.push(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/tenant/api/public/visitors/token/${'y'.repeat(43)}`,
          headers: headers({ tenant: code }),
          remoteAddress: '203.0.113.77',
        })
      ).statusCode,
    );
  expect(statuses.slice(0, max).every((s) => s === 404)).toBe(true);
  expect(statuses[max]).toBe(429);
});
