import type { ListResponse, ParkingMap, SpotDetail, SpotItem } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { binnacle } from '../binnacle/table';

/**
 * Spots on a real database (PGlite, or PostgreSQL with DATABASE_URL: there the requests fired together really
 * run at once, each in its own transaction on its own connection of the pool).
 */
let ctx: TestContext;
let code: string;
let propertyId: number;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  propertyId = p.id;
  token = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
});
afterAll(() => ctx?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: { lang?: string; tenant?: string; authToken?: string } = {},
) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: opts.tenant ?? code, token: opts.authToken ?? token, lang: opts.lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });
function json<T>(res: { statusCode: number; body: string; json: <X>() => X }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}
const errors = (res: { json: <X>() => X }) => res.json<{ errors: Record<string, string[]> }>().errors;
const allSpots = async () => json<ListResponse<SpotItem>>(await call('GET', '/spots?all=1')).data;

describe('spot numbers: unique per property, decided by the database', () => {
  let spots: SpotItem[];
  beforeAll(async () => {
    json<ParkingMap>(
      await call('POST', '/parking-map/areas', {
        name: 'Race lot',
        spotsCount: 12,
        startNumber: 1,
        numberPrefix: 'R',
        spotType: 'resident',
      }),
    );
    spots = await allSpots();
  });

  it('gives a number to exactly one of 8 spots renumbered at the same moment; the others get the message', async () => {
    const targets = spots.slice(0, 8);
    const results = await Promise.all(
      targets.map((s) =>
        call('PUT', `/spots/${s.id}`, { number: 'Z9', type: s.type, status: s.status, areaId: s.areaId }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((c) => c === 200)).toHaveLength(1);
    expect(statuses.filter((c) => c === 422)).toHaveLength(7);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(errors(r)).toEqual({ number: ['A spot with this number already exists'] });
    const after = await allSpots();
    expect(after.filter((s) => s.number.toLowerCase() === 'z9')).toHaveLength(1);
    // The losers kept their numbers.
    const winner = targets[results.findIndex((r) => r.statusCode === 200)]!;
    for (const s of targets.filter((t) => t.id !== winner.id))
      expect(after.find((x) => x.id === s.id)?.number).toBe(s.number);
  });

  it('ignores case and answers in the caller language', async () => {
    const [a, b] = spots.slice(8, 10);
    json<SpotItem>(
      await call('PUT', `/spots/${a!.id}`, { number: 'Q1', type: 'visitor', status: 'available' }),
    );
    const es = await call(
      'PUT',
      `/spots/${b!.id}`,
      { number: 'q1', type: 'visitor', status: 'available' },
      { lang: 'es' },
    );
    expect(es.statusCode).toBe(422);
    expect(errors(es)).toEqual({ number: ['Ya existe una plaza con este número'] });
    const zh = await call(
      'PUT',
      `/spots/${b!.id}`,
      { number: 'Q1', type: 'visitor', status: 'available' },
      { lang: 'zh' },
    );
    expect(errors(zh)).toEqual({ number: ['已存在该编号的车位'] });
  });

  it('lets exactly one of 6 areas created at once with overlapping numbers exist, creating nothing of the others', async () => {
    const before = json<ParkingMap>(await call('GET', '/parking-map'));
    // 500–509, 501–510, … 505–514: all of them hold 505–509, so no two can both be created.
    const results = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        call('POST', '/parking-map/areas', {
          name: `Rush ${i}`,
          spotsCount: 10,
          startNumber: 500 + i,
          spotType: 'visitor',
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((c) => c === 200)).toHaveLength(1);
    expect(statuses.filter((c) => c === 422)).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(Object.keys(errors(r))).toEqual(['startNumber']);
      // Naming the number that was taken (first checked, or by the unique index while the winner committed).
      expect(errors(r).startNumber![0]).toMatch(/^These spot numbers already exist: 5\d\d/);
    }
    const after = json<ParkingMap>(await call('GET', '/parking-map'));
    expect(after.areas.length).toBe(before.areas.length + 1);
    expect(after.counts.total).toBe(before.counts.total + 10);
    const numbers = after.spots.map((s) => s.number.toLowerCase());
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('editing and deleting a spot', () => {
  let spot: SpotItem;
  beforeAll(async () => {
    json<ParkingMap>(
      await call('POST', '/parking-map/areas', {
        name: 'Edit lot',
        spotsCount: 3,
        startNumber: 1,
        numberPrefix: 'E',
      }),
    );
    spot = (await allSpots()).find((s) => s.number === 'E1')!;
  });

  it('saves every field, shows the area, and refuses a name longer than 2 and unknown enums', async () => {
    const edited = json<SpotItem>(
      await call('PUT', `/spots/${spot.id}`, {
        number: 'E1',
        name: 'AB',
        type: 'handicap',
        status: 'assigned',
        spotGroup: 'North',
        notes: 'Near the door',
      }),
    );
    expect(edited).toMatchObject({
      number: 'E1',
      name: 'AB',
      type: 'handicap',
      status: 'assigned',
      spotGroup: 'North',
      notes: 'Near the door',
      area: { name: 'Edit lot' },
    });
    const bad = await call('PUT', `/spots/${spot.id}`, {
      number: 'E1',
      name: 'ABC',
      type: 'spaceship',
      status: 'parked',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errors(bad)).sort()).toEqual(['name', 'status', 'type']);
    const unchanged = json<SpotItem>(await call('GET', `/spots/${spot.id}`));
    expect(unchanged.name).toBe('AB');
  });

  it('filters by type and status, and finds by term', async () => {
    const handicap = json<ListResponse<SpotItem>>(
      await call('GET', '/spots?filter[type]=handicap&include=area'),
    );
    expect(handicap.data.map((s) => s.number)).toEqual(['E1']);
    expect(handicap.data[0]!.area).toEqual({ id: spot.areaId, name: 'Edit lot' });
    const term = json<ListResponse<SpotItem>>(await call('GET', '/spots?filter[term]=north'));
    expect(term.data.map((s) => s.number)).toEqual(['E1']);
  });

  it('answers the detail dialog with empty holders when nothing is assigned', async () => {
    const detail = json<SpotDetail>(await call('GET', `/spots/${spot.id}/detail`));
    expect(detail).toMatchObject({
      spot: { id: spot.id, number: 'E1', reservedNow: false, notes: 'Near the door' },
      area: { name: 'Edit lot' },
      reservation: null,
      resident: null,
      permit: null,
      vehicle: null,
    });
  });

  it('does not find another property’s spot', async () => {
    const other = await createProperty(ctx.database);
    const otherToken = await login(
      ctx,
      await createTenantUser(ctx.database, other.id, 'manager'),
      other.code,
    );
    const res = await call('GET', `/spots/${spot.id}`, undefined, {
      tenant: other.code,
      authToken: otherToken,
    });
    expect(res.statusCode).toBe(404);
  });

  it('deletes a spot with one audit entry', async () => {
    const e3 = (await allSpots()).find((s) => s.number === 'E3')!;
    json(await call('DELETE', `/spots/${e3.id}`));
    expect((await call('GET', `/spots/${e3.id}`)).statusCode).toBe(404);
    const entries = await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx
        .select()
        .from(binnacle)
        .where(and(eq(binnacle.entity, 'spots'), eq(binnacle.entityId, String(e3.id)))),
    );
    expect(entries.map((e) => e.action)).toEqual(['delete']);
  });
});
