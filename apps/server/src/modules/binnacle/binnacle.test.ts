import type { ListResponse } from '@parkade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { binnacle } from './table';

interface Entry {
  id: number;
  propertyId: number | null;
  area: string;
  userType: string | null;
  userId: number | null;
  userName: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  changes: Record<string, { old: unknown; new: unknown }>;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  createdAt: string;
  property?: { id: number; code: string; name: string } | null;
  user?: { id: number; type: string; fullName: string; role?: { id: number; name: string } | null } | null;
}

let ctx: TestContext;
let a: { id: number; code: string; name: string };
let b: { id: number; code: string };
let admin: TestUser;
let managerA: TestUser;
let managerB: TestUser;
let adminToken: string;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createProperty(ctx.database);
  b = await createProperty(ctx.database);
  admin = await createCentralUser(ctx.database, 'admin', { fullName: 'Central Admin' });
  managerA = await createTenantUser(ctx.database, a.id, 'manager', { fullName: 'Manager Alpha' });
  managerB = await createTenantUser(ctx.database, b.id, 'manager', { fullName: 'Manager Beta' });
  // Real actions write the entries the tests read: every login is audited.
  adminToken = await login(ctx, admin);
  tokenA = await login(ctx, managerA, a.code);
  tokenB = await login(ctx, managerB, b.code);
  const failed = await ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/auth/login',
    headers: { ...headers({ tenant: a.code }), 'user-agent': 'binnacle-test-agent' },
    payload: { email: managerA.email, password: 'not-the-password' },
  });
  expect(failed.statusCode).toBe(401);
});
afterAll(() => ctx?.close());

async function tenantList(code: string, token: string, query = '') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/tenant/api/binnacle${query}`,
    headers: headers({ tenant: code, token }),
  });
  return res;
}
async function centralList(query = '') {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/central/binnacle${query}`,
    headers: headers({ token: adminToken }),
  });
}

describe('GET /binnacle (tenant)', () => {
  it('shows who did what, when and from where, for its own property only', async () => {
    const res = await tenantList(a.code, tokenA);
    expect(res.statusCode).toBe(200);
    const body = res.json<ListResponse<Entry>>();
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((e) => e.propertyId === a.id)).toBe(true);
    expect(body.meta).toEqual({ page: 1, pageSize: 50, total: body.data.length, lastPage: 1 });

    const ok = body.data.find((e) => e.action === 'login.success' && e.userId === managerA.id)!;
    expect(ok).toMatchObject({
      area: 'tenant',
      entity: 'tenant_users',
      entityId: String(managerA.id),
      userType: 'tenant-user',
      userName: 'Manager Alpha',
      ip: '127.0.0.1',
    });
    expect(ok.requestId).toBeTruthy();
    expect(Date.now() - new Date(ok.createdAt).getTime()).toBeLessThan(10 * 60_000);

    const failed = body.data.find((e) => e.action === 'login.failed')!;
    expect(failed).toMatchObject({ entity: 'auth', userAgent: 'binnacle-test-agent', userId: null });
    expect(failed.changes.login).toEqual({ old: null, new: managerA.email });
    // Newest first by default.
    const times = body.data.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('never shows another tenant’s entries nor central ones', async () => {
    const res = await tenantList(b.code, tokenB, '?pageSize=500');
    const data = res.json<ListResponse<Entry>>().data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((e) => e.propertyId === b.id)).toBe(true);
    expect(data.some((e) => e.userId === managerA.id && e.userType === 'tenant-user')).toBe(false);
    expect(data.some((e) => e.area === 'central')).toBe(false);
  });

  it('cannot filter by property: the filter does not exist in the tenant area', async () => {
    const res = await tenantList(a.code, tokenA, `?filter[propertyId]=${b.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('propertyId');
  });

  it('includes the property and the acting user with its role (nested)', async () => {
    const res = await tenantList(a.code, tokenA, '?include=property,user.role&filter[action]=login.success');
    expect(res.statusCode).toBe(200);
    const [e] = res.json<ListResponse<Entry>>().data;
    expect(e!.property).toEqual({ id: a.id, code: a.code, name: a.name });
    expect(e!.user).toMatchObject({ id: managerA.id, type: 'tenant-user', fullName: 'Manager Alpha' });
    expect(e!.user!.role).toMatchObject({ name: 'manager' });
  });

  it('asks for the binnacle.index permission and a token', async () => {
    const inspector = await createTenantUser(ctx.database, a.id, 'parking-inspector');
    const token = await login(ctx, inspector, a.code);
    expect((await tenantList(a.code, token)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/tenant/api/binnacle',
          headers: headers({ tenant: a.code }),
        })
      ).statusCode,
    ).toBe(401);
    // A token of property B does not open property A.
    expect((await tenantList(a.code, tokenB)).statusCode).toBe(401);
  });
});

describe('GET /binnacle (central)', () => {
  it('sees every entry: both properties and central ones', async () => {
    const res = await centralList('?pageSize=500');
    expect(res.statusCode).toBe(200);
    const data = res.json<ListResponse<Entry>>().data;
    const props = new Set(data.map((e) => e.propertyId));
    expect(props).toEqual(new Set([a.id, b.id, null]));
    const central = data.find((e) => e.action === 'login.success' && e.area === 'central')!;
    expect(central).toMatchObject({ userId: admin.id, userType: 'central-user', userName: 'Central Admin' });
  });

  it('includes the acting user with its role, with no property selected (roles: a built-in role is shared)', async () => {
    const res = await centralList('?include=user.role&filter[action]=login.success&pageSize=500');
    expect(res.statusCode).toBe(200);
    const data = res.json<ListResponse<Entry>>().data;
    const central = data.find((e) => e.area === 'central')!;
    expect(central.user!.role).toMatchObject({ name: 'admin' });
  });

  it('filters by property, and null picks central entries', async () => {
    const onlyB = (await centralList(`?filter[propertyId]=${b.id}`)).json<ListResponse<Entry>>().data;
    expect(onlyB.length).toBeGreaterThan(0);
    expect(onlyB.every((e) => e.propertyId === b.id)).toBe(true);
    const both = (await centralList(`?filter[propertyId]=${a.id},${b.id}&pageSize=500`)).json<
      ListResponse<Entry>
    >().data;
    expect(new Set(both.map((e) => e.propertyId))).toEqual(new Set([a.id, b.id]));
    const central = (await centralList('?filter[propertyId]=null')).json<ListResponse<Entry>>().data;
    expect(central.length).toBeGreaterThan(0);
    expect(central.every((e) => e.propertyId === null && e.area === 'central')).toBe(true);
  });

  it('filters by entity, entity id, user, action, user type, area and date; searches and sorts', async () => {
    // Entries with known values and times, in a property of their own.
    const p = await createProperty(ctx.database);
    await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.insert(binnacle).values([
        {
          propertyId: p.id,
          area: 'tenant',
          entity: 'residents',
          entityId: '1',
          action: 'create',
          userType: 'tenant-user',
          userId: 901,
          userName: 'Dana Whitfield',
          createdAt: new Date('2026-01-10T12:00:00Z'),
        },
        {
          propertyId: p.id,
          area: 'tenant',
          entity: 'residents',
          entityId: '2',
          action: 'update',
          userType: 'tenant-user',
          userId: 902,
          userName: 'Eli Park',
          createdAt: new Date('2026-01-31T23:59:00Z'),
        },
        {
          propertyId: p.id,
          area: 'central',
          entity: 'vehicles',
          entityId: '1',
          action: 'delete',
          userType: 'central-user',
          userId: 901,
          userName: 'Fay Central',
          createdAt: new Date('2026-02-01T00:00:00Z'),
        },
      ]),
    );
    const ids = async (q: string) => {
      const res = await centralList(`?filter[propertyId]=${p.id}&${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ListResponse<Entry>>().data.map((e) => `${e.entity}/${e.entityId}`);
    };
    expect(await ids('')).toEqual(['vehicles/1', 'residents/2', 'residents/1']);
    expect(await ids('filter[entity]=residents')).toEqual(['residents/2', 'residents/1']);
    expect(await ids('filter[entityId]=1')).toEqual(['vehicles/1', 'residents/1']);
    expect(await ids('filter[userId]=901&filter[userType]=tenant-user')).toEqual(['residents/1']);
    expect(await ids('filter[action]=update,delete')).toEqual(['vehicles/1', 'residents/2']);
    expect(await ids('filter[userType]=central-user')).toEqual(['vehicles/1']);
    expect(await ids('filter[area]=tenant')).toEqual(['residents/2', 'residents/1']);
    expect(await ids('filter[createdAt]=2026-01-01,2026-01-31')).toEqual(['residents/2', 'residents/1']);
    expect(await ids('filter[createdAt]=2026-02-01,')).toEqual(['vehicles/1']);
    expect(await ids('filter[term]=whitfield')).toEqual(['residents/1']);
    expect(await ids('filter[term]=RESIDENTS upd')).toEqual(['residents/2']);
    expect(await ids('sort=userName')).toEqual(['residents/1', 'residents/2', 'vehicles/1']);
    expect(await ids('sort=entity,-createdAt')).toEqual(['residents/2', 'residents/1', 'vehicles/1']);
    const bad = await centralList('?sort=entityId');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('entityId');
  });
});
