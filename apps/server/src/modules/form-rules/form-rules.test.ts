import type { FormRules, PermitItem, ResidentItem, VehicleItem } from '@parkade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { buildings } from '../buildings/table';
import { units } from '../units/table';

/** Form rules: stored per property, normalised, and obeyed by the resident, vehicle and permit forms. */
let ctx: TestContext;
let code: string;
let token: string;
let residentToken: string;
let unitId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  token = await login(ctx, await createTenantUser(ctx.database, p.id, 'admin'), code);
  residentToken = await login(ctx, await createTenantUser(ctx.database, p.id, null), code);
  await ctx.database.withScope({ area: 'tenant', propertyId: p.id }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: p.id, name: 'B' }).returning();
    const [u] = await tx.insert(units).values({ propertyId: p.id, buildingId: b!.id, name: '1' }).returning();
    unitId = u!.id;
  });
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, as = token) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: code, token: as }),
    ...(body === undefined ? {} : { payload: body as object }),
  });
async function ok<T>(res: { statusCode: number; body: string; json: <X>() => X }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe('form rules', () => {
  it('defaults every configurable field to visible, optional, validated; any signed-in user may read them', async () => {
    const rules = await ok<FormRules>(await call('GET', '/rules', undefined, residentToken));
    expect(Object.keys(rules).sort()).toEqual(['permits', 'residents', 'vehicles', 'visitors']);
    expect(rules.residents.phone).toEqual({ visible: true, required: false, validated: true });
  });

  it('a hidden field loses required and validated; unknown fields are refused; staff only may write', async () => {
    const saved = await ok<FormRules>(
      await call('PUT', '/rules', {
        form: 'vehicles',
        fields: {
          color: { visible: false, required: true, validated: true },
          year: { visible: true, required: true, validated: true },
        },
      }),
    );
    expect(saved.vehicles.color).toEqual({ visible: false, required: false, validated: false });
    expect(saved.vehicles.year!.required).toBe(true);
    const unknown = await call('PUT', '/rules', {
      form: 'vehicles',
      fields: { plate: { visible: false, required: false, validated: false } },
    });
    expect(unknown.statusCode).toBe(422);
    const resident = await call('PUT', '/rules', { form: 'vehicles', fields: {} }, residentToken);
    expect(resident.statusCode).toBe(403);
  });

  it('the resident form obeys: required code, phone free-form when not validated, hidden lease kept on edit', async () => {
    await ok(
      await call('PUT', '/rules', {
        form: 'residents',
        fields: {
          code: { visible: true, required: true, validated: true },
          phone: { visible: true, required: false, validated: false },
          leaseExpirationAt: { visible: true, required: false, validated: true },
        },
      }),
    );
    const base = {
      fullName: 'Rule Person',
      email: 'rule@rules.test',
      unitIds: [unitId],
      password: 'rule-password',
    };
    const missing = await call('POST', '/residents', base);
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.code).toEqual([
      'This field is required',
    ]);
    const made = await ok<ResidentItem>(
      await call('POST', '/residents', {
        ...base,
        code: 'R-1',
        phone: '(503) 555-0142',
        leaseExpirationAt: '2030-01-31',
      }),
    );
    expect(made.phone).toBe('(503) 555-0142');
    await ok(
      await call('PUT', '/rules', {
        form: 'residents',
        fields: { leaseExpirationAt: { visible: false, required: false, validated: false } },
      }),
    );
    const edited = await ok<ResidentItem>(
      await call('PUT', `/residents/${made.id}`, { ...base, code: 'R-1', leaseExpirationAt: '1999-01-01' }),
    );
    expect(edited.leaseExpirationAt).toBe('2030-01-31');
  });

  it('the vehicle and permit forms obey their rules', async () => {
    const r = await ok<ResidentItem>(
      await call('POST', '/residents', {
        fullName: 'Car Owner',
        email: 'car@rules.test',
        unitIds: [unitId],
        code: 'R-2',
      }),
    );
    const noYear = await call('POST', '/vehicles', { residentId: r.id, plate: 'RULE1', color: 'Red' });
    expect(noYear.json<{ errors: Record<string, string[]> }>().errors.year).toEqual([
      'This field is required',
    ]);
    const v = await ok<VehicleItem>(
      await call('POST', '/vehicles', { residentId: r.id, plate: 'RULE1', color: 'Red', year: 2020 }),
    );
    expect(v.color).toBeNull(); // hidden: ignored

    await ok(
      await call('PUT', '/rules', {
        form: 'permits',
        fields: { unit: { visible: true, required: true, validated: true } },
      }),
    );
    const p = await call('POST', '/permits', {
      code: 'RULE-P',
      residentId: r.id,
      vehicleId: v.id,
      permitTypeId: 1,
    });
    expect(p.json<{ errors: Record<string, string[]> }>().errors.unit).toEqual(['This field is required']);
    const made = await ok<PermitItem>(
      await call('POST', '/permits', {
        code: 'RULE-P',
        residentId: r.id,
        vehicleId: v.id,
        permitTypeId: 1,
        unit: '1',
      }),
    );
    expect(made.unit).toBe('1');
  });
});
