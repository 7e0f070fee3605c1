import type { CaregiverItem, ListResponse, ResidentItem } from '@parkade/contract';
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
import { bannedVehicles } from '../banned-vehicles/table';
import { buildings } from '../buildings/table';
import { reasons } from '../reasons/table';
import { residents } from '../residents/table';
import { units } from '../units/table';
import { visitors } from '../visitors/table';
import { renewCaregiver, renewCaregiverPasses } from './write';

/**
 * Caregivers (decision 0024): who names them, their statuses, and the renewal of their passes in the property's
 * time zone (Asia/Tokyo, UTC+9: 2030-01-06T16:00Z is Monday 7 January, 01:00 local, still Sunday in UTC).
 */
let ctx: TestContext;
let code: string;
let propertyId: number;
let admin: string;
let unitId: number;

const MONDAY_1AM = new Date('2030-01-06T16:00:00Z');
const MONDAY_NOON = new Date('2030-01-07T03:00:00Z');
/** Tokyo midnight between Monday and Tuesday. */
const MONDAY_END = '2030-01-07T15:00:00.000Z';
const TUESDAY_1AM = new Date('2030-01-07T16:00:00Z');

type Errors = { message: string; errors: Record<string, string[]> };

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database, { timezone: 'Asia/Tokyo' });
  code = p.code;
  propertyId = p.id;
  admin = await login(ctx, await createTenantUser(ctx.database, p.id, 'admin'), code);
  await inTenant(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId, name: 'C' }).returning();
    const [u] = await tx.insert(units).values({ propertyId, buildingId: b!.id, name: '201' }).returning();
    unitId = u!.id;
  });
  await settings({ approvalRequired: false });
});
afterAll(() => ctx?.close());

function inTenant<T>(fn: Parameters<typeof ctx.database.withScope<T>>[1]) {
  return ctx.database.withScope({ area: 'tenant', propertyId }, fn);
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: { token?: string; lang?: string } = {},
) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: code, token: opts.token ?? admin, lang: opts.lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function ok<T>(res: { statusCode: number; body: string; json: <X>() => X }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function settings(values: Record<string, unknown>) {
  await ok(
    await call('PUT', '/settings', {
      visitorPermits: { visitorLimit: 100, visitorVehiclesAllowed: 10, ...values },
    }),
  );
}

let n = 0;
/** A resident (through the staff API) and their session. */
async function newResident(): Promise<{ resident: ResidentItem; token: string }> {
  n += 1;
  const email = `carer-host${n}@caregivers.test`;
  const resident = await ok<ResidentItem>(
    await call('POST', '/residents', {
      fullName: `Cared Resident ${n}`,
      email,
      unitIds: [unitId],
      password: 'cared-password',
    }),
  );
  const token = await login(ctx, { email, password: 'cared-password' } as TestUser, code);
  return { resident, token };
}

const passesOf = (caregiverId: number) =>
  inTenant((tx) =>
    tx
      .select()
      .from(visitors)
      .where(and(eq(visitors.propertyId, propertyId), eq(visitors.caregiverId, caregiverId))),
  );

const caregiverBody = (days: number[], plate = `CG${++n}`) => ({ name: `Carer ${n}`, plate, days });

describe('naming a caregiver', () => {
  it('a resident names one: pending when approval is required, staff approve it once, then passes renew', async () => {
    await settings({ approvalRequired: true });
    const { resident, token } = await newResident();
    const mine = await ok<CaregiverItem>(
      await call('POST', '/my/caregivers', { ...caregiverBody([1, 3]), phone: '(212) 555-0142' }, { token }),
    );
    expect(mine).toMatchObject({ residentId: resident.id, status: 'pending', days: [1, 3], lastPass: null });
    expect(mine.phone).toBe('+12125550142');
    // Pending: nothing renews.
    await renewCaregiverPasses(ctx.services, MONDAY_1AM);
    expect(await passesOf(mine.id)).toHaveLength(0);

    const approved = await ok<CaregiverItem>(await call('POST', `/caregivers/${mine.id}/approve`, {}));
    expect(approved.status).toBe('active');
    expect(approved.actions).toEqual(['stop']);
    // Approving an active caregiver again is refused, naming the status and the action.
    const again = await call('POST', `/caregivers/${mine.id}/approve`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json<Errors>().message).toContain('Active');
    await settings({ approvalRequired: false });
  });

  it('staff name one active at once; days are needed; a banned plate is refused', async () => {
    const { resident } = await newResident();
    const cg = await ok<CaregiverItem>(
      await call('POST', '/caregivers', { ...caregiverBody([5, 1, 1]), residentId: resident.id }),
    );
    expect(cg).toMatchObject({ status: 'active', days: [1, 5] });
    const noDays = await call(
      'POST',
      '/caregivers',
      { ...caregiverBody([]), residentId: resident.id },
      { lang: 'es' },
    );
    expect(noDays.statusCode).toBe(422);
    expect(noDays.json<Errors>().errors.days![0]).toBe('Elija al menos un día de la semana.');
    const list = await ok<ListResponse<CaregiverItem>>(
      await call('GET', `/caregivers?filter[residentId]=${resident.id}&include=resident`),
    );
    expect(list.data.map((c) => c.id)).toEqual([cg.id]);
    expect(list.data[0]!.resident?.fullName).toBe(resident.fullName);
  });
});

describe('renewal, in the property time zone', () => {
  it('issues one pass on the right weekday, from now until local midnight, never twice a day', async () => {
    const { resident } = await newResident();
    const monday = await ok<CaregiverItem>(
      await call('POST', '/caregivers', { ...caregiverBody([1]), residentId: resident.id }),
    );
    const sunday = await ok<CaregiverItem>(
      await call('POST', '/caregivers', { ...caregiverBody([0]), residentId: resident.id }),
    );
    await renewCaregiverPasses(ctx.services, MONDAY_1AM);
    const [pass, ...more] = await passesOf(monday.id);
    expect(more).toHaveLength(0);
    expect(pass).toMatchObject({
      source: 'caregiver',
      permitStatus: 'valid',
      plate: monday.plate,
      name: monday.name,
      residentId: resident.id,
      unitId,
      caregiverDay: '2030-01-07',
    });
    expect(pass!.validFrom!.toISOString()).toBe(MONDAY_1AM.toISOString());
    expect(pass!.validUntil!.toISOString()).toBe(MONDAY_END);
    // Sunday in UTC, Monday in Tokyo: the Sunday caregiver gets nothing.
    expect(await passesOf(sunday.id)).toHaveLength(0);

    // Later the same day: nothing new.
    await renewCaregiverPasses(ctx.services, MONDAY_NOON);
    expect(await passesOf(monday.id)).toHaveLength(1);
    const shown = await ok<CaregiverItem>(await call('GET', `/caregivers/${monday.id}`));
    expect(shown.lastPass).toMatchObject({ visitorId: pass!.id, validUntil: MONDAY_END });
    // Tuesday: not one of its days.
    await renewCaregiverPasses(ctx.services, TUESDAY_1AM);
    expect(await passesOf(monday.id)).toHaveLength(1);
  });

  it('two runs at once issue one pass; the unique index holds even without the lock', async () => {
    const { resident } = await newResident();
    const cg = await ok<CaregiverItem>(
      await call('POST', '/caregivers', { ...caregiverBody([1]), residentId: resident.id }),
    );
    // Whichever finishes first issues it; the others find it (or lose on the unique index) and skip.
    const [one, two, all] = await Promise.all([
      renewCaregiver(ctx.services, propertyId, cg.id, MONDAY_1AM),
      renewCaregiver(ctx.services, propertyId, cg.id, MONDAY_1AM),
      renewCaregiverPasses(ctx.services, MONDAY_1AM),
    ]);
    expect([one, two].filter((o) => o === 'issued').length).toBeLessThanOrEqual(1);
    expect([one, two].every((o) => o === 'issued' || o === 'skipped')).toBe(true);
    expect(all.refused).toBe(0);
    expect(await passesOf(cg.id)).toHaveLength(1);
    expect(await renewCaregiver(ctx.services, propertyId, cg.id, MONDAY_NOON)).toBe('skipped');
    await expect(
      inTenant((tx) =>
        tx.insert(visitors).values({
          propertyId,
          name: 'Twin',
          residentId: resident.id,
          source: 'caregiver',
          caregiverId: cg.id,
          caregiverDay: '2030-01-07',
        }),
      ),
    ).rejects.toThrow();
  });

  it('a refusal by a limit issues nothing and says why, in the reader’s language; the next pass clears it', async () => {
    const { resident, token } = await newResident();
    const cg = await ok<CaregiverItem>(
      await call('POST', '/my/caregivers', caregiverBody([1, 2]), { token }),
    );
    await inTenant((tx) =>
      tx
        .update(residents)
        .set({ visitorLimit: 0 })
        .where(and(eq(residents.propertyId, propertyId), eq(residents.id, resident.id))),
    );
    await renewCaregiverPasses(ctx.services, MONDAY_1AM);
    expect(await passesOf(cg.id)).toHaveLength(0);
    const en = await ok<CaregiverItem>(await call('GET', `/my/caregivers/${cg.id}`, undefined, { token }));
    expect(en.lastRefusal).toMatchObject({
      key: 'visitors.limit.visitorLimitNone',
      at: MONDAY_1AM.toISOString(),
    });
    expect(en.lastRefusal!.message).toContain('may not register visitor permits themselves');
    const zh = await ok<ListResponse<CaregiverItem>>(
      await call('GET', '/my/caregivers', undefined, { token, lang: 'zh' }),
    );
    expect(zh.data[0]!.lastRefusal!.message).toContain('不能自行登记访客停车证');
    // Staff see it too, on the resident's page.
    const staff = await ok<ListResponse<CaregiverItem>>(
      await call('GET', `/caregivers?filter[residentId]=${resident.id}`),
    );
    expect(staff.data[0]!.lastRefusal!.message).toContain('Limit reached');

    // A limit with a next possible time: 1 per 7 days, already one this week.
    await inTenant((tx) =>
      tx
        .update(residents)
        .set({ visitorLimit: null })
        .where(and(eq(residents.propertyId, propertyId), eq(residents.id, resident.id))),
    );
    await renewCaregiverPasses(ctx.services, MONDAY_1AM);
    expect(await passesOf(cg.id)).toHaveLength(1);
    expect((await ok<CaregiverItem>(await call('GET', `/caregivers/${cg.id}`))).lastRefusal).toBeNull();
    await settings({ visitorLimit: 1, visitorLimitWindowDays: 7 });
    await renewCaregiverPasses(ctx.services, TUESDAY_1AM);
    expect(await passesOf(cg.id)).toHaveLength(1);
    const refused = await ok<CaregiverItem>(
      await call('GET', `/caregivers/${cg.id}`, undefined, { lang: 'es' }),
    );
    expect(refused.lastRefusal!.key).toBe('visitors.limit.visitorLimit');
    // The Monday pass leaves the 7-day window at local midnight seven days later: 14 January, 0:00 in Tokyo.
    expect(refused.lastRefusal!.message).toContain('14 ene 2030');
    await settings({ visitorLimit: 100, visitorLimitWindowDays: 30 });
  });

  it('a banned plate is refused at renewal; stopped and deleted caregivers get nothing', async () => {
    const { resident } = await newResident();
    const banned = await ok<CaregiverItem>(
      await call('POST', '/caregivers', { ...caregiverBody([1], 'BAN-CG1'), residentId: resident.id }),
    );
    await inTenant(async (tx) => {
      const [reason] = await tx.select({ id: reasons.id }).from(reasons).limit(1);
      await tx.insert(bannedVehicles).values({
        propertyId,
        plate: 'BAN-CG1',
        plateNormalized: 'BANCG1',
        reasonId: reason!.id,
        bannedFrom: '2020-01-01',
        bannedByName: 'Manager',
      });
    });
    const stopped = await ok<CaregiverItem>(
      await call('POST', '/caregivers', { ...caregiverBody([1]), residentId: resident.id }),
    );
    expect((await ok<CaregiverItem>(await call('POST', `/caregivers/${stopped.id}/stop`, {}))).status).toBe(
      'stopped',
    );
    const deleted = await ok<CaregiverItem>(
      await call('POST', '/caregivers', { ...caregiverBody([1]), residentId: resident.id }),
    );
    await ok(await call('DELETE', `/caregivers/${deleted.id}`));
    await renewCaregiverPasses(ctx.services, MONDAY_1AM);
    expect(await passesOf(banned.id)).toHaveLength(0);
    expect(await passesOf(stopped.id)).toHaveLength(0);
    expect(await passesOf(deleted.id)).toHaveLength(0);
    const shown = await ok<CaregiverItem>(await call('GET', `/caregivers/${banned.id}`));
    expect(shown.lastRefusal!.key).toBe('bannedVehicles.banned');
    expect(shown.lastRefusal!.message).toMatch(/banned at this property since Jan 1, 2020/);
    // Written again for each reader: in Spanish, the day in Spanish.
    const inSpanish = await ok<CaregiverItem>(
      await call('GET', `/caregivers/${banned.id}`, undefined, { lang: 'es' }),
    );
    expect(inSpanish.lastRefusal!.message).toMatch(/desde el 1 ene 2020/);
  });
});

describe("the resident's own", () => {
  it('sees and changes only their own: another resident’s caregiver is a 404', async () => {
    const a = await newResident();
    const b = await newResident();
    const ofA = await ok<CaregiverItem>(
      await call('POST', '/my/caregivers', caregiverBody([2]), { token: a.token }),
    );
    await ok(await call('POST', '/my/caregivers', caregiverBody([3]), { token: b.token }));
    const listB = await ok<ListResponse<CaregiverItem>>(
      await call('GET', '/my/caregivers', undefined, { token: b.token }),
    );
    expect(listB.data.every((c) => c.residentId === b.resident.id)).toBe(true);
    expect(listB.data).toHaveLength(1);
    expect((await call('GET', `/my/caregivers/${ofA.id}`, undefined, { token: b.token })).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', `/my/caregivers/${ofA.id}`, caregiverBody([4]), { token: b.token })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/my/caregivers/${ofA.id}`, undefined, { token: b.token })).statusCode).toBe(
      404,
    );
    // The owner changes and removes it; the resident is whoever calls, whatever the body says.
    const changed = await ok<CaregiverItem>(
      await call(
        'PUT',
        `/my/caregivers/${ofA.id}`,
        { ...caregiverBody([4, 6]), residentId: b.resident.id },
        { token: a.token },
      ),
    );
    expect(changed).toMatchObject({ residentId: a.resident.id, days: [4, 6] });
    // Residents cannot call the staff routes.
    expect((await call('POST', `/caregivers/${ofA.id}/stop`, {}, { token: a.token })).statusCode).toBe(403);
    await ok(await call('DELETE', `/my/caregivers/${ofA.id}`, undefined, { token: a.token }));
    expect((await call('GET', `/my/caregivers/${ofA.id}`, undefined, { token: a.token })).statusCode).toBe(
      404,
    );
  });

  it('a new plate from the resident makes an approved caregiver pending again when approval is required', async () => {
    await settings({ approvalRequired: true });
    const { token } = await newResident();
    const cg = await ok<CaregiverItem>(await call('POST', '/my/caregivers', caregiverBody([1]), { token }));
    await ok(await call('POST', `/caregivers/${cg.id}/approve`, {}));
    const sameDays = await ok<CaregiverItem>(
      await call('PUT', `/my/caregivers/${cg.id}`, { ...caregiverBody([1, 2], cg.plate) }, { token }),
    );
    expect(sameDays.status).toBe('active');
    const newPlate = await ok<CaregiverItem>(
      await call('PUT', `/my/caregivers/${cg.id}`, caregiverBody([1, 2]), { token }),
    );
    expect(newPlate.status).toBe('pending');
    await settings({ approvalRequired: false });
  });
});

describe('with the resident', () => {
  it('deleting a resident deletes their caregivers (no passes meanwhile); restoring brings them back', async () => {
    const { resident } = await newResident();
    const cg = await ok<CaregiverItem>(
      await call('POST', '/caregivers', { ...caregiverBody([1]), residentId: resident.id }),
    );
    await ok(await call('DELETE', `/residents/${resident.id}`));
    expect((await call('GET', `/caregivers/${cg.id}`)).statusCode).toBe(404);
    await renewCaregiverPasses(ctx.services, MONDAY_1AM);
    expect(await passesOf(cg.id)).toHaveLength(0);
    await ok(
      await call('PUT', `/residents/${resident.id}/restore`, { unitId, leaseExpirationAt: '2031-01-31' }),
    );
    expect((await ok<CaregiverItem>(await call('GET', `/caregivers/${cg.id}`))).status).toBe('active');
    await renewCaregiverPasses(ctx.services, MONDAY_1AM);
    expect(await passesOf(cg.id)).toHaveLength(1);
  });
});
