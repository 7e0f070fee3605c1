import {
  PERMIT_REQUEST_TYPE_ID,
  type ListResponse,
  type NotificationsResponse,
  type PermitItem,
  type RequestItem,
  type VehicleItem,
} from '@parkade/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, tenantSuite } from '../../test/suite';
import { buildings } from '../buildings/table';
import { units } from '../units/table';

/*
 * Requests made elsewhere (decision 0049): a permit a resident asks for on /my/permits is also a request of type
 * `permit` in the queue, linked to it, in both the resident's and the staff's lists; the permit's decision closes it
 * (approved: done; not approved or deleted: canceled) with a change of status in its thread.
 */
const s = tenantSuite({ role: 'manager' });
let unitId: number;

beforeAll(async () => {
  unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '1' })
      .returning();
    return u!.id;
  });
  await ok(await s.call('PUT', '/settings', { residentPermits: { vehiclesAllowed: 3 } }));
});

/** A resident with a car who asks for a permit for it on /my/permits; the request that stands for it. */
async function asked(plate: string, lang = 'en') {
  const who = await s.newResident(unitId, { language: lang });
  const as = { token: who.token, lang };
  const car = await ok<VehicleItem>(await s.call('POST', '/my/vehicles', { plate }, as));
  const permit = await ok<PermitItem>(await s.call('POST', '/my/permits', { vehicleId: car.id }, as));
  const queue = await ok<ListResponse<RequestItem>>(await s.call('GET', '/requests?filter[typeId]=1'));
  const request = queue.data.find((r) => r.link?.id === permit.id)!;
  return { who, permit, request, as, car };
}

const thread = async (id: number) =>
  (await ok<RequestItem>(await s.call('GET', `/requests/${id}`))).events!.map((e) => [
    e.kind,
    e.status,
    e.body,
  ]);

describe('a permit asked for on /my/permits', () => {
  it('is a permit request in the queue, linked to it, the resident’s own; approving it closes it as done', async () => {
    const { who, permit, request, as } = await asked('LNK-101', 'es');
    expect(permit.status).toBe('pending');
    expect(request).toMatchObject({
      type: { id: PERMIT_REQUEST_TYPE_ID, code: 'permit' },
      status: 'created',
      link: { entity: 'permits', id: permit.id },
      requester: { type: 'tenant-resident', id: who.id },
      subject: 'Permiso de estacionamiento para LNK-101',
    });
    expect(request.description).toContain(permit.code);
    // The resident follows it in their own requests.
    const mine = await ok<ListResponse<RequestItem>>(await s.call('GET', '/my/requests', undefined, as));
    expect(mine.data.map((r) => r.id)).toEqual([request.id]);
    // The office is told once, by the permit (not a second time by the request).
    const bell = await ok<NotificationsResponse>(await s.call('GET', '/notifications'));
    expect(bell.items.filter((i) => i.kind === 'permitPending' && i.recordId === permit.id)).toHaveLength(1);
    expect(bell.items.some((i) => i.kind === 'requestNew' && i.recordId === request.id)).toBe(false);

    await ok(await s.call('POST', `/permits/${permit.id}/approve`, {}));
    const closed = await ok<RequestItem>(await s.call('GET', `/my/requests/${request.id}`, undefined, as));
    expect(closed.status).toBe('done');
    expect(await thread(request.id)).toEqual([
      ['created', null, null],
      ['status', 'done', null],
    ]);
  });

  it('not approved: canceled with the reason; a deleted pending permit cancels its request too', async () => {
    const rejected = await asked('LNK-202');
    await ok(
      await s.call('POST', `/permits/${rejected.permit.id}/reject`, { comment: 'Insurance has expired' }),
    );
    expect(await thread(rejected.request.id)).toEqual([
      ['created', null, null],
      ['status', 'canceled', 'Insurance has expired'],
    ]);
    const gone = await asked('LNK-303');
    await ok(await s.call('DELETE', `/permits/${gone.permit.id}`));
    expect((await ok<RequestItem>(await s.call('GET', `/requests/${gone.request.id}`))).status).toBe(
      'canceled',
    );
  });

  it('a request staff already closed by hand stays as it is when the permit is decided', async () => {
    const early = await asked('LNK-404');
    await ok(
      await s.call('POST', `/requests/${early.request.id}/status`, { status: 'done', comment: 'Seen' }),
    );
    await ok(await s.call('POST', `/permits/${early.permit.id}/approve`, {}));
    expect(await thread(early.request.id)).toEqual([
      ['created', null, null],
      ['status', 'done', 'Seen'],
    ]);
  });
});
