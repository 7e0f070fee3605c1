import type { ListResponse, ParkingMap, ReservationItem, SpotDetail, SpotItem } from '@parkade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
  type TestUser,
} from '../../test/harness';

/** Spots, the parking map designer's API and reservations, on a real database. */
let ctx: TestContext;
let code: string;
let token: string;
let other: string;
let resident: TestUser;
let residentToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  const manager = await createTenantUser(ctx.database, p.id, 'manager');
  token = await login(ctx, manager, code);
  other = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
  resident = await createTenantUser(ctx.database, p.id, null, {
    type: 'tenant-resident',
    fullName: 'Rosa Resident',
  });
  residentToken = await login(ctx, resident, code);
});
afterAll(() => ctx?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: { token?: string; lang?: string } = {},
) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: code, token: opts.token ?? token, lang: opts.lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });
function json<T>(res: { statusCode: number; body: string; json: <X>() => X }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}
const errors = (res: { json: <X>() => X }) => res.json<{ errors: Record<string, string[]> }>().errors;

let map: ParkingMap;

describe('the parking map', () => {
  it('creates an area of 20 spots laid out in rows, and buildings with units', async () => {
    map = json<ParkingMap>(
      await call('POST', '/parking-map/areas', {
        name: 'North lot',
        spotsCount: 20,
        spotType: 'resident',
        startNumber: 1,
        x: 40,
        y: 300,
      }),
    );
    const area = map.areas.find((a) => a.name === 'North lot')!;
    const mine = map.spots.filter((s) => s.areaId === area.id);
    expect(mine.map((s) => s.number)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(new Set(mine.map((s) => `${s.x},${s.y}`)).size).toBe(20); // no two spots on one place
    expect(Math.max(...mine.map((s) => s.x))).toBeLessThan(area.width);
    expect(map.counts).toMatchObject({
      total: 20,
      byType: { resident: 20 },
      byArea: { [String(area.id)]: 20 },
    });
    map = json<ParkingMap>(
      await call('POST', '/parking-map/buildings', {
        count: 2,
        namePrefix: 'Block',
        generateUnits: true,
        unitsPerBuilding: 6,
      }),
    );
    expect(map.buildings.map((b) => [b.name, b.unitsCount])).toEqual([
      ['Block 1', 6],
      ['Block 2', 6],
    ]);
    expect(map.buildings.every((b) => b.x !== null && b.width)).toBe(true);
  });

  it('refuses an area whose numbers are taken, creating nothing', async () => {
    const res = await call(
      'POST',
      '/parking-map/areas',
      { name: 'Overlap', spotsCount: 5, startNumber: 18 },
      { lang: 'es' },
    );
    expect(res.statusCode).toBe(422);
    expect(errors(res).startNumber![0]).toContain('18, 19, 20');
    const after = json<ParkingMap>(await call('GET', '/parking-map'));
    expect(after.areas.map((a) => a.name)).not.toContain('Overlap');
    expect(after.counts.total).toBe(20);
  });

  it('saves the layout and reloads it exactly; a stale save is refused and changes nothing', async () => {
    const loaded = json<ParkingMap>(await call('GET', '/parking-map'));
    const [b] = loaded.buildings;
    const area = loaded.areas[0]!;
    const spot = loaded.spots[3]!;
    const saved = json<ParkingMap>(
      await call('PUT', '/parking-map/layout', {
        version: loaded.version,
        buildings: [{ id: b!.id, x: 510.5, y: 20, width: 240, height: 160, rotation: 90 }],
        areas: [{ id: area.id, x: 70, y: 330, width: area.width, height: area.height, rotation: 0 }],
        spots: [{ id: spot.id, x: 12, y: 34, rotation: 180 }],
      }),
    );
    expect(saved.version).toBe(loaded.version + 1);
    const reloaded = json<ParkingMap>(await call('GET', '/parking-map'));
    expect(reloaded.buildings.find((x) => x.id === b!.id)).toMatchObject({ x: 510.5, y: 20, rotation: 90 });
    expect(reloaded.areas.find((x) => x.id === area.id)).toMatchObject({ x: 70, y: 330 });
    expect(reloaded.spots.find((x) => x.id === spot.id)).toMatchObject({ x: 12, y: 34, rotation: 180 });
    expect(reloaded.updatedByName).toBeTruthy();

    // A second editor still holds the version before that save.
    const stale = await call(
      'PUT',
      '/parking-map/layout',
      { version: loaded.version, spots: [{ id: spot.id, x: 999, y: 999, rotation: 0 }] },
      { token: other },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/saved by .+ after you opened it/);
    expect(
      json<ParkingMap>(await call('GET', '/parking-map')).spots.find((x) => x.id === spot.id),
    ).toMatchObject({ x: 12, y: 34 });
  });

  it('refuses a save naming a deleted item, and a bad rotation', async () => {
    const loaded = json<ParkingMap>(await call('GET', '/parking-map'));
    const gone = await call('PUT', '/parking-map/layout', {
      version: loaded.version,
      spots: [{ id: 987654, x: 1, y: 1, rotation: 0 }],
    });
    expect(gone.statusCode).toBe(409);
    const bad = await call('PUT', '/parking-map/layout', {
      version: loaded.version,
      spots: [{ id: loaded.spots[0]!.id, x: 1, y: 1, rotation: 45 }],
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('spots', () => {
  it('edits a spot; a number taken is refused with the spec message', async () => {
    const list = json<ListResponse<SpotItem>>(await call('GET', '/spots?include=area&pageSize=5'));
    expect(list.data.map((s) => s.number)).toEqual(['1', '2', '3', '4', '5']);
    // Natural order: 9 before 10, 20 after 19.
    const all = json<ListResponse<SpotItem>>(await call('GET', '/spots?all=1')).data.map((s) => s.number);
    expect(all.slice(8, 11)).toEqual(['9', '10', '11']);
    expect(list.data[0]!.area?.name).toBe('North lot');
    const spot = list.data[0]!;
    const edited = json<SpotItem>(
      await call('PUT', `/spots/${spot.id}`, {
        number: '1A',
        name: 'VP',
        type: 'visitor',
        status: 'outOfService',
        spotGroup: 'East',
      }),
    );
    expect(edited).toMatchObject({
      number: '1A',
      name: 'VP',
      type: 'visitor',
      status: 'outOfService',
      spotGroup: 'East',
    });
    const taken = await call('PUT', `/spots/${spot.id}`, {
      number: '2',
      type: 'visitor',
      status: 'available',
    });
    expect(taken.statusCode).toBe(422);
    expect(errors(taken)).toEqual({ number: ['A spot with this number already exists'] });
    const long = await call('PUT', `/spots/${spot.id}`, {
      number: '1A',
      name: 'ABC',
      type: 'visitor',
      status: 'available',
    });
    expect(Object.keys(errors(long))).toEqual(['name']);
  });

  it('lets the database decide concurrent renumberings: exactly one spot gets the number', async () => {
    const list = json<ListResponse<SpotItem>>(await call('GET', '/spots?sort=number&pageSize=20'));
    const targets = list.data.slice(5, 13);
    const results = await Promise.all(
      targets.map((s) => call('PUT', `/spots/${s.id}`, { number: 'RACE', type: s.type, status: s.status })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(targets.length - 1);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(errors(r).number).toEqual(['A spot with this number already exists']);
    const race = json<ListResponse<SpotItem>>(await call('GET', '/spots?filter[term]=race'));
    expect(race.meta.total).toBe(1);
  });

  it('lets the database decide concurrent areas with overlapping numbers', async () => {
    const results = await Promise.all(
      ['East', 'West', 'South'].map((name, i) =>
        call('POST', '/parking-map/areas', {
          name,
          spotsCount: 5,
          startNumber: 100 + i * 2,
          spotType: 'visitor',
        }),
      ),
    );
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    const spots = json<ListResponse<SpotItem>>(await call('GET', '/spots?all=1'));
    const numbers = spots.data.map((s) => s.number.toLowerCase());
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('reservations', () => {
  let spot: SpotItem;
  it('reserves a spot for a resident; the map and the detail dialog show it', async () => {
    spot = json<ListResponse<SpotItem>>(await call('GET', '/spots?filter[term]=5&sort=number')).data.find(
      (s) => s.number === '5',
    )!;
    const today = new Date().toISOString().slice(0, 10);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const r = json<ReservationItem>(
      await call('POST', '/reservations', {
        spotId: spot.id,
        residentId: resident.id,
        startsOn: today,
        endsOn: inAWeek,
      }),
    );
    expect(r).toMatchObject({ spot: { number: '5' }, resident: { fullName: 'Rosa Resident' } });
    const m = json<ParkingMap>(await call('GET', '/parking-map'));
    expect(m.spots.find((s) => s.id === spot.id)?.reservedNow).toBe(true);
    expect(m.counts.byStatus.reserved).toBe(1);
    const detail = json<SpotDetail>(await call('GET', `/spots/${spot.id}/detail`));
    expect(detail).toMatchObject({
      resident: { fullName: 'Rosa Resident' },
      reservation: { startsOn: today },
      permit: null,
      vehicle: null,
    });
  });

  it('refuses an overlap (the database decides, even for two at once); adjacent dates are fine', async () => {
    const overlap = await call('POST', '/reservations', {
      spotId: spot.id,
      residentId: resident.id,
      startsOn: '2099-01-01',
      endsOn: '2099-01-10',
    });
    expect(overlap.statusCode).toBe(200);
    const clash = await call(
      'POST',
      '/reservations',
      { spotId: spot.id, residentId: resident.id, startsOn: '2099-01-10', endsOn: '2099-01-12' },
      { lang: 'es' },
    );
    expect(clash.statusCode).toBe(422);
    expect(errors(clash)).toEqual({
      startsOn: ['Este espacio ya está reservado durante parte de estas fechas'],
    });
    expect(
      (
        await call('POST', '/reservations', {
          spotId: spot.id,
          residentId: resident.id,
          startsOn: '2099-01-11',
          endsOn: '2099-01-12',
        })
      ).statusCode,
    ).toBe(200);
    const both = await Promise.all(
      [0, 1].map(() =>
        call('POST', '/reservations', {
          spotId: spot.id,
          residentId: resident.id,
          startsOn: '2099-03-01',
          endsOn: '2099-03-05',
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('refuses an end before the start, a staff member as resident, and a spot of no one', async () => {
    const backwards = await call('POST', '/reservations', {
      spotId: spot.id,
      residentId: resident.id,
      startsOn: '2099-05-10',
      endsOn: '2099-05-01',
    });
    expect(Object.keys(errors(backwards))).toEqual(['endsOn']);
    const staff = await call('POST', '/reservations', {
      spotId: spot.id,
      residentId: 1,
      startsOn: '2099-06-01',
      endsOn: '2099-06-02',
    });
    expect(Object.keys(errors(staff))).toEqual(['residentId']);
  });

  it('shows the resident their own reservations, and finds residents for the dialog', async () => {
    const mine = json<ListResponse<ReservationItem>>(
      await call('GET', '/my/reservations?include=spot', undefined, { token: residentToken }),
    );
    expect(mine.data.length).toBe(4);
    expect(mine.data.every((r) => r.residentId === resident.id && r.spot?.number === '5')).toBe(true);
    expect((await call('GET', '/my/reservations')).statusCode).toBe(403); // staff
    const options = json<{ data: { fullName: string }[] }>(
      await call('GET', '/reservations/resident-options?term=rosa'),
    );
    expect(options.data.map((o) => o.fullName)).toEqual(['Rosa Resident']);
  });

  it('keeps an area with a reserved spot from being deleted', async () => {
    const m = json<ParkingMap>(await call('GET', '/parking-map'));
    const res = await call('DELETE', `/parking-map/areas/${m.spots.find((s) => s.id === spot.id)!.areaId}`);
    expect(res.statusCode).toBe(409);
  });
});
