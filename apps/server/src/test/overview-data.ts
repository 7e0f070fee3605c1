import { isoDayIn, OVERVIEW_SUMMED, RESERVED_SPOT_PERMIT_TYPE_ID } from '@parkade/contract';
import { sql, type SQL } from 'drizzle-orm';
import { overview } from '../modules/dashboard/overview';
import { query, type Database, type Tx } from '../platform/db';
import { inScope, type Services } from '../platform/scope';

/*
 * The rows of the central dashboard's overview test (modules/dashboard/overview.test.ts) and the direct counts its
 * figures are checked against: written here from the stored columns, in the property's days computed here, apart
 * from the service's SQL.
 */

export interface Place {
  id: number;
  code: string;
  tz: string;
}
export const DAY = 86_400_000;
export const now = Date.now();
let seedValue = 11;
/** A deterministic sequence (mulberry32), so a failure repeats. */
const rand = (n: number) => {
  seedValue = (seedValue + 0x6d2b79f5) | 0;
  let t = Math.imul(seedValue ^ (seedValue >>> 15), 1 | seedValue);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
};
export const ago = (days: number, hours = 0) => new Date(now - days * DAY - hours * 3_600_000).toISOString();

let database: Database;
/** The database the helpers below read and write (the test's). */
export function useDatabase(d: Database) {
  database = d;
}

export function db<T = Record<string, unknown>>(statement: SQL): Promise<T[]> {
  return database.withScope({ area: 'central' }, (tx) => query<T>(tx, statement));
}

/** Catalogue rows the seed refers to: a permit type, a warning, a reason and a tow. */
export async function catalogue() {
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
export async function seed(p: Place, size: number, ids: Awaited<ReturnType<typeof catalogue>>) {
  await database.withScope({ area: 'tenant', propertyId: p.id }, async (tx: Tx) => {
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

/** A day of the property's calendar `back` days before today (by the calendar: a day is not always 24 hours). */
export const dayOf = (p: Place, back: number) =>
  new Date(Date.parse(`${isoDayIn(new Date(now), p.tz)}T00:00:00Z`) - back * DAY).toISOString().slice(0, 10);
/** The instant a day of the property starts there. */
export const startOf = (p: Place, day: string) =>
  sql.raw(`('${day}'::date::timestamp at time zone '${p.tz}')`);
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

export const statusMap = (xs: { status: string; count: number }[]) =>
  Object.fromEntries(xs.map((x) => [x.status, x.count]));
async function counted(statement: SQL): Promise<Record<string, number>> {
  const rows = await db<{ key: string; n: string }>(statement);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
}
const one = async (statement: SQL) => Number((await db<{ n: string }>(statement))[0]!.n);

/** Every figure of one property, counted directly. */
export async function direct(p: Place) {
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

/** Direct figures summed (a zone, or all). */
export function summed(parts: Awaited<ReturnType<typeof direct>>[]) {
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
    for (const k of OVERVIEW_SUMMED) out[k] += p[k];
    for (const chart of ['permits', 'visitors'] as const)
      for (const [k, n] of Object.entries(p[chart])) out[chart][k] = (out[chart][k] ?? 0) + n;
  }
  const usable = out.spots - out.spotsOutOfService;
  out.occupancy = usable > 0 ? out.spotsInUse / usable : null;
  return out;
}

/** The statements the overview sends, with their parameters (for every property, or one zone's). */
export async function overviewStatements(services: Services, zoneId?: number) {
  const out: { text: string; params: unknown[] }[] = [];
  await inScope(services, { area: 'central', lang: 'en' }, async (scope) => {
    (scope.tx as unknown as { session: { logger: object } }).session.logger = {
      // The handler's own: each reads the properties or their unnested bounds (not the transaction's bookkeeping).
      logQuery: (text: string, params: unknown[]) => {
        if (text.includes('"properties"') || text.includes('unnest(')) out.push({ text, params });
      },
    };
    await overview(scope, { zoneId });
  });
  return out;
}
