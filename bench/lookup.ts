/**
 * Issue 18's figures: the patrol's plate lookup (GET /patrolling/lookup) over 1,000,000 vehicles in 50 properties,
 * each vehicle with a permit (approved, pending or expired) and a visitor permit for one plate in ten. Exact plates
 * at 4 connections (target p99 ≤ 5 ms) and at 16 (target ≥ 2,000 lookups/s); near plates (one character missing)
 * beside them; and the SQL one lookup sends, sent raw as the reference (target: the API ≥ 0.67× of it). Used by
 * bench/run.ts (BENCH_ONLY=lookup).
 */
import pg from 'pg';
import type autocannon from 'autocannon';
import { scopeSql } from '../apps/server/src/platform/db';
import { captureHandlerSql } from './reference';

export const LOOKUP_PROPERTIES = 50;
export const LOOKUP_VEHICLES_PER_PROPERTY = Number(process.env.BENCH_LOOKUP_VEHICLES ?? 20_000);
const VEHICLES_PER_RESIDENT = 10;
const SAMPLE = 400;

export interface LookupBench {
  propertyId: number;
  code: string;
  email: string;
  exact: string[];
  near: string[];
  vehicles: number;
}

/** 50 properties of 20,000 vehicles each, their residents, permits and visitor permits; one inspector. */
export async function seedLookupBench(ownerUrl: string, staffEmail: string): Promise<LookupBench> {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  const began = performance.now();
  try {
    await c.query('begin');
    const props = await c.query<{ id: string; code: string }>(
      `insert into properties (code, name) select 'bench-l' || g, 'Bench Lookup ' || g
       from generate_series(1, $1) g order by g returning id, code`,
      [LOOKUP_PROPERTIES],
    );
    const residentsPer = Math.ceil(LOOKUP_VEHICLES_PER_PROPERTY / VEHICLES_PER_RESIDENT);
    await c.query(
      `insert into tenant_users (property_id, type, full_name, password_hash, language)
       select p.id, 'tenant-resident', 'Lookup Resident ' || g, '!', 'en'
       from properties p, generate_series(1, $1) g where p.code like 'bench-l%'`,
      [residentsPer],
    );
    await c.query(
      `insert into residents (property_id, id)
       select u.property_id, u.id from tenant_users u join properties p on p.id = u.property_id
       where p.code like 'bench-l%'`,
    );
    await c.query('analyze tenant_users; analyze residents');
    // Plates of 7 letters and digits from a hash (with the confusable letters among them), unique per property.
    await c.query(
      `insert into vehicles (property_id, resident_id, plate, plate_normalized, color)
       select r.property_id, r.id, pl, pl, 'Grey'
       from (select property_id, id, row_number() over (partition by property_id order by id) - 1 as n
             from residents where property_id in (select id from properties where code like 'bench-l%')) r,
            generate_series(1, $1) k,
            lateral (select upper(translate(substr(md5(r.property_id || ':' || r.n || ':' || k), 1, 7),
                                            'abcdef', 'kmsgtz')) as pl) x
       on conflict do nothing`,
      [VEHICLES_PER_RESIDENT],
    );
    await c.query('analyze vehicles');
    await c.query(
      `insert into permits (property_id, code, resident_id, vehicle_id, permit_type_id, status, expires_on, year,
                            public_token)
       select v.property_id, 'LK-' || v.id, v.resident_id, v.id, 1,
              case when v.id % 10 = 0 then 'pending' else 'approved' end,
              case when v.id % 10 = 1 then current_date - 30 else current_date + 365 end,
              2026, md5('lookup-' || v.id)
       from vehicles v where v.property_id in (select id from properties where code like 'bench-l%')`,
    );
    await c.query(
      `insert into visitors (property_id, name, plate, plate_normalized, resident_id, permit_code, permit_status,
                            valid_from, valid_until)
       select v.property_id, 'Lookup Guest', v.plate || 'V', v.plate_normalized || 'V', v.resident_id,
              'LV-' || v.id, 'valid', now() - interval '1 hour', now() + interval '23 hours'
       from vehicles v where v.property_id in (select id from properties where code like 'bench-l%')
         and v.id % 10 = 3`,
    );
    // The inspector signs in at the first property, with the bench's staff password.
    const first = props.rows[0]!;
    const email = 'inspector@lookup.bench';
    await c.query(
      `insert into tenant_users (property_id, full_name, email, password_hash, language, role_id)
       select $1, 'Lookup Inspector', $2, u.password_hash, 'en',
              (select id from roles where name = 'parking-inspector' and property_id is null)
       from tenant_users u where u.email = $3`,
      [first.id, email, staffEmail],
    );
    // An officer looks up plates during a round at the property (decision 0027): the inspector is checked in.
    await c.query(
      `insert into patrol_check_ins (property_id, user_area, user_id, user_name, location_status)
       select $1, 'tenant', u.id, u.full_name, 'no-coordinates' from tenant_users u
       where u.property_id = $1 and u.email = $2`,
      [first.id, email],
    );
    await c.query('commit');
    for (const table of ['vehicles', 'permits', 'visitors']) await c.query(`vacuum analyze ${table}`);
    const { rows } = await c.query<{ plate: string }>(
      `select plate_normalized as plate from vehicles where property_id = $1 order by md5(id::text) limit $2`,
      [first.id, SAMPLE],
    );
    const count = await c.query<{ n: string }>(`select count(*) as n from vehicles`);
    console.log(
      `  seeded ${count.rows[0]!.n} vehicles in ${LOOKUP_PROPERTIES} properties in ` +
        `${((performance.now() - began) / 1000).toFixed(0)} s`,
    );
    return {
      propertyId: Number(first.id),
      code: first.code,
      email,
      exact: rows.map((r) => r.plate),
      // One character missing: found among the plates one character away.
      near: rows.map((r) => r.plate.slice(0, -1)),
      vehicles: Number(count.rows[0]!.n),
    };
  } finally {
    await c.end();
  }
}

export const lookupRequests = (plates: string[], headers: Record<string, string>): autocannon.Request[] =>
  plates.map((plate) => ({ method: 'GET', path: `/tenant/api/patrolling/lookup?plate=${plate}`, headers }));

/** The statements of one lookup of each kind, as the handler sends them, for the raw reference. */
export async function lookupScripts(origin: string, headers: Record<string, string>, bench: LookupBench) {
  const { propertyId } = bench;
  const script = async (plate: string) => {
    const sent = await captureHandlerSql(async () => {
      const res = await fetch(`${origin}/tenant/api/patrolling/lookup?plate=${plate}`, { headers });
      if (res.status !== 200) throw new Error(`lookup answered ${res.status}`);
      await res.text();
    });
    return ['BEGIN', scopeSql({ area: 'tenant', propertyId }), ...sent, 'COMMIT'];
  };
  // One at a time: the capture watches every client of the process.
  const exact: string[][] = [];
  const near: string[][] = [];
  for (const plate of bench.exact.slice(0, 20)) exact.push(await script(plate));
  for (const plate of bench.near.slice(0, 20)) near.push(await script(plate));
  return { exact, near };
}

/**
 * The lookup's scenarios for run.ts — exact and near plates, each at the given connection counts, as the seeded
 * inspector — and the statements of each kind as the handler sends them (the raw reference).
 */
export async function lookupScenarios(
  bench: LookupBench,
  origin: string,
  token: string,
  opts: { connections: number[]; duration: number },
) {
  const headers = { authorization: `Bearer ${token}`, 'x-tenant': bench.code };
  const sql = await lookupScripts(origin, headers, bench);
  const scenarios = (['exact', 'near'] as const).flatMap((kind) =>
    opts.connections.map((connections) => ({
      name: `GET lookup ${kind}, ${connections} conn`,
      url: origin,
      connections,
      duration: opts.duration,
      requests: lookupRequests(bench[kind], headers),
    })),
  );
  return { scenarios, sql };
}
