import type { NotificationsResponse, PermitItem, VehicleItem } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantUser, login } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { buildings } from '../buildings/table';
import { units } from '../units/table';
import { purgeNotifications } from './service';
import { notifications } from './table';

/*
 * The bell (decision 0048): each kind reaches the users it is for and nobody else — by address, or by holding its
 * kind's permissions on the property —, never the one who acted; read marks are per user; 90 days kept.
 */
const s = tenantSuite({ role: 'manager' });
let unitId: number;
let inspector: string;

type Caller = (url: string, body?: unknown) => ReturnType<typeof s.call>;
const as = (token: string) => ({
  get: ((url) => s.call('GET', url, undefined, { token })) as Caller,
  post: ((url, body) => s.call('POST', url, body ?? {}, { token })) as Caller,
});
const bell = async (token: string) => ok<NotificationsResponse>(await as(token).get('/notifications'));

async function newResident() {
  const r = await s.newResident(unitId);
  return { ...r, ...as(r.token) };
}

beforeAll(async () => {
  unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '1' })
      .returning();
    return u!.id;
  });
  inspector = await login(
    s.ctx,
    await createTenantUser(s.ctx.database, s.propertyId, 'parking-inspector'),
    s.code,
  );
  await ok(
    await s.call('PUT', '/settings', { residentPermits: { vehiclesAllowed: 5, approvalRequired: true } }),
  );
  await ok(
    await s.call('PUT', '/settings', {
      visitorPermits: { approvalRequired: true, visitorLimit: 100, visitorVehiclesAllowed: 10 },
    }),
  );
});

describe('notifications', () => {
  it('a requested permit tells the staff who approve permits, not an inspector nor the resident; the decision tells the resident', async () => {
    const eva = await newResident();
    const car = await ok<VehicleItem>(await eva.post('/my/vehicles', { plate: 'BELL-1' }));
    const asked = await ok<PermitItem>(await eva.post('/my/permits', { vehicleId: car.id }));

    const office = await bell(s.token);
    const told = office.items.find((i) => i.kind === 'permitPending' && i.recordId === asked.id);
    expect(told).toMatchObject({
      href: `/permits/${asked.id}/show`,
      read: false,
      params: { plate: 'BELL-1' },
    });
    expect(office.unread).toBeGreaterThanOrEqual(1);
    expect(
      (await bell(inspector)).items.some((i) => i.recordId === asked.id && i.kind === 'permitPending'),
    ).toBe(false);
    expect((await bell(eva.token)).items).toEqual([]);

    await ok(await s.call('POST', `/permits/${asked.id}/approve`, {}));
    const mine = await bell(eva.token);
    expect(mine.items).toMatchObject([
      {
        kind: 'permitDecided',
        recordId: asked.id,
        params: { decision: 'approve' },
        href: `/my/permits/${asked.id}/show`,
      },
    ]);
    expect(mine.unread).toBe(1);
    // The manager who approved is not told of their own act.
    expect((await bell(s.token)).items.some((i) => i.kind === 'permitDecided')).toBe(false);
  });

  it('read marks are the reader’s own; another’s notification is a 404; read-all empties the count', async () => {
    const fay = await newResident();
    const car = await ok<VehicleItem>(await fay.post('/my/vehicles', { plate: 'BELL-2' }));
    const asked = await ok<PermitItem>(await fay.post('/my/permits', { vehicleId: car.id }));
    const office = await bell(s.token);
    const item = office.items.find((i) => i.recordId === asked.id && i.kind === 'permitPending')!;

    const after = await ok<{ unread: number }>(await as(s.token).post(`/notifications/${item.id}/read`));
    expect(after.unread).toBe(office.unread - 1);
    expect((await bell(s.token)).items.find((i) => i.id === item.id)?.read).toBe(true);
    // The same notification stays unread for another manager.
    const other = await login(s.ctx, await createTenantUser(s.ctx.database, s.propertyId, 'manager'), s.code);
    expect((await bell(other)).items.find((i) => i.id === item.id)?.read).toBe(false);
    // Neither the resident nor the inspector can see it, so neither can mark it.
    expect((await fay.post(`/notifications/${item.id}/read`)).statusCode).toBe(404);
    expect((await as(inspector).post(`/notifications/${item.id}/read`)).statusCode).toBe(404);

    expect(await ok(await as(other).post('/notifications/read-all'))).toEqual({ unread: 0 });
    expect(await ok(await as(other).get('/notifications/unread'))).toEqual({ unread: 0 });
    expect((await bell(other)).items.every((i) => i.read)).toBe(true);
  });

  it('a resident’s visitor waiting for approval tells the office', async () => {
    const gus = await newResident();
    const v = await ok<{ id: number; permitStatus: string }>(
      await gus.post('/my/visitors', { name: 'Bell Guest', plate: 'BELL 3' }),
    );
    expect(v.permitStatus).toBe('pending');
    expect((await bell(s.token)).items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'visitorPending', recordId: v.id, href: `/visitors/${v.id}/show` }),
      ]),
    );
    expect((await bell(gus.token)).items).toEqual([]);
  });

  it('a change of permissions changes what is seen: the audience is read at reading time', async () => {
    // The inspector sees tows, not permits: the same rows, told by kind.
    const kinds = new Set((await bell(inspector)).items.map((i) => i.kind));
    expect(kinds.has('permitPending')).toBe(false);
    expect(kinds.has('visitorPending')).toBe(false);
  });

  it('what is older than 90 days is not shown and is purged', async () => {
    const before = (await bell(s.token)).items.length;
    await s.inProperty((tx) =>
      tx.insert(notifications).values({
        propertyId: s.propertyId,
        kind: 'permitPending',
        recordId: 1,
        createdAt: sql`now() - interval '91 days'`,
      }),
    );
    expect((await bell(s.token)).items.length).toBe(before);
    expect(await purgeNotifications(s.ctx.services)).toBe(1);
  });
});
