/**
 * Issue 17's figure: the cost of a visitor permit's limit check (`firstBreach`, modules/visitors/limits.ts) for a
 * resident with 10,000 past visitor permits, beside its target (under 2 ms of SQL). Measured two ways on the same
 * database: the check itself, all its statements, through the server's code at one connection; and the two
 * statements that read the resident's permits (the rolling window and the overlap), sent raw with `EXPLAIN ANALYZE`
 * for PostgreSQL's own planning and execution time. Used by bench/run.ts (BENCH_ONLY=visitor).
 */
import pg from 'pg';
import { firstBreach } from '../apps/server/src/modules/visitors/limits';
import type { Services } from '../apps/server/src/platform/scope';
import { inScope } from '../apps/server/src/platform/scope';
import { percentile } from './load';

export const PAST_VISITOR_PERMITS = 10_000;
const RUNS = 300;

const percentileOf = (xs: number[], p: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    p,
  );

/** One resident of the property with 10,000 expired visitor permits over four years, and two valid ones now. */
async function seed(ownerUrl: string, propertyId: number): Promise<number> {
  const db = new pg.Client({ connectionString: ownerUrl });
  await db.connect();
  try {
    await db.query('begin');
    const { rows } = await db.query<{ id: string }>(
      `insert into tenant_users (property_id, type, full_name, email, password_hash, language)
       values ($1, 'tenant-resident', 'Bench Visited', 'bench.visited@bench.test', '!', 'en') returning id`,
      [propertyId],
    );
    const residentId = Number(rows[0]!.id);
    await db.query('insert into residents (property_id, id) values ($1, $2)', [propertyId, residentId]);
    await db.query(
      `insert into visitors (property_id, name, plate, plate_normalized, resident_id, permit_code, permit_status,
                             valid_from, valid_until)
       select $1, 'Guest ' || g, 'BV' || g, 'BV' || g, $2, 'BV-' || g,
              case when g <= $3 then 'expired' else 'valid' end,
              case when g <= $3 then now() - make_interval(hours => 3 * g + 48) else now() - interval '1 hour' end,
              case when g <= $3 then now() - make_interval(hours => 3 * g + 24) else now() + interval '20 hours' end
       from generate_series(1, $3 + 2) g`,
      [propertyId, residentId, PAST_VISITOR_PERMITS],
    );
    await db.query('commit');
    await db.query('analyze visitors');
    return residentId;
  } finally {
    await db.end();
  }
}

/** The planning and execution milliseconds PostgreSQL reports for a statement (best of 9). */
async function explained(db: pg.Client, text: string, values: unknown[]) {
  let best = { planning: Infinity, execution: Infinity };
  for (let i = 0; i < 9; i++) {
    const { rows } = await db.query<{
      'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }];
    }>(`explain (analyze, format json) ${text}`, values);
    const plan = rows[0]!['QUERY PLAN'][0];
    if (plan['Planning Time'] + plan['Execution Time'] < best.planning + best.execution)
      best = { planning: plan['Planning Time'], execution: plan['Execution Time'] };
  }
  return best;
}

export async function benchVisitorLimits(services: Services, ownerUrl: string, propertyId: number) {
  const residentId = await seed(ownerUrl, propertyId);
  const validFrom = new Date();
  const window = {
    residentId,
    validFrom,
    validUntil: new Date(Date.now() + 24 * 3600_000),
    temporaryPlates: false,
  };

  const times: number[] = [];
  let verdict: Awaited<ReturnType<typeof firstBreach>> = null;
  for (let i = 0; i < RUNS; i++) {
    const began = performance.now();
    verdict = await inScope(services, { area: 'tenant', propertyId }, (ctx) => firstBreach(ctx, window));
    if (i >= 20) times.push(performance.now() - began);
  }

  // The two statements over the resident's permits, as the check sends them (modules/visitors/limits.ts).
  const db = new pg.Client({ connectionString: ownerUrl });
  await db.connect();
  try {
    const tz =
      (await db.query<{ tz: string }>('select timezone as tz from properties where id = $1', [propertyId]))
        .rows[0]?.tz ?? 'UTC';
    const windowSql = `select valid_from from visitors
      where property_id = $1 and resident_id = $2 and deleted_at is null and permit_status is not null
        and permit_status <> 'rejected'
        and valid_from >= ((date_trunc('day', $3::timestamptz at time zone $4)
                            - make_interval(days => 29)) at time zone $4)
      order by valid_from`;
    const overlapSql = `select valid_until from visitors
      where property_id = $1 and resident_id = $2 and deleted_at is null and permit_status is not null
        and permit_status in ('pending', 'valid')
        and valid_until > $3::timestamptz and valid_from < $4::timestamptz
      order by valid_until`;
    const w = await explained(db, windowSql, [propertyId, residentId, validFrom.toISOString(), tz]);
    const o = await explained(db, overlapSql, [
      propertyId,
      residentId,
      validFrom.toISOString(),
      window.validUntil.toISOString(),
    ]);
    const sqlMs = w.planning + w.execution + o.planning + o.execution;
    return {
      residentId,
      verdict,
      p50: percentileOf(times, 50),
      p95: percentileOf(times, 95),
      window: w,
      overlap: o,
      sqlMs,
    };
  } finally {
    await db.end();
  }
}
