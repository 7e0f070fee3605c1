import type { ListResponse, ParkingMap, ReservationItem, SpotDetail, SpotItem } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
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
import { binnacle } from '../binnacle/table';
import { properties } from '../properties/table';
import { seedMapDemo } from './demo';

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
    expect(m.spots.find((s) => s.id === spot.id)).toMatchObject({ reservedNow: true, status: 'reserved' });
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
      startsOn: [
        'Esta plaza ya está reservada del 1 ene 2099 al 10 ene 2099; vuelve a estar libre desde el 11 ene 2099',
      ],
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

describe('the layout, on a property of its own', () => {
  let pcode: string;
  let ptoken: string;
  let editorB: string;
  const as = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    opts: { token?: string; lang?: string } = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/tenant/api${url}`,
      headers: headers({ tenant: pcode, token: opts.token ?? ptoken, lang: opts.lang }),
      ...(body === undefined ? {} : { payload: body as object }),
    });

  beforeAll(async () => {
    const p = await createProperty(ctx.database, { timezone: 'America/Chicago' });
    pcode = p.code;
    ptoken = await login(
      ctx,
      await createTenantUser(ctx.database, p.id, 'manager', { fullName: 'Ann Editor' }),
      pcode,
    );
    editorB = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), pcode);
  });

  it('starts empty at version 0; of two first saves at once, one wins and the other is stale', async () => {
    const empty = json<ParkingMap>(await as('GET', '/parking-map'));
    expect(empty).toMatchObject({ version: 0, updatedByName: null, buildings: [], areas: [], spots: [] });
    expect(empty.counts).toEqual({ total: 0, byType: {}, byStatus: {}, byArea: {} });
    json<ParkingMap>(await as('POST', '/parking-map/areas', { name: 'A', empty: true }));
    const area = json<ParkingMap>(await as('GET', '/parking-map')).areas[0]!;
    expect(area).toMatchObject({ name: 'A', rotation: 0 });
    const results = await Promise.all(
      [ptoken, editorB].map((token, i) =>
        as(
          'PUT',
          '/parking-map/layout',
          { version: 0, areas: [{ ...area, x: 100 * (i + 1), y: 5 }] },
          { token },
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = json<ParkingMap>(await as('GET', '/parking-map'));
    expect(after.version).toBe(1);
    const winner = results.findIndex((r) => r.statusCode === 200);
    expect(after.areas[0]!.x).toBe(100 * (winner + 1));
  });

  it('reloads exactly the positions saved, for every building, area and spot', async () => {
    json(
      await as('POST', '/parking-map/areas', {
        name: 'B',
        spotsCount: 25,
        startNumber: 1,
        spotType: 'visitor',
      }),
    );
    json(await as('POST', '/parking-map/buildings', { count: 3, namePrefix: 'Tower', generateUnits: false }));
    const loaded = json<ParkingMap>(await as('GET', '/parking-map'));
    const layout = {
      version: loaded.version,
      buildings: loaded.buildings.map((b, i) => ({
        id: b.id,
        x: 1000.25 + i * 300,
        y: -40.5,
        width: 200 + i,
        height: 150,
        rotation: [0, 90, 180][i]!,
      })),
      areas: loaded.areas.map((a, i) => ({
        id: a.id,
        x: 33.3 * (i + 1),
        y: 700,
        width: a.width + 10,
        height: a.height,
        rotation: i ? 270 : 90,
      })),
      spots: loaded.spots.map((s, i) => ({
        id: s.id,
        x: i * 41.5,
        y: (i % 3) * 72.25,
        rotation: (i % 4) * 90,
      })),
    };
    const saved = json<ParkingMap>(await as('PUT', '/parking-map/layout', layout));
    expect(saved.version).toBe(loaded.version + 1);
    const reloaded = json<ParkingMap>(await as('GET', '/parking-map'));
    const pick = <T extends { id: number }>(items: T[], keys: (keyof T)[]) =>
      items
        .map((x) => Object.fromEntries(keys.map((k) => [k, x[k]])))
        .sort((a, b) => (a.id as number) - (b.id as number));
    expect(pick(reloaded.buildings, ['id', 'x', 'y', 'width', 'height', 'rotation'])).toEqual(
      pick(layout.buildings, ['id', 'x', 'y', 'width', 'height', 'rotation']),
    );
    expect(pick(reloaded.areas, ['id', 'x', 'y', 'width', 'height', 'rotation'])).toEqual(
      pick(layout.areas, ['id', 'x', 'y', 'width', 'height', 'rotation']),
    );
    expect(pick(reloaded.spots, ['id', 'x', 'y', 'rotation'])).toEqual(
      pick(layout.spots, ['id', 'x', 'y', 'rotation']),
    );
    expect(reloaded).toMatchObject({ version: saved.version, updatedByName: 'Ann Editor' });
  });

  it('refuses the later of two editors’ saves, naming who saved, and writes nothing of it', async () => {
    const a = json<ParkingMap>(await as('GET', '/parking-map'));
    const b = json<ParkingMap>(await as('GET', '/parking-map', undefined, { token: editorB }));
    const spot = a.spots[0]!;
    json(
      await as('PUT', '/parking-map/layout', {
        version: a.version,
        spots: [{ id: spot.id, x: 1, y: 2, rotation: 0 }],
      }),
    );
    const stale = await as(
      'PUT',
      '/parking-map/layout',
      {
        version: b.version,
        spots: [{ id: spot.id, x: 500, y: 500, rotation: 90 }],
        areas: [{ ...b.areas[0]!, x: 9999 }],
      },
      { token: editorB, lang: 'es' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(
      /^Ann Editor guardó el mapa a las .+ después de que usted lo abrió/,
    );
    const now = json<ParkingMap>(await as('GET', '/parking-map'));
    expect(now.version).toBe(a.version + 1);
    expect(now.spots.find((s) => s.id === spot.id)).toMatchObject({ x: 1, y: 2, rotation: 0 });
    expect(now.areas[0]!.x).toBe(b.areas[0]!.x);
  });

  it('refuses with 409 a save naming an item deleted meanwhile, writing nothing', async () => {
    const loaded = json<ParkingMap>(await as('GET', '/parking-map'));
    const areaA = loaded.areas.find((a) => a.name === 'A')!;
    json(await as('DELETE', `/parking-map/areas/${areaA.id}`, undefined, { token: editorB }));
    const spot = loaded.spots[0]!;
    const res = await as('PUT', '/parking-map/layout', {
      version: loaded.version,
      areas: [{ ...areaA, x: 1 }],
      spots: [{ id: spot.id, x: 77, y: 77, rotation: 0 }],
    });
    expect(res.statusCode).toBe(409);
    const now = json<ParkingMap>(await as('GET', '/parking-map'));
    expect(now.version).toBe(loaded.version);
    expect(now.spots.find((s) => s.id === spot.id)?.x).not.toBe(77);
  });

  it('renames an area (a name in use is refused), deletes one with its spots in one audit entry', async () => {
    const loaded = json<ParkingMap>(await as('GET', '/parking-map'));
    const area = loaded.areas.find((a) => a.name === 'B')!;
    const renamed = json<ParkingMap>(await as('PUT', `/parking-map/areas/${area.id}`, { name: 'Visitors' }));
    expect(renamed.areas.find((a) => a.id === area.id)?.name).toBe('Visitors');
    json(await as('POST', '/parking-map/areas', { name: 'Spare', empty: true }));
    const spare = json<ParkingMap>(await as('GET', '/parking-map')).areas.find((a) => a.name === 'Spare')!;
    const taken = await as('PUT', `/parking-map/areas/${spare.id}`, { name: 'visitors' });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(errors(taken))).toEqual(['name']);
    const dup = await as('POST', '/parking-map/areas', { name: 'VISITORS', empty: true });
    expect(Object.keys(errors(dup))).toEqual(['name']);

    const before = json<ParkingMap>(await as('GET', '/parking-map'));
    expect(before.counts.byArea[String(area.id)]).toBe(25);
    const after = json<ParkingMap>(await as('DELETE', `/parking-map/areas/${area.id}`));
    expect(after.areas.map((a) => a.id)).not.toContain(area.id);
    expect(after.spots.filter((s) => s.areaId === area.id)).toEqual([]);
    expect(after.counts.total).toBe(before.counts.total - 25);
    expect(after.version).toBe(before.version); // creating and deleting areas do not bump the layout version
    const entries = await ctx.database.withScope(
      { area: 'tenant', propertyId: (await ownProperty()).id },
      (tx) =>
        tx
          .select()
          .from(binnacle)
          .where(and(eq(binnacle.entity, 'parking_areas'), eq(binnacle.entityId, String(area.id)))),
    );
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    const created = entries.find((e) => e.action === 'create')!;
    expect(created.changes).toMatchObject({
      spots: { new: 25 },
      firstNumber: { new: '1' },
      lastNumber: { new: '25' },
    });
    expect(entries.find((e) => e.action === 'delete')!.changes).toMatchObject({ spots: { old: 25 } });
    expect((await as('DELETE', `/parking-map/areas/${area.id}`)).statusCode).toBe(404);
  });

  it('creates buildings with units 101… named after those in use, and one more spot in an area', async () => {
    const made = json<ParkingMap>(
      await as('POST', '/parking-map/buildings', {
        count: 2,
        namePrefix: 'Tower',
        generateUnits: true,
        unitsPerBuilding: 4,
        x: 10,
        y: 20,
      }),
    );
    const towers = made.buildings.filter((b) => b.name.startsWith('Tower'));
    expect(towers.map((b) => [b.name, b.unitsCount])).toEqual([
      ['Tower 1', 0],
      ['Tower 2', 0],
      ['Tower 3', 0],
      ['Tower 4', 4],
      ['Tower 5', 4],
    ]);
    const t4 = towers.find((b) => b.name === 'Tower 4')!;
    expect(t4).toMatchObject({ x: 10, y: 20 });
    const units = json<ListResponse<{ name: string }>>(
      await as('GET', `/units?filter[buildingId]=${t4.id}&all=1&sort=name`),
    );
    expect(units.data.map((u) => u.name)).toEqual(['101', '102', '103', '104']);

    const spare = made.areas.find((a) => a.name === 'Spare')!;
    const withSpot = json<ParkingMap>(
      await as('POST', '/parking-map/spots', {
        areaId: spare.id,
        number: 'S1',
        type: 'carport',
        x: 20,
        y: 30,
      }),
    );
    expect(withSpot.spots.find((s) => s.number === 'S1')).toMatchObject({
      areaId: spare.id,
      type: 'carport',
      x: 20,
      y: 30,
    });
    const again = await as('POST', '/parking-map/spots', { areaId: spare.id, number: 's1', type: 'carport' });
    expect(errors(again)).toEqual({ number: ['A spot with this number already exists'] });
  });

  async function ownProperty() {
    const [p] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(properties).where(eq(properties.code, pcode)),
    );
    return p!;
  }
});

describe('the demo map', () => {
  it('gives oakridge its three lots, a fire lane and the demo resident’s reservation on spot 5 today', async () => {
    const p = await createProperty(ctx.database);
    await createTenantUser(ctx.database, p.id, null, { type: 'tenant-resident', fullName: 'Other Resident' });
    const demoResident = await createTenantUser(ctx.database, p.id, null, {
      type: 'tenant-resident',
      email: 'resident@oakridge.test',
    });
    await ctx.database.withScope({ area: 'tenant', propertyId: p.id }, (tx) =>
      seedMapDemo(tx, p.id, 'oakridge'),
    );
    const token = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), p.code);
    const get = (url: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/tenant/api${url}`,
        headers: headers({ tenant: p.code, token }),
      });
    const m = json<ParkingMap>(await get('/parking-map'));
    const inArea = (name: string) => {
      const area = m.areas.find((a) => a.name === name)!;
      return m.spots.filter((s) => s.areaId === area.id);
    };
    const north = inArea('North lot');
    expect(north.map((s) => s.number)).toEqual(Array.from({ length: 24 }, (_, i) => String(i + 1)));
    expect(north.filter((s) => s.type === 'handicap')).toHaveLength(2);
    const visitors = inArea('Visitor lot');
    expect(visitors.filter((s) => s.type === 'visitor')).toHaveLength(8);
    expect(visitors.filter((s) => s.type === 'temporalVisitor')).toHaveLength(2);
    expect(m.counts.byType.fireLane).toBe(1);
    expect(inArea('Garage').map((s) => s.number)).toEqual(Array.from({ length: 10 }, (_, i) => `G${i + 1}`));
    expect(new Set(m.spots.map((s) => s.status)).size).toBeGreaterThan(2);
    expect(m.version).toBe(1);
    // Every spot inside its area.
    for (const s of m.spots) {
      const a = m.areas.find((x) => x.id === s.areaId)!;
      expect(s.x + 40).toBeLessThanOrEqual(a.width);
      expect(s.y + 70).toBeLessThanOrEqual(a.height);
    }
    const five = north.find((s) => s.number === '5')!;
    expect(five.reservedNow).toBe(true);
    const detail = json<SpotDetail>(await get(`/spots/${five.id}/detail`));
    expect(detail.resident?.id).toBe(demoResident.id);
  });

  it('gives maplewood two lots of about thirty spots with carports and reserved spots', async () => {
    const p = await createProperty(ctx.database);
    await ctx.database.withScope({ area: 'tenant', propertyId: p.id }, (tx) =>
      seedMapDemo(tx, p.id, 'maplewood'),
    );
    const token = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), p.code);
    const m = json<ParkingMap>(
      await ctx.app.inject({
        method: 'GET',
        url: '/tenant/api/parking-map',
        headers: headers({ tenant: p.code, token }),
      }),
    );
    expect(m.areas.map((a) => a.name)).toEqual(['East lot', 'West lot']);
    expect(m.counts.total).toBeGreaterThanOrEqual(30);
    expect(m.counts.byType.carport).toBeGreaterThan(0);
    expect(m.counts.byType.reserved).toBeGreaterThan(0);
  });
});
