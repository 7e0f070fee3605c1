import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, type Tx } from '../../platform/db';
import { createProperty, createTestContext, type TestContext } from '../../test/harness';
import { analyzeAll } from '../../test/db';
import { catalogue, db, overviewStatements, useDatabase } from '../../test/overview-data';

/*
 * The index check of the central dashboard's overview (decision 0052): each figure's statement reads every property's
 * rows by the table's index, narrowed beyond the property — by the property's day (created_at, valid_from) or the
 * status. On PostgreSQL the tests run as the application's role, under row-level security, where a condition is an
 * index condition only when it is leakproof: the first version computed each property's day inside the statement
 * (timezone(), not leakproof) and read every row of every property. Three properties of a few thousand rows each,
 * analysed at the end as their owner (all of them: statistics that saw only the first property make the others look
 * empty, and any index on property_id alone looks as good), so the planner weighs the indexes on real sizes;
 * sequential scans made a last resort.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  useDatabase(ctx.database);
  const ids = await catalogue();
  for (const tz of ['America/Chicago', 'Pacific/Kiritimati', 'UTC']) {
    const { id } = await createProperty(ctx.database, { timezone: tz });
    await db(sql`insert into tenant_users (property_id, type, full_name, email, password_hash)
      select ${id}, 'tenant-resident', 'Resident ' || g, 'r' || g || '.' || ${id} || '@plan.test', '!'
      from generate_series(1, 200) g`);
    await db(sql`insert into residents (property_id, id) select property_id, id from tenant_users
      where property_id = ${id}`);
    // Permits and visitor permits over two years; warnings (with their observations) and tows over one.
    await db(sql`insert into permits (property_id, code, resident_id, permit_type_id, status, year, public_token,
        expires_on, created_at)
      select r.property_id, 'P-' || r.id || '-' || k, r.id, (select min(id) from permit_types),
        (array['approved', 'approved', 'pending', 'rejected', 'revoked', 'inactive'])[1 + (r.id + k) % 6], 2026,
        md5(r.id || '-' || k), (now() + make_interval(days => ((r.id * 7 + k * 13) % 700 - 350)::int))::date,
        now() - make_interval(hours => ((r.id * 7919 + k * 104729) % 17520)::int)
      from residents r, generate_series(1, 15) k where r.property_id = ${id}`);
    await db(sql`insert into visitors (property_id, name, resident_id, permit_code, permit_status, valid_from,
        valid_until)
      select r.property_id, 'Guest ' || k, r.id, 'V-' || r.id || '-' || k,
        (array['valid', 'expired', 'revoked', 'rejected', 'pending'])[1 + (r.id + k) % 5], v.f, v.f + interval '1 day'
      from residents r, generate_series(1, 30) k,
        lateral (select now() - make_interval(hours => ((r.id * 15485 + k * 32452) % 17520)::int) as f) v
      where r.property_id = ${id}`);
    const [round] = await db<{
      id: string;
    }>(sql`insert into patrol_check_ins (property_id, user_area, user_id,
        user_name, location_status, checked_out_at) values (${id}, 'tenant', 1, 'Officer', 'verified', now())
      returning id`);
    await db(sql`insert into patrol_observations (property_id, check_in_id, user_area, user_id, user_name,
        client_key, plate, plate_normalized, observed_at)
      select ${id}, ${round!.id}, 'tenant', 1, 'Officer', gen_random_uuid(), 'W' || g, 'W' || g,
        now() - make_interval(hours => (g * 7919) % 8760)
      from generate_series(1, 1500) g`);
    await db(sql`insert into permit_warnings (property_id, observation_id, check_in_id, plate, plate_normalized,
        warning_id, reason_id, status, requested_by_area, requested_by_id, requested_by_name, created_at)
      select o.property_id, o.id, o.check_in_id, o.plate, o.plate_normalized, ${ids.warning}, ${ids.reason},
        (array['placed', 'approved', 'rejected', 'pending'])[1 + o.id % 4], 'tenant', 1, 'Officer', o.observed_at
      from patrol_observations o where o.property_id = ${id}`);
    await db(sql`insert into vehicle_tows (property_id, permit_warning_id, tow_id, plate, plate_normalized, status,
        tow_authorization_date, ready_to_tow_at, authorized_by_area, authorized_by_id, authorized_by_name,
        photo_file_ids, created_at)
      select w.property_id, w.id, ${ids.tow}, w.plate, w.plate_normalized, 'towed', w.created_at, w.created_at,
        'tenant', 1, 'Manager', '[]'::jsonb, w.created_at
      from permit_warnings w where w.property_id = ${id} and w.status = 'placed'`);
    await db(sql`insert into spots (property_id, number, type, status)
      select ${id}, 'S' || g, 'resident', (array['available', 'assigned', 'outOfService'])[1 + g % 3]
      from generate_series(1, 200) g`);
  }
  await analyzeAll(ctx.database);
});
afterAll(() => ctx?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

describe('the overview statements', () => {
  it("read each property's rows by an index that narrows them beyond the property", async () => {
    const statements = await overviewStatements(ctx.services);
    expect(statements).toHaveLength(7);
    const plans = await ctx.database.withScope({ area: 'central' }, async (tx: Tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const out: PlanNode[][] = [];
      for (const s of statements) {
        const text = s.text.replace(/\$(\d+)/g, (_, i: string) => literal(s.params[Number(i) - 1]));
        const [row] = await query<Record<string, unknown>>(tx, sql.raw(`explain (format json) ${text}`));
        const json = Object.values(row!)[0];
        out.push(
          nodes(((typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[])[0]!.Plan),
        );
      }
      return out;
    });
    const big = ['permits', 'visitors', 'permit_warnings', 'vehicle_tows'];
    const reads = plans.flat().filter((n) => big.includes(n['Relation Name'] ?? ''));
    expect(new Set(reads.map((n) => n['Relation Name']))).toEqual(new Set(big));
    for (const n of reads) {
      // An index scan's condition, or a bitmap heap scan's (on its bitmap index scans).
      const conds = nodes(n)
        .map((c) => c['Index Cond'])
        .filter(Boolean)
        .join(' ');
      expect(n['Node Type'], n['Relation Name']).toMatch(/Index|Bitmap Heap/);
      expect(conds, n['Relation Name']).toMatch(/property_id = b\.id/);
      expect(conds, n['Relation Name']).toMatch(/created_at >= b\.|valid_from >= b\.|status\)::text = /);
    }
  });
});
