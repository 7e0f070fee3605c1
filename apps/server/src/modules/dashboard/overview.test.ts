import type { OverviewFigures, OverviewResponse, PermitsReport, VisitorsReport } from '@parkade/contract';
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
import {
  catalogue,
  dayOf,
  direct,
  overviewStatements,
  seed,
  statusMap,
  summed,
  useDatabase,
  type Place,
} from '../../test/overview-data';
import { zones } from '../zones/table';

/*
 * GET /dashboard/overview (decision 0052) on rows seeded in five properties — two in a zone, one in another, one in
 * none, one inactive — of four time zones, around their days' and months' edges (test/overview-data.ts). Every
 * figure of every property is checked against a direct count written there from the stored columns, in the
 * property's days; a zone's and the totals as the sums of their properties'; the charts' counts as the property's
 * own reports give them.
 */
let ctx: TestContext;
let token: string;
let north: number;
let south: number;
let empty: number;
const places: Record<'a' | 'b' | 'c' | 'd' | 'x', Place> = {} as never;

async function zone(code: string, names: Record<string, string> = {}) {
  return ctx.database.withScope({ area: 'central' }, async (tx) => {
    const [row] = await tx
      .insert(zones)
      .values({ code, name: `Zone ${code}`, names, county: 'Travis' })
      .returning();
    return row!.id;
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  useDatabase(ctx.database);
  north = await zone('N', { es: 'Zona Norte' });
  south = await zone('S');
  empty = await zone('E');
  const make = async (name: string, zoneId: number | null, tz: string, active = true) => {
    const p = await createProperty(ctx.database, { name, zoneId, timezone: tz, active });
    return { id: p.id, code: p.code, tz };
  };
  places.a = await make('Birch Court', north, 'America/Chicago');
  places.b = await make('Alder House', north, 'Pacific/Kiritimati');
  places.c = await make('Cedar Yard', south, 'Pacific/Pago_Pago');
  places.d = await make('Dune Lofts', null, 'UTC');
  places.x = await make('Elm Closed', south, 'America/Chicago', false);
  const ids = await catalogue();
  await seed(places.a, 20, ids);
  await seed(places.b, 14, ids);
  await seed(places.c, 10, ids);
  await seed(places.d, 6, ids);
  await seed(places.x, 8, ids);
  token = await login(ctx, await createCentralUser(ctx.database, 'manager'));
});
afterAll(() => ctx?.close());

async function get(url: string, opts: { token?: string; lang?: string; property?: number } = {}) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/central${url}`,
    headers: {
      ...headers({ token: opts.token ?? token, lang: opts.lang }),
      ...(opts.property ? { 'x-property': String(opts.property) } : {}),
    },
  });
}
async function answer(q = '', lang?: string): Promise<OverviewResponse> {
  const res = await get(`/dashboard/overview${q}`, { lang });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OverviewResponse>();
}

/** The figures as the direct counts are written: status lists as maps. */
const comparable = (f: OverviewFigures) => ({
  ...f,
  permits: statusMap(f.permits),
  visitors: statusMap(f.visitors),
});

describe('GET /dashboard/overview', () => {
  it("gives every active property's figures, each as a direct count in the property's own days", async () => {
    const r = await answer();
    // North's properties by name (Alder before Birch), South's, then those in no zone; never the inactive one.
    expect(r.permitDays).toBe(30);
    expect(r.visitorDays).toBe(14);
    expect(r.properties.map((p) => p.id)).toEqual([places.b.id, places.a.id, places.c.id, places.d.id]);
    for (const key of ['a', 'b', 'c', 'd'] as const) {
      const p = places[key];
      const row = r.properties.find((x) => x.id === p.id)!;
      expect(row.code).toBe(p.code);
      expect(comparable(row), `property ${key}`).toEqual({
        ...(await direct(p)),
        ...{ id: row.id, code: row.code, name: row.name, zoneId: row.zoneId, zone: row.zone },
      });
    }
    const a = r.properties.find((x) => x.id === places.a.id)!;
    expect(a).toMatchObject({ zoneId: north, zone: 'Zone N' });
    expect(r.properties.find((x) => x.id === places.d.id)).toMatchObject({ zoneId: null, zone: null });
    // The seed reaches every figure somewhere, so no figure passes by being zero everywhere.
    for (const k of [
      'permitsPending',
      'permitsValid',
      'visitorsToday',
      'warningsThisMonth',
      'towsThisMonth',
    ] as const)
      expect(r.totals[k], k).toBeGreaterThan(0);
    expect(Object.keys(statusMap(r.totals.permits))).toEqual(
      expect.arrayContaining(['pending', 'to-complete', 'approved', 'rejected']),
    );
    expect(r.totals.spotsInUse).toBeGreaterThan(0);
  });

  it("sums each zone's properties, and all of them in the totals", async () => {
    const r = await answer();
    const of = await Promise.all((['a', 'b', 'c', 'd'] as const).map((k) => direct(places[k])));
    expect(r.zones.map((z) => [z.id, z.name, z.properties])).toEqual([
      [north, 'Zone N', 2],
      [south, 'Zone S', 1],
      [null, null, 1],
    ]);
    const strip = (z: OverviewResponse['zones'][number]) => {
      const { id: _i, name: _n, properties: _p, ...f } = z;
      return comparable(f);
    };
    expect(strip(r.zones[0]!)).toEqual(summed([of[0]!, of[1]!]));
    expect(strip(r.zones[1]!)).toEqual(summed([of[2]!]));
    expect(strip(r.zones[2]!)).toEqual(summed([of[3]!]));
    const { properties, ...totals } = r.totals;
    expect(properties).toBe(4);
    expect(comparable(totals)).toEqual(summed(of));
    // Statuses in the charts' order.
    const order = [
      'pending',
      'to-complete',
      'awaiting-spot',
      'approved',
      'later',
      'inactive',
      'rejected',
      'revoked',
      'expired',
    ];
    const shown = r.totals.permits.map((s) => s.status);
    expect(shown).toEqual(order.filter((s) => shown.includes(s)));
  });

  it("narrows to one zone's properties; a zone without properties answers nothing", async () => {
    const all = await answer();
    const n = await answer(`?zoneId=${north}`);
    expect(n.properties.map((p) => p.id).sort()).toEqual([places.a.id, places.b.id].sort());
    expect(n.zones).toEqual([all.zones[0]]);
    const { id: _i, name: _n, ...zoneFigures } = all.zones[0]!;
    expect(n.totals).toEqual(zoneFigures);
    const s = await answer(`?zoneId=${south}`);
    expect(s.properties.map((p) => p.id)).toEqual([places.c.id]);
    const none = await answer(`?zoneId=${empty}`);
    expect(none.properties).toEqual([]);
    expect(none.zones).toEqual([]);
    expect(none.totals).toMatchObject({ properties: 0, permitsPending: 0, occupancy: null, permits: [] });
    expect(await answer('?zoneId=')).toEqual(all);
    for (const q of ['?zoneId=abc', '?zoneId=0', '?zoneId=-1']) {
      const res = await get(`/dashboard/overview${q}`, { lang: 'es' });
      expect(res.statusCode, q).toBe(422);
    }
  });

  it("names a zone in the reader's language", async () => {
    const r = await answer('', 'es');
    expect(r.zones[0]!.name).toBe('Zona Norte');
    expect(r.properties.find((p) => p.id === places.a.id)!.zone).toBe('Zona Norte');
  });

  it("gives the charts' counts the property's own reports give for the same days", async () => {
    const r = await answer();
    for (const key of ['a', 'b'] as const) {
      const p = places[key];
      const row = r.properties.find((x) => x.id === p.id)!;
      const permits = await get(`/reports/permits?from=${dayOf(p, 29)}&to=${dayOf(p, 0)}`, {
        property: p.id,
      });
      const visitors = await get(`/reports/visitors?from=${dayOf(p, 13)}&to=${dayOf(p, 0)}`, {
        property: p.id,
      });
      const totals = (series: { key: string; total: number }[]) =>
        Object.fromEntries(series.filter((x) => x.total > 0).map((x) => [x.key, x.total]));
      expect(statusMap(row.permits)).toEqual(totals(permits.json<PermitsReport>().byStatus));
      const v = visitors.json<VisitorsReport>();
      expect(statusMap(row.visitors)).toEqual(totals(v.byStatus));
      // Today's visitor permits are the last day of the chart.
      expect(row.visitorsToday).toBe(v.byStatus.reduce((n, x) => n + x.values.at(-1)!, 0));
    }
  });

  it('reads each figure in one statement for all the properties, however many there are', async () => {
    const few = await overviewStatements(ctx.services, south);
    expect(few.length).toBe((await overviewStatements(ctx.services)).length);
    expect(few.length).toBe(7);
  });
});

describe('access', () => {
  it('is central: a property user cannot reach it (404), a tenant token is refused centrally (401)', async () => {
    const manager = await createTenantUser(ctx.database, places.a.id, 'manager');
    const tenantToken = await login(ctx, manager, places.a.code);
    const onTenant = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/dashboard/overview',
      headers: headers({ tenant: places.a.code, token: tenantToken }),
    });
    expect(onTenant.statusCode).toBe(404);
    expect((await get('/dashboard/overview', { token: tenantToken })).statusCode).toBe(401);
  });

  it('needs reports.index: central staff without it are refused (403)', async () => {
    const assistant = await login(ctx, await createCentralUser(ctx.database, 'assistant'));
    expect((await get('/dashboard/overview', { token: assistant })).statusCode).toBe(403);
  });
});
