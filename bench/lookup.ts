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
import { checkedInInspector, seedPlates } from './plates';
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
    const props = await seedPlates(c, {
      prefix: 'bench-l',
      name: 'Bench Lookup',
      count: LOOKUP_PROPERTIES,
      vehiclesPerProperty: LOOKUP_VEHICLES_PER_PROPERTY,
      vehiclesPerResident: VEHICLES_PER_RESIDENT,
    });
    // The inspector signs in at the first property.
    const first = props[0]!;
    const email = 'inspector@lookup.bench';
    await checkedInInspector(c, first.id, email, staffEmail);
    await c.query('commit');
    for (const table of ['vehicles', 'permits', 'visitors', 'units', 'resident_units', 'plate_lookups'])
      await c.query(`vacuum analyze ${table}`);
    // What the seeding wrote (a million rows, twice over with the lookup's read model) is flushed before anything is
    // measured: otherwise a checkpoint of its WAL, spread over minutes, is still writing under the first scenarios.
    await c.query('checkpoint').catch((e: Error) => console.log(`  no checkpoint (${e.message})`));
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
