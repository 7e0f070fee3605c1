import type { ListResponse, Permission, RoleItem } from '@parkade/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
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
import { seedRoles } from './seed';
import { roles } from './table';

/** Roles (decision 0020): CRUD, areas and properties, the guard rails, and a change applied on the next request. */
const s = tenantSuite({ role: 'manager' });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Errors = { message: string; errors?: Record<string, string[]> };
let centralToken: string;
let n = 0;
const body = (permissions: Permission[], extra: Record<string, unknown> = {}) => ({
  name: `Role ${++n}`,
  description: 'Made by the roles test',
  permissions,
  ...extra,
});
/** Calls the central API as a central admin, on a selected property (X-Property) when given. */
const central = (method: Method, url: string, payload?: unknown, property?: number, token = centralToken) =>
  s.ctx.app.inject({
    method,
    url: `/api/central${url}`,
    headers: { ...headers({ token }), ...(property ? { 'x-property': String(property) } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const names = (list: ListResponse<RoleItem>) => list.data.map((r) => r.name);
/** A staff user of the suite's property holding a new role of the property, signed in. */
async function holderOf(permissions: Permission[]) {
  const role = await ok<RoleItem>(await s.call('POST', '/roles', body(permissions)));
  const user = await createTenantUser(s.ctx.database, s.propertyId, 'assistant', { roleId: role.id });
  return { role, user, token: await login(s.ctx, user, s.code) };
}

beforeAll(async () => {
  centralToken = await login(s.ctx, await createCentralUser(s.ctx.database, 'admin'));
});

describe('roles of a property', () => {
  it('are created, listed with the built-in ones, shown, edited and deleted, each write audited', async () => {
    const created = await ok<RoleItem>(
      await s.call('POST', '/roles', body(['residents.index', 'residents.show'], { name: 'Night desk' })),
    );
    expect(created).toMatchObject({ area: 'property', builtIn: false, propertyId: s.propertyId });
    expect(created.permissions).toEqual(['residents.index', 'residents.show']);

    const list = await ok<ListResponse<RoleItem>>(await s.call('GET', '/roles?all=1'));
    expect(names(list)).toEqual(expect.arrayContaining(['admin', 'manager', 'assistant', 'Night desk']));
    const own = await ok<ListResponse<RoleItem>>(await s.call('GET', '/roles?filter[area]=property'));
    expect(names(own)).toContain('Night desk');
    expect(names(own)).not.toContain('admin');
    const found = await ok<ListResponse<RoleItem>>(await s.call('GET', '/roles?filter[term]=night'));
    expect(names(found)).toEqual(['Night desk']);

    expect((await ok<RoleItem>(await s.call('GET', `/roles/${created.id}`))).name).toBe('Night desk');
    const edited = await ok<RoleItem>(
      await s.call('PUT', `/roles/${created.id}`, body(['residents.index'], { name: 'Late desk' })),
    );
    expect(edited).toMatchObject({ name: 'Late desk', permissions: ['residents.index'] });
    // A property's role may not take a built-in role's name.
    const clash = await s.call('POST', '/roles', body([], { name: 'Admin' }));
    expect(clash.statusCode).toBe(422);
    expect(clash.json<Errors>().errors?.name).toBeDefined();

    expect((await s.call('DELETE', `/roles/${created.id}`)).statusCode).toBe(200);
    expect((await s.call('GET', `/roles/${created.id}`)).statusCode).toBe(404);
    const audit = await s.inProperty((tx) =>
      tx
        .select({ action: binnacle.action })
        .from(binnacle)
        .where(and(eq(binnacle.entity, 'roles'), eq(binnacle.entityId, String(created.id))))
        .orderBy(asc(binnacle.id)),
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('are seen only on their property; central roles only centrally', async () => {
    const mine = await ok<RoleItem>(await s.call('POST', '/roles', body(['units.index'])));
    const other = await createProperty(s.ctx.database);
    const theirs = await ok<RoleItem>(await central('POST', '/roles', body(['units.index']), other.id));
    expect(theirs).toMatchObject({ area: 'property', propertyId: other.id });
    const centralRole = await ok<RoleItem>(await central('POST', '/roles', body(['units.index'])));
    expect(centralRole).toMatchObject({ area: 'central', propertyId: null });

    // The property sees its own and the built-in roles, never another property's nor a central one.
    expect((await s.call('GET', `/roles/${theirs.id}`)).statusCode).toBe(404);
    expect((await s.call('GET', `/roles/${centralRole.id}`)).statusCode).toBe(404);
    expect((await s.call('PUT', `/roles/${theirs.id}`, body([]))).statusCode).toBe(404);
    expect((await s.call('DELETE', `/roles/${theirs.id}`)).statusCode).toBe(404);
    const seen = names(await ok<ListResponse<RoleItem>>(await s.call('GET', '/roles?all=1')));
    expect(seen).toContain(mine.name);
    expect(seen).not.toContain(theirs.name);
    expect(seen).not.toContain(centralRole.name);

    // Centrally: without a selected property, the built-in and central roles; with one, that property's.
    const centrally = names(await ok<ListResponse<RoleItem>>(await central('GET', '/roles?all=1')));
    expect(centrally).toEqual(expect.arrayContaining(['admin', centralRole.name]));
    expect(centrally).not.toContain(mine.name);
    const selected = names(
      await ok<ListResponse<RoleItem>>(await central('GET', '/roles?all=1', undefined, other.id)),
    );
    expect(selected).toEqual(expect.arrayContaining(['admin', theirs.name]));
    expect(selected).not.toContain(mine.name);
    expect(selected).not.toContain(centralRole.name);
  });
});

describe('guard rails', () => {
  it('refuse granting a permission the caller does not hold, on create and on edit, naming it', async () => {
    const res = await s.call('POST', '/roles', body(['residents.index', 'system-settings.edit']));
    expect(res.statusCode).toBe(403);
    expect(res.json<Errors>().message).toContain('system-settings.edit');
    const role = await ok<RoleItem>(await s.call('POST', '/roles', body(['residents.index'])));
    const raised = await s.call('PUT', `/roles/${role.id}`, body(['tenants.index']));
    expect(raised.statusCode).toBe(403);
    expect(raised.json<Errors>().message).toContain('tenants.index');
    const es = await s.call('POST', '/roles', body(['tenants.index']), { lang: 'es' });
    expect(es.json<Errors>().message).toContain('No puede otorgar');
  });

  it('refuse editing or deleting a role that holds a permission the caller lacks', async () => {
    const above = await ok<RoleItem>(
      await central('POST', '/roles', body(['residents.index', 'tenants.index']), s.propertyId),
    );
    const edit = await s.call('PUT', `/roles/${above.id}`, body(['residents.index']));
    expect(edit.statusCode).toBe(403);
    expect(edit.json<Errors>().message).toContain('tenants.index');
    expect((await s.call('DELETE', `/roles/${above.id}`)).statusCode).toBe(403);
    expect((await s.call('GET', `/roles/${above.id}`)).statusCode).toBe(200);
  });

  it("refuse raising one's own role above what one holds", async () => {
    const own: Permission[] = ['roles.index', 'roles.show', 'roles.edit', 'users.edit'];
    const { role, token } = await holderOf(own);
    const res = await s.call('PUT', `/roles/${role.id}`, body([...own, 'residents.delete']), { token });
    expect(res.statusCode).toBe(403);
    const [row] = await s.inProperty((tx) => tx.select().from(roles).where(eq(roles.id, role.id)));
    expect(row!.permissions).toEqual(own);
  });

  it('keep built-in roles: edited centrally only, never renamed or deleted', async () => {
    const assistant = await roleId(s.ctx.database, 'assistant');
    const shown = await ok<RoleItem>(await s.call('GET', `/roles/${assistant}`));
    expect(shown).toMatchObject({ builtIn: true, area: 'shared' });
    expect((await s.call('PUT', `/roles/${assistant}`, { ...shown, description: 'x' })).statusCode).toBe(403);
    expect((await s.call('DELETE', `/roles/${assistant}`)).statusCode).toBe(409);

    const renamed = await central('PUT', `/roles/${assistant}`, { ...shown, name: 'Helper' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json<Errors>().errors?.name).toBeDefined();
    const deleted = await central('DELETE', `/roles/${assistant}`);
    expect(deleted.statusCode).toBe(409);
    const fewer = shown.permissions.filter((p) => p !== 'vehicles.edit');
    const edited = await ok<RoleItem>(
      await central('PUT', `/roles/${assistant}`, { ...shown, permissions: fewer }),
    );
    expect(edited.permissions).not.toContain('vehicles.edit');
  });

  it('refuse deleting a role in use, naming up to five holders and the count', async () => {
    const role = await ok<RoleItem>(await s.call('POST', '/roles', body(['units.index'])));
    const holders: TestUser[] = [];
    for (let i = 0; i < 6; i++)
      holders.push(await createTenantUser(s.ctx.database, s.propertyId, 'assistant', { roleId: role.id }));
    const res = await s.call('DELETE', `/roles/${role.id}`);
    expect(res.statusCode).toBe(409);
    const message = res.json<Errors>().message;
    expect(message).toContain('6');
    expect(message.split(',').length).toBe(6); // five names and "…"
    expect((await ok<RoleItem>(await s.call('GET', `/roles/${role.id}`))).usersCount).toBe(6);
  });

  it('refuse an edit that leaves a property without an active user able to manage users and roles', async () => {
    const lone = await createProperty(s.ctx.database);
    const keeper: Permission[] = ['roles.index', 'roles.show', 'roles.edit', 'users.edit'];
    const role = await ok<RoleItem>(await central('POST', '/roles', body(keeper), lone.id));
    const user = await createTenantUser(s.ctx.database, lone.id, 'assistant', { roleId: role.id });
    const token = await login(s.ctx, user, lone.code);
    const res = await s.ctx.app.inject({
      method: 'PUT',
      url: `/tenant/api/roles/${role.id}`,
      headers: headers({ tenant: lone.code, token }),
      payload: body(keeper.filter((p) => p !== 'users.edit')),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<Errors>().message).toMatch(/manage users and roles/);
    // Centrally too: the only central admins' role cannot lose roles.edit.
    const admin = await ok<RoleItem>(await central('GET', `/roles/${await roleId(s.ctx.database, 'admin')}`));
    const demoted = await central('PUT', `/roles/${admin.id}`, {
      ...admin,
      permissions: admin.permissions.filter((p) => p !== 'roles.edit'),
    });
    expect(demoted.statusCode).toBe(409);
  });
});

describe('a role change', () => {
  it("applies on the holder's very next request", async () => {
    const { role, token } = await holderOf(['residents.index']);
    expect((await s.call('GET', '/residents', undefined, { token })).statusCode).toBe(200);
    await ok(await s.call('PUT', `/roles/${role.id}`, body(['units.index'], { name: role.name })));
    expect((await s.call('GET', '/residents', undefined, { token })).statusCode).toBe(403);
    expect((await s.call('GET', '/units', undefined, { token })).statusCode).toBe(200);
    const boot = await ok<{ permissions: string[] }>(
      await s.call('GET', '/auth/bootstrap', undefined, { token }),
    );
    expect(boot.permissions).toEqual(['units.index']);
  });
});

describe('the seed of the built-in roles', () => {
  it('keeps a permission an operator took away, and adds a default that is new since the last start', async () => {
    const id = await roleId(s.ctx.database, 'office-dispatcher');
    const read = () =>
      s.ctx.database.withScope({ area: 'central' }, async (tx) => {
        const [row] = await tx.select().from(roles).where(eq(roles.id, id));
        return row!;
      });
    const before = await read();
    const shown = await ok<RoleItem>(await central('GET', `/roles/${id}`));
    const taken = shown.permissions.filter((p) => p !== 'visitors.export');
    await ok(await central('PUT', `/roles/${id}`, { ...shown, permissions: taken }));
    // A default the last start did not know (as when a new version adds one): seeded_permissions lacks it.
    await s.ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .update(roles)
        .set({
          permissions: taken.filter((p) => p !== 'visitors.show'),
          seededPermissions: before.seededPermissions.filter((p) => p !== 'visitors.show'),
        })
        .where(eq(roles.id, id)),
    );
    await s.ctx.database.withScope({ area: 'central' }, (tx) => seedRoles(tx));
    const after = await read();
    expect(after.permissions).not.toContain('visitors.export');
    expect(after.permissions).toContain('visitors.show');
    expect(after.seededPermissions).toEqual(before.seededPermissions);
  });
});

describe('a permission the catalogue no longer has', () => {
  it('is dropped from every role at the next start, a property’s own roles included, the rest kept in order', async () => {
    const [made] = await s.ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .insert(roles)
        .values({
          propertyId: s.propertyId,
          name: 'Retired keeper',
          permissions: ['units.index', 'form-rules.edit', 'residents.index'],
        })
        .returning(),
    );
    const dispatcher = await roleId(s.ctx.database, 'office-dispatcher');
    await s.ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .update(roles)
        .set({ seededPermissions: sql`array_append(${roles.seededPermissions}, 'form-rules.index')` })
        .where(eq(roles.id, dispatcher)),
    );
    await s.ctx.database.withScope({ area: 'central' }, (tx) => seedRoles(tx));
    const [own, builtIn] = await s.ctx.database.withScope({ area: 'central' }, (tx) =>
      Promise.all([
        tx.select().from(roles).where(eq(roles.id, made!.id)),
        tx.select().from(roles).where(eq(roles.id, dispatcher)),
      ]),
    );
    expect(own[0]!.permissions).toEqual(['units.index', 'residents.index']);
    expect(builtIn[0]!.seededPermissions).not.toContain('form-rules.index');
    // The role can be saved as it is shown.
    const shown = await ok<RoleItem>(await s.call('GET', `/roles/${made!.id}`));
    expect(
      (
        await s.call(
          'PUT',
          `/roles/${made!.id}`,
          body(shown.permissions as Permission[], { name: shown.name }),
        )
      ).statusCode,
    ).toBe(200);
  });
});
