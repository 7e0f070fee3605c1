import type {
  ListResponse,
  NotificationsResponse,
  ParkingMap,
  ReasonItem,
  SpotItem,
  SpotReportItem,
} from '@parkade/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  formPayload,
  headers,
  login,
  type TestUser,
} from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';

/**
 * Spot reports: a resident reports a car in a spot they hold a reservation of today (no other spot), with an
 * optional plate, note and photo under the upload policy; staff and patrol list, read and resolve them.
 */
const s = tenantSuite({ role: 'manager' });

let rosa: TestUser;
let rosaToken: string;
let tomToken: string;
let spots: SpotItem[];
const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

/** POST /my/spot-reports as a resident: form fields and files (name → bytes). */
async function report(
  token: string,
  fields: Record<string, string>,
  files: [string, string, Buffer][] = [],
  opts: { code?: string; lang?: string } = {},
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [field, name, bytes] of files) fd.append(field, new Blob([new Uint8Array(bytes)]), name);
  const { payload, contentType } = await formPayload(fd);
  return s.ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/my/spot-reports',
    headers: {
      ...headers({ tenant: opts.code ?? s.code, token, lang: opts.lang }),
      'content-type': contentType,
    },
    payload,
  });
}
const errors = (res: { json: <X>() => X }) => res.json<{ errors: Record<string, string[]> }>().errors;
const staffList = async (query = '', token?: string) =>
  (
    await ok<ListResponse<SpotReportItem>>(
      await s.call('GET', `/spot-reports?${query}`, undefined, { token }),
    )
  ).data;

beforeAll(async () => {
  rosa = await createTenantUser(s.ctx.database, s.propertyId, null, {
    type: 'tenant-resident',
    fullName: 'Rosa Resident',
  });
  const tom = await createTenantUser(s.ctx.database, s.propertyId, null, {
    type: 'tenant-resident',
    fullName: 'Tom Tenant',
  });
  rosaToken = await login(s.ctx, rosa, s.code);
  tomToken = await login(s.ctx, tom, s.code);
  await ok<ParkingMap>(
    await s.call('POST', '/parking-map/areas', {
      name: 'Lot',
      spotsCount: 4,
      startNumber: 1,
      spotType: 'resident',
    }),
  );
  spots = (await ok<ListResponse<SpotItem>>(await s.call('GET', '/spots?all=1&sort=number'))).data;
  const reserve = (spotId: number, residentId: number, startsOn: string, endsOn: string) =>
    s.call('POST', '/reservations', { spotId, residentId, startsOn, endsOn });
  // Rosa holds spot 1 today and spot 3 from next week; Tom holds spot 2 today.
  await ok(await reserve(spots[0]!.id, rosa.id, day(-2), day(10)));
  await ok(await reserve(spots[2]!.id, rosa.id, day(7), day(20)));
  await ok(await reserve(spots[1]!.id, tom.id, day(0), day(0)));
});

describe('a resident reports a car in their reserved spot', () => {
  it('records the spot, the plate (normalised), the note and a photo; the report is open and theirs', async () => {
    const res = await report(
      rosaToken,
      { spotId: String(spots[0]!.id), plate: 'abc-123', note: 'Blue sedan since 8 am' },
      [['photo', 'car.png', PNG]],
    );
    const item = await ok<SpotReportItem>(res);
    expect(item).toMatchObject({
      spotId: spots[0]!.id,
      spotNumber: spots[0]!.number,
      residentId: rosa.id,
      plate: 'ABC-123',
      plateNormalized: 'ABC123',
      note: 'Blue sedan since 8 am',
      status: 'open',
      resolvedAt: null,
      // The resident is not told whether the plate holds a permit.
      plateMatch: null,
      photo: { name: 'car.png', mimeType: 'image/png' },
    });
    // The office is told (the bell, decision 0048); the resident who reported is not.
    const bell = await ok<NotificationsResponse>(await s.call('GET', '/notifications'));
    expect(bell.items.find((i) => i.recordId === item.id)).toMatchObject({
      kind: 'spotReport',
      params: { spot: spots[0]!.number, plate: 'ABC-123' },
      href: `/spot-reports/${item.id}/show`,
    });
    expect(
      (
        await ok<NotificationsResponse>(
          await s.call('GET', '/notifications', undefined, { token: rosaToken }),
        )
      ).items,
    ).toEqual([]);
    // Plate, note and photo are optional.
    await ok(await report(rosaToken, { spotId: String(spots[0]!.id) }));
    const mine = (
      await ok<ListResponse<SpotReportItem>>(
        await s.call('GET', '/my/spot-reports?include=spot', undefined, { token: rosaToken }),
      )
    ).data;
    expect(mine.map((r) => r.plate)).toEqual([null, 'ABC-123']);
    expect(mine[0]!.spot).toEqual({ id: spots[0]!.id, number: spots[0]!.number });
    // The resident sees their photo; another resident sees neither the report nor the photo.
    const photo = await s.ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/my/spot-reports/${item.id}/photo`,
      headers: headers({ tenant: s.code, token: rosaToken }),
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    const tomsList = await ok<ListResponse<SpotReportItem>>(
      await s.call('GET', '/my/spot-reports', undefined, { token: tomToken }),
    );
    expect(tomsList.data).toEqual([]);
    expect(
      (await s.call('GET', `/my/spot-reports/${item.id}/photo`, undefined, { token: tomToken })).statusCode,
    ).toBe(404);
  });

  it('refuses a spot the resident does not hold today with a clear 422 on spotId, in their language', async () => {
    for (const spot of [spots[1]!, spots[2]!, spots[3]!]) {
      const res = await report(rosaToken, { spotId: String(spot.id), plate: 'XYZ 1' });
      expect(res.statusCode, res.body).toBe(422);
      expect(errors(res)).toEqual({
        spotId: ['You can report only a spot you hold a reservation of today.'],
      });
    }
    const es = await report(tomToken, { spotId: String(spots[0]!.id) }, [], { lang: 'es' });
    expect(errors(es).spotId).toEqual(['Solo puede reportar una plaza que tenga reservada hoy.']);
    // A missing spot is a required field; a spot id that does not exist is refused the same way.
    expect(errors(await report(rosaToken, { plate: 'XYZ 1' })).spotId).toHaveLength(1);
    expect((await report(rosaToken, { spotId: '999999' })).statusCode).toBe(422);
    // Tom's own spot today is fine.
    await ok(await report(tomToken, { spotId: String(spots[1]!.id), plate: 'TOM-9' }));
  });

  it('takes one image under the upload policy, nothing else', async () => {
    const spotId = String(spots[0]!.id);
    const pdf = await report(rosaToken, { spotId }, [['photo', 'ticket.pdf', PDF]]);
    expect(pdf.statusCode).toBe(422);
    expect(Object.keys(errors(pdf))).toEqual(['photo']);
    const two = await report(rosaToken, { spotId }, [
      ['photo', 'a.png', PNG],
      ['photo', 'b.png', PNG],
    ]);
    expect(errors(two)).toEqual({ photo: ['Send one photo at most.'] });
    // A file that says png but is not one is refused by the platform's policy.
    const fake = await report(rosaToken, { spotId }, [['photo', 'car.png', Buffer.from('not an image')]]);
    expect(fake.statusCode).toBe(422);
    expect(Object.keys(errors(fake))).toEqual(['photo']);
    const plate = await report(rosaToken, { spotId, plate: '-' });
    expect(Object.keys(errors(plate))).toEqual(['plate']);
    // Staff have no /my/spot-reports.
    expect((await report(s.token, { spotId })).statusCode).toBe(403);
  });
});

describe('staff and patrol see and resolve reports', () => {
  it('lists reports with filters, term and includes, and says what the plate matches here', async () => {
    const reason = (
      await ok<ListResponse<ReasonItem>>(await s.call('GET', '/reasons?filter[code]=fire-lane'))
    ).data[0]!;
    await ok(await s.call('POST', '/banned-vehicles', { plate: 'ABC 123', reasonId: reason.id }));
    const all = await staffList('include=resident,spot');
    expect(all.length).toBeGreaterThanOrEqual(3);
    const abc = all.find((r) => r.plate === 'ABC-123')!;
    expect(abc).toMatchObject({
      resident: { id: rosa.id, fullName: 'Rosa Resident' },
      spot: { number: spots[0]!.number },
      plateMatch: { banned: true, permitted: false },
    });
    expect(all.find((r) => r.plate === null)!.plateMatch).toBeNull();
    expect((await staffList('filter[term]=ABC123')).map((r) => r.id)).toEqual([abc.id]);
    expect((await staffList(`filter[spotId]=${spots[1]!.id}`)).map((r) => r.plate)).toEqual(['TOM-9']);
    expect(await staffList(`filter[from]=${day(1)}`)).toEqual([]);
    expect((await staffList(`filter[from]=${day(0)}&filter[to]=${day(0)}`)).length).toBe(all.length);
    expect((await s.call('GET', '/spot-reports?filter[from]=yesterday')).statusCode).toBe(400);
    expect((await s.call('GET', '/spot-reports?filter[status]=closed')).statusCode).toBe(400);
    // Residents have no staff list.
    expect((await s.call('GET', '/spot-reports', undefined, { token: rosaToken })).statusCode).toBe(403);
  });

  it('resolves a report once, keeping who, when and the note; the resident sees it resolved', async () => {
    const abc = (await staffList('filter[term]=abc')).find((r) => r.plate === 'ABC-123')!;
    const photo = await s.ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/spot-reports/${abc.id}/photo`,
      headers: headers({ tenant: s.code, token: s.token }),
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    const resolved = await ok<SpotReportItem>(
      await s.call('POST', `/spot-reports/${abc.id}/resolve`, { note: 'Towed at 10:15' }),
    );
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'Towed at 10:15' });
    expect(resolved.resolvedBy?.name).toBeTruthy();
    expect(resolved.resolvedAt).toBeTruthy();
    const again = await s.call('POST', `/spot-reports/${abc.id}/resolve`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json<{ message: string }>().message).toBe('This report has already been resolved.');
    expect((await staffList('filter[status]=resolved')).map((r) => r.id)).toEqual([abc.id]);
    expect((await staffList('filter[status]=open')).map((r) => r.id)).not.toContain(abc.id);
    const mine = await ok<ListResponse<SpotReportItem>>(
      await s.call('GET', '/my/spot-reports?filter[status]=resolved', undefined, { token: rosaToken }),
    );
    expect(mine.data.map((r) => [r.id, r.resolution])).toEqual([[abc.id, 'Towed at 10:15']]);
    // A report without a photo has no photo to download.
    const bare = (await staffList()).find((r) => r.photo === null)!;
    expect((await s.call('GET', `/spot-reports/${bare.id}/photo`)).statusCode).toBe(404);
  });

  it('gives patrol and dispatchers the reports; the assistant reads them only', async () => {
    const as = async (role: 'parking-inspector' | 'office-dispatcher' | 'assistant') =>
      login(s.ctx, await createTenantUser(s.ctx.database, s.propertyId, role), s.code);
    const open = (await staffList('filter[status]=open'))[0]!;
    const inspector = await as('parking-inspector');
    expect((await staffList('', inspector)).length).toBeGreaterThan(0);
    await ok(
      await s.call('POST', `/spot-reports/${open.id}/resolve`, { note: 'Warned' }, { token: inspector }),
    );
    const assistant = await as('assistant');
    await ok(await s.call('GET', `/spot-reports/${open.id}`, undefined, { token: assistant }));
    const other = (await staffList('filter[status]=open'))[0]!;
    expect(
      (await s.call('POST', `/spot-reports/${other.id}/resolve`, {}, { token: assistant })).statusCode,
    ).toBe(403);
    const dispatcher = await as('office-dispatcher');
    await ok(await s.call('POST', `/spot-reports/${other.id}/resolve`, {}, { token: dispatcher }));
  });

  it("never shows another property's report", async () => {
    const p = await createProperty(s.ctx.database);
    const manager = await createTenantUser(s.ctx.database, p.id, 'manager');
    const mToken = await login(s.ctx, manager, p.code);
    const resident = await createTenantUser(s.ctx.database, p.id, null, { type: 'tenant-resident' });
    const rToken = await login(s.ctx, resident, p.code);
    const call = (method: 'GET' | 'POST', url: string, body?: object) =>
      s.ctx.app.inject({
        method,
        url: `/tenant/api${url}`,
        headers: headers({ tenant: p.code, token: mToken }),
        ...(body ? { payload: body } : {}),
      });
    await ok(
      await call('POST', '/parking-map/areas', {
        name: 'B',
        spotsCount: 1,
        startNumber: 1,
        spotType: 'resident',
      }),
    );
    const spot = (await ok<ListResponse<SpotItem>>(await call('GET', '/spots'))).data[0]!;
    await ok(
      await call('POST', '/reservations', {
        spotId: spot.id,
        residentId: resident.id,
        startsOn: day(0),
        endsOn: day(1),
      }),
    );
    const theirs = await ok<SpotReportItem>(
      await report(rToken, { spotId: String(spot.id), plate: 'OTHER 1' }, [['photo', 'x.png', PNG]], {
        code: p.code,
      }),
    );
    expect((await s.call('GET', `/spot-reports/${theirs.id}`)).statusCode).toBe(404);
    expect((await s.call('POST', `/spot-reports/${theirs.id}/resolve`, {})).statusCode).toBe(404);
    expect((await s.call('GET', `/spot-reports/${theirs.id}/photo`)).statusCode).toBe(404);
    expect((await staffList('filter[term]=OTHER')).length).toBe(0);
    // A resident of A cannot name B's spot either.
    expect((await report(rosaToken, { spotId: String(spot.id) })).statusCode).toBe(422);
  });
});
