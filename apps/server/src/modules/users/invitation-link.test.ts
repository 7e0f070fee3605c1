import { faker } from '@faker-js/faker';
import type { InvitationInfo, InvitationLink, UserItem } from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PASSWORD } from '../../platform/auth';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  roleId,
  type TestContext,
} from '../../test/harness';
import { binnacle } from '../binnacle/table';
import { mailOutbox } from '../outbox/table';
import { userInvitations } from './table';

/**
 * "Copy invitation link" (decision 0039 §4) with no SMTP server configured: the link of a pending invitation is read
 * back from its unsent mail, by those who may invite that user, on their own property only; never once the
 * invitation is used, replaced or expired. What happens once the mail is sent is proved against a real SMTP peer in
 * invitations.test.ts.
 */

let ctx: TestContext;
let a: { id: number; code: string; name: string };
let b: { id: number; code: string };
let managerA: string;
let managerB: string;
let central: string;
let assistant: number;

type Call = { method: 'GET' | 'POST'; url: string; payload?: unknown };
/** Calls a property's address (its code), or the central area (`null`), as the token's owner. */
function api(tenant: string | null, c: Call, token: string, property?: number) {
  return ctx.app.inject({
    method: c.method,
    url: `${tenant ? '/tenant/api' : '/api/central'}${c.url}`,
    headers: {
      ...headers({ tenant: tenant ?? undefined, token }),
      ...(property ? { 'x-property': String(property) } : {}),
    },
    ...(c.payload === undefined ? {} : { payload: c.payload as object }),
  });
}
const copyLink = (tenant: string | null, id: number, token: string, property?: number) =>
  api(tenant, { method: 'GET', url: `/users/${id}/invitation/link` }, token, property);
const getUser = async (tenant: string, id: number, token: string) =>
  (await api(tenant, { method: 'GET', url: `/users/${id}` }, token)).json<UserItem>();

async function invite(tenant: string, token: string) {
  const res = await api(
    tenant,
    {
      method: 'POST',
      url: '/users',
      payload: {
        username: `copied.${faker.string.alpha(8).toLowerCase()}`,
        fullName: 'Kim Copied',
        email: `copied.${faker.string.alpha(8).toLowerCase()}@users.test`,
        roleId: assistant,
        language: 'en',
      },
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UserItem>();
}
/** The text of the invitation mails written to an address, newest first. */
const mailsTo = (to: string) =>
  ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select({ text: mailOutbox.text, status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(sql`${mailOutbox.id} desc`),
  );

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createProperty(ctx.database);
  b = await createProperty(ctx.database);
  managerA = await login(ctx, await createTenantUser(ctx.database, a.id, 'manager'), a.code);
  managerB = await login(ctx, await createTenantUser(ctx.database, b.id, 'manager'), b.code);
  central = await login(ctx, await createCentralUser(ctx.database, 'admin'));
  assistant = await roleId(ctx.database, 'assistant');
});
afterAll(() => ctx?.close());

describe('the link of a pending invitation, with no SMTP server', () => {
  it('is the mailed link, it opens the invitation, and copying it is recorded', async () => {
    const user = await invite(a.code, managerA);
    expect(user.invitation).toMatchObject({ acceptedAt: null, linkKept: true });
    const res = await copyLink(a.code, user.id, managerA);
    expect(res.statusCode, res.body).toBe(200);
    const { link } = res.json<InvitationLink>();
    const [mail] = await mailsTo(user.email!);
    expect(mail!.text).toContain(link);
    expect(link).toMatch(new RegExp(`^http://${a.code}\\.parkade\\.test/auth/invitation/[A-Za-z0-9_-]{43}$`));

    // The link works: the public invitation read on the property's address greets the user.
    const token = link.split('/').pop()!;
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/auth/invitation/${token}`,
      headers: headers({ tenant: a.code }),
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<InvitationInfo>()).toMatchObject({ fullName: 'Kim Copied', email: user.email });

    // Central staff with the property selected read the same link.
    const centrally = await copyLink(null, user.id, central, a.id);
    expect(centrally.json<InvitationLink>()).toEqual({ link });

    const audit = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select({ action: binnacle.action })
        .from(binnacle)
        .where(and(eq(binnacle.entity, 'tenant_users'), eq(binnacle.entityId, String(user.id)))),
    );
    expect(audit.filter((x) => x.action === 'invitation.link')).toHaveLength(2);
  });

  it("is another property's secret: its managers get 404, as for a user they do not have", async () => {
    const user = await invite(a.code, managerA);
    const res = await copyLink(b.code, user.id, managerB);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('/auth/invitation/');
    // Nor centrally with the other property selected.
    expect((await copyLink(null, user.id, central, b.id)).statusCode).toBe(404);
  });

  it('is refused to whoever may not invite that user: 403 for a user whose role holds more', async () => {
    // An admin-role user of the property, still invited, invited by central staff (who hold everything).
    const above = await createTenantUser(ctx.database, a.id, 'admin', { passwordHash: NO_PASSWORD });
    const resend = await api(null, { method: 'POST', url: `/users/${above.id}/invitation` }, central, a.id);
    expect(resend.statusCode, resend.body).toBe(200);
    const res = await copyLink(a.code, above.id, managerA);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('/auth/invitation/');
    expect((await copyLink(null, above.id, central, a.id)).statusCode).toBe(200);
  });

  it('is always the newest link: a resend replaces it', async () => {
    const user = await invite(a.code, managerA);
    const first = (await copyLink(a.code, user.id, managerA)).json<InvitationLink>().link;
    const resend = await api(a.code, { method: 'POST', url: `/users/${user.id}/invitation` }, managerA);
    expect(resend.statusCode, resend.body).toBe(200);
    const second = (await copyLink(a.code, user.id, managerA)).json<InvitationLink>().link;
    expect(second).not.toBe(first);
    expect((await mailsTo(user.email!))[0]!.text).toContain(second);
  });

  it('is gone once the invitation is used or expired', async () => {
    const used = await invite(a.code, managerA);
    const { link } = (await copyLink(a.code, used.id, managerA)).json<InvitationLink>();
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/tenant/api/auth/invitation',
      headers: headers({ tenant: a.code }),
      payload: {
        token: link.split('/').pop(),
        password: 'a-chosen-password',
        passwordConfirmation: 'a-chosen-password',
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const afterUse = await copyLink(a.code, used.id, managerA);
    expect(afterUse.statusCode).toBe(409);
    expect(afterUse.json<{ message: string }>().message).toMatch(/already accepted the invitation/);
    expect((await getUser(a.code, used.id, managerA)).invitation?.linkKept).toBe(false);

    const expired = await invite(a.code, managerA);
    await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .update(userInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(userInvitations.userId, expired.id)),
    );
    const late = await copyLink(a.code, expired.id, managerA);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/expired or was replaced/);
    expect((await getUser(a.code, expired.id, managerA)).invitation?.linkKept).toBe(false);
  });
});
