import {
  formatDay,
  INTL_LOCALES,
  type BannedVehicleItem,
  type ListResponse,
  type PermitItem,
  type ReasonItem,
  type ResidentItem,
  type VehicleItem,
  type Language,
} from '@parkade/contract';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantUser, formPayload, headers, login } from '../../test/harness';
import { makeCheckIn } from '../../test/factories';
import { ok, tenantSuite } from '../../test/suite';
import { binnacle } from '../binnacle/table';
import { buildings } from '../buildings/table';
import { units } from '../units/table';

/** Bans of plates: the one-open-ban rule, lifting, photos, the list, and the refusals they cause elsewhere. */
const s = tenantSuite({ role: 'manager' });

type Errors = { message: string; errors: Record<string, string[]> };
let fireLane: ReasonItem;
let blocking: ReasonItem;
let unitId: number;
let today: string;
/** A day as a reader of `lang` reads it in a message. */
const day = (iso: string, lang: Language) => formatDay(iso, { intlLocale: INTL_LOCALES[lang] });

const reason = async (code: string) =>
  (await ok<ListResponse<ReasonItem>>(await s.call('GET', `/reasons?filter[code]=${code}`))).data[0]!;
const ban = (body: Record<string, unknown>) => s.call('POST', '/banned-vehicles', body);
const list = async (query: string) =>
  (await ok<ListResponse<BannedVehicleItem>>(await s.call('GET', `/banned-vehicles?${query}`))).data.map(
    (b) => b.plate,
  );
let n = 0;
const newResident = async () =>
  ok<ResidentItem>(
    await s.call('POST', '/residents', {
      fullName: `Driver ${++n}`,
      email: `driver${n}@bans.test`,
      unitIds: [unitId],
      password: 'driver-password',
    }),
  );
const auditOf = (id: number) =>
  s.inProperty((tx) =>
    tx
      .select()
      .from(binnacle)
      .where(and(eq(binnacle.entity, 'banned_vehicles'), eq(binnacle.entityId, String(id))))
      .orderBy(asc(binnacle.id)),
  );

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
async function upload(id: number, names: string[]) {
  const fd = new FormData();
  for (const name of names) fd.append('photos', new Blob([new Uint8Array(PNG)]), name);
  const { payload, contentType } = await formPayload(fd);
  return s.ctx.app.inject({
    method: 'POST',
    url: `/tenant/api/banned-vehicles/${id}/photos`,
    headers: { ...headers({ tenant: s.code, token: s.token }), 'content-type': contentType },
    payload,
  });
}

beforeAll(async () => {
  fireLane = await reason('fire-lane');
  blocking = await reason('blocking');
  unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '1' })
      .returning();
    return u!.id;
  });
  today = new Date().toISOString().slice(0, 10);
});

describe('banned vehicles', () => {
  let first: BannedVehicleItem;

  it('bans a plate from today by the signed-in user, audited', async () => {
    first = await ok<BannedVehicleItem>(
      await ban({ plate: 'BZP-4471', reasonId: fireLane.id, color: 'Red', notes: 'Seen three times' }),
    );
    expect(first).toMatchObject({
      plate: 'BZP-4471',
      plateNormalized: 'BZP4471',
      bannedFrom: today,
      bannedUntil: null,
      active: true,
      status: 'active',
      liftedAt: null,
      liftedBy: null,
      photos: [],
    });
    const [created] = await auditOf(first.id);
    expect(created).toMatchObject({ action: 'create', userName: first.bannedBy?.name });
    expect(first.bannedBy?.name).toBeTruthy();
  });

  it('keeps one ban that is not lifted per plate, however it is typed', async () => {
    const again = await ban({ plate: 'bzp 4471', reasonId: blocking.id });
    expect(again.statusCode).toBe(422);
    expect(again.json<Errors>().errors.plate).toEqual([
      'This plate already has a ban at this property that has not been lifted.',
    ]);
  });

  it('shows and edits a ban; the last day may not come before the first', async () => {
    const shown = await ok<BannedVehicleItem>(
      await s.call('GET', `/banned-vehicles/${first.id}?include=reason`),
    );
    expect(shown.reason).toMatchObject({ id: fireLane.id, name: 'Parked in a fire lane' });
    const body = {
      plate: 'BZP-4471',
      reasonId: fireLane.id,
      color: 'Dark red',
      bannedFrom: first.bannedFrom,
    };
    const edited = await ok<BannedVehicleItem>(await s.call('PUT', `/banned-vehicles/${first.id}`, body));
    expect(edited).toMatchObject({ color: 'Dark red', notes: null, bannedBy: first.bannedBy });
    const bad = await s.call('PUT', `/banned-vehicles/${first.id}`, { ...body, bannedUntil: '2000-01-01' });
    expect(bad.json<Errors>().errors.bannedUntil).toEqual(['The last day cannot be before the first day.']);
    const actions = (await auditOf(first.id)).map((e) => e.action);
    expect(actions).toEqual(['create', 'update']);
  });

  it('lists with filters plate, reason and active, and finds a plate typed as shown', async () => {
    await ok(await ban({ plate: 'XYZ 900', reasonId: blocking.id, bannedFrom: '2099-01-01' }));
    await ok(
      await ban({
        plate: 'OLD-1',
        reasonId: blocking.id,
        bannedFrom: '2020-01-01',
        bannedUntil: '2020-12-31',
      }),
    );
    expect(await list('sort=plate')).toEqual(['BZP-4471', 'OLD-1', 'XYZ 900']);
    expect(await list('filter[plate]=bzp 4471')).toEqual(['BZP-4471']);
    expect(await list(`filter[reasonId]=${blocking.id}&sort=plate`)).toEqual(['OLD-1', 'XYZ 900']);
    expect(await list('filter[active]=1')).toEqual(['BZP-4471']);
    expect(await list('filter[active]=0&sort=plate')).toEqual(['OLD-1', 'XYZ 900']);
    for (const term of ['BZP-4471', 'bzp4471', 'bzp 4471', 'ZP-44', 'dark'])
      expect(await list(`filter[term]=${encodeURIComponent(term)}`), term).toEqual(['BZP-4471']);
    const statuses = await ok<ListResponse<BannedVehicleItem>>(
      await s.call('GET', '/banned-vehicles?sort=plate'),
    );
    expect(statuses.data.map((b) => b.status)).toEqual(['active', 'ended', 'scheduled']);
    expect((await s.call('GET', '/banned-vehicles?filter[active]=maybe')).statusCode).toBe(400);
  });

  it('refuses a banned plate to a new vehicle, to a changed plate and to a new permit, naming the ban', async () => {
    const r = await newResident();
    const refused = await s.call('POST', '/vehicles', { residentId: r.id, plate: 'bzp 4471' });
    expect(refused.statusCode).toBe(422);
    // The ban's day as its reader reads it (decision 0039 §12).
    const message = `This plate is banned at this property since ${day(today, 'en')}: Parked in a fire lane`;
    expect(refused.json<Errors>().errors.plate).toEqual([message]);
    expect(refused.json<Errors>().message).toBe(message);
    const es = await s.call('POST', '/vehicles', { residentId: r.id, plate: 'BZP4471' }, { lang: 'es' });
    // The reason in Spanish too (issue 36 §9: a catalog entry's name in the reader's language).
    expect(es.json<Errors>().errors.plate).toEqual([
      `Esta matrícula está vetada en esta propiedad desde el ${day(today, 'es')}: Estacionado en un carril de bomberos`,
    ]);

    const v = await ok<VehicleItem>(await s.call('POST', '/vehicles', { residentId: r.id, plate: 'FREE-1' }));
    const renamed = await s.call('PUT', `/vehicles/${v.id}`, { residentId: r.id, plate: 'Bzp-4471' });
    expect(renamed.json<Errors>().errors.plate).toEqual([message]);

    // A vehicle registered before its plate was banned: no new permit for it.
    const early = await ok<VehicleItem>(
      await s.call('POST', '/vehicles', { residentId: r.id, plate: 'LATE-9' }),
    );
    const lateBan = await ok<BannedVehicleItem>(await ban({ plate: 'late 9', reasonId: blocking.id }));
    const permit = await s.call('POST', '/permits', {
      code: 'BAN-1',
      residentId: r.id,
      vehicleId: early.id,
      permitTypeId: 1,
    });
    expect(permit.statusCode).toBe(422);
    expect(permit.json<Errors>().errors.vehicleId).toEqual([
      `This plate is banned at this property since ${day(today, 'en')}: ${blocking.name}`,
    ]);
    // Its other details may still be edited.
    await ok(
      await s.call('PUT', `/vehicles/${early.id}`, { residentId: r.id, plate: 'LATE-9', color: 'Blue' }),
    );
    await ok(await s.call('PUT', `/banned-vehicles/${lateBan.id}/lift`, {}));
    await ok<PermitItem>(
      await s.call('POST', '/permits', {
        code: 'BAN-2',
        residentId: r.id,
        vehicleId: early.id,
        permitTypeId: 1,
      }),
    );
  });

  it('lifts a ban once, keeping who and when; the plate is free again and may be banned anew', async () => {
    const dispatcher = await createTenantUser(s.ctx.database, s.propertyId, 'office-dispatcher', {
      fullName: 'Dana Dispatcher',
    });
    const token = await login(s.ctx, dispatcher, s.code);
    const lifted = await ok<BannedVehicleItem>(
      await s.call('PUT', `/banned-vehicles/${first.id}/lift`, { note: 'Owner moved away' }, { token }),
    );
    expect(lifted).toMatchObject({
      active: false,
      status: 'lifted',
      liftNote: 'Owner moved away',
      liftedBy: { id: dispatcher.id, name: 'Dana Dispatcher' },
      bannedBy: first.bannedBy,
    });
    expect(Date.now() - new Date(lifted.liftedAt!).getTime()).toBeLessThan(60_000);
    const twice = await s.call('PUT', `/banned-vehicles/${first.id}/lift`, {});
    expect(twice.json<Errors>().message).toBe('This ban has already been lifted.');
    const lift = (await auditOf(first.id)).find((e) => e.action === 'lift');
    expect(lift).toMatchObject({ userName: 'Dana Dispatcher' });
    expect(lift!.changes.liftNote).toEqual({ old: null, new: 'Owner moved away' });

    expect(await list('filter[active]=1')).toEqual([]);
    const r = await newResident();
    await ok<VehicleItem>(await s.call('POST', '/vehicles', { residentId: r.id, plate: 'bzp 4471' }));
    const anew = await ok<BannedVehicleItem>(await ban({ plate: 'BZP4471', reasonId: blocking.id }));
    expect(anew.active).toBe(true);
    // A parking inspector reads bans (during a round at the property) but may not lift them.
    const officer = await createTenantUser(s.ctx.database, s.propertyId, 'parking-inspector');
    const inspector = await login(s.ctx, officer, s.code);
    await s.inProperty((tx) => makeCheckIn({ tx, propertyId: s.propertyId }, officer.id));
    expect(
      (await s.call('GET', `/banned-vehicles/${anew.id}`, undefined, { token: inspector })).statusCode,
    ).toBe(200);
    expect(
      (await s.call('PUT', `/banned-vehicles/${anew.id}/lift`, {}, { token: inspector })).statusCode,
    ).toBe(403);
  });

  it('takes up to five photos, images only, served and removed as the ban’s', async () => {
    const b = await ok<BannedVehicleItem>(await ban({ plate: 'PIC-1', reasonId: blocking.id }));
    const six = await upload(b.id, ['1.png', '2.png', '3.png', '4.png', '5.png', '6.png']);
    expect(six.statusCode).toBe(422);
    expect(six.json<Errors>().errors.photos).toEqual(['You cannot upload more than 5 files']);
    const two = await ok<BannedVehicleItem>(await upload(b.id, ['front.png', 'rear.png']));
    expect(two.photos.map((p) => p.name)).toEqual(['front.png', 'rear.png']);
    const four = await upload(b.id, ['a.png', 'b.png', 'c.png', 'd.png']);
    expect(four.json<Errors>().errors.photos).toEqual(['A ban can have at most 5 photos.']);

    const fd = new FormData();
    fd.append('photos', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n'))]), 'report.pdf');
    const pdf = await formPayload(fd);
    const refused = await s.ctx.app.inject({
      method: 'POST',
      url: `/tenant/api/banned-vehicles/${b.id}/photos`,
      headers: { ...headers({ tenant: s.code, token: s.token }), 'content-type': pdf.contentType },
      payload: pdf.payload,
    });
    expect(refused.json<Errors>().errors.photos?.[0]).toMatch(/jpg, jpeg, png, webp/);

    const photo = await s.ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/banned-vehicles/${b.id}/photos/${two.photos[0]!.id}`,
      headers: headers({ tenant: s.code, token: s.token }),
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect((await s.call('GET', `/banned-vehicles/${first.id}/photos/${two.photos[0]!.id}`)).statusCode).toBe(
      404,
    );
    const after = await ok<BannedVehicleItem>(
      await s.call('DELETE', `/banned-vehicles/${b.id}/photos/${two.photos[0]!.id}`),
    );
    expect(after.photos.map((p) => p.name)).toEqual(['rear.png']);
    const photoEntries = (await auditOf(b.id)).filter((e) => e.action === 'photos');
    expect(photoEntries.map((e) => e.changes.photos?.new)).toEqual([['front.png', 'rear.png'], ['rear.png']]);

    const deleted = await s.call('DELETE', `/banned-vehicles/${b.id}`);
    expect(deleted.json<{ message: string }>().message).toBe('The vehicle ban was deleted');
    expect(await list('filter[term]=PIC')).toEqual([]);
  });
});
