import { CENTRAL_AREA_ID } from '../../platform/db/columns';
import type { ListResponse, OutboxMail } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { roles } from '../roles/table';
import { binnacle } from '../binnacle/table';
import { OUTBOX_STUCK_MINUTES, sweepOutbox } from './mail';
import { mailOutbox } from './table';

interface Item {
  id: number;
  propertyId: number | null;
  to: string;
  subject: string;
  kind: string;
  status: string;
  property?: { code: string } | null;
}

let ctx: TestContext;
let token: string;
let p: { id: number; code: string };
let resetText: string;
let resetTo: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
  p = await createProperty(ctx.database);
  const manager = await createTenantUser(ctx.database, p.id, 'manager');
  // A real mail: the reset link in its body is a secret the list must never show.
  const forgot = await ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/auth/forgot-password',
    headers: headers({ tenant: p.code }),
    payload: { email: manager.email },
  });
  expect(forgot.statusCode).toBe(200);
  await ctx.database.withScope({ area: 'central' }, async (tx) => {
    const [mail] = await tx.select().from(mailOutbox).where(eq(mailOutbox.to, manager.email));
    resetText = mail!.text;
    resetTo = manager.email;
  });
  // The reset mail's delivery job runs in the background (pending → stored here, with no SMTP): let it settle, so
  // no row changes state while the list is read below.
  await vi.waitFor(
    async () => {
      const [row] = await ctx.database.withScope({ area: 'central' }, (tx) =>
        tx.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.to, manager.email)),
      );
      expect(row?.status).toBe('stored');
    },
    { timeout: 30_000, interval: 100 },
  );
  await ctx.database.withScope({ area: 'central' }, async (tx) => {
    await tx.insert(mailOutbox).values([
      {
        propertyId: CENTRAL_AREA_ID,
        to: 'ops@example.com',
        subject: 'Weekly digest',
        text: 'x',
        kind: 'digest',
        status: 'sent',
      },
      {
        propertyId: p.id,
        to: 'tow@example.com',
        subject: 'Tow notice',
        text: 'y',
        kind: 'tow',
        status: 'failed',
      },
    ]);
  });
});
afterAll(() => ctx?.close());

const list = async (query = '', t = token) =>
  ctx.app.inject({ method: 'GET', url: `/api/central/outbox${query}`, headers: headers({ token: t }) });

it('lists mail without its body, and filters by status, kind, property and term', async () => {
  const res = await list('?include=property');
  expect(res.statusCode).toBe(200);
  const body = res.json<ListResponse<Item & Record<string, unknown>>>();
  expect(body.meta.total).toBe(3);
  for (const item of body.data) {
    expect(item).not.toHaveProperty('text');
    expect(item).not.toHaveProperty('html');
  }
  const secret = /token=([^&\s]+)/.exec(resetText)?.[1];
  expect(secret).toBeTruthy();
  expect(res.body).not.toContain(secret);
  expect(body.data.find((m) => m.kind === 'tow')!.property).toMatchObject({ code: p.code });

  const pick = async (q: string) => (await list(q)).json<ListResponse<Item>>().data.map((m) => m.to);
  expect(await pick('?filter[status]=failed')).toEqual(['tow@example.com']);
  expect(await pick('?filter[kind]=digest,tow&sort=to')).toEqual(['ops@example.com', 'tow@example.com']);
  expect(await pick('?filter[propertyId]=null')).toEqual(['ops@example.com']);
  expect((await pick(`?filter[propertyId]=${p.id}`)).length).toBe(2);
  expect(await pick('?filter[term]=DIGEST')).toEqual(['ops@example.com']);
  expect(await pick('?filter[term]=tow@')).toEqual(['tow@example.com']);
  const bad = await list('?filter[status]=lost');
  expect(bad.statusCode).toBe(400);
  expect(bad.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['filter[status]']);
});

const one = (id: number, t = token) =>
  ctx.app.inject({ method: 'GET', url: `/api/central/outbox/${id}`, headers: headers({ token: t }) });
const idOf = async (to: string) =>
  (await list(`?filter[term]=${encodeURIComponent(to)}`)).json<ListResponse<Item>>().data[0]!.id;

it('shows an unsent mail with its text and links, records who read it, and never a sent one', async () => {
  const stored = await one(await idOf(resetTo));
  expect(stored.statusCode, stored.body).toBe(200);
  const mail = stored.json<OutboxMail>();
  expect(mail).toMatchObject({ status: 'stored', kind: 'password-reset', property: { code: p.code } });
  expect(mail.text).toBe(resetText);
  expect(mail.links).toHaveLength(1);
  expect(resetText).toContain(mail.links[0]);
  expect(mail.links[0]).toMatch(/token=/);
  const read = await ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select({ propertyId: binnacle.propertyId })
      .from(binnacle)
      .where(
        and(
          eq(binnacle.entity, 'mail_outbox'),
          eq(binnacle.entityId, String(mail.id)),
          eq(binnacle.action, 'read'),
        ),
      ),
  );
  expect(read).toEqual([{ propertyId: p.id }]);

  // Sent: the envelope only, even though this row (written by the test) still holds a text.
  const sent = (await one(await idOf('ops@example.com'))).json<OutboxMail>();
  expect(sent).toMatchObject({ status: 'sent', text: null, links: [] });
  // Failed: not sent, so its text is kept for the outbox screen.
  expect((await one(await idOf('tow@example.com'))).json<OutboxMail>()).toMatchObject({
    status: 'failed',
    text: 'y',
  });
  expect((await one(2147483000)).statusCode).toBe(404);
});

it('shows bodies only to outbox.show: the envelope list alone does not give them', async () => {
  const envelopes = await ctx.database.withScope({ area: 'central' }, async (tx) => {
    const [row] = await tx
      .insert(roles)
      .values({ name: 'Outbox watcher', permissions: ['outbox.index'] })
      .returning({ id: roles.id });
    return row!.id;
  });
  const watcher = await login(ctx, await createCentralUser(ctx.database, null, { roleId: envelopes }));
  expect((await list('', watcher)).statusCode).toBe(200);
  const refused = await one(await idOf('tow@example.com'), watcher);
  expect(refused.statusCode).toBe(403);
  expect(refused.body).not.toContain('"text"');
});

it("is read centrally only; row-level security keeps a property's mail from any other property's scope", async () => {
  const q = await createProperty(ctx.database);
  await ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .insert(mailOutbox)
      .values({ propertyId: q.id, to: 'q@example.com', subject: 'Q', text: 'q', kind: 'tow' }),
  );
  const seenFrom = (propertyId: number) =>
    ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx.select({ propertyId: mailOutbox.propertyId }).from(mailOutbox),
    );
  const fromP = await seenFrom(p.id);
  expect(fromP.length).toBeGreaterThan(0);
  expect(fromP.every((m) => m.propertyId === p.id)).toBe(true);
  expect(await seenFrom(q.id)).toEqual([{ propertyId: q.id }]);

  const staff = await createTenantUser(ctx.database, p.id, 'admin');
  const staffToken = await login(ctx, staff, p.code);
  const id = await idOf('tow@example.com');
  for (const url of ['/tenant/api/outbox', `/tenant/api/outbox/${id}`]) {
    const res = await ctx.app.inject({
      method: 'GET',
      url,
      headers: headers({ tenant: p.code, token: staffToken }),
    });
    expect(res.statusCode, url).toBe(404);
  }
});

it('is central-only and needs outbox.index', async () => {
  const manager = await createCentralUser(ctx.database, 'manager');
  expect((await list('', await login(ctx, manager))).statusCode).toBe(403);
  const staff = await createTenantUser(ctx.database, p.id, 'admin');
  const tenant = await ctx.app.inject({
    method: 'GET',
    url: '/tenant/api/outbox',
    headers: headers({ tenant: p.code, token: await login(ctx, staff, p.code) }),
  });
  expect(tenant.statusCode).toBe(404);
});

it('delivers a mail whose wake-up job was lost, once, and leaves fresh pending mail to its own job', async () => {
  const insert = (to: string, minutesAgo: number) =>
    ctx.database.withScope({ area: 'central' }, async (tx) => {
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          propertyId: CENTRAL_AREA_ID,
          to,
          subject: 'stuck',
          text: 'body',
          kind: 'sweep-test',
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .returning({ id: mailOutbox.id });
      return row!.id;
    });
  const stuck = await insert('stuck@example.com', OUTBOX_STUCK_MINUTES + 1);
  const fresh = await insert('fresh@example.com', 0);
  const statusOf = async (id: number) =>
    (
      await ctx.database.withScope({ area: 'central' }, (tx) =>
        tx.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id)),
      )
    )[0]!.status;

  // Two sweepers at once (two processes): the stuck mail is claimed by exactly one of them.
  const claimed = await Promise.all([
    sweepOutbox(ctx.database, ctx.services.jobs),
    sweepOutbox(ctx.database, ctx.services.jobs),
  ]);
  expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
  expect(await statusOf(fresh)).toBe('pending');
  // The worker delivers it; with no SMTP configured here, delivery keeps it in the outbox as 'stored'.
  await expect.poll(() => statusOf(stuck), { timeout: 20_000, interval: 200 }).toBe('stored');
  expect(await sweepOutbox(ctx.database, ctx.services.jobs)).toBe(0);
});
