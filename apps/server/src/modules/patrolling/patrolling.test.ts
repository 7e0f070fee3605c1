import type { ListResponse, PatrollingProperty } from '@parkade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/* GET /patrolling/properties (central): the properties a patrol officer can pick, with their counters. */

let ctx: TestContext;
let token: string;
let north: number;
let south: number;
const ids: Record<string, number> = {};

async function zone(code: string, name: string) {
  return ctx.database.withScope({ area: 'central' }, async (tx) => {
    const [row] = await tx.insert(zones).values({ code, name, county: 'Travis' }).returning();
    return row!.id;
  });
}

async function people(propertyId: number, staff: number, residents: number) {
  for (let i = 0; i < staff; i++) await createTenantUser(ctx.database, propertyId, 'manager');
  for (let i = 0; i < residents; i++) await createTenantUser(ctx.database, propertyId, null);
}

beforeAll(async () => {
  ctx = await createTestContext();
  north = await zone('N', 'North');
  south = await zone('S', 'South');
  const rows = [
    { code: 'aspen', name: 'Aspen Court', city: 'Austin', address: '1 Aspen Way', zoneId: north },
    { code: 'beech', name: 'Beech Court', city: 'Dallas', address: '2 Beech Road', zoneId: south },
    { code: 'cherry', name: 'Cherry Court', city: 'Austin', address: '3 Cherry Lane', zoneId: null },
    {
      code: 'closed',
      name: 'Closed Court',
      city: 'Austin',
      address: '4 Gone Street',
      zoneId: north,
      active: false,
    },
  ];
  for (const r of rows)
    ids[r.code] = (await createProperty(ctx.database, { ...r, latitude: 30.2, longitude: -97.7 })).id;
  await people(ids.aspen!, 2, 3);
  await people(ids.beech!, 1, 0);
  await people(ids.closed!, 1, 1);
  const inspector = await createCentralUser(ctx.database, 'parking-inspector');
  token = await login(ctx, inspector);
});
afterAll(() => ctx?.close());

async function list(query = '', t = token) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/central/patrolling/properties${query}`,
    headers: headers({ token: t }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<PatrollingProperty>>();
}
const codes = (r: ListResponse<PatrollingProperty>) => r.data.map((p) => p.code);

describe('GET /patrolling/properties', () => {
  it('lists the active properties with their zone, coordinates and counters', async () => {
    const res = await list();
    expect(codes(res)).toEqual(['aspen', 'beech', 'cherry']);
    expect(res.meta.total).toBe(3);
    expect(res.data[0]).toEqual({
      id: ids.aspen,
      code: 'aspen',
      name: 'Aspen Court',
      address: '1 Aspen Way',
      city: 'Austin',
      zoneId: north,
      zone: { id: north, name: 'North' },
      timezone: 'America/New_York',
      latitude: 30.2,
      longitude: -97.7,
      counters: [
        { key: 'residents', value: 3 },
        { key: 'staffUsers', value: 2 },
      ],
    });
    expect(res.data[1]!.counters).toEqual([
      { key: 'residents', value: 0 },
      { key: 'staffUsers', value: 1 },
    ]);
    expect(res.data[2]).toMatchObject({ zoneId: null, zone: null });
  });

  it('counters follow the rows of each property only', async () => {
    await people(ids.cherry!, 0, 2);
    const cherry = (await list('?filter[term]=cherry')).data[0]!;
    expect(cherry.counters).toEqual([
      { key: 'residents', value: 2 },
      { key: 'staffUsers', value: 0 },
    ]);
    expect((await list('?filter[term]=aspen')).data[0]!.counters[0]).toEqual({ key: 'residents', value: 3 });
  });

  it('searches name, code, city and address, filters by zone, sorts and pages', async () => {
    expect(codes(await list('?filter[term]=austin'))).toEqual(['aspen', 'cherry']);
    expect(codes(await list('?filter[term]=beech%20road'))).toEqual(['beech']);
    expect(codes(await list(`?filter[zoneId]=${north}`))).toEqual(['aspen']);
    expect(codes(await list(`?filter[zoneId]=${south},null`))).toEqual(['beech', 'cherry']);
    expect(codes(await list('?sort=-name'))).toEqual(['cherry', 'beech', 'aspen']);
    const page = await list('?sort=city,code&pageSize=1&page=2');
    expect(codes(page)).toEqual(['cherry']);
    expect(page.meta).toEqual({ page: 2, pageSize: 1, total: 3, lastPage: 3 });
  });

  it('refuses filters it does not declare with 400', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/central/patrolling/properties?filter[active]=0',
      headers: headers({ token }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('needs patrolling.index and exists only centrally', async () => {
    const assistant = await createCentralUser(ctx.database, 'assistant');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/central/patrolling/properties',
      headers: headers({ token: await login(ctx, assistant) }),
    });
    expect(res.statusCode).toBe(403);
    const manager = await createTenantUser(ctx.database, ids.aspen!, 'manager');
    const tenant = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/patrolling/properties',
      headers: headers({ tenant: 'aspen', token: await login(ctx, manager, 'aspen') }),
    });
    expect(tenant.statusCode).toBe(404);
  });
});
