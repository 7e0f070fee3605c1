import { faker } from '@faker-js/faker';
import { INVITATIONS_PER_HOUR, type InvitationInfo, type UserItem } from '@parkade/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { eventually, startMailPeer, TEST_CA } from '../../test/mail-peer';
import { binnacle } from '../binnacle/table';
import { mailOutbox } from '../outbox/table';
import { userInvitations } from './table';

/**
 * Invitations (decision 0021), against a real SMTP peer: the mail in the user's language with a working link, and
 * the link's rules — single use, expiring, retired by a resend, bound to its property — and the invited user's
 * sign-in.
 */

interface Mail {
  to: string[];
  text: string;
}
const inbox: Mail[] = [];
let smtp: Awaited<ReturnType<typeof startMailPeer>> | undefined;
let ctx: TestContext;
let property: { id: number; code: string; name: string };
let managerToken: string;
let centralToken: string;
let assistant: number;
let n = 0;

const PASSWORD = 'a-chosen-password';
type Errors = { message: string; errors?: Record<string, string[]> };
type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };

/** Calls a property's address (its code) or, without one, the central area; as a token's owner when given. */
function api(tenant: string | undefined, c: Call, token?: string, lang?: string) {
  return ctx.app.inject({
    method: c.method,
    url: `${tenant ? '/tenant/api' : '/api/central'}${c.url}`,
    headers: headers({ tenant, token, lang }),
    ...(c.payload === undefined ? {} : { payload: c.payload as object }),
  });
}
const body = (extra: Record<string, unknown> = {}) => {
  n++;
  return {
    username: `invited.${n}`,
    fullName: 'Robin Invited',
    email: `invited.${n}.${faker.string.alpha(5).toLowerCase()}@users.test`,
    roleId: assistant,
    language: 'en',
    ...extra,
  };
};
/** Invites a user through the API: on the property's address, or centrally (`null`). */
async function invite(extra: Record<string, unknown> = {}, on: string | null = property.code) {
  const tenant = on ?? undefined;
  const res = await api(
    tenant,
    { method: 'POST', url: '/users', payload: body(extra) },
    tenant ? managerToken : centralToken,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UserItem>();
}

const LINK = /(https?:\/\/[^\s/]+)\/auth\/invitation\/([A-Za-z0-9_-]+)/;
/** The invitation links mailed to an address, oldest first (waits for `count` of them). */
async function links(to: string, count = 1) {
  const mails = await eventually(`${count} mail(s) to ${to}`, () => {
    const found = inbox.filter((m) => m.to.includes(to.toLowerCase()));
    return found.length >= count ? found : undefined;
  });
  return mails.map((m) => {
    const match = LINK.exec(m.text);
    if (!match) throw new Error(`no invitation link in: ${m.text}`);
    return { origin: match[1]!, token: match[2]!, text: m.text };
  });
}
const info = (tenant: string | undefined, token: string) =>
  api(tenant, { method: 'GET', url: `/auth/invitation/${token}` });
const accept = (tenant: string | undefined, token: string, password = PASSWORD) =>
  api(tenant, {
    method: 'POST',
    url: '/auth/invitation',
    payload: { token, password, passwordConfirmation: password },
  });
const signIn = (tenant: string | undefined, email: string, password = PASSWORD) =>
  api(tenant, { method: 'POST', url: '/auth/login', payload: { email, password } });

beforeAll(async () => {
  smtp = await startMailPeer(0, ({ to, text }) => inbox.push({ to, text }));
  ctx = await createTestContext({
    smtp: {
      host: '127.0.0.1',
      port: smtp.port,
      from: 'Parkade <no-reply@parkade.test>',
      tls: 'verify',
      ca: TEST_CA,
    },
  });
  property = await createProperty(ctx.database);
  managerToken = await login(
    ctx,
    await createTenantUser(ctx.database, property.id, 'manager'),
    property.code,
  );
  centralToken = await login(ctx, await createCentralUser(ctx.database, 'admin'));
  assistant = await roleId(ctx.database, 'assistant');
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('an invitation', () => {
  it("arrives in the user's language with a link on the property's address that sets the password", async () => {
    const user = await invite({ language: 'es', fullName: 'Lucía Pérez' });
    const [mail] = await links(user.email!);
    expect(mail!.origin).toBe(`http://${property.code}.parkade.test`);
    expect(mail!.text).toContain(`Hola Lucía Pérez:`);
    expect(mail!.text).toContain(`le invitó a ${property.name}`);
    const [row] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, user.email!)),
    );
    expect(row).toMatchObject({ subject: `Está invitado a ${property.name}`, propertyId: property.id });

    const seen = await info(property.code, mail!.token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<InvitationInfo>()).toMatchObject({
      fullName: 'Lucía Pérez',
      email: user.email,
      language: 'es',
      propertyName: property.name,
    });
    // Invited: no password yet, so no sign-in — answered exactly as a wrong password.
    const early = await signIn(property.code, user.email!);
    const wrong = await signIn(property.code, user.email!.replace('@', '.nobody@'));
    expect(early.statusCode).toBe(401);
    expect(early.json<Errors>()).toEqual(wrong.json<Errors>());

    const accepted = await accept(property.code, mail!.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ email: user.email });
    expect((await signIn(property.code, user.email!)).statusCode).toBe(200);
    const after = await api(property.code, { method: 'GET', url: `/users/${user.id}` }, managerToken);
    expect(after.json<UserItem>()).toMatchObject({ status: 'active' });
    expect(after.json<UserItem>().invitation?.acceptedAt).not.toBeNull();
    const audit = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select({ action: binnacle.action, userId: binnacle.userId })
        .from(binnacle)
        .where(sql`${binnacle.entity} = 'tenant_users' and ${binnacle.entityId} = ${String(user.id)}`),
    );
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['create', 'invitation.send', 'invitation.accept']),
    );

    // Used: the link answers 404 now, as an unknown one does; no resend; the account is deactivated, never deleted.
    for (const res of [
      await info(property.code, mail!.token),
      await accept(property.code, mail!.token, 'another-password'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<Errors>().message).toMatch(/already used, replaced by a newer one, or has expired/);
    }
    expect((await info(property.code, 'x'.repeat(43))).json()).toEqual(
      (await info(property.code, mail!.token)).json(),
    );
    expect((await signIn(property.code, user.email!, 'another-password')).statusCode).toBe(401);
    const resend = await api(
      property.code,
      { method: 'POST', url: `/users/${user.id}/invitation` },
      managerToken,
    );
    expect(resend.statusCode).toBe(409);
    expect(
      (await api(property.code, { method: 'DELETE', url: `/users/${user.id}` }, managerToken)).statusCode,
    ).toBe(409);
  });

  it('expires', async () => {
    const user = await invite();
    const [mail] = await links(user.email!);
    await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .update(userInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(userInvitations.userId, user.id)),
    );
    expect((await info(property.code, mail!.token)).statusCode).toBe(404);
    expect((await accept(property.code, mail!.token)).statusCode).toBe(404);
  });

  it('once its mail is sent, keeps no link to copy: the body is dropped (decision 0039 §4)', async () => {
    const user = await invite();
    const [mail] = await links(user.email!);
    // The SMTP peer took it; the outbox row is marked sent (and its body dropped) right after.
    const sent = async () =>
      (
        await ctx.database.withScope({ area: 'central' }, (tx) =>
          tx
            .select({ status: mailOutbox.status, text: mailOutbox.text })
            .from(mailOutbox)
            .where(eq(mailOutbox.to, user.email!)),
        )
      )[0];
    await expect.poll(async () => (await sent())?.status, { timeout: 15_000, interval: 100 }).toBe('sent');
    expect((await sent())!.text).toBe('');
    const read = await api(property.code, { method: 'GET', url: `/users/${user.id}` }, managerToken);
    expect(read.json<UserItem>().invitation).toMatchObject({ acceptedAt: null, linkKept: false });
    const copy = await api(
      property.code,
      { method: 'GET', url: `/users/${user.id}/invitation/link` },
      managerToken,
    );
    expect(copy.statusCode).toBe(409);
    expect(copy.json<Errors>().message).toContain(`delivered by mail to ${user.email}`);
    expect(copy.body).not.toContain(mail!.token);
    // The mailed link itself still works.
    expect((await info(property.code, mail!.token)).statusCode).toBe(200);
  });

  it('is retired by a resend, and resends are limited per hour', async () => {
    const user = await invite();
    const resend = () =>
      api(property.code, { method: 'POST', url: `/users/${user.id}/invitation` }, managerToken);
    const again = await resend();
    expect(again.statusCode, again.body).toBe(200);
    const [first, second] = await links(user.email!, 2);
    expect(first!.token).not.toBe(second!.token);
    expect((await info(property.code, first!.token)).statusCode).toBe(404);
    expect((await info(property.code, second!.token)).statusCode).toBe(200);
    // Five invitations this hour (the first and four resends), then 429.
    for (let i = 2; i < INVITATIONS_PER_HOUR; i++) expect((await resend()).statusCode).toBe(200);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const latest = (await links(user.email!, INVITATIONS_PER_HOUR)).at(-1)!;
    expect((await accept(property.code, latest.token)).statusCode).toBe(200);
  });

  it("works only on its own property's address", async () => {
    const other = await createProperty(ctx.database);
    const user = await invite();
    const [mail] = await links(user.email!);
    expect((await info(other.code, mail!.token)).statusCode).toBe(404);
    expect((await accept(other.code, mail!.token)).statusCode).toBe(404);
    expect((await info(undefined, mail!.token)).statusCode).toBe(404);
    expect((await accept(undefined, mail!.token)).statusCode).toBe(404);
    // Still good where it belongs.
    expect((await accept(property.code, mail!.token)).statusCode).toBe(200);
  });

  it('of a deactivated user does not work until they are reactivated', async () => {
    const user = await invite();
    const [mail] = await links(user.email!);
    const status = (active: boolean) =>
      api(
        property.code,
        { method: 'PUT', url: `/users/${user.id}/status`, payload: { active } },
        managerToken,
      );
    expect((await status(false)).statusCode).toBe(200);
    expect((await accept(property.code, mail!.token)).statusCode).toBe(404);
    expect(
      (await api(property.code, { method: 'POST', url: `/users/${user.id}/invitation` }, managerToken))
        .statusCode,
    ).toBe(409);
    expect((await status(true)).statusCode).toBe(200);
    expect((await accept(property.code, mail!.token)).statusCode).toBe(200);
  });

  it('goes again to a corrected email of a user still invited', async () => {
    const user = await invite();
    const [old] = await links(user.email!);
    const email = `corrected.${faker.string.alpha(6).toLowerCase()}@users.test`;
    const res = await api(
      property.code,
      { method: 'PUT', url: `/users/${user.id}`, payload: { ...body(), username: user.username, email } },
      managerToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [fresh] = await links(email);
    expect((await info(property.code, old!.token)).statusCode).toBe(404);
    expect((await accept(property.code, fresh!.token)).statusCode).toBe(200);
    expect((await signIn(property.code, email)).statusCode).toBe(200);
  });

  it('of a central user is on the central address, also when sent with a property selected for its staff', async () => {
    const user = await invite({ roleId: await roleId(ctx.database, 'admin') }, null);
    const [mail] = await links(user.email!);
    expect(mail!.origin).toBe('http://parkade.test');
    expect((await info(property.code, mail!.token)).statusCode).toBe(404);
    const seen = await info(undefined, mail!.token);
    expect(seen.json<InvitationInfo>()).toMatchObject({ propertyName: null, email: user.email });
    expect((await accept(undefined, mail!.token)).statusCode).toBe(200);
    expect((await signIn(undefined, user.email!)).statusCode).toBe(200);

    // Central staff inviting a property's staff (X-Property): the link is on the property's address.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/central/users',
      headers: { ...headers({ token: centralToken }), 'x-property': String(property.id) },
      payload: body(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [staffMail] = await links(res.json<UserItem>().email!);
    expect(staffMail!.origin).toBe(`http://${property.code}.parkade.test`);
    expect((await accept(property.code, staffMail!.token)).statusCode).toBe(200);
  });

  it('is refused to a short or mismatched password, and stays usable', async () => {
    const user = await invite();
    const [mail] = await links(user.email!);
    const mismatch = await api(property.code, {
      method: 'POST',
      url: '/auth/invitation',
      payload: { token: mail!.token, password: PASSWORD, passwordConfirmation: 'something-else' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json<Errors>().errors?.passwordConfirmation).toBeDefined();
    expect((await accept(property.code, mail!.token, 'short')).statusCode).toBe(422);
    expect((await accept(property.code, mail!.token)).statusCode).toBe(200);
  });
});
