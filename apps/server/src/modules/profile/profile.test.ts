import { faker } from '@faker-js/faker';
import type { Language, Profile } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../platform/db';
import { inScope } from '../../platform/scope';
import { buildings } from '../buildings/table';
import { residents, residentUnits } from '../residents/table';
import { units } from '../units/table';
import { t } from '../../platform/i18n';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
  type TestUser,
} from '../../test/harness';

/* GET and PUT /my/profile: a resident reads and edits their own profile, on a real database. */

let ctx: TestContext;
let oak: { id: number; code: string; name: string };
let elm: { id: number; code: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  oak = await createProperty(ctx.database, { name: 'Oak Court', languages: ['en', 'es'] });
  elm = await createProperty(ctx.database, { name: 'Elm Court' });
});
afterAll(() => ctx?.close());

const phone = () => `+1${faker.string.numeric({ length: 10, allowLeadingZeros: false })}`;

async function resident(property: { id: number; code: string }, overrides: { phone?: string } = {}) {
  const user = await createTenantUser(ctx.database, property.id, null, {
    fullName: 'Rita Resident',
    language: 'es',
    ...overrides,
  });
  return { user, token: await login(ctx, user, property.code) };
}

function call(
  property: { code: string },
  token: string,
  method: 'GET' | 'PUT',
  o: { payload?: object; lang?: Language } = {},
) {
  return ctx.app.inject({
    method,
    url: '/tenant/api/my/profile',
    headers: headers({ tenant: property.code, token, lang: o.lang }),
    payload: o.payload,
  });
}

const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: Record<string, string[]> }>().errors;

async function storedUser(user: TestUser) {
  const rows = await ctx.database.withScope({ area: 'central' }, (tx) =>
    query<{ fullName: string; phone: string | null; language: string }>(
      tx,
      sql`select full_name as "fullName", phone, language from tenant_users where id = ${user.id}`,
    ),
  );
  return rows[0]!;
}

describe('GET /my/profile', () => {
  it("answers the resident's own profile with the property and its languages", async () => {
    const number = phone();
    const { user, token } = await resident(oak, { phone: number });
    const res = await call(oak, token, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json<Profile>();
    expect(profile).toEqual({
      id: user.id,
      fullName: 'Rita Resident',
      email: user.email,
      phone: number,
      language: 'es',
      languages: ['en', 'es'],
      lastLoginAt: expect.any(String) as string,
      createdAt: expect.any(String) as string,
      property: { id: oak.id, code: oak.code, name: 'Oak Court' },
      units: [],
    });
    expect(Number.isNaN(Date.parse(profile.lastLoginAt!))).toBe(false);
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('shows the units the resident holds with their buildings, first unit first, and no other resident’s', async () => {
    const { user, token } = await resident(oak);
    const other = await resident(oak);
    await inScope(ctx.services, { area: 'tenant', propertyId: oak.id }, async (s) => {
      const [b] = await s.tx.insert(buildings).values({ propertyId: oak.id, name: 'Tower B' }).returning();
      const [first, second, theirs] = await s.tx
        .insert(units)
        .values(['12A', '3C', '7F'].map((name) => ({ propertyId: oak.id, buildingId: b!.id, name })))
        .returning();
      await s.tx.insert(residents).values([
        { propertyId: oak.id, id: user.id },
        { propertyId: oak.id, id: other.user.id },
      ]);
      await s.tx.insert(residentUnits).values([
        { propertyId: oak.id, residentId: user.id, unitId: second!.id, position: 1 },
        { propertyId: oak.id, residentId: user.id, unitId: first!.id, position: 0 },
        { propertyId: oak.id, residentId: other.user.id, unitId: theirs!.id, position: 0 },
      ]);
    });
    const res = await call(oak, token, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Profile>().units).toEqual([
      { name: '12A', building: 'Tower B' },
      { name: '3C', building: 'Tower B' },
    ]);
  });

  it('is for residents only: staff of the property get 403, central staff and other tenants 401', async () => {
    const manager = await createTenantUser(ctx.database, oak.id, 'manager');
    const staffToken = await login(ctx, manager, oak.code);
    const forbidden = await call(oak, staffToken, 'GET', { lang: 'es' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ message: string }>().message).toBe(t('es', 'errors.forbidden'));
    expect(
      (await call(oak, staffToken, 'PUT', { payload: { fullName: 'X', language: 'en' } })).statusCode,
    ).toBe(403);

    const admin = await createCentralUser(ctx.database, 'admin');
    expect((await call(oak, await login(ctx, admin), 'GET')).statusCode).toBe(401);
    const { token: elmToken } = await resident(elm);
    expect((await call(oak, elmToken, 'GET')).statusCode).toBe(401);
  });
});

describe('PUT /my/profile', () => {
  it('updates the name, the phone and the language, audits the change, and answers the profile', async () => {
    const { user, token } = await resident(oak);
    const number = phone();
    const res = await call(oak, token, 'PUT', {
      payload: { fullName: '  Rita Q. Resident ', phone: number, language: 'en' },
      lang: 'es',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ profile: Profile; message: string }>();
    expect(body.message).toBe(t('en', 'profile.updated'));
    expect(body.profile).toMatchObject({
      id: user.id,
      fullName: 'Rita Q. Resident',
      phone: number,
      language: 'en',
    });
    expect(await storedUser(user)).toEqual({ fullName: 'Rita Q. Resident', phone: number, language: 'en' });
    expect((await call(oak, token, 'GET')).json<Profile>()).toMatchObject({ phone: number, language: 'en' });

    const entries = await ctx.database.withScope({ area: 'tenant', propertyId: oak.id }, (tx) =>
      query<{ action: string; changes: Record<string, { old: unknown; new: unknown }>; userId: number }>(
        tx,
        sql`select action, changes, user_id::int as "userId" from binnacle
            where entity = 'tenant_users' and entity_id = ${String(user.id)} and action = 'update'`,
      ),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.userId).toBe(user.id);
    expect(entries[0]!.changes).toEqual({
      fullName: { old: 'Rita Resident', new: 'Rita Q. Resident' },
      phone: { old: null, new: number },
      language: { old: 'es', new: 'en' },
    });
  });

  it("stores a phone typed nationally or with spaces in E.164, a national one read in the property's country", async () => {
    const { user, token } = await resident(oak);
    const spaced = await call(oak, token, 'PUT', {
      payload: { fullName: 'Rita', phone: '+1 (512) 555-0187', language: 'es' },
    });
    expect(spaced.statusCode, spaced.body).toBe(200);
    expect((await storedUser(user)).phone).toBe('+15125550187');
    const national = await call(oak, token, 'PUT', {
      payload: { fullName: 'Rita', phone: '512.555.0188', language: 'es' },
    });
    expect(national.json<{ profile: Profile }>().profile.phone).toBe('+15125550188');
  });

  it('removes the phone when it is empty, and keeps it when it is absent', async () => {
    const number = phone();
    const { user, token } = await resident(oak, { phone: number });
    expect(
      (await call(oak, token, 'PUT', { payload: { fullName: 'Kept', language: 'es' } })).statusCode,
    ).toBe(200);
    expect((await storedUser(user)).phone).toBe(number);
    const cleared = await call(oak, token, 'PUT', {
      payload: { fullName: 'Kept', phone: '', language: 'es' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<{ profile: Profile }>().profile.phone).toBeNull();
    expect((await storedUser(user)).phone).toBeNull();
  });

  it.each(['en', 'es', 'zh'] as const)(
    'refuses a malformed phone with the phone message in %s',
    async (lang) => {
      const { user, token } = await resident(oak);
      for (const bad of [
        '5551234567',
        '555-0123',
        '+0123456789',
        '+123456',
        '+1234567890123456',
        'call me',
      ]) {
        const res = await call(oak, token, 'PUT', {
          payload: { fullName: 'R', phone: bad, language: 'es' },
          lang,
        });
        expect(res.statusCode, bad).toBe(422);
        expect(errorsOf(res), bad).toEqual({ phone: [t(lang, 'validation.phone')] });
      }
      expect((await storedUser(user)).fullName).toBe('Rita Resident');
    },
  );

  it('refuses a language the property does not offer, and one that is not a language', async () => {
    const { user, token } = await resident(oak);
    const notOffered = await call(oak, token, 'PUT', {
      payload: { fullName: 'R', language: 'zh' },
      lang: 'es',
    });
    expect(notOffered.statusCode).toBe(422);
    expect(errorsOf(notOffered)).toEqual({ language: [t('es', 'errors.languageNotAllowed')] });
    const unknown = await call(oak, token, 'PUT', { payload: { fullName: 'R', language: 'french' }, lang: 'es' });
    expect(errorsOf(unknown)).toEqual({ language: [t('es', 'validation.invalidSelection')] });
    expect((await storedUser(user)).language).toBe('es');
    // Elm offers every language.
    const { token: elmToken } = await resident(elm);
    expect(
      (await call(elm, elmToken, 'PUT', { payload: { fullName: 'R', language: 'zh' } })).statusCode,
    ).toBe(200);
  });

  it('refuses a phone another account of the property uses; another property may use it', async () => {
    const taken = phone();
    await createTenantUser(ctx.database, oak.id, 'manager', { phone: taken });
    const { user, token } = await resident(oak);
    const res = await call(oak, token, 'PUT', {
      payload: { fullName: 'R', phone: taken, language: 'es' },
      lang: 'es',
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ phone: [t('es', 'validation.inUse')] });
    expect((await storedUser(user)).phone).toBeNull();

    const { token: elmToken } = await resident(elm);
    expect(
      (await call(elm, elmToken, 'PUT', { payload: { fullName: 'R', phone: taken, language: 'en' } }))
        .statusCode,
    ).toBe(200);
  });

  it('requires a name and a language', async () => {
    const { token } = await resident(oak);
    const res = await call(oak, token, 'PUT', { payload: { fullName: '   ' }, lang: 'zh' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      fullName: [t('zh', 'validation.required')],
      language: [t('zh', 'validation.required')],
    });
    const long = await call(oak, token, 'PUT', { payload: { fullName: 'x'.repeat(256), language: 'en' } });
    expect(errorsOf(long)).toEqual({ fullName: [t('en', 'validation.max', { max: 255 })] });
  });

  it("changes only the caller's own row", async () => {
    const { user: other } = await resident(oak);
    const { token } = await resident(oak);
    await call(oak, token, 'PUT', { payload: { fullName: 'Someone Else', language: 'en', id: other.id } });
    expect((await storedUser(other)).fullName).toBe('Rita Resident');
  });
});
