/**
 * Issue 38 §4's figure: each report (GET /reports/{name}, modules/reports) of one property among 50 that hold 1,000,000
 * visitor permits and 200,000 permits between them (20,000 and 4,000 each, over two years), with their warnings, tows
 * and spots, and their patrol rounds, imports and mail (bench/reports-activity.ts), answered at one connection, beside the same SQL sent raw: the statements the handler sends, captured
 * from the bench's own app, run by a plain `pg` client in one transaction with the tenant scope. Target: ≤ 300 ms.
 * Used by bench/run.ts (BENCH_ONLY=reports).
 */
import pg from 'pg';
import { scopeSql } from '../apps/server/src/platform/db';
import { hashPassword } from '../apps/server/src/platform/auth';
import { BENCH_PASSWORD } from './data';
import { percentile } from './load';
import { captureHandlerSql } from './reference';
import { ms } from './report';
import { seedActivity } from './reports-activity';

export const REPORT_PROPERTIES = 50;
export const REPORT_ZONES = 5;
export const VISITOR_PERMITS = 1_000_000;
export const PERMITS = 200_000;
const RESIDENTS_PER_PROPERTY = 400;
const WARNINGS_PER_PROPERTY = 2_000;
const SPOTS_PER_PROPERTY = 400;
const RUNS = 30;
const WARM_UP = 5;
export const REPORT_TARGET_MS = 300;

const FIRST = [
  'Amara',
  'Bo',
  'Chiara',
  'Dmitri',
  'Esperanza',
  'Femi',
  'Giulia',
  'Hiroshi',
  'Ines',
  'Jae-won',
];
const LAST = [
  'Adeyemi',
  'Brennan',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fujita',
  'Gallagher',
  'Horvath',
  'Iyer',
];

export interface ReportsBench {
  propertyId: number;
  code: string;
  manager: string;
  /** A central admin, and the zones the properties lie in (the central dashboard's overview, bench/overview.ts). */
  central: string;
  zoneIds: number[];
  /** Rows of the measured property. */
  rows: {
    visitors: number;
    permits: number;
    warnings: number;
    tows: number;
    spots: number;
    rounds: number;
    observations: number;
    imports: number;
    mails: number;
  };
}

/**
 * Seeds with the owner connection (a superuser: row-level security, triggers and foreign-key checks are skipped
 * while seeding with session_replication_role = replica, so the plate read model's triggers do not run a million
 * times; the rows are consistent by construction). Each statement covers the 50 properties at once; each table is
 * analysed once filled.
 */
export async function seedReportsBench(ownerUrl: string): Promise<ReportsBench> {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  let mark = performance.now();
  const step = (what: string) => {
    const now = performance.now();
    console.log(`  seeded ${what} in ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };
  try {
    const hash = await hashPassword(BENCH_PASSWORD);
    await c.query('begin');
    await c.query('set local session_replication_role = replica');
    const props = await c.query<{ id: string; code: string }>(
      `insert into properties (code, name, timezone)
       select 'bench-rep' || g, 'Bench Reports ' || g,
              (array['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'])[1 + g % 4]
       from generate_series(1, $1) g order by g returning id, code`,
      [REPORT_PROPERTIES],
    );
    const ids = props.rows.map((p) => Number(p.id));
    // Five zones of ten properties each, for the central dashboard's comparison.
    const zoneRows = await c.query<{ id: string }>(
      `insert into zones (code, name, county) select 'bench-z' || g, 'Bench Zone ' || g, 'Travis'
       from generate_series(1, ${REPORT_ZONES}) g order by g returning id`,
    );
    const zoneIds = zoneRows.rows.map((z) => Number(z.id));
    await c.query(
      `update properties p set zone_id = ($2::bigint[])[1 + (x.n - 1) % array_length($2::bigint[], 1)]
       from unnest($1::bigint[]) with ordinality x(id, n) where p.id = x.id`,
      [ids, zoneIds],
    );
    const run = async (table: string, text: string, params: unknown[] = [ids]) => {
      await c.query(text, params);
      await c.query(`analyze ${table}`);
    };
    await run(
      'buildings',
      `insert into buildings (property_id, name) select p, 'Tower ' || b from unnest($1::bigint[]) p, generate_series(1, 4) b`,
    );
    await run(
      'units',
      `insert into units (property_id, building_id, name)
       select b.property_id, b.id, (100 * (1 + (g - 1) / 25) + 1 + (g - 1) % 25)::text
       from buildings b, generate_series(1, $2) g where b.property_id = any($1)`,
      [ids, RESIDENTS_PER_PROPERTY / 4],
    );
    const first = `array[${FIRST.map((f) => `'${f}'`).join(',')}]`;
    const last = `array[${LAST.map((f) => `'${f}'`).join(',')}]`;
    await run(
      'tenant_users',
      `insert into tenant_users (property_id, type, full_name, email, password_hash, language)
       select p, 'tenant-resident', (${first})[1 + g % ${FIRST.length}] || ' ' || (${last})[1 + (g * 7) % ${LAST.length}],
              'resident.' || g || '@rep' || p || '.test', '!', 'en'
       from unnest($1::bigint[]) p, generate_series(1, $2) g`,
      [ids, RESIDENTS_PER_PROPERTY],
    );
    // One resident in ten has a limit of their own.
    await run(
      'residents',
      `insert into residents (property_id, id, code, visitor_limit)
       select u.property_id, u.id, 'R' || u.id, case when u.id % 10 = 0 then 5 end
       from tenant_users u where u.property_id = any($1) and u.type = 'tenant-resident'`,
    );
    await run(
      'resident_units',
      `insert into resident_units (property_id, resident_id, unit_id)
       select r.property_id, r.id, un.id
       from (select property_id, id, row_number() over (partition by property_id order by id) n
             from residents where property_id = any($1)) r
       join (select property_id, id, row_number() over (partition by property_id order by id) n
             from units where property_id = any($1)) un on un.property_id = r.property_id and un.n = r.n`,
    );
    step('properties, buildings, units, residents');
    // 4,000 permits a property, created over two years, of every status and type.
    await run(
      'permits',
      `insert into permits (property_id, code, resident_id, permit_type_id, status, year, public_token, start_date,
                            expires_on, created_at)
       select r.property_id, 'P-' || r.id || '-' || k, r.id, (select array_agg(id order by id) from permit_types)[1 + (r.id + k) % (select count(*)::int from permit_types)],
              (array['approved', 'approved', 'approved', 'pending', 'rejected', 'revoked', 'inactive'])[1 + (r.id * 3 + k) % 7],
              2026, md5(r.id || '-' || k), created::date, (created + interval '1 year')::date, created
       from (select property_id, id from residents where property_id = any($1)) r,
            generate_series(1, $2) k,
            lateral (select now() - make_interval(mins => ((r.id * 7919 + k * 104729) % 1051200)::int) as created) t`,
      [ids, PERMITS / REPORT_PROPERTIES / RESIDENTS_PER_PROPERTY],
    );
    step(`${PERMITS} permits`);
    // 20,000 visitor permits a property over two years (a few starting in the days ahead), a day long each.
    await run(
      'visitors',
      `insert into visitors (property_id, name, resident_id, permit_code, permit_status, valid_from, valid_until,
                             source, created_at)
       select r.property_id, 'Guest ' || k, r.id, 'V-' || r.id || '-' || k,
              case when v.valid_from > now() then 'valid'
                   else (array['expired', 'expired', 'expired', 'revoked', 'rejected', 'pending'])[1 + (r.id + k) % 6] end,
              v.valid_from, v.valid_from + interval '1 day',
              (array['staff', 'resident', 'link', 'poster'])[1 + k % 4], v.valid_from
       from (select property_id, id from residents where property_id = any($1)) r,
            generate_series(1, $2) k,
            lateral (select now() - make_interval(mins => ((r.id * 15485863 + k * 32452843) % 1051200)::int - 4320)
                     as valid_from) v`,
      [ids, VISITOR_PERMITS / REPORT_PROPERTIES / RESIDENTS_PER_PROPERTY],
    );
    step(`${VISITOR_PERMITS} visitor permits`);
    await run(
      'patrol_check_ins',
      `insert into patrol_check_ins (property_id, user_area, user_id, user_name, location_status, checked_in_at,
                                     checked_out_at)
       select p, 'tenant', 1, 'Bench Officer', 'verified', now() - interval '2 years', now() - interval '2 years'
       from unnest($1::bigint[]) p`,
    );
    await run(
      'patrol_observations',
      `insert into patrol_observations (property_id, check_in_id, user_area, user_id, user_name, client_key, plate,
                                        plate_normalized, observed_at)
       select ci.property_id, ci.id, 'tenant', 1, 'Bench Officer', gen_random_uuid(), 'W' || g, 'W' || g,
              now() - make_interval(mins => ((g * 7919) % 1051200)::int)
       from patrol_check_ins ci, generate_series(1, $2) g where ci.property_id = any($1)`,
      [ids, WARNINGS_PER_PROPERTY],
    );
    await run(
      'permit_warnings',
      `insert into permit_warnings (property_id, observation_id, check_in_id, plate, plate_normalized, warning_id,
                                    reason_id, status, requested_by_area, requested_by_id, requested_by_name, created_at)
       select o.property_id, o.id, o.check_in_id, o.plate, o.plate_normalized, (select min(id) from warnings),
              (select min(id) from reasons),
              (array['placed', 'placed', 'approved', 'rejected', 'cancelled', 'pending'])[1 + o.id % 6],
              'tenant', 1, 'Bench Officer', o.observed_at
       from patrol_observations o where o.property_id = any($1)`,
    );
    await run(
      'vehicle_tows',
      `insert into vehicle_tows (property_id, permit_warning_id, tow_id, plate, plate_normalized, status,
                                 tow_authorization_date, ready_to_tow_at, authorized_by_area, authorized_by_id,
                                 authorized_by_name, photo_file_ids, created_at)
       select w.property_id, w.id, (select min(id) from tows), w.plate, w.plate_normalized,
              (array['towed', 'towed', 'cancelled', 'pending-to-tow'])[1 + w.id % 4],
              w.created_at + interval '1 day', w.created_at + interval '1 day', 'tenant', 1, 'Bench Manager', '[]',
              w.created_at + interval '1 day'
       from permit_warnings w where w.property_id = any($1) and w.status = 'placed' and w.id % 3 = 0`,
    );
    step('warnings and tows');
    await run(
      'parking_areas',
      `insert into parking_areas (property_id, name) select p, 'Level ' || g from unnest($1::bigint[]) p,
       generate_series(1, 5) g`,
    );
    await run(
      'spots',
      `insert into spots (property_id, area_id, number, type, status)
       select a.property_id, a.id, a.name || '-' || g,
              (array['resident', 'resident', 'resident', 'visitor', 'handicap', 'garage', 'carport'])[1 + (a.id + g) % 7],
              (array['assigned', 'assigned', 'available', 'available', 'reserved', 'outOfService'])[1 + (a.id * g) % 6]
       from parking_areas a, generate_series(1, $2) g where a.property_id = any($1)`,
      [ids, SPOTS_PER_PROPERTY / 5],
    );
    await seedActivity(c, ids, step);
    const measured = props.rows[Math.floor(REPORT_PROPERTIES / 2)]!;
    const manager = `manager@${measured.code}.test`;
    await c.query(
      `insert into tenant_users (property_id, type, full_name, email, password_hash, role_id)
       values ($1, 'tenant-user', 'Bench Manager', $2, $3, (select id from roles where name = 'manager'))`,
      [Number(measured.id), manager, hash],
    );
    const central = 'central@bench-reports.test';
    await c.query(
      `insert into central_users (full_name, email, password_hash, role_id)
       values ('Bench Central', $1, $2, (select id from roles where name = 'admin' and property_id is null))`,
      [central, hash],
    );
    await c.query('commit');
    step('spots, manager, central user, commit');
    const count = async (table: string) =>
      Number(
        (
          await c.query<{ n: string }>(`select count(*) n from ${table} where property_id = $1`, [
            measured.id,
          ])
        ).rows[0]!.n,
      );
    return {
      propertyId: Number(measured.id),
      code: measured.code,
      manager,
      central,
      zoneIds,
      rows: {
        visitors: await count('visitors'),
        permits: await count('permits'),
        warnings: await count('permit_warnings'),
        tows: await count('vehicle_tows'),
        spots: await count('spots'),
        rounds: await count('patrol_check_ins'),
        observations: await count('patrol_observations'),
        imports: await count('resident_imports'),
        mails: await count('mail_outbox'),
      },
    };
  } catch (e) {
    await c.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    await c.end();
  }
}

/** The reports measured: each time series with its default period (90 days, per day) and a year per month. */
const yearAgo = () => new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
const CASES = (): { name: string; path: string }[] => [
  { name: 'permits, 90 days per day', path: '/reports/permits' },
  { name: 'permits, a year per month', path: `/reports/permits?from=${yearAgo()}&groupBy=month` },
  { name: 'visitors, 90 days per day', path: '/reports/visitors' },
  { name: 'visitors, a year per month', path: `/reports/visitors?from=${yearAgo()}&groupBy=month` },
  { name: 'enforcement, 90 days per day', path: '/reports/enforcement' },
  { name: 'enforcement, a year per month', path: `/reports/enforcement?from=${yearAgo()}&groupBy=month` },
  { name: 'occupancy', path: '/reports/occupancy' },
  { name: 'patrol, 90 days per day', path: '/reports/patrol' },
  { name: 'patrol, a year per month', path: `/reports/patrol?from=${yearAgo()}&groupBy=month` },
  { name: 'mail, 90 days per day', path: '/reports/mail' },
  { name: 'mail, a year per month', path: `/reports/mail?from=${yearAgo()}&groupBy=month` },
];

export interface ReportFigure {
  name: string;
  statements: number;
  http: { p50: number; p95: number };
  raw: { p50: number; p95: number };
}

const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/**
 * Each report, RUNS times after WARM_UP at one connection through `servedOrigin` (the product as `npm start` runs
 * it), and its SQL — captured once through `captureOrigin`, the bench's own app — RUNS times raw.
 */
export async function benchReports(
  bench: ReportsBench,
  opts: { captureOrigin: string; servedOrigin: string; appUrl: string; token: string },
): Promise<ReportFigure[]> {
  const headers = { authorization: `Bearer ${opts.token}`, 'x-tenant': bench.code };
  const get = async (origin: string, path: string) => {
    const res = await fetch(`${origin}/tenant/api${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  const db = new pg.Client({ connectionString: opts.appUrl });
  await db.connect();
  const figures: ReportFigure[] = [];
  try {
    for (const c of CASES()) {
      const sent = await captureHandlerSql(() => get(opts.captureOrigin, c.path));
      const http: number[] = [];
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        const began = performance.now();
        await get(opts.servedOrigin, c.path);
        if (i >= WARM_UP) http.push(performance.now() - began);
      }
      const raw: number[] = [];
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        const began = performance.now();
        await db.query('BEGIN');
        await db.query(scopeSql({ area: 'tenant', propertyId: bench.propertyId }));
        for (const statement of sent) await db.query(statement);
        await db.query('COMMIT');
        if (i >= WARM_UP) raw.push(performance.now() - began);
      }
      figures.push({ name: c.name, statements: sent.length, http: stats(http), raw: stats(raw) });
      console.log(`  report ${c.name}: done`);
    }
  } finally {
    await db.end();
  }
  return figures;
}

export function printReports(bench: ReportsBench, figures: ReportFigure[]) {
  console.log('');
  console.log(
    `Reports (issue 38 §4): ${REPORT_PROPERTIES} properties, ${VISITOR_PERMITS.toLocaleString('en-US')} visitor ` +
      `permits and ${PERMITS.toLocaleString('en-US')} permits; the measured property holds ` +
      `${bench.rows.visitors} visitor permits, ${bench.rows.permits} permits, ${bench.rows.warnings} warnings, ` +
      `${bench.rows.tows} tows, ${bench.rows.spots} spots, ${bench.rows.rounds} patrol rounds with ` +
      `${bench.rows.observations} observations, ${bench.rows.imports} residents imports, ${bench.rows.mails} mails. ` +
      `1 connection, ${RUNS} runs each after ${WARM_UP} ` +
      'unmeasured; raw = the statements the handler sent, by a plain pg client in one scoped transaction.',
  );
  const rows = figures.map((f) => [
    f.name,
    String(f.statements),
    ms(f.http.p50),
    ms(f.http.p95),
    ms(f.raw.p50),
    ms(f.raw.p95),
  ]);
  const head = ['report', 'SQL', 'HTTP p50', 'HTTP p95', 'raw p50', 'raw p95'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  const worst = Math.max(...figures.map((f) => f.http.p95));
  console.log(
    `target: each report ≤ ${REPORT_TARGET_MS} ms at 1 connection — worst p95 ${ms(worst)} ms: ` +
      `${worst <= REPORT_TARGET_MS ? 'met' : 'MISSED'}`,
  );
}
