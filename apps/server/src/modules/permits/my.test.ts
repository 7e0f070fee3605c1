import type { ListResponse, PermitItem, VehicleItem } from '@parkade/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, tenantSuite } from '../../test/suite';
import { buildings } from '../buildings/table';
import { units } from '../units/table';

/** The resident's own vehicles and permits (/my/vehicles, /my/permits): own rows only, the limits, the workflow. */
const s = tenantSuite({ role: 'manager' });
type Errors = { message: string; errors: Record<string, string[]> };

let unitId: number;
async function newResident(over: Record<string, unknown> = {}) {
  const r = await s.newResident(unitId, over);
  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => (url: string, body?: unknown, lang?: string) =>
    s.call(method, url, body, { token: r.token, lang });
  return { ...r, get: as('GET'), post: as('POST'), put: as('PUT') };
}
const settings = async (values: Record<string, unknown>) =>
  ok(await s.call('PUT', '/settings', { residentPermits: values }));

beforeAll(async () => {
  unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '1' })
      .returning();
    return u!.id;
  });
  await ok(
    await s.call('PUT', '/settings', { residentPermits: { vehiclesAllowed: 2, approvalRequired: false } }),
  );
});

describe('/my/vehicles', () => {
  it('a resident adds, sees and edits only their own vehicles; another resident’s is a 404', async () => {
    const ana = await newResident();
    const ben = await newResident();
    const car = await ok<VehicleItem>(await ana.post('/my/vehicles', { plate: 'ana-101', color: 'Blue' }));
    expect(car).toMatchObject({ residentId: ana.id, plate: 'ANA-101', plateNormalized: 'ANA101' });
    await ok(await ben.post('/my/vehicles', { plate: 'BEN 202' }));
    // Staff set the sticker; the resident's edit keeps it.
    await ok(
      await s.call('PUT', `/vehicles/${car.id}`, {
        residentId: ana.id,
        plate: 'ana-101',
        stickerNumber: 'S-9',
      }),
    );
    const edited = await ok<VehicleItem>(
      await ana.put(`/my/vehicles/${car.id}`, { plate: 'ANA-101', color: 'Red' }),
    );
    expect(edited).toMatchObject({ color: 'Red', stickerNumber: 'S-9', residentId: ana.id });

    const mine = await ok<ListResponse<VehicleItem>>(await ana.get('/my/vehicles'));
    expect(mine.data.map((v) => v.plate)).toEqual(['ANA-101']);
    expect((await ben.get(`/my/vehicles/${car.id}`)).statusCode).toBe(404);
    expect((await ben.put(`/my/vehicles/${car.id}`, { plate: 'STOLEN1' })).statusCode).toBe(404);
    expect((await ok<VehicleItem>(await ana.get(`/my/vehicles/${car.id}`))).plate).toBe('ANA-101');
    // Staff are not residents; residents have no staff list.
    expect((await s.call('GET', '/my/vehicles')).statusCode).toBe(403);
    expect((await ana.get('/vehicles')).statusCode).toBe(403);
  });

  it('the vehicles allowed (the resident’s, else the property’s), banned plates and taken plates apply', async () => {
    const cara = await newResident();
    expect(await ok(await cara.get('/my/vehicles/allowance'))).toEqual({ allowed: 2, registered: 0 });
    await ok(await cara.post('/my/vehicles', { plate: 'CAR-1' }));
    await ok(await cara.post('/my/vehicles', { plate: 'CAR-2' }));
    // The screen can say it before the form is filled: the allowance is used up.
    expect(await ok(await cara.get('/my/vehicles/allowance'))).toEqual({ allowed: 2, registered: 2 });
    const third = await cara.post('/my/vehicles', { plate: 'CAR-3' }, 'es');
    expect(third.statusCode).toBe(422);
    expect(third.json<Errors>().errors.plate).toEqual([
      'Puede registrar como máximo 2 vehículos. Elimine uno o pida más a la oficina.',
    ]);
    const roomy = await newResident({ vehiclesAllowed: 3 });
    for (const p of ['RM-1', 'RM-2', 'RM-3']) await ok(await roomy.post('/my/vehicles', { plate: p }));
    expect(await ok(await roomy.get('/my/vehicles/allowance'))).toEqual({ allowed: 3, registered: 3 });

    const reasons = await ok<ListResponse<{ id: number }>>(await s.call('GET', '/reasons?pageSize=1'));
    await ok(await s.call('POST', '/banned-vehicles', { plate: 'BAD-666', reasonId: reasons.data[0]!.id }));
    const dan = await newResident();
    const banned = await dan.post('/my/vehicles', { plate: 'bad 666' });
    expect(banned.statusCode).toBe(422);
    expect(Object.keys(banned.json<Errors>().errors)).toEqual(['plate']);
    const taken = await dan.post('/my/vehicles', { plate: 'car1' });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json<Errors>().errors)).toEqual(['plate']);
  });
});

describe('/my/permits', () => {
  it('a requested permit starts pending, staff approve it, and the resident sees it valid', async () => {
    const eva = await newResident();
    const car = await ok<VehicleItem>(await eva.post('/my/vehicles', { plate: 'EVA-1' }));
    // The settings would approve a staff-issued permit at once: a resident's request still waits for staff.
    const asked = await ok<PermitItem>(await eva.post('/my/permits', { vehicleId: car.id }));
    expect(asked).toMatchObject({
      status: 'pending',
      residentId: eva.id,
      vehicleId: car.id,
      permitTypeId: 1,
    });
    expect(asked.code).toMatch(new RegExp(`^${s.code.slice(0, 6).toUpperCase()}-[A-Z2-9]{6}$`));
    const queue = await ok<ListResponse<PermitItem>>(await s.call('GET', '/permits?filter[status]=pending'));
    expect(queue.data.map((p) => p.id)).toContain(asked.id);

    await ok(await s.call('POST', `/permits/${asked.id}/approve`, {}));
    const seen = await ok<PermitItem>(await eva.get(`/my/permits/${asked.id}`));
    expect(seen.shownStatus).toBe('approved');
    const list = await ok<ListResponse<PermitItem>>(await eva.get('/my/permits?include=vehicle'));
    expect(list.data.map((p) => [p.id, p.shownStatus, p.vehicle?.plate])).toEqual([
      [asked.id, 'approved', 'EVA-1'],
    ]);
  });

  it('a rejected permit shows the resident the reason staff gave', async () => {
    const fay = await newResident();
    const car = await ok<VehicleItem>(await fay.post('/my/vehicles', { plate: 'FAY-1' }));
    const asked = await ok<PermitItem>(await fay.post('/my/permits', { vehicleId: car.id }));
    await ok(await s.call('POST', `/permits/${asked.id}/reject`, { comment: 'Insurance has expired' }));
    expect(await ok<PermitItem>(await fay.get(`/my/permits/${asked.id}`))).toMatchObject({
      shownStatus: 'rejected',
      rejectionComment: 'Insurance has expired',
    });
  });

  it('own rows only: another resident’s permit or vehicle is refused', async () => {
    const gus = await newResident();
    const hal = await newResident();
    const gusCar = await ok<VehicleItem>(await gus.post('/my/vehicles', { plate: 'GUS-1' }));
    const permit = await ok<PermitItem>(await gus.post('/my/permits', { vehicleId: gusCar.id }));
    expect((await hal.get(`/my/permits/${permit.id}`)).statusCode).toBe(404);
    const halCar = await ok<VehicleItem>(await hal.post('/my/vehicles', { plate: 'HAL-1' }));
    expect((await hal.put(`/my/permits/${permit.id}`, { vehicleId: halCar.id })).statusCode).toBe(404);
    // Gus cannot ask for a permit on Hal's car, nor move his permit to it.
    const foreign = await gus.post('/my/permits', { vehicleId: halCar.id });
    expect(foreign.json<Errors>().errors.vehicleId).toEqual(['This vehicle belongs to another resident.']);
    expect((await gus.put(`/my/permits/${permit.id}`, { vehicleId: halCar.id })).statusCode).toBe(422);
    expect((await ok<ListResponse<PermitItem>>(await hal.get('/my/permits'))).data).toEqual([]);
  });

  it('live permits are capped by the vehicles allowed; changes of vehicle by the changes allowed', async () => {
    await settings({ vehiclesAllowed: 2, changesAllowed: 1, approvalRequired: false });
    const jo = await newResident();
    const joCars: VehicleItem[] = [];
    for (const p of ['JO-1', 'JO-2'])
      joCars.push(await ok<VehicleItem>(await jo.post('/my/vehicles', { plate: p })));
    for (const car of joCars) await ok(await jo.post('/my/permits', { vehicleId: car.id }));
    const over = await jo.post('/my/permits', { vehicleId: joCars[0]!.id });
    expect(over.json<Errors>().errors.vehicleId).toEqual([
      'You already have 2 permits in force or waiting: the most you may hold. Ask the office for more.',
    ]);

    const ida = await newResident({ vehiclesAllowed: 3 });
    const cars: VehicleItem[] = [];
    for (const p of ['IDA-1', 'IDA-2', 'IDA-3'])
      cars.push(await ok<VehicleItem>(await ida.post('/my/vehicles', { plate: p })));
    const permit = await ok<PermitItem>(await ida.post('/my/permits', { vehicleId: cars[0]!.id }));
    const moved = await ok<PermitItem>(await ida.put(`/my/permits/${permit.id}`, { vehicleId: cars[1]!.id }));
    expect(moved).toMatchObject({ vehicleId: cars[1]!.id, vehicleChanges: 1, status: 'pending' });
    const again = await ida.put(`/my/permits/${permit.id}`, { vehicleId: cars[2]!.id });
    expect(again.statusCode).toBe(422);
    expect(again.json<Errors>().errors.vehicleId).toEqual([
      'You have used the 1 vehicle changes allowed on this permit. Ask the office to change it.',
    ]);
    await settings({ vehiclesAllowed: 2, changesAllowed: 3, approvalRequired: false });
  });
});
