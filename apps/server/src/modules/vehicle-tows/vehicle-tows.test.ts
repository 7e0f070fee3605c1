import {
  VEHICLE_TOW_ACTIONS,
  VEHICLE_TOW_STATUSES,
  VEHICLE_TOW_TRANSITIONS,
  type ListResponse,
  type NotificationsResponse,
  type PermitWarningItem,
  type PermitWarningStatus,
  type VehicleTowItem,
  type VehicleTowStatus,
} from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inScope, type Scope } from '../../platform/scope';
import {
  firstTowType,
  makeCheckIn,
  makeObservation,
  makeTow,
  makeWarning,
} from '../../test/factories/enforcement';
import { createTenantUser, headers, login, type TestUser } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { ok, tenantSuite } from '../../test/suite';
import { binnacle } from '../binnacle/table';
import { vehicleTows } from './table';

/**
 * Tows (issue 18): a manager authorises the tow of the car of a placed warning past its grace time — never
 * without a photo taken at or after the placement (NO PHOTO, NO TOW); then it is towed or cancelled. The tow
 * record prints as a PDF.
 */
const s = tenantSuite({ role: 'manager' });

let inspector: TestUser;
let dispatcherToken: string;
let inspectorToken: string;
let towType: number;

const inProperty = <T>(fn: (scope: Scope) => Promise<T>) =>
  inScope(s.ctx.services, { area: 'tenant', propertyId: s.propertyId }, fn);
/** A GET answered with bytes (a photo, a PDF): headers and raw payload. */
const fetchBytes = (url: string, lang?: string) =>
  s.ctx.app.inject({
    method: 'GET',
    url: `/tenant/api${url}`,
    headers: headers({ tenant: s.code, token: s.token, lang }),
  });
const message = (res: { json: <X>() => X }) => res.json<{ message: string }>().message;
const placed = (opts: { placedHoursAgo?: number; placementPhoto?: boolean } = {}) =>
  inProperty((scope) =>
    makeWarning(scope, { userId: inspector.id, userName: 'Ines Inspector' }, { status: 'placed', ...opts }),
  );
const authorize = (permitWarningId: number, o: { token?: string; lang?: string } = {}) =>
  s.call('POST', '/vehicle-tows', { permitWarningId, towId: towType, note: 'Called City Towing' }, o);

beforeAll(async () => {
  inspector = await createTenantUser(s.ctx.database, s.propertyId, 'parking-inspector', {
    fullName: 'Ines Inspector',
  });
  inspectorToken = await login(s.ctx, inspector, s.code);
  dispatcherToken = await login(
    s.ctx,
    await createTenantUser(s.ctx.database, s.propertyId, 'office-dispatcher'),
    s.code,
  );
  towType = await inProperty(firstTowType);
});

describe('authorising a tow', () => {
  it('of a placed warning past its grace time, with the placement photo: pending to tow, with its proof', async () => {
    const { warning } = await placed({ placedHoursAgo: 30 });
    const tow = await ok<VehicleTowItem>(await authorize(warning.id));
    expect(tow).toMatchObject({
      status: 'pending-to-tow',
      plate: warning.plate,
      permitWarningId: warning.id,
      towId: towType,
      note: 'Called City Towing',
      closedAt: null,
      actions: ['towed', 'cancel'],
    });
    // readyToTowAt: the placement + the property's 24 grace hours; authorised now.
    expect(new Date(tow.readyToTowAt).getTime()).toBe(warning.placedAt!.getTime() + 24 * 3_600_000);
    expect(Math.abs(new Date(tow.towAuthorizationDate).getTime() - Date.now())).toBeLessThan(60_000);
    expect(tow.photos!.map((p) => p.source)).toEqual(['placement']);
    expect(tow.photoFileIds).toEqual(tow.photos!.map((p) => p.id));
    expect(tow.lookup).toMatchObject({ plate: warning.plateNormalized });
    expect(tow.warning).toMatchObject({ id: warning.id, status: 'placed', placedBy: { id: inspector.id } });
    expect(tow.warning!.observation).toMatchObject({ spotNumber: 'A-12', place: 'Level 2, by the lift' });
    expect(tow.warning!.checkIn).toMatchObject({ locationStatus: 'valid', latitude: 40.7128 });
    // The photo is served through the tow.
    const photo = await fetchBytes(`/vehicle-tows/${tow.id}/photos/${tow.photoFileIds[0]}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    // The warning now shows its tow and can no longer be cancelled.
    const shown = await ok<PermitWarningItem>(await s.call('GET', `/permit-warnings/${warning.id}`));
    expect(shown.tow).toEqual({ id: tow.id, status: 'pending-to-tow' });
    expect(shown.actions).not.toContain('cancel');
    expect(shown.actions).not.toContain('tow');
    const audit = await s.inProperty((tx) =>
      tx
        .select()
        .from(binnacle)
        .where(and(eq(binnacle.entity, 'vehicle_tows'), eq(binnacle.entityId, String(tow.id)))),
    );
    expect(audit.map((a) => a.action)).toEqual(['create']);
    // The bell (decision 0048): the property's users who see tows — the inspector too —, not the manager who acted.
    const told = async (token?: string) =>
      (
        await ok<NotificationsResponse>(await s.call('GET', '/notifications', undefined, { token }))
      ).items.filter((i) => i.kind === 'towAuthorized' && i.recordId === tow.id);
    expect(await told(inspectorToken)).toMatchObject([
      { params: { plate: warning.plate }, href: `/vehicle-tows/${tow.id}/show` },
    ]);
    expect(await told()).toEqual([]);
  });

  it('not before the grace time has passed, saying from when', async () => {
    const { warning } = await placed({ placedHoursAgo: 2 });
    const res = await authorize(warning.id);
    expect(res.statusCode, res.body).toBe(422);
    expect(message(res)).toMatch(
      /^The grace time of 24 hours has not passed: the car may be towed from .+\d{4}.+\.$/,
    );
    const shown = await ok<PermitWarningItem>(await s.call('GET', `/permit-warnings/${warning.id}`));
    expect(shown.towCheck).toMatchObject({ graceOver: false, hasPhoto: true });
    expect(shown.actions).toContain('tow');
    // With no grace hours at the property, at once.
    const settings = await ok<Record<string, Record<string, unknown>>>(await s.call('GET', '/settings'));
    await ok(await s.call('PUT', '/settings', { other: { ...settings.other, towGraceHours: 0 } }));
    try {
      await ok(await authorize(warning.id));
    } finally {
      await ok(await s.call('PUT', '/settings', { other: settings.other }));
    }
  });

  it('NO PHOTO, NO TOW: not without a photo taken at or after the placement', async () => {
    const { warning, checkIn } = await placed({ placedHoursAgo: 30, placementPhoto: false });
    const refused = await authorize(warning.id, { lang: 'es' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(message(refused)).toBe(
      'Sin foto no hay remolque: un remolque necesita una foto tomada después de colocar el aviso.',
    );
    const before = await ok<PermitWarningItem>(await s.call('GET', `/permit-warnings/${warning.id}`));
    expect(before.towCheck).toMatchObject({ graceOver: true, hasPhoto: false });
    // A photo of the plate from before the placement is no proof.
    await inProperty((scope) =>
      makeObservation(scope, checkIn, {
        plate: warning.plate,
        observedAt: new Date(warning.placedAt!.getTime() - 60_000),
      }),
    );
    expect((await authorize(warning.id)).statusCode).toBe(422);
    // The officer came back and photographed the car still there (another check-in): that is.
    const later = await inProperty(async (scope) =>
      makeObservation(scope, await makeCheckIn(scope, { userId: inspector.id }, { closed: true }), {
        plate: warning.plate.toLowerCase(),
        observedAt: new Date(warning.placedAt!.getTime() + 3 * 3_600_000),
      }),
    );
    const tow = await ok<VehicleTowItem>(await authorize(warning.id));
    expect(tow.photos).toHaveLength(1);
    expect(tow.photos![0]).toMatchObject({ source: 'observation', observationId: later.id });
    const shown = await ok<PermitWarningItem>(await s.call('GET', `/permit-warnings/${warning.id}`));
    expect(shown.laterPhotos!.map((p) => p.observationId)).toEqual([later.id]);
    // That photo is served through the warning and through the tow.
    const id = tow.photoFileIds[0];
    expect((await s.call('GET', `/permit-warnings/${warning.id}/photos/${id}`)).statusCode).toBe(200);
    expect((await s.call('GET', `/vehicle-tows/${tow.id}/photos/${id}`)).statusCode).toBe(200);
  });

  it('only by a manager: dispatchers and inspectors are refused (403)', async () => {
    const { warning } = await placed();
    expect((await authorize(warning.id, { token: dispatcherToken })).statusCode).toBe(403);
    expect((await authorize(warning.id, { token: inspectorToken })).statusCode).toBe(403);
    const shown = await ok<PermitWarningItem>(
      await s.call('GET', `/permit-warnings/${warning.id}`, undefined, { token: dispatcherToken }),
    );
    expect(shown.actions).not.toContain('tow');
  });

  it.each(['pending', 'approved', 'rejected', 'cancelled'] as PermitWarningStatus[])(
    'only of a placed warning: not of a %s one',
    async (status) => {
      const { warning } = await inProperty((scope) =>
        makeWarning(scope, { userId: inspector.id }, { status }),
      );
      const res = await authorize(warning.id);
      expect(res.statusCode).toBe(409);
      expect(message(res)).toMatch(/^Only a placed warning can lead to a tow; this one is “.+”\.$/);
    },
  );

  it('once per warning, of a known tow type and warning', async () => {
    const { warning } = await placed();
    const first = await ok<VehicleTowItem>(await authorize(warning.id));
    const again = await authorize(warning.id);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(`This warning already has a tow (#${first.id}).`);
    const unknownType = await s.call('POST', '/vehicle-tows', {
      permitWarningId: (await placed()).warning.id,
      towId: 2147483000,
    });
    expect(unknownType.statusCode).toBe(422);
    expect(Object.keys(unknownType.json<{ errors: object }>().errors)).toEqual(['towId']);
    const unknownWarning = await s.call('POST', '/vehicle-tows', {
      permitWarningId: 2147483000,
      towId: towType,
    });
    expect(unknownWarning.statusCode).toBe(422);
  });
});

describe('a tow', () => {
  const from = (st: VehicleTowStatus) =>
    VEHICLE_TOW_ACTIONS.filter((a) => (VEHICLE_TOW_TRANSITIONS[a].from as readonly string[]).includes(st));

  it.each(VEHICLE_TOW_STATUSES.flatMap((st) => VEHICLE_TOW_ACTIONS.map((a) => [st, a] as const)))(
    'from %s, %s is allowed exactly when the transition table says so',
    async (status, action) => {
      const { tow } = await inProperty((scope) => makeTow(scope, { userId: inspector.id }));
      await s.inProperty((tx) => tx.update(vehicleTows).set({ status }).where(eq(vehicleTows.id, tow.id)));
      const res = await s.call('POST', `/vehicle-tows/${tow.id}/${action}`, { note: 'Done' }, { lang: 'es' });
      const after = await ok<VehicleTowItem>(await s.call('GET', `/vehicle-tows/${tow.id}`));
      if (from(status).includes(action)) {
        expect(res.statusCode, res.body).toBe(200);
        expect(after).toMatchObject({ status: VEHICLE_TOW_TRANSITIONS[action].to, closeNote: 'Done' });
        expect(after.closedBy).not.toBeNull();
        expect(after.actions).toEqual([]);
      } else {
        expect(res.statusCode, res.body).toBe(409);
        expect(message(res)).toMatch(/^Un remolque en estado «.+» no admite la acción «.+»\.$/);
        expect(after.status).toBe(status);
      }
    },
  );

  it('keeps its warning from being cancelled until the tow is cancelled', async () => {
    const { tow, warning } = await inProperty((scope) => makeTow(scope, { userId: inspector.id }));
    const refused = await s.call('POST', `/permit-warnings/${warning.id}/cancel`, {});
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(`This warning has a tow (#${tow.id}): cancel the tow first.`);
    await ok(await s.call('POST', `/vehicle-tows/${tow.id}/cancel`, { note: 'Owner moved the car' }));
    const cancelled = await ok<PermitWarningItem>(
      await s.call('POST', `/permit-warnings/${warning.id}/cancel`, {}),
    );
    expect(cancelled.status).toBe('cancelled');
  });

  it('is listed with those still to do first, and filtered by status and plate', async () => {
    const { tow } = await inProperty((scope) => makeTow(scope, { userId: inspector.id }));
    const list = await ok<ListResponse<VehicleTowItem>>(await s.call('GET', '/vehicle-tows?all=1'));
    const statuses = list.data.map((x) => x.status);
    expect(statuses[0]).toBe('pending-to-tow');
    expect(statuses.lastIndexOf('pending-to-tow')).toBeLessThan(
      Math.max(statuses.indexOf('towed'), statuses.indexOf('cancelled'), statuses.length),
    );
    const mine = await ok<ListResponse<VehicleTowItem>>(
      await s.call('GET', `/vehicle-tows?filter[plate]=${encodeURIComponent(tow.plate.toLowerCase())}`),
    );
    expect(mine.data.map((x) => x.id)).toEqual([tow.id]);
    expect((await s.call('GET', '/vehicle-tows?filter[status]=gone')).statusCode).toBe(400);
  });

  it('prints its tow record: a PDF in the reader’s language with the plate, the warning and the photos', async () => {
    const { warning } = await placed({ placedHoursAgo: 30 });
    const tow = await ok<VehicleTowItem>(await authorize(warning.id));
    const res = await fetchBytes(`/vehicle-tows/${tow.id}/record.pdf`, 'es');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Registro de remolque n.º ${tow.id}`);
    expect(text).toContain(warning.plate);
    expect(text).toContain('Ines Inspector');
    expect(text).toContain('Level 2, by the lift');
    expect(text).toContain('Aviso colocado');
    const zh = await fetchBytes(`/vehicle-tows/${tow.id}/record.pdf`, 'zh');
    expect(await pdfText(zh.rawPayload)).toContain(`拖车记录 #${tow.id}`);
  });
});
