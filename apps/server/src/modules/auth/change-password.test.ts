import { THROTTLE, type Language } from '@parkade/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../platform/db';
import { t } from '../../platform/i18n';
import {
  base,
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  type TestContext,
  type TestUser,
} from '../../test/harness';

/*
 * PUT /auth/password: a signed-in user (staff of either area, or a resident) changes their own password.
 * Real database, real sign-ins; every call comes from its own address so per-address login throttles never meet.
 */

let ctx: TestContext;
const NEW_PASSWORD = 'a-changed-password';

interface Area {
  name: 'central' | 'tenant' | 'resident';
  tenant?: string;
  user(): Promise<TestUser>;
}
const areas = {} as Record<Area['name'], Area>;

beforeAll(async () => {
  ctx = await createTestContext();
  const property = await createProperty(ctx.database);
  areas.central = { name: 'central', user: () => createCentralUser(ctx.database, 'admin') };
  areas.tenant = {
    name: 'tenant',
    tenant: property.code,
    user: () => createTenantUser(ctx.database, property.id, 'manager'),
  };
  areas.resident = {
    name: 'resident',
    tenant: property.code,
    user: () => createTenantUser(ctx.database, property.id, null),
  };
});
afterAll(() => ctx?.close());

let ipSeq = 0;
const nextIp = () => `10.20.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;

function api(
  a: Area,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  o: { token?: string; lang?: Language; payload?: object } = {},
) {
  return ctx.app.inject({
    method,
    url: `${base(a.tenant)}${path}`,
    headers: headers({ tenant: a.tenant, token: o.token, lang: o.lang }),
    payload: o.payload,
    remoteAddress: nextIp(),
  });
}

const signIn = (a: Area, user: TestUser, password: string) =>
  api(a, 'POST', '/auth/login', { payload: { email: user.email, password } });

async function tokenOf(a: Area, user: TestUser, password = user.password): Promise<string> {
  const res = await signIn(a, user, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

const change = (a: Area, token: string, body: Record<string, unknown>, lang?: Language) =>
  api(a, 'PUT', '/auth/password', { token, payload: body, lang });

const body = (user: TestUser, password = NEW_PASSWORD) => ({
  currentPassword: user.password,
  password,
  passwordConfirmation: password,
});

const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: Record<string, string[]> }>().errors;

const entity = (a: Area) => (a.name === 'central' ? 'central_users' : 'tenant_users');

function db<T = Record<string, unknown>>(statement: SQL): Promise<T[]> {
  return ctx.database.withScope({ area: 'central' }, (tx) => query<T>(tx, statement));
}

describe.each(['central', 'tenant', 'resident'] as const)('%s', (name) => {
  const area = () => areas[name];

  it('changes the password, keeps this session, ends the others; the new password signs in', async () => {
    const a = area();
    const user = await a.user();
    const current = await tokenOf(a, user);
    const other = await tokenOf(a, user);
    const res = await change(a, current, body(user), 'es');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: t('es', 'auth.passwordChanged') });

    expect((await api(a, 'GET', '/auth/bootstrap', { token: current })).statusCode).toBe(200);
    expect((await api(a, 'GET', '/auth/bootstrap', { token: other })).statusCode).toBe(401);
    expect((await signIn(a, user, user.password)).statusCode).toBe(401);
    const fresh = await tokenOf(a, user, NEW_PASSWORD);
    expect((await api(a, 'GET', '/auth/bootstrap', { token: fresh })).statusCode).toBe(200);
  });

  it('audits the change without any secret', async () => {
    const a = area();
    const user = await a.user();
    const token = await tokenOf(a, user);
    expect((await change(a, token, body(user))).statusCode).toBe(200);
    const entries = await db<{ entity: string; changes: Record<string, unknown>; userId: number }>(
      sql`select entity, changes, user_id::int as "userId" from binnacle
          where action = 'password.change' and entity_id = ${String(user.id)}
            and entity = ${entity(a)}`,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.userId).toBe(user.id);
    expect(entries[0]!.changes).toEqual({ password: { old: '[hidden]', new: '[hidden]' } });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(NEW_PASSWORD);
    expect(text).not.toContain(user.password);
    expect(text).not.toContain('$argon2');
  });

  it.each(['en', 'es', 'zh'] as const)(
    'refuses a wrong current password on currentPassword, in %s',
    async (lang) => {
      const a = area();
      const user = await a.user();
      const token = await tokenOf(a, user);
      const res = await change(a, token, { ...body(user), currentPassword: 'not-my-password' }, lang);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: t(lang, 'errors.validation'),
        errors: { currentPassword: [t(lang, 'auth.currentPasswordInvalid')] },
        statusCode: 422,
      });
      // Nothing changed: the old password still signs in, and the session still works.
      expect((await signIn(a, user, user.password)).statusCode).toBe(200);
      expect((await api(a, 'GET', '/auth/bootstrap', { token })).statusCode).toBe(200);
    },
  );

  it('validates the new password and its confirmation with the reset-password rules', async () => {
    const a = area();
    const user = await a.user();
    const token = await tokenOf(a, user);
    const mismatch = await change(a, token, { ...body(user), passwordConfirmation: 'something-else' }, 'es');
    expect(mismatch.statusCode).toBe(422);
    expect(errorsOf(mismatch)).toEqual({ passwordConfirmation: [t('es', 'validation.passwordsMismatch')] });

    const short = await change(a, token, body(user, 'seven77'), 'es');
    expect(short.statusCode).toBe(422);
    expect(errorsOf(short)).toEqual({ password: [t('es', 'validation.min', { min: 8 })] });

    const long = await change(a, token, body(user, 'x'.repeat(256)));
    expect(errorsOf(long)).toEqual({ password: [t('en', 'validation.max', { max: 255 })] });

    const missing = await change(a, token, {}, 'zh');
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(errorsOf(missing)).sort()).toEqual([
      'currentPassword',
      'password',
      'passwordConfirmation',
    ]);
    expect(errorsOf(missing).currentPassword).toEqual([t('zh', 'validation.required')]);

    // None of these changed anything.
    expect((await signIn(a, user, user.password)).statusCode).toBe(200);
  });

  it('accepts the current password as the new one', async () => {
    const a = area();
    const user = await a.user();
    const token = await tokenOf(a, user);
    expect((await change(a, token, body(user, user.password))).statusCode).toBe(200);
    expect((await signIn(a, user, user.password)).statusCode).toBe(200);
  });

  it('counts wrong current passwords: after 5 the account is refused with 429, even with the right one', async () => {
    const a = area();
    const user = await a.user();
    const token = await tokenOf(a, user);
    for (let i = 0; i < THROTTLE.changePasswordPerAccount.max; i++)
      expect(
        (await change(a, token, { ...body(user), currentPassword: `wrong-${i}-password` })).statusCode,
      ).toBe(422);
    const locked = await change(a, token, body(user));
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(a, user, user.password)).statusCode).toBe(200);
    const failures = await db<{ n: number }>(
      sql`select count(*)::int as n from binnacle where action = 'password.change.failed'
          and entity_id = ${String(user.id)} and entity = ${entity(a)}`,
    );
    expect(failures[0]!.n).toBe(THROTTLE.changePasswordPerAccount.max);
  });

  it('lifts the sign-in lock of the account and ends its pending reset links', async () => {
    const a = area();
    const user = await a.user();
    const token = await tokenOf(a, user);
    // A reset link the user asked for before changing the password.
    expect(
      (await api(a, 'POST', '/auth/forgot-password', { payload: { email: user.email } })).statusCode,
    ).toBe(200);
    for (let i = 0; i < THROTTLE.loginPerAccount.max; i++)
      expect((await signIn(a, user, 'wrong-password')).statusCode).toBe(401);
    expect((await signIn(a, user, user.password)).statusCode).toBe(429);

    expect((await change(a, token, body(user))).statusCode).toBe(200);
    expect((await signIn(a, user, NEW_PASSWORD)).statusCode).toBe(200);
    const [resets] = await db<{ open: number }>(
      sql`select count(*)::int as open from password_resets where user_id = ${user.id}
          and area = ${a.name === 'central' ? 'central' : 'tenant'} and used_at is null`,
    );
    expect(resets!.open).toBe(0);
  });
});

describe('between accounts and areas', () => {
  it("ends only the user's own other sessions, not another account's", async () => {
    const a = areas.tenant;
    const user = await a.user();
    const colleague = await a.user();
    const mine = await tokenOf(a, user);
    const theirs = await tokenOf(a, colleague);
    expect((await change(a, mine, body(user))).statusCode).toBe(200);
    expect((await api(a, 'GET', '/auth/bootstrap', { token: theirs })).statusCode).toBe(200);
    expect((await signIn(a, colleague, colleague.password)).statusCode).toBe(200);
  });

  it('needs a session: no token is 401', async () => {
    const res = await api(areas.central, 'PUT', '/auth/password', { payload: { currentPassword: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
