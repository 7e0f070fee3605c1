import {
  isoDayIn,
  RESERVED_SPOT_PERMIT_TYPE_ID,
  type OverviewFigures,
  type OverviewResponse,
  type PermitsReport,
  type VisitorsReport,
} from '@parkade/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, type Tx } from '../../platform/db';
import { inScope } from '../../platform/scope';
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
import { overview } from './overview';

/*
 * GET /dashboard/overview (decision 0052) on rows this file seeds in five properties — two in a zone, one in
 * another, one in none, one inactive — of four time zones, around their days' and months' edges. Every figure of
 * every property is checked against a direct count written here from the stored columns (in the property's days,
 * computed here), a zone's and the totals as the sums of their properties'; the charts' counts as the property's
 * own reports give them.
 */
let ctx: TestContext;
let token: string;
let north: number;
let south: number;
let empty: number;
interface Place {
  id: number;
  code: string;
  tz: string;
}
const places: Record<'a' | 'b' | 'c' | 'd' | 'x', Place> = {} as never;
const DAY = 86_400_000;
const now = Date.now();
let seedValue = 11;
/** A deterministic sequence (mulberry32), so a failure repeats. */
const rand = (n: number) => {
  seedValue = (seedValue + 0x6d2b79f5) | 0;
  let t = Math.imul(seedValue ^ (seedValue >>> 15), 1 | seedValue);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
};
const ago = (days: number, hours = 0) => new Date(now - days * DAY - hours * 3_600_000).toISOString();

function db<T = Record<string, unknown>>(statement: SQL): Promise<T[]> {
  return ctx.database.withScope({ area: 'central' }, (tx) => query<T>(tx, statement));
}

async function zone(code: string, names: Record<string, string> = {}) {
  return ctx.database.withScope({ area: 'central' }, async (tx) => {
    const [row] = await tx
      .insert(zones)
      .values({ code, name: `Zone ${code}`, names, county: 'Travis' })
      .returning();
    return row!.id;
  });
}

/** Catalogue rows the seed refers to: a permit type, a warning, a reason and a tow. */
async function catalogue() {
  const first = async (table: string) => {
    let [row] = await db<{ id: string }>(sql.raw(`select id from ${table} order by id limit 1`));
    if (!row)
      [row] = await db<{ id: string }>(
        sql.raw(`insert into ${table} (code, name) values ('o1', 'One') returning id`),
      );
    return Number(row!.id);
  };
  return { warning: await first('warnings'), reason: await first('reasons'), tow: await first('tows') };
}

/** A property's rows: permits, visitor permits, warnings and tows over the last ~70 days, spots and reservations. */
async function seed(p: Place, size: number, ids: Awaited<ReturnType<typeof catalogue>>) {
  await ctx.database.withScope({ area: 'tenant', propertyId: p.id }, async (tx: Tx) => {
    const run = (s: SQL) => query<Record<string, string>>(tx, s);
    const types = (await run(sql`select id from permit_types order by id`)).map((r) => Number(r.id));
    const people: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [u] = await run(sql`insert into tenant_users (property_id, type, full_name, email, password_hash)
        values (${p.id}, 'tenant-resident', ${`Resident ${i}`}, ${`r${i}.${p.code}@test.local`}, '!') returning id`);
      const id = Number(u!.id);
      // Resident 0 has not signed the parking agreement: their pending permits show "to complete".
      await run(sql`insert into residents (property_id, id, status)
        values (${p.id}, ${id}, ${i === 0 ? 'pending-parking-policies' : 'active'})`);
      people.push(id);
    }
    const statuses = [
      'pending',
      'pending',
      'approved',
      'approved',
      'approved',
      'rejected',
      'revoked',
      'inactive',
    ];
    for (let i = 0; i < size * 3; i++)
      await run(sql`insert into permits (property_id, code, resident_id, permit_type_id, status, year, public_token,
          start_date, expires_on, created_at, deleted_at)
        values (${p.id}, ${`P-${i}`}, ${people[rand(4)]}, ${types[rand(types.length)]}, ${statuses[rand(8)]}, 2026,
          ${`t${p.code}${i}`}, ${rand(5) === 0 ? isoDayIn(ago(-rand(10)), p.tz) : null},
          ${rand(3) === 0 ? isoDayIn(ago(rand(20) - 10), p.tz) : null}, ${ago(rand(40), rand(24))},
          ${i % 13 === 0 ? ago(0) : null})`);
    const vStatuses = ['pending', 'valid', 'valid', 'expired', 'revoked', 'rejected', null];
    for (let i = 0; i < size * 4; i++) {
      const status = vStatuses[rand(vStatuses.length)] ?? null;
      const from = ago(rand(20) - 2, rand(24));
      await run(sql`insert into visitors (property_id, name, resident_id, permit_code, permit_status, valid_from,
          valid_until, deleted_at)
        values (${p.id}, ${`Guest ${i}`}, ${people[rand(4)]}, ${status ? `V-${i}` : null}, ${status},
          ${status ? from : null}, ${status ? new Date(Date.parse(from) + DAY / 2).toISOString() : null},
          ${i % 17 === 0 ? ago(0) : null})`);
    }
    const [round] = await run(sql`insert into patrol_check_ins (property_id, user_area, user_id, user_name,
        location_status, checked_out_at) values (${p.id}, 'tenant', 1, 'Officer', 'verified', now()) returning id`);
    const wStatuses = ['pending', 'approved', 'rejected', 'placed', 'cancelled'];
    for (let i = 0; i < size * 2; i++) {
      const created = ago(rand(70), rand(24));
      const [obs] =
        await run(sql`insert into patrol_observations (property_id, check_in_id, user_area, user_id,
          user_name, client_key, plate, plate_normalized, observed_at)
        values (${p.id}, ${round!.id}, 'tenant', 1, 'Officer', gen_random_uuid(), ${`W${i}`}, ${`W${i}`}, ${created})
        returning id`);
      const [w] = await run(sql`insert into permit_warnings (property_id, observation_id, check_in_id, plate,
          plate_normalized, warning_id, reason_id, status, requested_by_area, requested_by_id, requested_by_name,
          created_at)
        values (${p.id}, ${obs!.id}, ${round!.id}, ${`W${i}`}, ${`W${i}`}, ${ids.warning}, ${ids.reason},
          ${wStatuses[rand(5)]}, 'tenant', 1, 'Officer', ${created}) returning id`);
      if (rand(2) === 0)
        await run(sql`insert into vehicle_tows (property_id, permit_warning_id, tow_id, plate, plate_normalized,
            status, tow_authorization_date, ready_to_tow_at, authorized_by_area, authorized_by_id,
            authorized_by_name, photo_file_ids, created_at)
          values (${p.id}, ${w!.id}, ${ids.tow}, ${`W${i}`}, ${`W${i}`}, 'towed', ${created}, ${created}, 'tenant', 1,
            'Manager', '[]'::jsonb, ${ago(rand(70), rand(24))})`);
    }
    const spotStatuses = ['available', 'available', 'assigned', 'outOfService', 'reserved'];
    for (let i = 0; i < size; i++)
      await run(sql`insert into spots (property_id, number, type, status)
        values (${p.id}, ${`S${i}`}, 'resident', ${spotStatuses[rand(5)]})`);
    // An available spot reserved (confirmed) today shows reserved; a pending request or a past one does not.
    const free = await run(
      sql`select id from spots where property_id = ${p.id} and status = 'available' order by id limit 3`,
    );
    const reserve = (spot: string | undefined, from: SQL, to: SQL, status: string) =>
      spot
        ? run(sql`insert into reservations (property_id, spot_id, resident_id, starts_on, ends_on, status)
            values (${p.id}, ${spot}, ${people[1]}, ${from}, ${to}, ${status})`)
        : Promise.resolve([]);
    await reserve(free[0]?.id, sql`current_date - 1`, sql`current_date + 1`, 'confirmed');
    await reserve(free[1]?.id, sql`current_date`, sql`current_date`, 'pending');
    await reserve(free[2]?.id, sql`current_date - 5`, sql`current_date - 2`, 'confirmed');
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
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

/** A day of the property's calendar `back` days before today (by the calendar: a day is not always 24 hours). */
const dayOf = (p: Place, back: number) =>
  new Date(Date.parse(`${isoDayIn(new Date(now), p.tz)}T00:00:00Z`) - back * DAY).toISOString().slice(0, 10);
/** The instant a day of the property starts there. */
const startOf = (p: Place, day: string) => sql.raw(`('${day}'::date::timestamp at time zone '${p.tz}')`);
const tomorrow = (p: Place) => sql.raw(`(('${dayOf(p, 0)}'::date + 1)::timestamp at time zone '${p.tz}')`);

const PERMIT_STATUS = sql.raw(`case
  when status = 'approved' and expires_on < current_date then 'expired'
  when status = 'approved' and start_date > current_date then 'later'
  when status = 'pending' and permit_type_id = ${RESERVED_SPOT_PERMIT_TYPE_ID} and spot_id is null then 'awaiting-spot'
  when status = 'pending' and exists (select 1 from residents r where r.property_id = permits.property_id
    and r.id = permits.resident_id and r.status = 'pending-parking-policies') then 'to-complete'
  else status end`);
const VISITOR_STATUS = sql.raw(`case when permit_status in ('pending', 'valid') and valid_until <= now()
  then 'expired' else permit_status end`);

const statusMap = (xs: { status: string; count: number }[]) =>
  Object.fromEntries(xs.map((x) => [x.status, x.count]));
async function counted(statement: SQL): Promise<Record<string, number>> {
  const rows = await db<{ key: string; n: string }>(statement);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
}
const one = async (statement: SQL) => Number((await db<{ n: string }>(statement))[0]!.n);

/** Every figure of one property, counted directly. */
async function direct(p: Place) {
  const live = sql.raw(`property_id = ${p.id} and deleted_at is null`);
  const month = sql.raw(`(date_trunc('month', '${dayOf(p, 0)}'::date)::timestamp at time zone '${p.tz}')`);
  const spots = await db<{ total: string; in_use: string; out: string }>(sql`select count(*) as total,
      count(*) filter (where shown in ('assigned', 'reserved')) as in_use,
      count(*) filter (where shown = 'outOfService') as out
    from (select case when s.status = 'available' and exists (select 1 from reservations r
        where r.property_id = s.property_id and r.spot_id = s.id and r.status = 'confirmed'
          and r.starts_on <= current_date and r.ends_on >= current_date) then 'reserved' else s.status end as shown
      from spots s where s.property_id = ${p.id}) x`);
  const s = spots[0]!;
  const usable = Number(s.total) - Number(s.out);
  return {
    permitsPending: await one(sql`select count(*) as n from permits where ${live} and status = 'pending'`),
    permitsValid: await one(sql`select count(*) as n from permits where ${live} and status = 'approved'
      and (expires_on is null or expires_on >= current_date) and (start_date is null or start_date <= current_date)`),
    visitorsToday:
      await one(sql`select count(*) as n from visitors where ${live} and permit_status is not null
      and valid_from >= ${startOf(p, dayOf(p, 0))} and valid_from < ${tomorrow(p)}`),
    warningsThisMonth: await one(
      sql`select count(*) as n from permit_warnings where property_id = ${p.id} and created_at >= ${month}`,
    ),
    towsThisMonth: await one(
      sql`select count(*) as n from vehicle_tows where property_id = ${p.id} and created_at >= ${month}`,
    ),
    spots: Number(s.total),
    spotsInUse: Number(s.in_use),
    spotsOutOfService: Number(s.out),
    occupancy: usable > 0 ? Number(s.in_use) / usable : null,
    permits: await counted(sql`select ${PERMIT_STATUS} as key, count(*) as n from permits where ${live}
      and created_at >= ${startOf(p, dayOf(p, 29))} and created_at < ${tomorrow(p)} group by 1`),
    visitors: await counted(sql`select ${VISITOR_STATUS} as key, count(*) as n from visitors where ${live}
      and permit_status is not null and valid_from >= ${startOf(p, dayOf(p, 13))} and valid_from < ${tomorrow(p)}
      group by 1`),
  };
}

/** The figures as the direct counts are written: status lists as maps. */
const comparable = (f: OverviewFigures) => ({
  ...f,
  permits: statusMap(f.permits),
  visitors: statusMap(f.visitors),
});

/** Direct figures summed (a zone, or all). */
function summed(parts: Awaited<ReturnType<typeof direct>>[]) {
  const out = {
    permitsPending: 0,
    permitsValid: 0,
    visitorsToday: 0,
    warningsThisMonth: 0,
    towsThisMonth: 0,
    spots: 0,
    spotsInUse: 0,
    spotsOutOfService: 0,
    occupancy: null as number | null,
    permits: {} as Record<string, number>,
    visitors: {} as Record<string, number>,
  };
  for (const p of parts) {
    for (const k of [
      'permitsPending',
      'permitsValid',
      'visitorsToday',
      'warningsThisMonth',
      'towsThisMonth',
      'spots',
      'spotsInUse',
      'spotsOutOfService',
    ] as const)
      out[k] += p[k];
    for (const chart of ['permits', 'visitors'] as const)
      for (const [k, n] of Object.entries(p[chart])) out[chart][k] = (out[chart][k] ?? 0) + n;
  }
  const usable = out.spots - out.spotsOutOfService;
  out.occupancy = usable > 0 ? out.spotsInUse / usable : null;
  return out;
}

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
    const statements = async (zoneId?: number) => {
      const sent: string[] = [];
      await inScope(ctx.services, { area: 'central', lang: 'en' }, async (scope) => {
        (scope.tx as unknown as { session: { logger: object } }).session.logger = {
          logQuery: (text: string) => sent.push(text),
        };
        await overview(scope, { zoneId });
      });
      return sent.length;
    };
    const few = await statements(south);
    expect(few).toBe(await statements());
    expect(few).toBeLessThanOrEqual(8);
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
