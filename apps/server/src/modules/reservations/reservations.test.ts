import {
  formatDay,
  type ListResponse,
  type ParkingMap,
  type ReservationEndResponse,
  type ReservationItem,
  type SpotDetail,
  type SpotItem,
} from '@parkade/contract';
import { and, asc, eq } from 'drizzle-orm';
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

/**
 * Reservations on a real database: the exclusion constraint `reservations_no_overlap` decides overlaps (with
 * DATABASE_URL the parallel creates below really run at once on PostgreSQL).
 */
let ctx: TestContext;
let code: string;
let propertyId: number;
let token: string;
let manager: TestUser;
let rosa: TestUser;
let rosaToken: string;
let tom: TestUser;
let tomToken: string;
let spotA: SpotItem;
let spotB: SpotItem;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  propertyId = p.id;
  manager = await createTenantUser(ctx.database, p.id, 'manager');
  token = await login(ctx, manager, code);
  rosa = await createTenantUser(ctx.database, p.id, null, {
    type: 'tenant-resident',
    fullName: 'Rosa Resident',
  });
  tom = await createTenantUser(ctx.database, p.id, null, { type: 'tenant-resident', fullName: 'Tom Tenant' });
  rosaToken = await login(ctx, rosa, code);
  tomToken = await login(ctx, tom, code);
  json<ParkingMap>(
    await call('POST', '/parking-map/areas', {
      name: 'Lot',
      spotsCount: 3,
      startNumber: 1,
      spotType: 'resident',
    }),
  );
  const spots = json<ListResponse<SpotItem>>(await call('GET', '/spots?all=1')).data;
  spotA = spots.find((s) => s.number === '1')!;
  spotB = spots.find((s) => s.number === '2')!;
});
afterAll(() => ctx?.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: { token?: string; lang?: string } = {},
) {
  return ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: code, token: opts.token ?? token, lang: opts.lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
function json<T>(res: { statusCode: number; body: string; json: <X>() => X }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}
const errors = (res: { json: <X>() => X }) => res.json<{ errors: Record<string, string[]> }>().errors;
const reserve = (spotId: number, residentId: number, startsOn: string, endsOn: string, lang?: string) =>
  call('POST', '/reservations', { spotId, residentId, startsOn, endsOn }, { lang });
const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
/** A day as an English message writes it (decision 0039 §12). */
const written = (iso: string) => formatDay(iso, { intlLocale: 'en-US' });

describe('reservations', () => {
  it('reserves a spot between two dates; the map, /spots and the spot page all say Reserved (one derivation)', async () => {
    const r = json<ReservationItem>(await reserve(spotA.id, rosa.id, day(-1), day(5)));
    expect(r).toMatchObject({
      spotId: spotA.id,
      residentId: rosa.id,
      startsOn: day(-1),
      endsOn: day(5),
      spot: { number: '1' },
      resident: { fullName: 'Rosa Resident' },
    });
    const map = json<ParkingMap>(await call('GET', '/parking-map'));
    expect(map.spots.find((s) => s.id === spotA.id)).toMatchObject({
      reservedNow: true,
      status: 'reserved',
      setStatus: 'available',
    });
    expect(map.spots.find((s) => s.id === spotB.id)).toMatchObject({
      reservedNow: false,
      status: 'available',
    });
    expect(map.counts.byStatus).toEqual({ reserved: 1, available: 2 });
    const spot = json<SpotItem>(await call('GET', `/spots/${spotA.id}`));
    expect(spot).toMatchObject({ status: 'reserved', setStatus: 'available' });
    expect(spot.reservation).toMatchObject({ residentName: 'Rosa Resident' });
    const list = json<ListResponse<SpotItem>>(await call('GET', '/spots?all=1'));
    expect(list.data.find((s) => s.id === spotA.id)?.status).toBe('reserved');
    expect(list.data.find((s) => s.id === spotB.id)?.status).toBe('available');
    const reserved = json<ListResponse<SpotItem>>(await call('GET', '/spots?filter[status]=reserved'));
    expect(reserved.data.map((s) => s.id)).toEqual([spotA.id]);
    const available = json<ListResponse<SpotItem>>(await call('GET', '/spots?filter[status]=available'));
    expect(available.data.map((s) => s.id)).not.toContain(spotA.id);
    const detail = json<SpotDetail>(await call('GET', `/spots/${spotA.id}/detail`));
    expect(detail.spot).toMatchObject({ status: 'reserved', setStatus: 'available', reservedNow: true });
    // Out of service stays out of service, reserved or not.
    json(await call('PUT', `/spots/${spotA.id}`, { number: '1', type: 'resident', status: 'outOfService' }));
    expect(json<SpotItem>(await call('GET', `/spots/${spotA.id}`)).status).toBe('outOfService');
    json(await call('PUT', `/spots/${spotA.id}`, { number: '1', type: 'resident', status: 'available' }));
  });

  it('refuses an overlap (the database decides) in the caller language; adjacent ranges are fine', async () => {
    json(await reserve(spotB.id, rosa.id, '2098-01-01', '2098-01-10'));
    const inside = await reserve(spotB.id, tom.id, '2098-01-05', '2098-01-06');
    expect(inside.statusCode).toBe(422);
    expect(errors(inside)).toEqual({
      startsOn: [
        'This spot is already reserved from Jan 1, 2098 to Jan 10, 2098; it is free again from Jan 11, 2098',
      ],
    });
    const lastDay = await reserve(spotB.id, tom.id, '2098-01-10', '2098-01-20', 'es');
    expect(errors(lastDay)).toEqual({
      startsOn: [
        'Esta plaza ya está reservada del 1 ene 2098 al 10 ene 2098; vuelve a estar libre desde el 11 ene 2098',
      ],
    });
    const around = await reserve(spotB.id, tom.id, '2097-12-01', '2098-02-01', 'zh');
    expect(errors(around)).toEqual({
      startsOn: ['该车位已于 2098年1月1日 至 2098年1月10日 被预订；自 2098年1月11日 起再次空闲'],
    });
    // The day after and the day before are free; another spot on the same dates too.
    json(await reserve(spotB.id, tom.id, '2098-01-11', '2098-01-20'));
    json(await reserve(spotB.id, tom.id, '2097-12-25', '2097-12-31'));
    json(await reserve(spotA.id, tom.id, '2098-01-01', '2098-01-10'));
  });

  it('lets only one of several overlapping reservations made at the same moment through', async () => {
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) => reserve(spotB.id, i % 2 ? rosa.id : tom.id, `2099-03-0${1 + i}`, '2099-03-09')),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((c) => c === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(422);
      expect(Object.keys(errors(r))).toEqual(['startsOn']);
    }
    const list = json<ListResponse<ReservationItem>>(
      await call('GET', `/reservations?filter[spotId]=${spotB.id}&all=1`),
    );
    expect(list.data.filter((r) => r.startsOn.startsWith('2099-03'))).toHaveLength(1);
  });

  it('refuses an end before the start, a staff member, another property’s resident, an unknown spot', async () => {
    const backwards = await reserve(spotB.id, rosa.id, '2099-05-10', '2099-05-01');
    expect(errors(backwards)).toEqual({ endsOn: ['The end date must not be before the start date'] });
    const staff = await reserve(spotB.id, manager.id, '2099-06-01', '2099-06-02');
    expect(errors(staff)).toEqual({ residentId: ['Choose a resident of this property'] });
    const elsewhere = await createProperty(ctx.database);
    const stranger = await createTenantUser(ctx.database, elsewhere.id, null, { type: 'tenant-resident' });
    const foreign = await reserve(spotB.id, stranger.id, '2099-06-01', '2099-06-02');
    expect(Object.keys(errors(foreign))).toEqual(['residentId']);
    const noSpot = await reserve(987654, rosa.id, '2099-06-01', '2099-06-02');
    expect(Object.keys(errors(noSpot))).toEqual(['spotId']);
  });

  it('refuses a reservation longer than the property allows (settings.reservedSpaces.maxReservationDays)', async () => {
    await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .update(properties)
        .set({ settings: { reservedSpaces: { maxReservationDays: 10 } } })
        .where(eq(properties.id, propertyId)),
    );
    try {
      const long = await reserve(spotB.id, rosa.id, '2099-07-01', '2099-07-11');
      expect(errors(long)).toEqual({ endsOn: ['A reservation lasts at most 10 days at this property'] });
      json(await reserve(spotB.id, rosa.id, '2099-07-01', '2099-07-10'));
    } finally {
      await ctx.database.withScope({ area: 'central' }, (tx) =>
        tx.update(properties).set({ settings: {} }).where(eq(properties.id, propertyId)),
      );
    }
  });

  it('moves a reservation under the same rules, and cancels it', async () => {
    const r = json<ReservationItem>(await reserve(spotA.id, rosa.id, '2099-09-01', '2099-09-03'));
    const clash = await call('PUT', `/reservations/${r.id}`, {
      spotId: spotB.id,
      residentId: rosa.id,
      startsOn: '2098-01-15',
      endsOn: '2098-01-16',
    });
    expect(Object.keys(errors(clash))).toEqual(['startsOn']);
    // Its own dates never clash with itself.
    const moved = json<ReservationItem>(
      await call('PUT', `/reservations/${r.id}`, {
        spotId: spotA.id,
        residentId: rosa.id,
        startsOn: '2099-09-02',
        endsOn: '2099-09-04',
        notes: 'Moved',
      }),
    );
    expect(moved).toMatchObject({ startsOn: '2099-09-02', endsOn: '2099-09-04', notes: 'Moved' });
    json(await call('DELETE', `/reservations/${r.id}`));
    expect((await call('GET', `/reservations/${r.id}`)).statusCode).toBe(404);
  });

  it('shows each resident only their own reservations under /my/reservations', async () => {
    const mine = json<ListResponse<ReservationItem>>(
      await call('GET', '/my/reservations?include=spot&all=1', undefined, { token: rosaToken }),
    );
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((r) => r.residentId === rosa.id && r.spot?.number)).toBe(true);
    const toms = json<ListResponse<ReservationItem>>(
      await call('GET', '/my/reservations?all=1', undefined, { token: tomToken }),
    );
    expect(toms.data.length).toBeGreaterThan(0);
    expect(toms.data.every((r) => r.residentId === tom.id)).toBe(true);
    const current = json<ListResponse<ReservationItem>>(
      await call('GET', '/my/reservations?filter[current]=1', undefined, { token: rosaToken }),
    );
    expect(current.data.map((r) => r.spotId)).toEqual([spotA.id]);
    // Staff have no /my/reservations; residents have no staff list.
    expect((await call('GET', '/my/reservations')).statusCode).toBe(403);
    expect((await call('GET', '/reservations', undefined, { token: rosaToken })).statusCode).toBe(403);
  });

  it('offers active residents by name or email for the reserve dialog', async () => {
    const options = json<{ data: { id: number; fullName: string }[] }>(
      await call('GET', '/reservations/resident-options?term=tom'),
    );
    expect(options.data).toEqual([expect.objectContaining({ id: tom.id, fullName: 'Tom Tenant' })]);
    const all = json<{ data: { fullName: string }[] }>(await call('GET', '/reservations/resident-options'));
    expect(all.data.map((o) => o.fullName)).toEqual(['Rosa Resident', 'Tom Tenant']);
  });

  it('keeps a reserved spot and its area from being deleted', async () => {
    const spot = await call('DELETE', `/spots/${spotA.id}`);
    expect(spot.statusCode).toBe(409);
    expect(spot.json<{ message: string }>().message).toBe(
      'This spot is reserved now or later: cancel its reservation first',
    );
    const area = await call('DELETE', `/parking-map/areas/${spotA.areaId}`);
    expect(area.statusCode).toBe(409);
    expect(json<SpotItem>(await call('GET', `/spots/${spotA.id}`)).id).toBe(spotA.id);
  });
});

describe('ending, cancelling, and the first free day', () => {
  const end = (id: number, opts: { token?: string; lang?: string } = {}) =>
    call('POST', opts.token ? `/my/reservations/${id}/end` : `/reservations/${id}/end`, undefined, opts);
  const spotC = () => spotB.id + 1;
  const status = async (spotId: number) => json<SpotItem>(await call('GET', `/spots/${spotId}`)).status;
  const audit = async (id: number) =>
    (
      await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
        tx
          .select({ action: binnacle.action })
          .from(binnacle)
          .where(and(eq(binnacle.entity, 'reservations'), eq(binnacle.entityId, String(id))))
          .orderBy(asc(binnacle.id)),
      )
    ).map((e) => e.action);

  it('lets the resident end their current reservation: it ends yesterday and the spot is available at once', async () => {
    const r = json<ReservationItem>(await reserve(spotC(), tom.id, day(-3), day(3)));
    expect(await status(spotC())).toBe('reserved');
    // Another resident's reservation is not found; staff cannot use the resident's route.
    expect((await end(r.id, { token: rosaToken })).statusCode).toBe(404);
    expect((await call('POST', `/my/reservations/${r.id}/end`)).statusCode).toBe(403);
    const ended = json<ReservationEndResponse>(await end(r.id, { token: tomToken }));
    expect(ended).toEqual({
      outcome: 'ended',
      message: 'Reservation ended; the spot is available from today',
    });
    expect(json<ReservationItem>(await call('GET', `/reservations/${r.id}`)).endsOn).toBe(day(-1));
    expect(await status(spotC())).toBe('available');
    const map = json<ParkingMap>(await call('GET', '/parking-map'));
    expect(map.spots.find((s) => s.id === spotC())).toMatchObject({
      status: 'available',
      reservedNow: false,
    });
    expect(await audit(r.id)).toEqual(['create', 'end']);
    // Already over: left alone, in the caller's language.
    const again = await end(r.id, { token: tomToken, lang: 'es' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('Esta reserva ya terminó');
  });

  it('cancels a future reservation (or one starting today) outright; staff may end any', async () => {
    const later = json<ReservationItem>(await reserve(spotC(), rosa.id, day(10), day(12)));
    const res = json<ReservationEndResponse>(await end(later.id, { token: rosaToken }));
    expect(res.outcome).toBe('cancelled');
    expect((await call('GET', `/reservations/${later.id}`)).statusCode).toBe(404);
    expect(await audit(later.id)).toEqual(['create', 'cancel']);
    const todays = json<ReservationItem>(await reserve(spotC(), rosa.id, day(0), day(2)));
    expect(await status(spotC())).toBe('reserved');
    expect(json<ReservationEndResponse>(await end(todays.id)).outcome).toBe('cancelled');
    expect(await status(spotC())).toBe('available');
    expect((await end(987654)).statusCode).toBe(404);
    // A resident has no staff route.
    expect(
      (await call('POST', `/reservations/${later.id}/end`, undefined, { token: rosaToken })).statusCode,
    ).toBe(403);
  });

  it('proposes the first free day and the end of the free run, and names it when refusing an overlap', async () => {
    const a = json<ReservationItem>(await reserve(spotC(), rosa.id, day(0), day(4)));
    json(await reserve(spotC(), tom.id, day(5), day(7)));
    json(await reserve(spotC(), tom.id, day(20), day(25)));
    const detail = json<SpotDetail>(await call('GET', `/spots/${spotC()}/detail`));
    expect(detail).toMatchObject({ firstFreeOn: day(8), freeUntil: day(19) });
    // Repeating an overlapping reservation is refused, naming the first free day after the reserved run.
    const again = await reserve(spotC(), rosa.id, day(0), day(4));
    expect(errors(again)).toEqual({
      startsOn: [
        `This spot is already reserved from ${written(day(0))} to ${written(day(4))}; it is free again from ${written(day(8))}`,
      ],
    });
    json(await reserve(spotC(), rosa.id, day(8), day(19)));
    expect(json<SpotDetail>(await call('GET', `/spots/${spotC()}/detail`))).toMatchObject({
      firstFreeOn: day(26),
      freeUntil: null,
    });
    // Cancelling today's frees the spot from today up to the next reservation.
    json(await end(a.id));
    const free = json<SpotDetail>(await call('GET', `/spots/${spotC()}/detail`));
    expect(free).toMatchObject({ firstFreeOn: day(0), freeUntil: day(4) });
  });
});
