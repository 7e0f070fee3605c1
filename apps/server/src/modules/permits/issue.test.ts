import type { PermitItem, PermitTypeItem, PlateLookup, ResidentItem, VehicleItem } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
  type TestUser,
} from '../../test/harness';
import { binnacle } from '../binnacle/table';
import { buildings } from '../buildings/table';
import { units } from '../units/table';
import { permits } from './table';

/**
 * Issue 36 §11 (decision 0039): staff who may approve permits issue one valid at once, in one request audited as
 * created and approved; others may not ask for it; a permit names a vehicle unless its type says otherwise.
 */
let ctx: TestContext;
let code: string;
let propertyId: number;
let unitId: number;
let managerUser: TestUser;
let manager: string;
let assistant: string;
let central: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  propertyId = p.id;
  managerUser = await createTenantUser(ctx.database, p.id, 'manager');
  manager = await login(ctx, managerUser, code);
  assistant = await login(ctx, await createTenantUser(ctx.database, p.id, 'assistant'), code);
  central = await login(ctx, await createCentralUser(ctx.database, 'admin'));
  await ctx.database.withScope({ area: 'tenant', propertyId }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId, name: 'B' }).returning();
    const [u] = await tx.insert(units).values({ propertyId, buildingId: b!.id, name: '1' }).returning();
    unitId = u!.id;
  });
});
afterAll(() => ctx?.close());

type Res = { statusCode: number; body: string; json: <X>() => X };
const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  opts: { lang?: string; token?: string } = {},
) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: code, token: opts.token ?? manager, lang: opts.lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });
async function ok<T>(res: Res): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const fieldErrors = (res: Res) => {
  expect(res.statusCode, res.body).toBe(422);
  return res.json<{ errors: Record<string, string[]> }>().errors;
};

async function holder() {
  n += 1;
  const r = await ok<ResidentItem>(
    await call('POST', '/residents', {
      fullName: `Issued Holder ${n}`,
      email: `issued${n}@permits.test`,
      unitIds: [unitId],
      password: 'holder-password',
    }),
  );
  const v = await ok<VehicleItem>(
    await call('POST', '/vehicles', { residentId: r.id, plate: `IV${n}Q${n}` }),
  );
  return { residentId: r.id, vehicleId: v.id, plate: v.plate };
}
const permitBody = (h: { residentId: number; vehicleId: number | null }, over: object = {}) => ({
  code: `IS-${++n}`,
  residentId: h.residentId,
  vehicleId: h.vehicleId,
  permitTypeId: 1,
  ...over,
});
const auditOf = (id: number) =>
  ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
    tx
      .select({ action: binnacle.action, userId: binnacle.userId })
      .from(binnacle)
      .where(and(eq(binnacle.entity, 'permits'), eq(binnacle.entityId, String(id))))
      .orderBy(binnacle.id),
  );

describe('issue as valid now', () => {
  it('a manager’s permit is valid at once: created and approved in one request, both audited as theirs', async () => {
    const h = await holder();
    // The property requires approval (the default): the flag issues it valid all the same.
    const made = await ok<PermitItem>(await call('POST', '/permits', permitBody(h, { issueValid: true })));
    expect(made).toMatchObject({ status: 'approved', shownStatus: 'approved' });
    expect(made.approvedAt).not.toBeNull();
    expect(made.actions).toEqual(['revoke', 'deactivate']);
    expect(await auditOf(made.id)).toEqual([
      { action: 'create', userId: managerUser.id },
      { action: 'approve', userId: managerUser.id },
    ]);
    const [row] = await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx.select({ by: permits.approvedBy }).from(permits).where(eq(permits.id, made.id)),
    );
    expect(row!.by).toBe(managerUser.id);
    // Enforcement sees it valid the instant it is issued.
    const lookup = await ok<PlateLookup>(
      await call('GET', `/patrolling/lookup?plate=${encodeURIComponent(h.plate)}`),
    );
    const exact = lookup.matches.find((m) => m.match === 'exact');
    expect(exact).toMatchObject({ verdict: 'permitted', permit: { code: made.code } });
  });

  it('off, the permit waits for approval even where the settings issue permits valid', async () => {
    const settings = await ok<{ residentPermits: Record<string, unknown> }>(await call('GET', '/settings'));
    await ok(
      await call('PUT', '/settings', {
        residentPermits: { ...settings.residentPermits, approvalRequired: false },
      }),
    );
    try {
      const off = await ok<PermitItem>(
        await call('POST', '/permits', permitBody(await holder(), { issueValid: false })),
      );
      expect(off.status).toBe('pending');
      expect((await auditOf(off.id)).map((a) => a.action)).toEqual(['create']);
      // Left out, the settings decide, as before.
      expect((await ok<PermitItem>(await call('POST', '/permits', permitBody(await holder())))).status).toBe(
        'approved',
      );
    } finally {
      await ok(await call('PUT', '/settings', { residentPermits: settings.residentPermits }));
    }
  });

  it('is refused (403, translated) to staff who may not approve permits, and nothing is saved', async () => {
    const h = await holder();
    const body = permitBody(h, { issueValid: true });
    const refused = await call('POST', '/permits', body, { token: assistant, lang: 'es' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      'Emitir un permiso válido de inmediato requiere el permiso para aprobar permisos.',
    );
    const none = await ok<{ data: unknown[] }>(await call('GET', `/permits?filter[term]=${body.code}`));
    expect(none.data).toEqual([]);
    // Without the flag the assistant's permit waits for approval, as the property's settings say.
    const pending = await ok<PermitItem>(
      await call('POST', '/permits', { ...body, issueValid: undefined }, { token: assistant }),
    );
    expect(pending.status).toBe('pending');
  });
});

describe('a vehicle unless the permit type says otherwise', () => {
  const centralCall = (method: 'POST' | 'PUT', url: string, body: object) =>
    ctx.app.inject({
      method,
      url: `/api/central${url}`,
      headers: headers({ token: central }),
      payload: body,
    });

  it('a type needs a vehicle unless it is set not to; the refusal names the field in the user’s language', async () => {
    const h = await holder();
    const en = await call('POST', '/permits', permitBody(h, { vehicleId: null }));
    expect(fieldErrors(en).vehicleId).toEqual([
      "This permit type needs a vehicle: choose one of the resident's vehicles.",
    ]);
    const zh = await call('POST', '/permits', permitBody(h, { vehicleId: null }), { lang: 'zh' });
    expect(fieldErrors(zh).vehicleId).toEqual(['此类停车证需要车辆：请选择该住户的一辆车辆。']);

    // A type made without saying so needs one; a type set not to takes a permit without a vehicle.
    const plain = await centralCall('POST', '/permit-types', { code: `plain-${++n}`, name: `Plain ${n}` });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<PermitTypeItem>().vehicleRequired).toBe(true);
    const made = await centralCall('POST', '/permit-types', {
      code: `office-${++n}`,
      name: `Office ${n}`,
      vehicleRequired: false,
    });
    expect(made.statusCode, made.body).toBe(201);
    const office = made.json<PermitTypeItem>();
    expect(office.vehicleRequired).toBe(false);
    const saved = await ok<PermitItem>(
      await call('POST', '/permits', permitBody(h, { vehicleId: null, permitTypeId: office.id })),
    );
    expect(saved).toMatchObject({ vehicleId: null, permitTypeId: office.id });

    // Edited to a type that needs a vehicle, it must get one.
    const edit = { code: saved.code, residentId: h.residentId, vehicleId: null, permitTypeId: 1 };
    expect(fieldErrors(await call('PUT', `/permits/${saved.id}`, edit)).vehicleId).toBeDefined();
    expect(
      (await ok<PermitItem>(await call('PUT', `/permits/${saved.id}`, { ...edit, vehicleId: h.vehicleId })))
        .vehicleId,
    ).toBe(h.vehicleId);
  });

  it('a permit saved without a vehicle before the rule stays editable under its type', async () => {
    const h = await holder();
    const [old] = await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx
        .insert(permits)
        .values({
          propertyId,
          code: `OLD-${++n}`,
          residentId: h.residentId,
          permitTypeId: 1,
          year: 2025,
          publicToken: `old-token-${n}-${propertyId}`,
        })
        .returning(),
    );
    const edited = await ok<PermitItem>(
      await call('PUT', `/permits/${old!.id}`, {
        code: old!.code,
        residentId: h.residentId,
        vehicleId: null,
        permitTypeId: 1,
        unit: 'Front desk',
      }),
    );
    expect(edited).toMatchObject({ vehicleId: null, unit: 'Front desk' });
  });

  it('a property whose form rules hide the vehicle field issues permits without one', async () => {
    await ok(
      await call('PUT', '/rules', {
        form: 'permits',
        fields: { vehicleId: { visible: false, required: false, validated: false } },
      }),
    );
    try {
      const h = await holder();
      const saved = await ok<PermitItem>(await call('POST', '/permits', permitBody(h, { vehicleId: null })));
      expect(saved.vehicleId).toBeNull();
    } finally {
      await ok(
        await call('PUT', '/rules', {
          form: 'permits',
          fields: { vehicleId: { visible: true, required: false, validated: true } },
        }),
      );
    }
  });
});
