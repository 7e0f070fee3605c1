import { areaPropertyId } from '../../platform/db/columns';
import { COUNTER_KEYS, type CounterKey, type CountersResponse } from '@parkade/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../platform/db';
import { t } from '../../platform/i18n';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { zones } from '../zones/table';

/*
 * GET /dashboard/counters on both areas, against rows this file creates in a fresh database. Counts of what
 * the seed or the sign-ins also write (audit entries) are checked as differences.
 */

interface Place {
  id: number;
  code: string;
  token: string;
}
let ctx: TestContext;
let adminToken: string;
let north: number;
let south: number;
let a: Place; // North
let b: Place; // North
let c: Place; // South
const CENTRAL_USERS = 3;

function db<T = Record<string, unknown>>(statement: SQL): Promise<T[]> {
  return ctx.database.withScope({ area: 'central' }, (tx) => query<T>(tx, statement));
}

async function zone(code: string) {
  return ctx.database.withScope({ area: 'central' }, async (tx) => {
    const [row] = await tx
      .insert(zones)
      .values({ code, name: `Zone ${code}`, county: 'Travis' })
      .returning();
    return row!.id;
  });
}

/** A property with `staff` staff users (the first one signs in) and `residents` residents. */
async function place(zoneId: number, staff: number, residents: number, timezone = 'America/Chicago') {
  const p = await createProperty(ctx.database, { zoneId, timezone });
  const manager = await createTenantUser(ctx.database, p.id, 'manager');
  for (let i = 1; i < staff; i++) await createTenantUser(ctx.database, p.id, 'assistant');
  for (let i = 0; i < residents; i++) await createTenantUser(ctx.database, p.id, null);
  return { id: p.id, code: p.code, token: await login(ctx, manager, p.code) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  north = await zone('N');
  south = await zone('S');
  a = await place(north, 2, 3);
  b = await place(north, 1, 1, 'Pacific/Kiritimati');
  c = await place(south, 1, 2, 'Pacific/Pago_Pago');
  const admin = await createCentralUser(ctx.database, 'admin');
  for (let i = 1; i < CENTRAL_USERS; i++) await createCentralUser(ctx.database, 'assistant');
  adminToken = await login(ctx, admin);
});
afterAll(() => ctx?.close());

type Values = Partial<Record<CounterKey, number>>;

async function counters(area: { tenant?: Place; query?: string; token?: string } = {}): Promise<Values> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${area.tenant ? '/tenant/api' : '/api/central'}/dashboard/counters${area.query ?? ''}`,
    headers: headers({ tenant: area.tenant?.code, token: area.token ?? area.tenant?.token ?? adminToken }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<CountersResponse>();
  expect(Object.keys(body)).toEqual(['counters']);
  const keys = body.counters.map((x) => x.key);
  // Stable keys in the catalogue's order, each once.
  expect(keys).toEqual(COUNTER_KEYS.filter((k) => keys.includes(k)));
  return Object.fromEntries(body.counters.map((x) => [x.key, x.value]));
}
const central = (query = '') => counters({ query });
const tenant = (p: Place, query = '') => counters({ tenant: p, query });

const delta = (before: Values, after: Values) =>
  Object.fromEntries(
    Object.keys(after).map((k) => [k, after[k as CounterKey]! - (before[k as CounterKey] ?? 0)]),
  );

describe('central', () => {
  it('counts everything when no property or zone is chosen', async () => {
    const all = await central();
    expect(Object.keys(all)).toEqual([
      'properties',
      'centralUsers',
      'staffUsers',
      'residents',
      'binnacleToday',
      'mailPending',
    ]);
    expect(all).toMatchObject({ properties: 3, centralUsers: CENTRAL_USERS, staffUsers: 4, residents: 6 });
    // Every sign-in so far was audited today.
    expect(all.binnacleToday).toBeGreaterThanOrEqual(4);
  });

  it("counts one property's rows, without the central users that belong to none", async () => {
    const one = await central(`?propertyId=${a.id}`);
    expect(Object.keys(one)).toEqual([
      'properties',
      'staffUsers',
      'residents',
      'binnacleToday',
      'mailPending',
    ]);
    expect(one).toMatchObject({ properties: 1, staffUsers: 2, residents: 3 });
    // The same figures the property's own dashboard shows.
    const { properties: _p, ...rest } = one;
    expect(await tenant(a)).toEqual(rest);
  });

  it("counts the zone's properties, and both conditions when both are given", async () => {
    expect(await central(`?zoneId=${north}`)).toMatchObject({ properties: 2, staffUsers: 3, residents: 4 });
    expect(await central(`?zoneId=${south}`)).toMatchObject({ properties: 1, staffUsers: 1, residents: 2 });
    expect(await central(`?zoneId=${north}&propertyId=${b.id}`)).toMatchObject({
      properties: 1,
      staffUsers: 1,
      residents: 1,
    });
    expect(await central(`?zoneId=${north}&propertyId=${c.id}`)).toEqual({
      properties: 0,
      staffUsers: 0,
      residents: 0,
      binnacleToday: 0,
      mailPending: 0,
    });
    expect(await central('?propertyId=987654')).toMatchObject({ properties: 0, residents: 0 });
  });

  it('treats empty parameters as absent and refuses malformed ones with 422', async () => {
    expect(await central('?zoneId=&propertyId=')).toEqual(await central());
    for (const q of ['?zoneId=abc', '?propertyId=0', '?propertyId=-3', '?zoneId=1.5']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/central/dashboard/counters${q}`,
        headers: headers({ token: adminToken }),
      });
      expect(res.statusCode, q).toBe(422);
    }
  });
});

describe('tenant', () => {
  it('counts only its own property and ignores zoneId and propertyId', async () => {
    const own = await tenant(a);
    expect(Object.keys(own)).toEqual(['staffUsers', 'residents', 'binnacleToday', 'mailPending']);
    expect(own).toMatchObject({ staffUsers: 2, residents: 3 });
    expect(await tenant(a, `?propertyId=${b.id}&zoneId=${south}`)).toEqual(own);
    expect(await tenant(b)).toMatchObject({ staffUsers: 1, residents: 1 });
  });
});

describe('counters follow the rows, scoped by property', () => {
  it('new staff and residents count where they belong, and nowhere else', async () => {
    const before = {
      a: await tenant(a),
      b: await tenant(b),
      all: await central(),
      north: await central(`?zoneId=${north}`),
    };
    await createTenantUser(ctx.database, b.id, null);
    await createTenantUser(ctx.database, b.id, null);
    await createTenantUser(ctx.database, b.id, 'assistant');
    expect(delta(before.b, await tenant(b))).toMatchObject({ residents: 2, staffUsers: 1 });
    expect(delta(before.a, await tenant(a))).toMatchObject({ residents: 0, staffUsers: 0 });
    expect(delta(before.all, await central())).toMatchObject({ residents: 2, staffUsers: 1, properties: 0 });
    expect(delta(before.north, await central(`?zoneId=${north}`))).toMatchObject({
      residents: 2,
      staffUsers: 1,
    });
  });

  it('a deleted resident (kept for restore) is not counted, as the residents list does not show one', async () => {
    const before = await tenant(b);
    const kept = await createTenantUser(ctx.database, b.id, null);
    const gone = await createTenantUser(ctx.database, b.id, null);
    for (const [u, deleted] of [
      [kept, sql`null`],
      [gone, sql`now()`],
    ] as const)
      await db(
        sql`insert into residents (property_id, id, deleted_at) values (${b.id}, ${u.id}, ${deleted})`,
      );
    expect(delta(before, await tenant(b)).residents).toBe(1);
  });

  it("counts today's audit entries by each property's own day", async () => {
    const before = { a: await tenant(a), b: await tenant(b), c: await tenant(c), all: await central() };
    const startOfDay = (tz: string) => sql`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;
    const entry = (propertyId: number | null, at: SQL) =>
      db(sql`insert into binnacle (property_id, area, entity, action, created_at)
             values (${areaPropertyId(propertyId)}, ${propertyId === null ? 'central' : 'tenant'}, 'test', 'update', ${at})`);
    await entry(a.id, sql`now()`);
    await entry(a.id, sql`now() - interval '2 days'`);
    await entry(null, sql`now()`);
    // Around midnight of the property's own day (UTC+14 and UTC-11): just before is yesterday, just after today.
    for (const [p, tz] of [
      [b, 'Pacific/Kiritimati'],
      [c, 'Pacific/Pago_Pago'],
    ] as const) {
      await entry(p.id, sql`${startOfDay(tz)} - interval '1 minute'`);
      await entry(p.id, sql`least(${startOfDay(tz)} + interval '1 minute', now())`);
    }
    expect(delta(before.a, await tenant(a)).binnacleToday).toBe(1);
    expect(delta(before.b, await tenant(b)).binnacleToday).toBe(1);
    expect(delta(before.c, await tenant(c)).binnacleToday).toBe(1);
    expect(delta(before.all, await central()).binnacleToday).toBe(4);
  });

  it('counts pending mail of the property; central counts system mail too', async () => {
    const before = {
      a: await tenant(a),
      c: await tenant(c),
      all: await central(),
      south: await central(`?zoneId=${south}`),
    };
    const mail = (propertyId: number | null, status: string) =>
      db(sql`insert into mail_outbox (property_id, "to", subject, text, kind, status)
             values (${areaPropertyId(propertyId)}, 'someone@example.com', 'Hello', 'Hi', 'test', ${status})`);
    await mail(a.id, 'pending');
    await mail(a.id, 'sent');
    await mail(a.id, 'failed');
    await mail(c.id, 'pending');
    await mail(c.id, 'pending');
    await mail(null, 'pending');
    expect(delta(before.a, await tenant(a)).mailPending).toBe(1);
    expect(delta(before.c, await tenant(c)).mailPending).toBe(2);
    expect(delta(before.south, await central(`?zoneId=${south}`)).mailPending).toBe(2);
    expect(delta(before.all, await central()).mailPending).toBe(4);
  });

  it('counts new properties and central users centrally', async () => {
    const before = await central();
    await createProperty(ctx.database, { zoneId: south });
    await createCentralUser(ctx.database, 'assistant');
    expect(delta(before, await central())).toMatchObject({ properties: 1, centralUsers: 1 });
  });
});

describe('access', () => {
  it('refuses residents (403)', async () => {
    const resident = await createTenantUser(ctx.database, a.id, null);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/dashboard/counters',
      headers: headers({ tenant: a.code, token: await login(ctx, resident, a.code), lang: 'es' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(t('es', 'errors.forbidden'));
  });

  it('refuses staff without dashboard.index in either area (403)', async () => {
    const inspector = await createTenantUser(ctx.database, a.id, 'parking-inspector');
    const tenantRes = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/dashboard/counters',
      headers: headers({ tenant: a.code, token: await login(ctx, inspector, a.code) }),
    });
    expect(tenantRes.statusCode).toBe(403);
    const centralInspector = await createCentralUser(ctx.database, 'parking-inspector');
    const centralRes = await ctx.app.inject({
      method: 'GET',
      url: '/api/central/dashboard/counters',
      headers: headers({ token: await login(ctx, centralInspector) }),
    });
    expect(centralRes.statusCode).toBe(403);
  });
});
