import type { CheckIn, Observation } from '@parkade/contract';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../platform/db';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  formPayload,
  headers,
  login,
} from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { properties } from '../properties/table';

/**
 * Patrol check-in and check-out (issue 18): the four location statuses at the radius' edge, one active check-in
 * per officer (here and at another property), check-out, refused attempts kept in the audit log; observations
 * need a round, are stored once per clientKey, keep their lookup, and may arrive after check-out.
 */
const s = tenantSuite({ role: 'parking-inspector' });

const LAT = 40.0;
const LON = -75.0;
/** Metres per degree of latitude on the haversine's sphere (R = 6,371,008.8 m). */
const M_PER_DEG = (2 * Math.PI * 6371008.8) / 360;
const north = (metres: number) => ({ latitude: LAT + metres / M_PER_DEG, longitude: LON });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let second: string;

beforeAll(async () => {
  await s.ctx.database.withScope({ area: 'central' }, (tx) =>
    tx.update(properties).set({ latitude: LAT, longitude: LON }).where(eq(properties.id, s.propertyId)),
  );
  second = await login(
    s.ctx,
    await createTenantUser(s.ctx.database, s.propertyId, 'parking-inspector'),
    s.code,
  );
});

const checkIn = (body: object, opts: { token?: string; lang?: string } = {}) =>
  s.call('POST', '/patrolling/check-ins', body, opts);
const checkOut = (body: object = {}, opts: { token?: string } = {}) =>
  s.call('POST', '/patrolling/check-out', body, opts);

async function observe(
  fields: Record<string, string>,
  photos: [string, Buffer][] = [],
  opts: { token?: string; lang?: string } = {},
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [name, bytes] of photos) fd.append('photos', new Blob([new Uint8Array(bytes)]), name);
  const { payload, contentType } = await formPayload(fd);
  return s.ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/patrolling/observations',
    headers: {
      ...headers({ tenant: s.code, token: opts.token ?? s.token, lang: opts.lang }),
      'content-type': contentType,
    },
    payload,
  });
}

const refusedAttempts = () =>
  s.inProperty((tx) =>
    query<{ status: string; failure: string | null }>(
      tx,
      sql`select changes->'locationStatus'->>'new' as status, changes->'failure'->>'new' as failure
        from binnacle where entity = 'patrol_check_ins' and action = 'check-in-refused' order by id`,
    ),
  );

describe('check-in location statuses', () => {
  it('refuses no position with the message of why: permission denied or geolocation unavailable', async () => {
    const denied = await checkIn({ failure: 'permission-denied' });
    expect(denied.statusCode).toBe(422);
    expect(denied.json<{ message: string }>().message).toMatch(/location permission required/i);
    const unavailable = await checkIn({ failure: 'unavailable' }, { lang: 'es' });
    expect(unavailable.statusCode).toBe(422);
    expect(unavailable.json<{ message: string }>().message).toMatch(/geolocalización no disponible/i);
    expect(await refusedAttempts()).toEqual([
      { status: 'no-gps', failure: 'permission-denied' },
      { status: 'no-gps', failure: 'unavailable' },
    ]);
  });

  it('refuses a metre past the radius (too far, with the distance) and accepts a metre inside it', async () => {
    const far = await checkIn(north(301), { lang: 'zh' });
    expect(far.statusCode).toBe(422);
    expect(far.json<{ message: string }>().message).toContain('301');
    expect(far.json<{ message: string }>().message).toContain('300');
    expect((await refusedAttempts()).at(-1)).toEqual({ status: 'out-of-range', failure: null });

    const near = await ok<CheckIn>(await checkIn({ ...north(299), accuracy: 12 }));
    expect(near).toMatchObject({
      locationStatus: 'valid',
      distanceMeters: 299,
      radiusMeters: 300,
      checkedOutAt: null,
      observations: 0,
      property: { id: s.propertyId, code: s.code },
    });
    expect(near.reportId).toEqual(expect.any(Number));
    const active = await ok<{ checkIn: CheckIn | null }>(await s.call('GET', '/patrolling/check-ins/active'));
    expect(active.checkIn?.id).toBe(near.id);
  });

  it('keeps one active check-in per officer, and check-out closes it with its position', async () => {
    const again = await checkIn(north(10));
    expect(again.statusCode).toBe(409);
    const out = await ok<CheckIn>(await checkOut({ ...north(50), summary: 'Quiet round.' }));
    expect(out.checkedOutAt).not.toBeNull();
    expect(out.checkoutDistanceMeters).toBe(50);
    const summary = await s.inProperty((tx) =>
      query<{ summary: string }>(tx, sql`select summary from patrol_reports where check_in_id = ${out.id}`),
    );
    expect(summary).toEqual([{ summary: 'Quiet round.' }]);
    expect((await checkOut()).statusCode).toBe(409);
    expect(
      (await ok<{ checkIn: CheckIn | null }>(await s.call('GET', '/patrolling/check-ins/active'))).checkIn,
    ).toBeNull();
  });

  it('allows a property without coordinates, flagged no-coordinates', async () => {
    const bare = await createProperty(s.ctx.database);
    const token = await login(
      s.ctx,
      await createTenantUser(s.ctx.database, bare.id, 'parking-inspector'),
      bare.code,
    );
    const res = await s.ctx.app.inject({
      method: 'POST',
      url: '/tenant/api/patrolling/check-ins',
      headers: headers({ tenant: bare.code, token }),
      payload: north(5000),
    });
    expect(await ok<CheckIn>(res)).toMatchObject({ locationStatus: 'no-coordinates', distanceMeters: null });
  });

  it('lets a central officer hold one check-in across properties', async () => {
    const other = await createProperty(s.ctx.database, { latitude: LAT, longitude: LON });
    const central = await login(s.ctx, await createCentralUser(s.ctx.database, 'parking-inspector'));
    const at = (id: number, url: string, payload: object = north(1)) =>
      s.ctx.app.inject({
        method: 'POST',
        url: `/api/central${url}`,
        headers: { ...headers({ token: central }), 'x-property': String(id) },
        payload,
      });
    expect((await at(s.propertyId, '/patrolling/check-ins')).statusCode).toBe(200);
    const elsewhere = await at(other.id, '/patrolling/check-ins');
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json<{ message: string }>().message).toMatch(/another property/);
    const active = await s.ctx.app.inject({
      method: 'GET',
      url: '/api/central/patrolling/check-ins/active',
      headers: headers({ token: central }),
    });
    expect(active.json<{ checkIn: CheckIn }>().checkIn.property.id).toBe(s.propertyId);
    expect((await at(other.id, '/patrolling/check-out', {})).statusCode).toBe(409);
    expect((await at(s.propertyId, '/patrolling/check-out', {})).statusCode).toBe(200);
    expect((await at(other.id, '/patrolling/check-ins')).statusCode).toBe(200);
  });

  it('answers two check-ins at once with one check-in and one 409', async () => {
    const [a, b] = await Promise.all([
      checkIn(north(1), { token: second }),
      checkIn(north(2), { token: second }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await checkOut({}, { token: second })).statusCode).toBe(200);
  });
});

describe('observations', () => {
  it('need a check-in', async () => {
    const res = await observe({ clientKey: randomUUID(), plate: 'ABC 123' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/check in/i);
  });

  it('are stored once per clientKey, with their photos and the lookup of the moment', async () => {
    const round = await ok<CheckIn>(await checkIn(north(3)));
    const clientKey = randomUUID();
    const fields = { clientKey, plate: 'zz 999', notes: 'Blocking the ramp', shownVerdict: 'permitted' };
    const first = await ok<Observation>(await observe(fields, [['car.png', PNG]]));
    expect(first).toMatchObject({
      checkInId: round.id,
      plate: 'ZZ 999',
      notes: 'Blocking the ramp',
      duplicate: false,
      lookup: { plate: 'ZZ999', matches: [] },
      changedFrom: 'permitted',
    });
    expect(first.photos).toHaveLength(1);
    const again = await ok<Observation>(await observe(fields, [['car.png', PNG]]));
    expect(again).toMatchObject({ id: first.id, duplicate: true });
    expect(again.photos).toHaveLength(1);
    const [both] = await Promise.all([observe({ ...fields, clientKey: randomUUID() }), observe(fields)]);
    expect(both.statusCode).toBe(200);
    const stored = await s.inProperty((tx) =>
      query<{ n: string }>(
        tx,
        sql`select count(*) as n from patrol_observations where client_key = ${clientKey}`,
      ),
    );
    expect(Number(stored[0]!.n)).toBe(1);
    const mine = await ok<Observation[]>(
      await s.call('GET', `/patrolling/check-ins/${round.id}/observations`),
    );
    expect(mine.map((o) => o.id)).toContain(first.id);
  });

  it('refuses an empty one, too many photos and a time in the future', async () => {
    const empty = await observe({ clientKey: randomUUID() });
    expect(empty.statusCode).toBe(422);
    const six = Array.from({ length: 6 }, (_, i) => [`p${i}.png`, PNG] as [string, Buffer]);
    expect((await observe({ clientKey: randomUUID(), plate: 'AB1' }, six)).statusCode).toBe(422);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await observe({ clientKey: randomUUID(), plate: 'AB1', observedAt: future })).statusCode).toBe(
      422,
    );
  });

  it('taken offline during a round, arrive after check-out in that round; never outside it', async () => {
    const round = (await ok<{ checkIn: CheckIn }>(await s.call('GET', '/patrolling/check-ins/active')))
      .checkIn;
    const during = new Date().toISOString();
    await ok(await checkOut());
    const late = await ok<Observation>(
      await observe({
        clientKey: randomUUID(),
        plate: 'LATE 1',
        observedAt: during,
        checkInId: String(round.id),
      }),
    );
    expect(late.checkInId).toBe(round.id);
    const before = new Date(new Date(round.checkedInAt).getTime() - 3600_000).toISOString();
    const outside = await observe({
      clientKey: randomUUID(),
      plate: 'LATE 2',
      observedAt: before,
      checkInId: String(round.id),
    });
    expect(outside.statusCode).toBe(422);
    const others = await observe(
      { clientKey: randomUUID(), plate: 'LATE 3', observedAt: during, checkInId: String(round.id) },
      [],
      { token: second },
    );
    expect(others.statusCode).toBe(422);
  });
});
