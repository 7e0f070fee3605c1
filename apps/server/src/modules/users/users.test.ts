import { faker } from '@faker-js/faker';
import type { ListResponse, Permission, RoleItem, UserItem, UserSession } from '@parkade/contract';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  headers,
  login,
  roleId,
  type TestUser,
} from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { binnacle } from '../binnacle/table';

/**
 * Staff users (decision 0021): CRUD and lists in a property and centrally, export, deactivation and sessions, and
 * the guard rails. Invitations have their own file (invitations.test.ts).
 */
const s = tenantSuite({ role: 'manager' });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Errors = { message: string; errors?: Record<string, string[]> };
let centralToken: string;
let assistant: number;
let admin: number;
let n = 0;

const body = (extra: Record<string, unknown> = {}) => {
  n++;
  return {
    username: `staff.${n}`,
    fullName: faker.person.fullName().replace(/[^\p{L}' .-]/gu, ''),
    email: `staff.${n}@users.test`,
    roleId: assistant,
    language: 'en',
    ...extra,
  };
};
/** Calls the central API as a central admin, on a selected property (X-Property) when given. */
const central = (method: Method, url: string, payload?: unknown, property?: number, token = centralToken) =>
  s.ctx.app.inject({
    method,
    url: `/api/central${url}`,
    headers: { ...headers({ token }), ...(property ? { 'x-property': String(property) } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const signIn = (user: TestUser) =>
  s.ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/auth/login',
    headers: headers({ tenant: s.code }),
    payload: { email: user.email, password: user.password },
  });
/** A staff user of the suite's property with a password, holding the role given (by name or id). */
const staff = (role: number, extra: Record<string, unknown> = {}) =>
  createTenantUser(s.ctx.database, s.propertyId, 'assistant', { roleId: role, ...extra });
/** A new role of the suite's property, made by its manager. */
const newRole = async (permissions: Permission[]) =>
  (
    await ok<RoleItem>(
      await s.call('POST', '/roles', {
        name: `Role ${++n}`,
        description: 'Made by the users test',
        permissions,
      }),
    )
  ).id;
/** The user of a 201 answer. */
function created(res: { statusCode: number; body: string; json: <X>() => X }): UserItem {
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UserItem>();
}
const me = async (token = s.token) =>
  (await ok<{ user: { id: number } }>(await s.call('GET', '/auth/bootstrap', undefined, { token }))).user;

beforeAll(async () => {
  centralToken = await login(s.ctx, await createCentralUser(s.ctx.database, 'admin'));
  assistant = await roleId(s.ctx.database, 'assistant');
  admin = await roleId(s.ctx.database, 'admin');
});

describe("a property's staff users", () => {
  it('are created invited, listed, shown, edited and deleted, each write audited', async () => {
    const res = await s.call('POST', '/users', body({ fullName: 'Dana Rivera', phone: '(512) 555-0199' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<UserItem>();
    expect(created).toMatchObject({
      fullName: 'Dana Rivera',
      phone: '+15125550199',
      status: 'invited',
      active: true,
      role: { id: assistant, name: 'assistant' },
      lastLoginAt: null,
    });
    expect(created.invitation).toMatchObject({ acceptedAt: null });

    const list = await ok<ListResponse<UserItem>>(
      await s.call('GET', '/users?filter[term]=dana rivera&include=role'),
    );
    expect(list.data.map((u) => u.id)).toEqual([created.id]);
    expect(list.data[0]!.role).toEqual({ id: assistant, name: 'assistant' });
    const invited = await ok<ListResponse<UserItem>>(
      await s.call('GET', `/users?filter[status]=invited&filter[roleId]=${assistant}&all=1`),
    );
    expect(invited.data.map((u) => u.id)).toContain(created.id);
    const active = await ok<ListResponse<UserItem>>(
      await s.call('GET', '/users?filter[status]=active&all=1'),
    );
    expect(active.data.map((u) => u.id)).not.toContain(created.id);
    expect((await s.call('GET', '/users?filter[colour]=x')).statusCode).toBe(400);

    const edited = await ok<UserItem>(
      await s.call('PUT', `/users/${created.id}`, {
        ...body(),
        fullName: "Dana O'Rivera",
        email: created.email,
      }),
    );
    expect(edited).toMatchObject({ fullName: "Dana O'Rivera", phone: '+15125550199' });
    expect((await ok<UserItem>(await s.call('GET', `/users/${created.id}`))).username).toBe(edited.username);

    expect((await s.call('DELETE', `/users/${created.id}`)).statusCode).toBe(204);
    expect((await s.call('GET', `/users/${created.id}`)).statusCode).toBe(404);
    const audit = await s.inProperty((tx) =>
      tx
        .select({ action: binnacle.action })
        .from(binnacle)
        .where(and(eq(binnacle.entity, 'tenant_users'), eq(binnacle.entityId, String(created.id))))
        .orderBy(asc(binnacle.id)),
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'invitation.send', 'update', 'delete']);
  });

  it('never include residents, and refuse taken usernames, emails and phones, foreign roles and languages', async () => {
    const resident = await createTenantUser(s.ctx.database, s.propertyId, null);
    expect((await s.call('GET', `/users/${resident.id}`)).statusCode).toBe(404);
    const all = await ok<ListResponse<UserItem>>(await s.call('GET', '/users?all=1'));
    expect(all.data.map((u) => u.id)).not.toContain(resident.id);

    const original = body({ phone: '+15125550111' });
    expect((await s.call('POST', '/users', original)).statusCode).toBe(201);
    for (const [field, value] of [
      ['username', original.username.toUpperCase()],
      ['email', original.email.toUpperCase()],
      ['phone', '+15125550111'],
    ] as const) {
      const clash = await s.call('POST', '/users', body({ [field]: value }));
      expect(clash.statusCode, field).toBe(422);
      expect(clash.json<Errors>().errors?.[field], field).toBeDefined();
    }
    const residentEmail = await s.call('POST', '/users', body({ email: resident.email }));
    expect(residentEmail.json<Errors>().errors?.email).toBeDefined();

    const other = await createProperty(s.ctx.database);
    const theirs = await ok<RoleItem>(
      await central('POST', '/roles', { name: 'Theirs', description: '', permissions: [] }, other.id),
    );
    const centralRole = await ok<RoleItem>(
      await central('POST', '/roles', { name: 'Central desk', description: '', permissions: [] }),
    );
    for (const id of [theirs.id, centralRole.id, 2147483000]) {
      const res = await s.call('POST', '/users', body({ roleId: id }), { lang: 'es' });
      expect(res.statusCode).toBe(422);
      expect(res.json<Errors>().errors?.roleId).toEqual(['Elija uno de los roles de este ámbito.']);
    }
    const small = await createProperty(s.ctx.database, { languages: ['en'] });
    const smallLanguage = await central('POST', '/users', body({ language: 'zh' }), small.id);
    expect(smallLanguage.statusCode).toBe(422);
    expect(smallLanguage.json<Errors>().errors?.language).toBeDefined();
    const badName = await s.call('POST', '/users', body({ fullName: 'R2-D2', username: '-x-' }));
    expect(Object.keys(badName.json<Errors>().errors ?? {})).toEqual(
      expect.arrayContaining(['fullName', 'username']),
    );
  });

  it('export the filtered rows as .xlsx with translated headers', async () => {
    const marker = `Exportable ${faker.string.alpha(8)}`;
    const one = created(await s.call('POST', '/users', body({ fullName: `${marker} One` })));
    await s.call('POST', '/users', body({ fullName: `${marker} Two` }));
    await s.call('PUT', `/users/${one.id}/status`, { active: false });
    const res = await s.ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/users/export?filter[term]=${encodeURIComponent(marker)}&filter[status]=inactive`,
      headers: headers({ tenant: s.code, token: s.token, lang: 'es' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Nombre completo',
      'Nombre de usuario',
      'Correo electrónico',
      'Teléfono',
      'Rol',
      'Idioma',
      'Estado',
      // Times in the property's zone, named in the header (decision 0039 §12).
      'Último inicio de sesión (America/New_York)',
      'Último restablecimiento de contraseña (America/New_York)',
      'Creado (America/New_York)',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 7)).toEqual([
      `${marker} One`,
      one.username,
      one.email,
      undefined,
      // The built-in role by its Spanish name, never its code (issue 36 §9).
      'Asistente',
      'en',
      'Inactivo',
    ]);
  });
});

describe('deactivation and sessions', () => {
  it('ends every session at once and refuses sign-in; reactivation lets the user in again', async () => {
    const user = await staff(assistant);
    const token = await login(s.ctx, user, s.code);
    expect((await s.call('GET', '/auth/bootstrap', undefined, { token })).statusCode).toBe(200);
    const off = await ok<UserItem>(await s.call('PUT', `/users/${user.id}/status`, { active: false }));
    expect(off).toMatchObject({ active: false, status: 'inactive' });
    expect((await s.call('GET', '/auth/bootstrap', undefined, { token })).statusCode).toBe(401);
    expect((await signIn(user)).statusCode).toBe(401);
    // The last sign-in stands, so the user is deactivated, never deleted.
    expect((await s.call('DELETE', `/users/${user.id}`)).statusCode).toBe(409);

    const on = await ok<UserItem>(await s.call('PUT', `/users/${user.id}/status`, { active: true }));
    expect(on).toMatchObject({ active: true, status: 'active' });
    expect((await signIn(user)).statusCode).toBe(200);
    // The session ended by the deactivation stays ended.
    expect((await s.call('GET', '/auth/bootstrap', undefined, { token })).statusCode).toBe(401);
  });

  it("lists a user's valid sessions newest first and ends one or all of them", async () => {
    const role = await newRole(['users.index', 'users.show', 'users.edit']);
    const user = await staff(role);
    const first = await login(s.ctx, user, s.code);
    const second = await login(s.ctx, user, s.code);
    const third = await login(s.ctx, user, s.code);
    const listed = await ok<UserSession[]>(await s.call('GET', `/users/${user.id}/sessions`));
    expect(listed).toHaveLength(3);
    expect(listed.map((x) => x.current)).toEqual([false, false, false]);
    expect(listed[0]!.id).toBeGreaterThan(listed[1]!.id);

    // Seen by the user: their own session is marked.
    const own = await ok<UserSession[]>(
      await s.call('GET', `/users/${user.id}/sessions`, undefined, { token: third }),
    );
    expect(own.filter((x) => x.current).map((x) => x.id)).toEqual([listed[0]!.id]);

    expect((await s.call('DELETE', `/users/${user.id}/sessions/${listed[2]!.id}`)).statusCode).toBe(204);
    expect((await s.call('GET', '/auth/bootstrap', undefined, { token: first })).statusCode).toBe(401);
    expect((await s.call('GET', '/auth/bootstrap', undefined, { token: second })).statusCode).toBe(200);
    expect((await s.call('DELETE', `/users/${user.id}/sessions/${listed[2]!.id}`)).statusCode).toBe(404);
    // Another user's session is not this user's.
    const [mine] = await ok<UserSession[]>(await s.call('GET', `/users/${(await me()).id}/sessions`));
    expect((await s.call('DELETE', `/users/${user.id}/sessions/${mine!.id}`)).statusCode).toBe(404);

    // Ending all of one's own sessions keeps the one asking.
    expect(
      (await s.call('DELETE', `/users/${user.id}/sessions`, undefined, { token: third })).statusCode,
    ).toBe(204);
    expect((await s.call('GET', '/auth/bootstrap', undefined, { token: second })).statusCode).toBe(401);
    expect((await s.call('GET', '/auth/bootstrap', undefined, { token: third })).statusCode).toBe(200);
    expect((await s.call('DELETE', `/users/${user.id}/sessions`)).statusCode).toBe(204);
    expect((await s.call('GET', '/auth/bootstrap', undefined, { token: third })).statusCode).toBe(401);
    expect(await ok<UserSession[]>(await s.call('GET', `/users/${user.id}/sessions`))).toEqual([]);
  });

  it('sends an active user the standard reset link; not an invited one', async () => {
    const user = await staff(assistant);
    expect((await s.call('POST', `/users/${user.id}/password-reset`)).statusCode).toBe(204);
    const invited = created(await s.call('POST', '/users', body()));
    const refused = await s.call('POST', `/users/${invited.id}/password-reset`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Errors>().message).toMatch(/resend the invitation/);
  });
});

describe('guard rails', () => {
  it('apply a role change on the next request of the user', async () => {
    const reader = await newRole(['users.index']);
    const nothing = await newRole([]);
    const user = await staff(reader);
    const token = await login(s.ctx, user, s.code);
    expect((await s.call('GET', '/users', undefined, { token })).statusCode).toBe(200);
    await ok<UserItem>(
      await s.call('PUT', `/users/${user.id}`, { ...body(), email: user.email, roleId: nothing }),
    );
    expect((await s.call('GET', '/users', undefined, { token })).statusCode).toBe(403);
  });

  it('refuse giving a role above one’s own, changing one’s own role, and acting on oneself or on someone above', async () => {
    const grant = await s.call('POST', '/users', body({ roleId: admin }));
    expect(grant.statusCode).toBe(403);
    expect(grant.json<Errors>().message).toMatch(/cannot give a role/);

    const self = await me();
    const own = await s.call('PUT', `/users/${self.id}`, { ...body(), roleId: admin });
    expect(own.statusCode).toBe(403);
    expect((await s.call('PUT', `/users/${self.id}/status`, { active: false })).statusCode).toBe(403);
    expect((await s.call('DELETE', `/users/${self.id}`)).statusCode).toBe(403);

    const boss = await staff(admin);
    for (const [method, url, payload] of [
      ['PUT', `/users/${boss.id}`, { ...body(), email: 'mine@users.test' }],
      ['PUT', `/users/${boss.id}/status`, { active: false }],
      ['POST', `/users/${boss.id}/password-reset`, undefined],
      ['DELETE', `/users/${boss.id}/sessions`, undefined],
    ] as const) {
      const res = await s.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await ok<UserItem>(await s.call('GET', `/users/${boss.id}`))).email).toBe(boss.email);
  });

  it('keep an active user able to manage users and roles in each property', async () => {
    const lone = await createProperty(s.ctx.database);
    const manager = await createTenantUser(s.ctx.database, lone.id, 'manager');
    const keeperRole = await roleId(s.ctx.database, 'manager');
    // An invited manager cannot sign in yet: not a keeper.
    const invited = created(await central('POST', '/users', body({ roleId: keeperRole }), lone.id));
    for (const [method, url, payload] of [
      ['PUT', `/users/${manager.id}/status`, { active: false }],
      ['PUT', `/users/${manager.id}`, { ...body(), email: manager.email, roleId: assistant }],
    ] as const) {
      const res = await central(method, url, payload, lone.id);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json<Errors>().message).toMatch(/last active user/);
    }
    // The invited one may be deleted (a mistaken invitation), and deactivated.
    expect((await central('PUT', `/users/${invited.id}/status`, { active: false }, lone.id)).statusCode).toBe(
      200,
    );
    expect((await central('DELETE', `/users/${invited.id}`, undefined, lone.id)).statusCode).toBe(204);
    // With a second keeper who can sign in, the first may go.
    await createTenantUser(s.ctx.database, lone.id, 'manager');
    expect((await central('PUT', `/users/${manager.id}/status`, { active: false }, lone.id)).statusCode).toBe(
      200,
    );
  });
  it('let only one of two keepers taking each other away at once succeed', async () => {
    const pair = await createProperty(s.ctx.database);
    const a = await createTenantUser(s.ctx.database, pair.id, 'manager');
    const b = await createTenantUser(s.ctx.database, pair.id, 'manager');
    const [ta, tb] = [await login(s.ctx, a, pair.code), await login(s.ctx, b, pair.code)];
    const off = (token: string, id: number) =>
      s.ctx.app.inject({
        method: 'PUT',
        url: `/tenant/api/users/${id}/status`,
        headers: headers({ tenant: pair.code, token }),
        payload: { active: false },
      });
    const answers = (await Promise.all([off(ta, b.id), off(tb, a.id)])).map((r) => r.statusCode);
    // The second is refused: its caller was deactivated first (401), or the last keeper is kept (409).
    expect(answers.filter((c) => c === 200)).toHaveLength(1);
    expect(answers.filter((c) => c === 401 || c === 409)).toHaveLength(1);
    const list = await central('GET', '/users?filter[status]=active&all=1', undefined, pair.id);
    expect((await ok<ListResponse<UserItem>>(list)).data).toHaveLength(1);
  });
});

describe('central staff', () => {
  it('manage the central staff, or the selected property’s staff only', async () => {
    const other = await createProperty(s.ctx.database);
    const mine = created(await s.call('POST', '/users', body()));
    const theirsRes = await central('POST', '/users', body(), other.id);
    expect(theirsRes.statusCode, theirsRes.body).toBe(201);
    const theirs = theirsRes.json<UserItem>();
    const centralRes = await central('POST', '/users', body({ roleId: admin }));
    expect(centralRes.statusCode, centralRes.body).toBe(201);
    const centralUser = centralRes.json<UserItem>();

    const ids = async (res: Awaited<ReturnType<typeof central>>) =>
      (await ok<ListResponse<UserItem>>(res)).data.map((u) => u.id);
    const selected = await ids(await central('GET', '/users?all=1', undefined, other.id));
    expect(selected).toContain(theirs.id);
    expect(selected).not.toContain(mine.id);
    const centrally = await central('GET', '/users?all=1');
    const centralList = (await ok<ListResponse<UserItem>>(centrally)).data;
    expect(centralList.map((u) => u.email)).toContain(centralUser.email);
    expect(centralList.map((u) => u.email)).not.toContain(theirs.email);
    expect(centralList.map((u) => u.email)).not.toContain(mine.email);

    // Another property's user is not found through this one, nor through the central area.
    expect((await central('GET', `/users/${mine.id}`, undefined, other.id)).statusCode).toBe(404);
    expect((await central('PUT', `/users/${mine.id}/status`, { active: false }, other.id)).statusCode).toBe(
      404,
    );
    expect((await s.call('GET', `/users/${theirs.id}`)).statusCode).toBe(404);
    expect((await central('GET', `/users/${theirs.id}`, undefined, other.id)).statusCode).toBe(200);
  });
});
