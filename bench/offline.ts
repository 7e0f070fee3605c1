/**
 * Issue 18's offline figures: the phone's copy of a 2,000-vehicle property (GET /patrolling/offline-data, taken at
 * check-in and every 10 minutes of a round, decision 0029) — its size as the server writes it and as a browser
 * receives it (gzip, deflate and br offered, as Chromium does), the time to answer it one at a time, and the same
 * SQL sent raw over one `pg` connection as the reference. Used by bench/run.ts (BENCH_ONLY=offline).
 */
import http from 'node:http';
import pg from 'pg';
import { scopeSql } from '../apps/server/src/platform/db';
import { percentile } from './load';
import { checkedInInspector, seedBannedPlates, seedPlates } from './plates';
import { captureHandlerSql } from './reference';
import { ms } from './report';

export const OFFLINE_VEHICLES = 2000;
const RUNS = 40;
const WARM = 5;

export interface OfflineBench {
  propertyId: number;
  code: string;
  email: string;
  vehicles: number;
  visitors: number;
  bans: number;
}

/**
 * One property of 2,000 vehicles (two per resident) with their permits and visitor permits (bench/plates.ts), 20
 * bans, and a parking inspector checked in there.
 */
export async function seedOfflineBench(ownerUrl: string, staffEmail: string): Promise<OfflineBench> {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  try {
    await c.query('begin');
    const [p] = await seedPlates(c, {
      prefix: 'bench-off',
      name: 'Bench Offline',
      count: 1,
      vehiclesPerProperty: OFFLINE_VEHICLES,
      vehiclesPerResident: 2,
    });
    const propertyId = Number(p!.id);
    await seedBannedPlates(c, propertyId, 'bench-off');
    const email = 'inspector@offline.bench';
    await checkedInInspector(c, propertyId, email, staffEmail);
    await c.query('commit');
    await c.query('analyze vehicles; analyze permits; analyze visitors; analyze banned_vehicles');
    const count = async (table: string) =>
      Number(
        (
          await c.query<{ n: string }>(`select count(*) as n from ${table} where property_id = $1`, [
            propertyId,
          ])
        ).rows[0]!.n,
      );
    return {
      propertyId,
      code: p!.code,
      email,
      vehicles: await count('vehicles'),
      visitors: await count('visitors'),
      bans: await count('banned_vehicles'),
    };
  } finally {
    await c.end();
  }
}

/** One GET as a browser sends it: the bytes that crossed the wire, the encoding, and the time to the last byte. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number; encoding: string; ms: number }>((resolve, reject) => {
    const began = performance.now();
    const req = http.get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          ms: performance.now() - began,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** A percentile of unsorted figures. */
const pct = (xs: number[], q: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    q,
  );

/** Measures the copy through the API and its SQL raw, and prints the figures. */
export async function benchOffline(bench: OfflineBench, origin: string, token: string, appUrl: string) {
  const url = `${origin}/tenant/api/patrolling/offline-data`;
  const auth = { authorization: `Bearer ${token}`, 'x-tenant': bench.code };
  const browser = { ...auth, 'accept-encoding': 'gzip, deflate, br' };
  const plain = await get(url, auth);
  if (plain.status !== 200) throw new Error(`offline-data answered ${plain.status}`);
  const wire = await get(url, browser);
  const gzip = await get(url, { ...auth, 'accept-encoding': 'gzip' });

  const times: number[] = [];
  for (let i = 0; i < WARM + RUNS; i++) {
    const r = await get(url, browser);
    if (i >= WARM) times.push(r.ms);
  }

  // The reference: the handler's statements in one transaction at the property's scope, over one raw connection.
  const sent = await captureHandlerSql(() => get(url, browser));
  const script = ['BEGIN', scopeSql({ area: 'tenant', propertyId: bench.propertyId }), ...sent, 'COMMIT'];
  const c = new pg.Client({ connectionString: appUrl });
  await c.connect();
  const raw: number[] = [];
  try {
    for (let i = 0; i < WARM + RUNS; i++) {
      const began = performance.now();
      for (const s of script) await c.query(s);
      if (i >= WARM) raw.push(performance.now() - began);
    }
  } finally {
    await c.end();
  }

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  // A slow phone link for the "time to load" beside the server's time: 1.6 Mbit/s down, 150 ms round trip
  // (Lighthouse's "slow 4G"), computed from the bytes measured above.
  const slow = 150 + (wire.bytes * 8) / 1600;
  console.log('');
  console.log(
    `offline copy of a ${bench.vehicles}-vehicle property (${bench.visitors} visitor permits, ${bench.bans} bans):`,
  );
  console.log(
    `  size: ${kb(plain.bytes)} as JSON; on the wire ${kb(wire.bytes)} (${wire.encoding}), ` +
      `${kb(gzip.bytes)} with gzip only`,
  );
  console.log(
    `  time to answer, one at a time (${RUNS} runs): p50 ${ms(pct(times, 50))} ms, ` +
      `p95 ${ms(pct(times, 95))} ms; its SQL alone (${sent.length} statements, raw pg): ` +
      `p50 ${ms(pct(raw, 50))} ms → API at ${(pct(raw, 50) / pct(times, 50)).toFixed(2)}×`,
  );
  console.log(`  on a slow 4G phone link (1.6 Mbit/s, 150 ms RTT): about ${ms(slow + pct(times, 50))} ms`);
}
