import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createTestContext, type TestContext } from '../../test/harness';
import { makeResident } from '../../test/factories';
import { query } from '../../platform/db';
import { inScope, type Scope } from '../../platform/scope';
import { decidingVisitor } from './lookup';
import type { PlateLookupVisitor } from './table';

/*
 * The plate lookup's read model (decision 0032): `plate_lookups` is written by triggers only, in the statement that
 * changes what a lookup shows of a plate. After every kind of change its rows must be exactly what rebuilding them
 * from the tables gives, and two transactions changing one plate at once must both be in its row.
 */
let ctx: TestContext;
let pid: number;

const inProperty = <T>(fn: (s: Scope) => Promise<T>) =>
  inScope(ctx.services, { area: 'tenant', propertyId: pid }, fn);

type LookupRow = Record<string, unknown> & { plate_normalized: string };
const rowsOf = (s: Scope) =>
  query<LookupRow>(
    s.tx,
    sql`select * from plate_lookups where property_id = ${pid} order by plate_normalized`,
  );

/**
 * The property's rows as the triggers left them, and as rebuilding every plate from the tables gives them (the
 * rebuild is written over them: it is what they must already be).
 */
async function keptAndRebuilt() {
  return inProperty(async (s) => {
    const kept = await rowsOf(s);
    await query(
      s.tx,
      sql`select plate_lookups_refresh(array_agg(${pid}::bigint), array_agg(plate)) from (
        select plate_normalized as plate from plate_lookups where property_id = ${pid}
        union select plate_normalized from vehicles where property_id = ${pid}
        union select plate_normalized from visitors where property_id = ${pid}
        union select plate_normalized from banned_vehicles where property_id = ${pid}) k`,
    );
    return { kept, rebuilt: await rowsOf(s) };
  });
}

/** Runs a change, then checks the read model against a rebuild and answers the plate's row (or undefined). */
async function change(fn: (s: Scope) => Promise<unknown>, plate: string) {
  await inProperty(fn);
  const { kept, rebuilt } = await keptAndRebuilt();
  expect(kept).toEqual(rebuilt);
  return kept.find((r) => r.plate_normalized === plate);
}

const run = (s: Scope, text: string) => query<Record<string, unknown>>(s.tx, sql.raw(text));

let residentId: number;
let unitId: number;
let vehicleId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  pid = (await createProperty(ctx.database)).id;
  ({ id: residentId, unitId } = await inProperty((s) => makeResident(s)));
});

afterAll(async () => {
  await ctx.close();
});

describe('the plate lookup’s read model', () => {
  it('follows a vehicle, its permit, its units and its spot through every change', async () => {
    let row = await change(async (s) => {
      const [v] = await run(
        s,
        `insert into vehicles (property_id, resident_id, plate, plate_normalized, color)
         values (${pid}, ${residentId}, 'RM 100', 'RM100', 'Red') returning id`,
      );
      vehicleId = Number(v!.id);
      await run(
        s,
        `insert into permits (property_id, code, resident_id, vehicle_id, permit_type_id, status, year, public_token)
         values (${pid}, 'RM-1', ${residentId}, ${vehicleId}, 1, 'pending', 2026, 'rm-tok-${pid}')`,
      );
    }, 'RM100');
    expect(row).toMatchObject({ vehicle_plate: 'RM 100', color: 'Red', permit_status: 'pending' });
    expect(row!.units).toHaveLength(1);

    row = await change(
      (s) => run(s, `update permits set status = 'approved' where property_id = ${pid} and code = 'RM-1'`),
      'RM100',
    );
    expect(row).toMatchObject({ permit_code: 'RM-1', permit_status: 'approved' });

    // A spot reserved, then renumbered, then removed.
    row = await change(async (s) => {
      const [spot] = await run(
        s,
        `insert into spots (property_id, number) values (${pid}, 'S-1') returning id`,
      );
      await run(
        s,
        `update permits set spot_id = ${Number(spot!.id)} where property_id = ${pid} and code = 'RM-1'`,
      );
    }, 'RM100');
    expect(row!.spot_number).toBe('S-1');
    row = await change(
      (s) => run(s, `update spots set number = 'S-9' where property_id = ${pid} and number = 'S-1'`),
      'RM100',
    );
    expect(row!.spot_number).toBe('S-9');
    row = await change(
      (s) => run(s, `delete from spots where property_id = ${pid} and number = 'S-9'`),
      'RM100',
    );
    expect(row!.spot_number).toBeNull();

    // The owner's units: renamed, a second one, and one removed.
    row = await change(
      (s) => run(s, `update units set name = 'Penthouse' where property_id = ${pid} and id = ${unitId}`),
      'RM100',
    );
    expect(row!.units).toEqual(['Penthouse']);
    row = await change(async (s) => {
      const [b] = await run(s, `select building_id, floor_id from units where id = ${unitId}`);
      const [u] = await run(
        s,
        `insert into units (property_id, building_id, floor_id, name)
         values (${pid}, ${Number(b!.building_id)}, ${b!.floor_id === null ? 'null' : Number(b!.floor_id)}, 'Annex')
         returning id`,
      );
      await run(
        s,
        `insert into resident_units (property_id, resident_id, unit_id, position)
         values (${pid}, ${residentId}, ${Number(u!.id)}, 1)`,
      );
    }, 'RM100');
    expect(row!.units).toEqual(['Penthouse', 'Annex']);
    row = await change(
      (s) => run(s, `delete from resident_units where property_id = ${pid} and unit_id = ${unitId}`),
      'RM100',
    );
    expect(row!.units).toEqual(['Annex']);

    // The plate changes: the old one is gone, the new one holds the vehicle and its permit.
    row = await change(
      (s) =>
        run(
          s,
          `update vehicles set plate = 'RM 200', plate_normalized = 'RM200', color = 'Blue' where id = ${vehicleId}`,
        ),
      'RM200',
    );
    expect(row).toMatchObject({ vehicle_plate: 'RM 200', color: 'Blue', permit_code: 'RM-1' });
    expect((await inProperty(rowsOf)).some((r) => r.plate_normalized === 'RM100')).toBe(false);

    // A permit revoked leaves the vehicle without one; deleted, the vehicle leaves the read model.
    row = await change(
      (s) => run(s, `update permits set status = 'revoked' where property_id = ${pid} and code = 'RM-1'`),
      'RM200',
    );
    expect(Number(row!.vehicle_id)).toBe(vehicleId);
    expect(row!.permit_id).toBeNull();
    row = await change(
      (s) => run(s, `update vehicles set deleted_at = now() where id = ${vehicleId}`),
      'RM200',
    );
    expect(row).toBeUndefined();
  });

  it('keeps a plate’s visitor permits and its ban, and drops the plate when nothing is left of it', async () => {
    const visitor = (code: string, status: string, from: string, until: string) =>
      `insert into visitors (property_id, name, resident_id, unit_id, plate, plate_normalized, permit_code,
         permit_status, valid_from, valid_until)
       values (${pid}, 'Guest', ${residentId}, ${unitId}, 'VX 1', 'VX1', '${code}', '${status}',
         now() + interval '${from}', now() + interval '${until}')`;
    const codes = (row: LookupRow | undefined) => (row!.visitors as PlateLookupVisitor[]).map((x) => x.code);
    // Of permits all ended, the latest to end is kept (it decides while no other does), not the one before it.
    let row = await change(async (s) => {
      await run(s, visitor('V-OLD', 'expired', '-30 days', '-29 days'));
      await run(s, visitor('V-OLDER', 'expired', '-60 days', '-59 days'));
    }, 'VX1');
    expect(codes(row)).toEqual(['V-OLD']);
    // One not ended: it may decide from now on, and it is also the latest to end.
    row = await change((s) => run(s, visitor('V-NOW', 'valid', '-1 hour', '1 hour')), 'VX1');
    expect(codes(row)).toEqual(['V-NOW']);
    row = await change((s) => run(s, visitor('V-NEXT', 'pending', '1 day', '2 days')), 'VX1');
    expect(codes(row)).toEqual(['V-NEXT', 'V-NOW']);
    row = await change(
      (s) => run(s, `update units set name = 'Guest suite' where property_id = ${pid} and id = ${unitId}`),
      'VX1',
    );
    expect((row!.visitors as PlateLookupVisitor[])[0]!.unit).toBe('Guest suite');

    row = await change(async (s) => {
      const [reason] = await run(
        s,
        `insert into reasons (code, name) values ('rm-${pid}', 'Blocking') returning id`,
      );
      await run(
        s,
        `insert into banned_vehicles (property_id, plate, plate_normalized, reason_id, banned_from)
         values (${pid}, 'VX 1', 'VX1', ${Number(reason!.id)}, '2026-01-01')`,
      );
    }, 'VX1');
    expect(row).toMatchObject({ vehicle_id: null });
    expect(String(row!.banned_from)).toMatch(/2026/);
    expect(row!.ban_id).not.toBeNull();
    row = await change(
      (s) =>
        run(s, `update banned_vehicles set lifted_at = now() where property_id = ${pid} and plate = 'VX 1'`),
      'VX1',
    );
    expect(row!.ban_id).toBeNull();
    row = await change(
      (s) => run(s, `update visitors set deleted_at = now() where property_id = ${pid} and plate = 'VX 1'`),
      'VX1',
    );
    expect(row).toBeUndefined();
  });

  it('takes a statement of many plates at once (an import) in one refresh', async () => {
    await change(
      (s) =>
        run(
          s,
          `insert into vehicles (property_id, resident_id, plate, plate_normalized)
           select ${pid}, ${residentId}, 'BULK' || n, 'BULK' || n from generate_series(1, 150) n`,
        ),
      'BULK1',
    );
    const rows = await inProperty(rowsOf);
    expect(rows.filter((r) => r.plate_normalized.startsWith('BULK'))).toHaveLength(150);
  });

  it('holds both changes when two transactions change one plate at once', async () => {
    await inProperty((s) =>
      run(
        s,
        `insert into vehicles (property_id, resident_id, plate, plate_normalized, color)
         values (${pid}, ${residentId}, 'TWO 1', 'TWO1', 'Grey')`,
      ),
    );
    const colour = (s: Scope) =>
      run(s, `update vehicles set color = 'Green' where plate_normalized = 'TWO1'`);
    const ban = async (s: Scope) => {
      const [reason] = await run(
        s,
        `insert into reasons (code, name) values ('two-${pid}', 'Two') returning id`,
      );
      await run(
        s,
        `insert into banned_vehicles (property_id, plate, plate_normalized, reason_id, banned_from)
         values (${pid}, 'TWO 1', 'TWO1', ${Number(reason!.id)}, '2026-01-01')`,
      );
    };
    if (ctx.database.kind === 'postgres') {
      // The first transaction changes the plate and stays open; the second's refresh waits for it (seen waiting on a
      // lock), then reads what the first committed.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let changed!: () => void;
      const first = inProperty(async (s) => {
        await colour(s);
        changed();
        await held;
      });
      await new Promise<void>((resolve) => (changed = resolve));
      const second = inProperty(ban);
      for (;;) {
        const { rows } = await ctx.database.executeSql(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (Number(rows[0]!.n) > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      release();
      await Promise.all([first, second]);
    } else {
      // PGlite has one connection: its transactions cannot overlap, so they run one after the other.
      await inProperty(colour);
      await inProperty(ban);
    }
    const row = await change(async () => undefined, 'TWO1');
    expect(row).toMatchObject({ color: 'Green' });
    expect(row!.ban_id).not.toBeNull();
  });
});

describe('the visitor permit that decides', () => {
  const x = (code: string, status: string, until: number | null): PlateLookupVisitor => ({
    id: code.length,
    code,
    status,
    validFrom: null,
    validUntil: until === null ? null : new Date(until / 1000).toISOString(),
    until,
    unit: null,
  });
  const now = 1_800_000_000_000_000;

  it('is the valid one first, then the pending one, then the latest to end; ended means expired', () => {
    const all = [
      x('ended', 'valid', now - 1),
      x('pending', 'pending', now + 5),
      x('valid', 'valid', now + 1),
    ];
    expect(decidingVisitor(all, now)).toMatchObject({ visitor: { code: 'valid' }, status: 'valid' });
    expect(decidingVisitor(all.slice(0, 2), now)).toMatchObject({ status: 'pending' });
    // Ended at this very microsecond: expired, as `valid_until <= now()` says in SQL.
    expect(decidingVisitor([x('edge', 'valid', now)], now)).toMatchObject({ status: 'expired' });
    expect(decidingVisitor([x('edge', 'valid', now + 1)], now)).toMatchObject({ status: 'valid' });
    expect(decidingVisitor([x('a', 'expired', now - 9), x('b', 'cancelled', now - 2)], now)).toMatchObject({
      visitor: { code: 'b' },
      status: 'cancelled',
    });
    expect(decidingVisitor(null, now)).toBeNull();
  });
});
