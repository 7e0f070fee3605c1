/**
 * Issue 18's offline figures: the phone's copy of a 2,000-vehicle property (GET /patrolling/offline-data, taken at
 * check-in and every 10 minutes of a round, decision 0029) — its size as the server writes it and as a browser
 * receives it (gzip, deflate and br offered, as Chromium does), the time to answer it one at a time, and the same
 * SQL sent raw over one `pg` connection as the reference. Used by bench/run.ts (BENCH_ONLY=offline).
 */
import http from 'node:http';
import pg from 'pg';
import { scopeSql } from '../apps/server/src/platform/db';
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
 * One property of 2,000 vehicles (two per resident), each with a permit (approved, pending or expired as the
 * lookup bench), a visitor permit for one plate in ten, 20 bans, and a parking inspector checked in there.
 */
export async function seedOfflineBench(ownerUrl: string, staffEmail: string): Promise<OfflineBench> {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  try {
    await c.query('begin');
    const {
      rows: [p],
    } = await c.query<{ id: string; code: string }>(
      `insert into properties (code, name) values ('bench-off', 'Bench Offline') returning id, code`,
    );
    const propertyId = Number(p!.id);
    await c.query(
      `insert into tenant_users (property_id, type, full_name, password_hash, language)
       select $1, 'tenant-resident', 'Offline Resident ' || g, '!', 'en' from generate_series(1, $2) g`,
      [propertyId, OFFLINE_VEHICLES / 2],
    );
    await c.query(
      `insert into residents (property_id, id) select property_id, id from tenant_users where property_id = $1`,
      [propertyId],
    );
    await c.query(
      `insert into vehicles (property_id, resident_id, plate, plate_normalized, color)
       select r.property_id, r.id, pl, pl, 'Grey'
       from residents r, generate_series(1, 2) k,
            lateral (select upper(translate(substr(md5(r.id || ':' || k), 1, 7), 'abcdef', 'kmsgtz')) as pl) x
       where r.property_id = $1
       on conflict do nothing`,
      [propertyId],
    );
    await c.query(
      `insert into permits (property_id, code, resident_id, vehicle_id, permit_type_id, status, expires_on, year,
                            public_token)
       select v.property_id, 'OF-' || v.id, v.resident_id, v.id, 1,
              case when v.id % 10 = 0 then 'pending' else 'approved' end,
              case when v.id % 10 = 1 then current_date - 30 else current_date + 365 end,
              2026, md5('offline-' || v.id)
       from vehicles v where v.property_id = $1`,
      [propertyId],
    );
    await c.query(
      `insert into visitors (property_id, name, plate, plate_normalized, resident_id, permit_code, permit_status,
                            valid_from, valid_until)
       select v.property_id, 'Offline Guest', v.plate || 'V', v.plate_normalized || 'V', v.resident_id,
              'OV-' || v.id, 'valid', now() - interval '1 hour', now() + interval '23 hours'
       from vehicles v where v.property_id = $1 and v.id % 10 = 3`,
      [propertyId],
    );
    const {
      rows: [reason],
    } = await c.query<{ id: string }>(
      `insert into reasons (code, name) values ('bench-off', 'Fire lane') returning id`,
    );
    await c.query(
      `insert into banned_vehicles (property_id, plate, plate_normalized, reason_id, banned_from)
       select $1, 'BAN' || g, 'BAN' || g, $2, current_date - 1 from generate_series(1, 20) g`,
      [propertyId, reason!.id],
    );
    const email = 'inspector@offline.bench';
    await c.query(
      `insert into tenant_users (property_id, full_name, email, password_hash, language, role_id)
       select $1, 'Offline Inspector', $2, u.password_hash, 'en',
              (select id from roles where name = 'parking-inspector' and property_id is null)
       from tenant_users u where u.email = $3`,
      [propertyId, email, staffEmail],
    );
    await c.query(
      `insert into patrol_check_ins (property_id, user_area, user_id, user_name, location_status)
       select $1, 'tenant', u.id, u.full_name, 'no-coordinates' from tenant_users u
       where u.property_id = $1 and u.email = $2`,
      [propertyId, email],
    );
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

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

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
    `  time to answer, one at a time (${RUNS} runs): p50 ${ms(percentile(times, 50))} ms, ` +
      `p95 ${ms(percentile(times, 95))} ms; its SQL alone (${sent.length} statements, raw pg): ` +
      `p50 ${ms(percentile(raw, 50))} ms → API at ${(percentile(raw, 50) / percentile(times, 50)).toFixed(2)}×`,
  );
  console.log(
    `  on a slow 4G phone link (1.6 Mbit/s, 150 ms RTT): about ${ms(slow + percentile(times, 50))} ms`,
  );
}
