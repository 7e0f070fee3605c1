import { ERROR_CODES, RECOVERY_CODE_COUNT, THROTTLE } from '@parkade/contract';
import { sql, type SQL } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { query } from '../../platform/db';
import { t } from '../../platform/i18n';
import { decryptSecret } from '../../platform/secrets';
import {
  base,
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
  type TestUser,
} from '../../test/harness';

/*
 * Two-factor sign-in of staff (decision 0014) on both areas, against a real database: enrolment, the sign-in's code
 * step, replay, recovery codes, turning it off, throttling, and the platform setting that makes it mandatory for
 * central staff. Codes are computed with the same library an authenticator app's maths follows (otplib).
 */

let ctx: TestContext;
let property: { id: number; code: string };

beforeAll(async () => {
  ctx = await createTestContext();
  property = await createProperty(ctx.database);
});
afterAll(() => ctx?.close());

interface Area {
  name: 'central' | 'tenant';
  tenant?: string;
  table: 'central_users' | 'tenant_users';
  staff(): Promise<TestUser>;
}
const AREAS: Record<'central' | 'tenant', Area> = {
  central: {
    name: 'central',
    table: 'central_users',
    staff: () => createCentralUser(ctx.database, 'admin'),
  },
  tenant: {
    name: 'tenant',
    get tenant() {
      return property.code;
    },
    table: 'tenant_users',
    staff: () => createTenantUser(ctx.database, property.id, 'manager'),
  },
};

let ipSeq = 0;
let ip = '';
beforeEach(() => {
  ipSeq += 1;
  ip = `10.77.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
});

function api(
  a: Area,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  o: { token?: string; body?: object } = {},
) {
  return ctx.app.inject({
    method,
    url: `${base(a.tenant)}${path}`,
    headers: headers({ tenant: a.tenant, token: o.token }),
    payload: o.body,
    remoteAddress: ip,
  });
}

function db<T = Record<string, unknown>>(statement: SQL): Promise<T[]> {
  return ctx.database.withScope({ area: 'central' }, (tx) => query<T>(tx, statement));
}

/** A code of the secret, `stepsAhead` time steps from now (a phone's clock may be a step ahead). */
const codeOf = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** A code that is not the secret's now, nor a step either side. */
async function wrongCode(secret: string) {
  const near = new Set([await codeOf(secret, -1), await codeOf(secret), await codeOf(secret, 1)]);
  for (let n = 0; ; n++) {
    const c = String(123456 + n * 7919)
      .padStart(6, '0')
      .slice(-6);
    if (!near.has(c)) return c;
  }
}

interface Enrolled {
  user: TestUser;
  token: string;
  secret: string;
  recoveryCodes: string[];
}

/** Signs in, sets up and confirms two-factor; the code used to confirm is of the current step. */
async function enrol(a: Area, user?: TestUser): Promise<Enrolled> {
  const u = user ?? (await a.staff());
  const token = await login(ctx, u, a.tenant);
  const setup = await api(a, 'POST', '/auth/two-factor/setup', { token });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await api(a, 'POST', '/auth/two-factor/confirm', {
    token,
    body: { password: u.password, code: await codeOf(secret) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { user: u, token, secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The password step: answers the challenge. */
async function challengeFor(a: Area, user: TestUser, remember = false): Promise<string> {
  const res = await api(a, 'POST', '/auth/login', {
    body: { email: user.email, password: user.password, remember },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ twoFactorRequired?: boolean; challenge?: string; token?: string }>();
  expect(body.twoFactorRequired).toBe(true);
  expect(body.token).toBeUndefined();
  return body.challenge!;
}

const codeStep = (a: Area, challenge: string, answer: { code?: string; recoveryCode?: string }) =>
  api(a, 'POST', '/auth/login/two-factor', { body: { challenge, ...answer } });

const auditOf = (a: Area, userId: number) =>
  db<{ action: string; entity: string; row: unknown }>(
    sql`select action, entity, to_jsonb(b) as row from binnacle b
        where entity_id = ${String(userId)} and entity in ('auth', ${a.table}) order by id`,
  );

describe.each(['central', 'tenant'] as const)('%s area', (name) => {
  const a = AREAS[name];

  describe('enrolment', () => {
    it('sets up a secret with its QR code, confirms it with a code and answers ten recovery codes once', async () => {
      const user = await a.staff();
      const token = await login(ctx, user, a.tenant);
      const before = await api(a, 'GET', '/auth/two-factor', { token });
      expect(before.json()).toEqual({
        enabled: false,
        enabledAt: null,
        recoveryCodesLeft: 0,
        required: false,
      });

      const setup = await api(a, 'POST', '/auth/two-factor/setup', { token });
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret, otpauthUri, qrDataUrl } = setup.json<Record<string, string>>();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(otpauthUri!);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toContain(user.email);
      expect(uri.searchParams.get('secret')).toBe(secret);
      expect(uri.searchParams.get('issuer')).toMatch(/^Parkade/);
      expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
      // Not on until confirmed: sign-in still needs the password only.
      const still = await api(a, 'POST', '/auth/login', {
        body: { email: user.email, password: user.password },
      });
      expect(still.json()).toHaveProperty('token');

      const wrong = await api(a, 'POST', '/auth/two-factor/confirm', {
        token,
        body: { password: user.password, code: await wrongCode(secret!) },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json<{ errors: Record<string, string[]> }>().errors.code).toEqual([
        t('en', 'twoFactor.codeInvalid'),
      ]);

      const code = await codeOf(secret!);
      // A session alone (a stolen one) cannot turn it on: the password is asked, as to turn it off (issue 35 §6).
      const noPassword = await api(a, 'POST', '/auth/two-factor/confirm', { token, body: { code } });
      expect(noPassword.statusCode).toBe(422);
      expect(noPassword.json<{ errors: Record<string, string[]> }>().errors.password).toEqual([
        t('en', 'validation.required'),
      ]);
      const wrongPassword = await api(a, 'POST', '/auth/two-factor/confirm', {
        token,
        body: { password: 'not-the-password', code },
      });
      expect(wrongPassword.statusCode).toBe(422);
      expect(wrongPassword.json<{ errors: Record<string, string[]> }>().errors.password).toEqual([
        t('en', 'auth.currentPasswordInvalid'),
      ]);
      expect((await api(a, 'GET', '/auth/two-factor', { token })).json()).toMatchObject({ enabled: false });

      const confirm = await api(a, 'POST', '/auth/two-factor/confirm', {
        token,
        body: { password: user.password, code: `${code.slice(0, 3)} ${code.slice(3)}` },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      const answer = confirm.json<{ recoveryCodes: string[]; status: Record<string, unknown> }>();
      expect(answer.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(answer.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
      for (const c of answer.recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(answer.status).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });

      // Stored: the secret sealed with APP_SECRET, recovery codes as hashes only, nothing pending.
      const [stored] = await db<{ secret: string; pending: string | null; codes: string[] }>(
        sql`select two_factor_secret as secret, two_factor_pending_secret as pending,
              two_factor_recovery_codes as codes from ${sql.raw(a.table)} where id = ${user.id}`,
      );
      expect(stored!.secret).not.toContain(secret);
      expect(decryptSecret(ctx.env.secretKey, stored!.secret)).toBe(secret);
      expect(stored!.pending).toBeNull();
      expect(stored!.codes).toHaveLength(RECOVERY_CODE_COUNT);
      for (const c of answer.recoveryCodes) {
        expect(stored!.codes).not.toContain(c);
        expect(stored!.codes.join()).not.toContain(c.replace('-', ''));
      }
      // A second setup is refused while it is on.
      expect((await api(a, 'POST', '/auth/two-factor/setup', { token })).statusCode).toBe(409);
      // The audit log has every step and no secret, code or recovery code.
      const entries = await auditOf(a, user.id);
      expect(entries.map((e) => e.action)).toEqual(
        expect.arrayContaining(['two-factor.setup', 'two-factor.confirm.failed', 'two-factor.enable']),
      );
      const logged = JSON.stringify(entries);
      for (const s of [secret!, code, ...answer.recoveryCodes]) expect(logged).not.toContain(s);
    });

    it('is for staff only: a resident is refused', async () => {
      if (a.name === 'central') return;
      const resident = await createTenantUser(ctx.database, property.id, null);
      const token = await login(ctx, resident, a.tenant);
      for (const [method, path] of [
        ['GET', '/auth/two-factor'],
        ['POST', '/auth/two-factor/setup'],
      ] as const)
        expect((await api(a, method, path, { token })).statusCode).toBe(403);
      const boot = await api(a, 'GET', '/auth/bootstrap', { token });
      expect(boot.json<{ twoFactor: unknown }>().twoFactor).toBeNull();
    });
  });

  describe('sign-in', () => {
    it('asks an enrolled user for a code after the password, then opens a session', async () => {
      const { user, secret } = await enrol(a);
      const sessionsBefore = await db(
        sql`select id from sessions where user_id = ${user.id} and area = ${a.name}`,
      );
      const challenge = await challengeFor(a, user, true);
      // No session for the password alone.
      expect(
        await db(sql`select id from sessions where user_id = ${user.id} and area = ${a.name}`),
      ).toHaveLength(sessionsBefore.length);

      const res = await codeStep(a, challenge, { code: await codeOf(secret, 1) });
      expect(res.statusCode, res.body).toBe(200);
      const { token, user: who } = res.json<{ token: string; user: { id: number } }>();
      expect(who.id).toBe(user.id);
      const boot = await api(a, 'GET', '/auth/bootstrap', { token });
      expect(boot.statusCode).toBe(200);
      expect(boot.json<{ twoFactor: unknown }>().twoFactor).toEqual({
        enabled: true,
        enrolmentRequired: false,
      });
      // remember carried over from the password step.
      const [session] = await db<{ remember: boolean }>(
        sql`select remember from sessions where user_id = ${user.id} and area = ${a.name} order by id desc limit 1`,
      );
      expect(session!.remember).toBe(true);
      // The challenge served once.
      expect((await codeStep(a, challenge, { code: await codeOf(secret, 1) })).statusCode).toBe(401);
      const actions = (await auditOf(a, user.id)).map((e) => e.action);
      expect(actions.slice(-2)).toEqual(['login.two-factor.challenge', 'login.success']);
    });

    it('refuses a wrong code, and lets the same challenge be answered again', async () => {
      const { user, secret } = await enrol(a);
      const challenge = await challengeFor(a, user);
      const wrong = await codeStep(a, challenge, { code: await wrongCode(secret) });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        message: t('en', 'twoFactor.codeInvalid'),
        errors: {},
        statusCode: 401,
      });
      expect((await codeStep(a, challenge, { code: await codeOf(secret, 1) })).statusCode).toBe(200);
      expect((await auditOf(a, user.id)).map((e) => e.action)).toContain('login.two-factor.failed');
    });

    it('never accepts the same code twice, nor an older one', async () => {
      const { user, secret } = await enrol(a);
      // The code that confirmed the enrolment is spent.
      const first = await challengeFor(a, user);
      expect((await codeStep(a, first, { code: await codeOf(secret) })).statusCode).toBe(401);
      const next = await codeOf(secret, 1);
      expect((await codeStep(a, first, { code: next })).statusCode).toBe(200);
      const again = await challengeFor(a, user);
      expect((await codeStep(a, again, { code: next })).statusCode).toBe(401);
      expect((await codeStep(a, again, { code: await codeOf(secret) })).statusCode).toBe(401);
    });

    it('takes each recovery code once, however it is typed', async () => {
      const { user, recoveryCodes, token } = await enrol(a);
      const [code] = recoveryCodes;
      const c1 = await challengeFor(a, user);
      const typed = ` ${code!.toUpperCase().replace('-', ' ')} `;
      const ok = await codeStep(a, c1, { recoveryCode: typed });
      expect(ok.statusCode, ok.body).toBe(200);
      const c2 = await challengeFor(a, user);
      expect((await codeStep(a, c2, { recoveryCode: code })).statusCode).toBe(401);
      expect((await codeStep(a, c2, { recoveryCode: recoveryCodes[1] })).statusCode).toBe(200);
      const status = await api(a, 'GET', '/auth/two-factor', { token });
      expect(status.json<{ recoveryCodesLeft: number }>().recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
    });

    it('asks for exactly one of a code and a recovery code', async () => {
      const { user, secret, recoveryCodes } = await enrol(a);
      const challenge = await challengeFor(a, user);
      const neither = await codeStep(a, challenge, {});
      expect(neither.statusCode).toBe(422);
      expect(neither.json<{ errors: Record<string, string[]> }>().errors.code).toEqual([
        t('en', 'twoFactor.codeOrRecoveryCode'),
      ]);
      const both = await codeStep(a, challenge, {
        code: await codeOf(secret, 1),
        recoveryCode: recoveryCodes[0],
      });
      expect(both.statusCode).toBe(422);
      const malformed = await codeStep(a, challenge, { code: '12a456' });
      expect(malformed.json<{ errors: Record<string, string[]> }>().errors.code).toEqual([
        t('en', 'twoFactor.codeFormat'),
      ]);
    });

    it('refuses an expired or unknown challenge', async () => {
      const { user, secret } = await enrol(a);
      const challenge = await challengeFor(a, user);
      await db(
        sql`update login_challenges set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
      );
      const res = await codeStep(a, challenge, { code: await codeOf(secret, 1) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: t('en', 'twoFactor.challengeInvalid'),
        errors: {},
        statusCode: 401,
        code: ERROR_CODES.twoFactorChallengeInvalid,
      });
      expect((await codeStep(a, 'made-up', { code: await codeOf(secret, 1) })).statusCode).toBe(401);
    });

    it('throttles the code step per account like the password, on a counter the password does not clear', async () => {
      const { user, secret } = await enrol(a);
      const max = THROTTLE.twoFactorPerAccount.max;
      for (let i = 0; i < max; i++) {
        // A fresh challenge each time, from a fresh address: the right password does not lift the count.
        ip = `10.78.${ipSeq & 255}.${i + 1}`;
        const challenge = await challengeFor(a, user);
        expect((await codeStep(a, challenge, { code: await wrongCode(secret) })).statusCode).toBe(401);
      }
      const challenge = await challengeFor(a, user);
      const locked = await codeStep(a, challenge, { code: await codeOf(secret, 1) });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await auditOf(a, user.id)).map((e) => e.action)).toContain('login.two-factor.throttled');
    });

    it('gives at most the limit of code checks to 20 wrong codes sent at once', async () => {
      const { user, secret } = await enrol(a);
      const challenge = await challengeFor(a, user);
      const bad = await wrongCode(secret);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => codeStep(a, challenge, { code: bad })),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.twoFactorPerAccount.max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - THROTTLE.twoFactorPerAccount.max);
    });

    it('of two answers at once with the same right code, one opens a session', async () => {
      const { user, secret } = await enrol(a);
      const [c1, c2] = [await challengeFor(a, user), await challengeFor(a, user)];
      const code = await codeOf(secret, 1);
      const answers = await Promise.all([codeStep(a, c1, { code }), codeStep(a, c2, { code })]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });
  });

  describe('managing it', () => {
    it('turns off with the password and a code, and sign-in needs the password only again', async () => {
      const { user, secret, token } = await enrol(a);
      const wrongPassword = await api(a, 'POST', '/auth/two-factor/disable', {
        token,
        body: { password: 'not-the-password', code: await codeOf(secret, 1) },
      });
      expect(wrongPassword.statusCode).toBe(422);
      expect(Object.keys(wrongPassword.json<{ errors: object }>().errors)).toEqual(['password']);
      const wrongCodeRes = await api(a, 'POST', '/auth/two-factor/disable', {
        token,
        body: { password: user.password, code: await wrongCode(secret) },
      });
      expect(wrongCodeRes.statusCode).toBe(422);
      expect(Object.keys(wrongCodeRes.json<{ errors: object }>().errors)).toEqual(['code']);
      const off = await api(a, 'POST', '/auth/two-factor/disable', {
        token,
        body: { password: user.password, code: await codeOf(secret, 1) },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<{ status: { enabled: boolean } }>().status.enabled).toBe(false);
      const [stored] = await db<Record<string, unknown>>(
        sql`select two_factor_secret as secret, two_factor_recovery_codes as codes, two_factor_enabled_at as at
            from ${sql.raw(a.table)} where id = ${user.id}`,
      );
      expect(stored).toEqual({ secret: null, codes: [], at: null });
      const res = await api(a, 'POST', '/auth/login', {
        body: { email: user.email, password: user.password },
      });
      expect(res.json()).toHaveProperty('token');
      expect((await auditOf(a, user.id)).map((e) => e.action)).toEqual(
        expect.arrayContaining(['two-factor.disable.failed', 'two-factor.disable']),
      );
    });

    it('turns off with a recovery code when the phone is lost', async () => {
      const { user, recoveryCodes, token } = await enrol(a);
      const off = await api(a, 'POST', '/auth/two-factor/disable', {
        token,
        body: { password: user.password, code: recoveryCodes[3] },
      });
      expect(off.statusCode, off.body).toBe(200);
    });

    it('replaces the recovery codes given a code; the old ones stop working', async () => {
      const { user, secret, token, recoveryCodes } = await enrol(a);
      expect(
        (
          await api(a, 'POST', '/auth/two-factor/recovery-codes', {
            token,
            body: { code: await wrongCode(secret) },
          })
        ).statusCode,
      ).toBe(422);
      const res = await api(a, 'POST', '/auth/two-factor/recovery-codes', {
        token,
        body: { code: await codeOf(secret, 1) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const fresh = res.json<{ recoveryCodes: string[] }>().recoveryCodes;
      expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
      expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
      const challenge = await challengeFor(a, user);
      expect((await codeStep(a, challenge, { recoveryCode: recoveryCodes[0] })).statusCode).toBe(401);
      expect((await codeStep(a, challenge, { recoveryCode: fresh[0] })).statusCode).toBe(200);
    });
  });
  describe("someone else's two-factor, reset (issue 35 §6)", () => {
    it('is turned off by a user who may edit them: sessions end, the person is told by mail, audited', async () => {
      const target = await enrol(a);
      const keeper = await a.staff();
      const keeperToken = await login(ctx, keeper, a.tenant);
      const reset = await api(a, 'POST', `/users/${target.user.id}/two-factor/reset`, { token: keeperToken });
      expect(reset.statusCode, reset.body).toBe(204);
      // The holder of the session that turned it on is signed out; the owner signs in with the password alone.
      expect((await api(a, 'GET', '/auth/bootstrap', { token: target.token })).statusCode).toBe(401);
      const signIn = await api(a, 'POST', '/auth/login', {
        body: { email: target.user.email, password: target.user.password },
      });
      expect(signIn.json()).toHaveProperty('token');
      const [stored] = await db<{ secret: string | null; codes: string[] }>(
        sql`select two_factor_secret as secret, two_factor_recovery_codes as codes
            from ${sql.raw(a.table)} where id = ${target.user.id}`,
      );
      expect(stored).toEqual({ secret: null, codes: [] });
      const mails = await db<{ subject: string; text: string }>(
        sql`select subject, text from mail_outbox where "to" = ${target.user.email} and kind = 'two-factor-reset'`,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(t('en', 'users.twoFactorResetMail.subject'));
      expect(mails[0]!.text).toContain('turned off two-factor sign-in');
      const entries = await auditOf(a, target.user.id);
      expect(entries.map((e) => e.action)).toContain('two-factor.reset');
      // Nothing left to reset: 409; nobody resets their own (they turn it off with the password and a code): 403.
      expect(
        (await api(a, 'POST', `/users/${target.user.id}/two-factor/reset`, { token: keeperToken }))
          .statusCode,
      ).toBe(409);
      const own = await enrol(a, keeper);
      expect(
        (await api(a, 'POST', `/users/${keeper.id}/two-factor/reset`, { token: own.token })).statusCode,
      ).toBe(403);
    });
  });
});

describe('two-factor made mandatory for central staff', () => {
  const central = AREAS.central;
  let adminToken: string;
  beforeAll(async () => {
    // The admin who changes the setting signs in with two factors (they could not turn it on otherwise).
    adminToken = (await enrol(central)).token;
  });
  afterAll(async () => {
    await db(sql`update system_settings set require_two_factor_central = false`);
  });

  const setting = (on: boolean, token = adminToken) =>
    api(central, 'PUT', '/system-settings', { token, body: { requireTwoFactorForCentralStaff: on } });

  it('is off by default, and an admin who uses two-factor turns it on (audited)', async () => {
    const res = await api(central, 'GET', '/system-settings', { token: adminToken });
    expect(res.json()).toEqual({ requireTwoFactorForCentralStaff: false });
    // An admin without two-factor would shut themselves out: refused.
    const plain = await login(ctx, await createCentralUser(ctx.database, 'admin'));
    const refused = await setting(true, plain);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      requireTwoFactorForCentralStaff: [t('en', 'twoFactor.enrolYourselfFirst')],
    });
    const on = await setting(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ requireTwoFactorForCentralStaff: true });
    const [entry] = await db<{ action: string; changes: unknown }>(
      sql`select action, changes from binnacle where entity = 'system_settings' order by id desc limit 1`,
    );
    expect(entry!.action).toBe('update');
    expect(JSON.stringify(entry!.changes)).toContain('requireTwoFactorForCentralStaff');
    expect(
      (
        await api(central, 'PUT', '/system-settings', {
          token: adminToken,
          body: { requireTwoFactorForCentralStaff: 'yes' },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('restricts a central user without two-factor to enrolment until they enrol', async () => {
    await setting(true);
    const user = await createCentralUser(ctx.database, 'admin');
    const token = await login(ctx, user);
    const boot = await api(central, 'GET', '/auth/bootstrap', { token });
    expect(boot.statusCode).toBe(200);
    expect(boot.json<{ twoFactor: unknown }>().twoFactor).toEqual({
      enabled: false,
      enrolmentRequired: true,
    });
    const refused = await api(central, 'GET', '/properties', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: t('en', 'auth.twoFactorEnrolmentRequired'),
      errors: {},
      statusCode: 403,
      code: ERROR_CODES.twoFactorEnrolmentRequired,
    });
    const status = await api(central, 'GET', '/auth/two-factor', { token });
    expect(status.json()).toMatchObject({ enabled: false, required: true });

    const { secret } = (await api(central, 'POST', '/auth/two-factor/setup', { token })).json<{
      secret: string;
    }>();
    const confirm = await api(central, 'POST', '/auth/two-factor/confirm', {
      token,
      body: { password: user.password, code: await codeOf(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    // The same session goes on, unrestricted.
    expect((await api(central, 'GET', '/properties', { token })).statusCode).toBe(200);
    const after = await api(central, 'GET', '/auth/bootstrap', { token });
    expect(after.json<{ twoFactor: unknown }>().twoFactor).toEqual({
      enabled: true,
      enrolmentRequired: false,
    });
  });

  it('restricts sessions already open when it is turned on, and leaves property staff alone', async () => {
    await setting(false);
    const user = await createCentralUser(ctx.database, 'admin');
    const token = await login(ctx, user);
    expect((await api(central, 'GET', '/properties', { token })).statusCode).toBe(200);
    await setting(true);
    expect((await api(central, 'GET', '/properties', { token })).statusCode).toBe(403);
    const manager = await createTenantUser(ctx.database, property.id, 'manager');
    const managerToken = await login(ctx, manager, property.code);
    expect((await api(AREAS.tenant, 'GET', '/buildings', { token: managerToken })).statusCode).toBe(200);
    // Without the permission, the setting is not theirs to change.
    const inspector = await createCentralUser(ctx.database, 'parking-inspector');
    const { token: inspectorToken } = await enrol(central, inspector);
    expect((await setting(false, inspectorToken)).statusCode).toBe(403);
  });
});
