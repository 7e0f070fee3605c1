import type { ResidentItem, VisitorItem } from '@parkade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { buildings } from '../buildings/table';
import { units } from '../units/table';

/**
 * "At most M nights in a row per plate" (visitorPermits.maxNightsInRow, decision 0022): a night is a local date
 * whose 03:00 lies inside a permit's validity, counted per plate across the property, in the property's time zone.
 */
let ctx: TestContext;
let code: string;
let admin: string;
let unitId: number;

type Errors = { message: string; errors: Record<string, string[]> };

beforeAll(async () => {
  ctx = await createTestContext();
  // Chicago in January is UTC-6: 03:00 local is 09:00 UTC.
  const p = await createProperty(ctx.database, { timezone: 'America/Chicago' });
  code = p.code;
  admin = await login(ctx, await createTenantUser(ctx.database, p.id, 'admin'), code);
  await ctx.database.withScope({ area: 'tenant', propertyId: p.id }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: p.id, name: 'N' }).returning();
    const [u] = await tx.insert(units).values({ propertyId: p.id, buildingId: b!.id, name: '1' }).returning();
    unitId = u!.id;
  });
});
afterAll(() => ctx?.close());

const call = (method: 'POST' | 'PUT', url: string, body: unknown, lang?: string) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: code, token: admin, lang }),
    payload: body as object,
  });

let n = 0;
async function newResident(): Promise<ResidentItem> {
  n += 1;
  const res = await call('POST', '/residents', {
    fullName: `Night Host ${n}`,
    email: `night${n}@nights.test`,
    unitIds: [unitId],
    password: 'night-host-password',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResidentItem>();
}
const register = (residentId: number, plate: string, validFrom: string, extra: object = {}, lang?: string) =>
  call('POST', '/visitors', { name: `Guest ${++n}`, residentId, plate, validFrom, ...extra }, lang);
const settings = (values: object) =>
  call('PUT', '/settings', {
    visitorPermits: { visitorLimit: 1000, visitorVehiclesAllowed: 20, validityUnit: 'hours', ...values },
  });

describe('nights in a row per plate (America/Chicago)', () => {
  it('counts a plate across residents; the night before, the night of and the night after', async () => {
    expect((await settings({ validityAmount: 24, maxNightsInRow: 3 })).statusCode).toBe(200);
    const a = await newResident();
    const b = await newResident();
    // Noon local on the 10th, 11th and 12th, 24 hours each: the nights of the 11th, 12th and 13th.
    for (const [r, day] of [
      [a, 10],
      [a, 11],
      [b, 12],
    ] as const)
      expect((await register(r.id, 'nite-1', `2030-01-${day}T18:00:00Z`)).statusCode).toBe(200);

    // The night of the 14th: refused for the other resident too, from 03:00 local exactly.
    const nightOf = await register(b.id, 'NITE1', '2030-01-13T09:00:01Z');
    expect(nightOf.statusCode).toBe(422);
    const msg = nightOf.json<Errors>().errors.residentId![0]!;
    expect(msg).toContain('NITE1');
    expect(msg).toContain('at most 3 nights in a row');
    // The earliest start that keeps the limit: one minute past 03:00 local of the 14th.
    expect(msg).toContain('Jan 14, 2030, 3:01');
    expect(msg).toContain('ask the property');
    expect((await register(a.id, 'NITE1', '2030-01-14T09:00:00Z')).statusCode).toBe(422);
    const zh = await register(a.id, 'NITE1', '2030-01-13T18:00:00Z', {}, 'zh');
    expect(zh.json<Errors>().errors.residentId![0]).toContain('最多可连续过夜 3 晚');

    // The night before: ending at 03:00 local of the 14th covers only the 13th, already counted.
    const before = await register(b.id, 'NITE1', '2030-01-13T09:00:00Z');
    expect(before.statusCode, before.body).toBe(200);
    // The night after: from 03:01 local of the 14th, the night of the 15th stands alone.
    const after = await register(a.id, 'NITE1', '2030-01-14T09:01:00Z');
    expect(after.statusCode, after.body).toBe(200);
    // The 14th would join 11–13 and 15: five nights.
    expect((await register(b.id, 'NITE1', '2030-01-13T12:00:00Z')).statusCode).toBe(422);
    // Another plate is not concerned.
    expect((await register(b.id, 'OTHER1', '2030-01-13T12:00:00Z')).statusCode).toBe(200);
  });

  it('the next possible start skips a night that would join a run registered ahead', async () => {
    expect((await settings({ validityAmount: 24, maxNightsInRow: 2 })).statusCode).toBe(200);
    const r = await newResident();
    // Nights of 20–21 February, and 24–25 February registered ahead.
    for (const day of [19, 20, 23, 24])
      expect((await register(r.id, 'FUT1', `2030-02-${day}T18:00:00Z`)).statusCode).toBe(200);
    // The night of the 22nd makes 20–22; the 23rd would make 23–25; from 03:01 on the 23rd it covers the 24th,
    // already counted.
    const refused = await register(r.id, 'FUT1', '2030-02-21T18:00:00Z');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<Errors>().errors.residentId![0]).toContain('Feb 23, 2030, 3:01');
    expect((await register(r.id, 'FUT1', '2030-02-22T09:01:00Z')).statusCode).toBe(422);
    expect((await register(r.id, 'FUT1', '2030-02-23T09:01:00Z')).statusCode).toBe(200);
  });

  it('staff override with a reason; moving or re-plating a permit is checked; 0 means no limit', async () => {
    expect((await settings({ validityAmount: 24, maxNightsInRow: 1 })).statusCode).toBe(200);
    const r = await newResident();
    expect((await register(r.id, 'LONG1', '2030-02-10T18:00:00Z')).statusCode).toBe(200);
    expect((await register(r.id, 'LONG1', '2030-02-11T18:00:00Z')).statusCode).toBe(422);
    const forced = await register(r.id, 'LONG1', '2030-02-11T18:00:00Z', { overrideReason: 'Nurse' });
    expect(forced.statusCode, forced.body).toBe(200);
    // A permit on another plate moved onto LONG1 the night after: three nights in a row.
    const other = await register(r.id, 'LONG2', '2030-02-12T18:00:00Z');
    expect(other.statusCode).toBe(200);
    const moved = await call('PUT', `/visitors/${other.json<VisitorItem>().id}`, {
      name: 'Moved',
      residentId: r.id,
      plate: 'LONG1',
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json<Errors>().errors.residentId![0]).toContain('LONG1');

    // A permit covering more nights than allowed is never possible alone: only staff.
    expect((await settings({ validityAmount: 72, maxNightsInRow: 1 })).statusCode).toBe(200);
    const tooLong = await register(r.id, 'LONG3', '2030-03-01T18:00:00Z');
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json<Errors>().errors.residentId![0]).toContain('a permit this long covers more nights');

    expect((await settings({ validityAmount: 72, maxNightsInRow: 0 })).statusCode).toBe(200);
    expect((await register(r.id, 'LONG1', '2030-02-12T18:00:00Z')).statusCode).toBe(200);
  });
});
