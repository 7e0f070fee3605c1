import { pdfText } from '../../test/pdf-text';
import {
  PERMIT_ACTIONS,
  PERMIT_STATUSES,
  PERMIT_TRANSITIONS,
  RESERVED_SPOT_PERMIT_TYPE_ID,
  type ListResponse,
  type PermitItem,
  type PermitStatus,
  type PublicPermit,
  type ResidentItem,
  type VehicleItem,
} from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  formPayload,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { binnacle } from '../binnacle/table';
import { buildings } from '../buildings/table';
import { makes } from '../makes/table';
import { mailOutbox } from '../outbox/table';
import { models } from '../models/table';
import { parkingAreas } from '../parking-map/table';
import { properties } from '../properties/table';
import { spots } from '../spots/table';
import { units } from '../units/table';
import { permits } from './table';

/** Vehicles and permits: the workflow table, the SPEC §5 manager rule, the settings limits, print and check. */
let ctx: TestContext;
let code: string;
let propertyId: number;
let manager: string;
let admin: string;
let unitId: number;
let spotId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  propertyId = p.id;
  manager = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
  admin = await login(ctx, await createTenantUser(ctx.database, p.id, 'admin'), code);
  await ctx.database.withScope({ area: 'tenant', propertyId }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId, name: 'B' }).returning();
    const [u] = await tx.insert(units).values({ propertyId, buildingId: b!.id, name: '1' }).returning();
    unitId = u!.id;
    const [a] = await tx.insert(parkingAreas).values({ propertyId, name: 'Lot' }).returning();
    const [s] = await tx.insert(spots).values({ propertyId, areaId: a!.id, number: '7' }).returning();
    spotId = s!.id;
  });
});
afterAll(() => ctx?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: { lang?: string; token?: string } = {},
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

async function setSettings(section: string, values: Record<string, unknown>) {
  await ok(await call('PUT', '/settings', { [section]: values }));
}

let n = 0;
async function newResident(over: Record<string, unknown> = {}) {
  n += 1;
  return ok<ResidentItem>(
    await call('POST', '/residents', {
      fullName: `Permit Holder ${n}`,
      email: `holder${n}@permits.test`,
      unitIds: [unitId],
      password: 'holder-password',
      ...over,
    }),
  );
}
async function newVehicle(residentId: number, plate = `PL${++n}X`) {
  return ok<VehicleItem>(await call('POST', '/vehicles', { residentId, plate }));
}
async function newPermit(over: Record<string, unknown> = {}) {
  const r = await newResident();
  const v = await newVehicle(r.id);
  return ok<PermitItem>(
    await call('POST', '/permits', {
      code: `C-${++n}`,
      residentId: r.id,
      vehicleId: v.id,
      permitTypeId: 1,
      ...over,
    }),
  );
}

/** Puts a permit straight into a stored status (the arrangement of a transition test). */
async function forceStatus(id: number, status: PermitStatus, expiresOn: string | null = null) {
  await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
    tx
      .update(permits)
      .set({ status, expiresOn })
      .where(and(eq(permits.propertyId, propertyId), eq(permits.id, id))),
  );
}

describe('a record one may not read', () => {
  it('says what may not be viewed (SPEC §8 "no permission to view entity"), in the reader\'s language', async () => {
    const resident = await login(ctx, await createTenantUser(ctx.database, propertyId, null), code);
    const res = await call('GET', '/permits/1', undefined, { token: resident, lang: 'es' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(
      'No tiene permiso para ver este registro de permiso',
    );
    // A list or a change one may not make keeps the general refusal.
    const list = await call('GET', '/permits', undefined, { token: resident });
    expect(list.statusCode).toBe(403);
    expect(list.json<{ message: string }>().message).toBe('You do not have permission to do this');
  });
});

describe('what a vehicle or a permit points at', () => {
  it('an unknown permit type or another property’s spot is a field error, the same for vehicles and permits', async () => {
    const other = await createProperty(ctx.database);
    let foreignSpot = 0;
    await ctx.database.withScope({ area: 'tenant', propertyId: other.id }, async (tx) => {
      const [a] = await tx.insert(parkingAreas).values({ propertyId: other.id, name: 'Lot' }).returning();
      const [s] = await tx
        .insert(spots)
        .values({ propertyId: other.id, areaId: a!.id, number: '9' })
        .returning();
      foreignSpot = s!.id;
    });
    const r = await newResident();
    const fieldOf = (res: { statusCode: number; json: <X>() => X }) => {
      expect(res.statusCode).toBe(422);
      return res.json<{ errors: Record<string, string[]> }>().errors;
    };
    for (const url of ['/vehicles', '/permits']) {
      const v = url === '/permits' ? await newVehicle(r.id) : null;
      const base = {
        residentId: r.id,
        ...(v ? { vehicleId: v.id, code: `F-${++n}` } : { plate: `FK${++n}` }),
      };
      expect(fieldOf(await call('POST', url, { ...base, permitTypeId: 99_999 })).permitTypeId).toEqual([
        'Choose a permit type.',
      ]);
      expect(
        fieldOf(await call('POST', url, { ...base, permitTypeId: 1, spotId: foreignSpot })).spotId,
      ).toBeDefined();
    }
  });
});

describe('vehicles', () => {
  it('normalises the plate, keeps it in its display form, and refuses the same plate twice in the property', async () => {
    const r = await newResident();
    const v = await newVehicle(r.id, 'abc-12 3');
    expect(v).toMatchObject({ plate: 'ABC-12 3', plateNormalized: 'ABC123' });
    const dup = await call('POST', '/vehicles', { residentId: r.id, plate: 'ABC 123' }, { lang: 'es' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json<{ errors: Record<string, string[]> }>().errors.plate).toEqual([
      'Ya hay un vehículo con esta matrícula en esta propiedad.',
    ]);
    const found = await ok<ListResponse<VehicleItem>>(await call('GET', '/vehicles?filter[plate]=Abc123'));
    expect(found.data.map((x) => x.id)).toEqual([v.id]);
    // Deleted, the plate is free again.
    await ok(await call('DELETE', `/vehicles/${v.id}`));
    await newVehicle(r.id, 'ABC123');
  });

  it('takes only the last 4 of the VIN, a model of the chosen make, and documents by the upload policy', async () => {
    const r = await newResident();
    const bad = await call('POST', '/vehicles', {
      residentId: r.id,
      plate: 'VIN1',
      vinLast4: '1HGCM82633A004352',
    });
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.vinLast4).toEqual([
      'Enter only the last 4 digits of the VIN.',
    ]);
    const [make, other] = await ctx.database.withScope({ area: 'central' }, async (tx) => {
      const ms = await tx
        .insert(makes)
        .values([
          { code: 'mk-a', name: 'Make A' },
          { code: 'mk-b', name: 'Make B' },
        ])
        .returning();
      return ms;
    });
    const [model] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.insert(models).values({ code: 'md-a', name: 'Model A', makeId: make!.id }).returning(),
    );
    const wrong = await call('POST', '/vehicles', {
      residentId: r.id,
      plate: 'MK1',
      makeId: other!.id,
      modelId: model!.id,
    });
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors.modelId).toEqual([
      'This model is not of the chosen make.',
    ]);
    const v = await ok<VehicleItem>(
      await call('POST', '/vehicles', {
        residentId: r.id,
        plate: 'MK2',
        vinLast4: '4352',
        makeId: make!.id,
        modelId: model!.id,
        vehicleType: 'suv',
        year: 2021,
        temporaryPlates: true,
      }),
    );
    expect(v).toMatchObject({
      makeName: 'Make A',
      modelName: 'Model A',
      vinLast4: '4352',
      vehicleType: 'suv',
    });

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const fd = new FormData();
    fd.append('platesPhoto', new Blob([new Uint8Array(png)]), 'plates.png');
    const { payload, contentType } = await formPayload(fd);
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/tenant/api/vehicles/${v.id}/documents`,
      headers: { ...headers({ tenant: code, token: admin }), 'content-type': contentType },
      payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json<VehicleItem>().platesPhoto).toMatchObject({ name: 'plates.png', mimeType: 'image/png' });
    const fake = new FormData();
    fake.append('insurance', new Blob([new Uint8Array(Buffer.from('not a pdf'))]), 'insurance.pdf');
    const f = await formPayload(fake);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/tenant/api/vehicles/${v.id}/documents`,
      headers: { ...headers({ tenant: code, token: admin }), 'content-type': f.contentType },
      payload: f.payload,
    });
    expect(refused.statusCode).toBe(422);
  });

  it("enforces the resident's vehicles allowed: theirs, else the property's setting", async () => {
    await setSettings('residentPermits', { vehiclesAllowed: 1, approvalRequired: true });
    const r = await newResident();
    await newVehicle(r.id);
    const second = await call('POST', '/vehicles', { residentId: r.id, plate: 'LIMIT2' });
    expect(second.statusCode).toBe(422);
    expect(second.json<{ errors: Record<string, string[]> }>().errors.residentId).toEqual([
      'This resident may have at most 1 vehicles.',
    ]);
    const generous = await newResident({ vehiclesAllowed: 3 });
    await newVehicle(generous.id);
    await newVehicle(generous.id);
    await setSettings('residentPermits', { vehiclesAllowed: 5, approvalRequired: true });
  });
});

describe('permit workflow', () => {
  const from = (s: PermitStatus) =>
    PERMIT_ACTIONS.filter((a) => (PERMIT_TRANSITIONS[a].from as readonly string[]).includes(s));

  it.each(PERMIT_STATUSES.flatMap((s) => PERMIT_ACTIONS.map((a) => [s, a] as const)))(
    'from %s, %s is allowed exactly when the transition table says so',
    async (status, action) => {
      const permit = await newPermit();
      await forceStatus(permit.id, status);
      const res = await call(
        'POST',
        `/permits/${permit.id}/${action}`,
        { comment: 'Checked' },
        { lang: 'es' },
      );
      if (from(status).includes(action)) {
        expect(res.statusCode, res.body).toBe(200);
        const after = res.json<PermitItem>();
        expect(after.status).toBe(PERMIT_TRANSITIONS[action].to);
        const audit = await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
          tx
            .select()
            .from(binnacle)
            .where(
              and(
                eq(binnacle.entity, 'permits'),
                eq(binnacle.entityId, String(permit.id)),
                eq(binnacle.action, action),
              ),
            ),
        );
        expect(audit).toHaveLength(1);
      } else {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json<{ message: string }>().message).toMatch(
          /^Un permiso en estado «.+» no admite la acción «.+»\.$/,
        );
        const same = await ok<PermitItem>(await call('GET', `/permits/${permit.id}`));
        expect(same.status).toBe(status);
      }
    },
  );

  it('needs a comment to reject, and keeps it', async () => {
    const permit = await newPermit();
    const none = await call('POST', `/permits/${permit.id}/reject`, {});
    expect(none.statusCode).toBe(422);
    expect(none.json<{ errors: Record<string, string[]> }>().errors.comment).toEqual([
      'Write why the permit is rejected.',
    ]);
    const done = await ok<PermitItem>(
      await call('POST', `/permits/${permit.id}/reject`, { comment: 'No insurance' }),
    );
    expect(done).toMatchObject({
      status: 'rejected',
      shownStatus: 'rejected',
      rejectionComment: 'No insurance',
    });
    expect(done.actions).toEqual(['restore']);
    // The resident is told, through the property's template, with the reason (issue 37 §2).
    const rejected = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.kind, 'permit-rejected')),
    );
    const mail = rejected.find((m) => m.subject.includes(`${permit.code} `));
    expect(mail, 'the rejection mail').toBeDefined();
    expect(mail!.text).toContain('Reason: No insurance');
  });

  it('tells the resident an approved permit is valid, with its code and last day', async () => {
    const permit = await newPermit({ endDate: '2031-03-15' });
    await forceStatus(permit.id, 'pending', '2031-03-15');
    await ok<PermitItem>(await call('POST', `/permits/${permit.id}/approve`, {}));
    const mails = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.kind, 'permit-approved')),
    );
    const mail = mails.find((m) => m.subject.includes(permit.code));
    expect(mail, 'the approval mail').toBeDefined();
    expect(mail!.text).toMatch(/until Mar 15, 2031\./);
    expect(mail!.text).toMatch(new RegExp(`/my/permits/${permit.id}/show`));
  });

  it('an approved permit past its end date counts as expired at once and takes only revoke', async () => {
    const permit = await newPermit();
    await forceStatus(permit.id, 'approved', '2020-01-31');
    const now = await ok<PermitItem>(await call('GET', `/permits/${permit.id}`));
    expect(now.shownStatus).toBe('expired');
    expect(now.actions).toEqual(['revoke']);
    const valid = await ok<ListResponse<PermitItem>>(
      await call('GET', `/permits?filter[status]=approved&filter[residentId]=${permit.residentId}`),
    );
    expect(valid.data).toHaveLength(0);
    const expired = await ok<ListResponse<PermitItem>>(
      await call('GET', `/permits?filter[status]=expired&filter[residentId]=${permit.residentId}`),
    );
    expect(expired.data.map((p) => p.id)).toEqual([permit.id]);
    expect((await call('POST', `/permits/${permit.id}/deactivate`, {})).statusCode).toBe(422);
    expect((await call('GET', `/permits/${permit.id}/print`)).statusCode).toBe(422);
  });

  it('is pending when approval is required, valid at once when not; codes are unique per property', async () => {
    await setSettings('residentPermits', { approvalRequired: false, vehiclesAllowed: 5 });
    const p = await newPermit({ code: 'SAME-1' });
    expect(p).toMatchObject({ status: 'approved', shownStatus: 'approved' });
    expect(p.expiresOn).not.toBeNull();
    const r = await newResident();
    const clash = await call('POST', '/permits', {
      code: 'same-1',
      residentId: r.id,
      vehicleId: (await newVehicle(r.id)).id,
      permitTypeId: 1,
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json<{ errors: Record<string, string[]> }>().errors.code).toBeDefined();
    await setSettings('residentPermits', { approvalRequired: true, vehiclesAllowed: 5 });
    expect((await newPermit()).status).toBe('pending');
  });
});

describe('permit rules and limits', () => {
  it('for managers, type 2 needs a spot and an end date unless the action is change-vehicle', async () => {
    const r = await newResident({ reservedPermitChanges: 1 });
    const v1 = await newVehicle(r.id);
    const v2 = await newVehicle(r.id);
    const body = {
      code: `R-${++n}`,
      residentId: r.id,
      vehicleId: v1.id,
      permitTypeId: RESERVED_SPOT_PERMIT_TYPE_ID,
    };
    const refused = await call('POST', '/permits', body, { token: manager });
    expect(refused.statusCode).toBe(422);
    const errors = refused.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.spotId).toEqual(['A reserved-spot permit needs a spot.']);
    expect(errors.endDate).toEqual(['A reserved-spot permit needs an end date.']);
    // Spot 0 is no spot.
    expect(
      (await call('POST', '/permits', { ...body, spotId: 0, endDate: '2031-01-01' }, { token: manager }))
        .statusCode,
    ).toBe(422);
    // An admin is not bound by the manager rule.
    const r2 = await newResident();
    const byAdmin = await call('POST', '/permits', {
      ...body,
      code: `R-${++n}`,
      residentId: r2.id,
      vehicleId: (await newVehicle(r2.id)).id,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);

    const made = await ok<PermitItem>(
      await call('POST', '/permits', { ...body, spotId, endDate: '2031-01-01' }, { token: manager }),
    );
    expect(made.expiresOn).toBe('2031-01-01');
    // change-vehicle: the manager may send it without spot and end date; it counts against reserved changes (1).
    const changed = await ok<PermitItem>(
      await call(
        'PUT',
        `/permits/${made.id}?action=change-vehicle`,
        { ...body, vehicleId: v2.id },
        { token: manager },
      ),
    );
    expect(changed).toMatchObject({ vehicleId: v2.id, vehicleChanges: 1 });
    const again = await call(
      'PUT',
      `/permits/${made.id}?action=change-vehicle`,
      { ...body, vehicleId: v1.id },
      { token: manager },
    );
    expect(again.statusCode).toBe(422);
    expect(again.json<{ errors: Record<string, string[]> }>().errors.vehicleId).toEqual([
      'This resident has used the 1 vehicle changes allowed on this permit.',
    ]);
    // Without the action, the rule applies to the edit.
    const plainEdit = await call(
      'PUT',
      `/permits/${made.id}`,
      { ...body, vehicleId: v2.id },
      { token: manager },
    );
    expect(plainEdit.statusCode).toBe(422);
  });

  it("enforces changes allowed from the property's settings for ordinary permits", async () => {
    await setSettings('residentPermits', { changesAllowed: 2, vehiclesAllowed: 5, approvalRequired: true });
    const r = await newResident();
    const vs = [
      await newVehicle(r.id),
      await newVehicle(r.id),
      await newVehicle(r.id),
      await newVehicle(r.id),
    ];
    const p = await ok<PermitItem>(
      await call('POST', '/permits', {
        code: `CH-${++n}`,
        residentId: r.id,
        vehicleId: vs[0]!.id,
        permitTypeId: 1,
      }),
    );
    const edit = (vehicleId: number) =>
      call('PUT', `/permits/${p.id}?action=change-vehicle`, {
        code: p.code,
        residentId: r.id,
        vehicleId,
        permitTypeId: 1,
      });
    expect((await edit(vs[1]!.id)).statusCode).toBe(200);
    expect((await edit(vs[2]!.id)).statusCode).toBe(200);
    const third = await edit(vs[3]!.id);
    expect(third.statusCode).toBe(422);
  });

  it('a resident holds at most vehicles-allowed live permits; one live permit per vehicle', async () => {
    await setSettings('residentPermits', { vehiclesAllowed: 1, approvalRequired: true });
    const r = await newResident({ vehiclesAllowed: 2 });
    const v1 = await newVehicle(r.id);
    await ok(
      await call('POST', '/permits', {
        code: `L-${++n}`,
        residentId: r.id,
        vehicleId: v1.id,
        permitTypeId: 1,
      }),
    );
    const sameVehicle = await call('POST', '/permits', {
      code: `L-${++n}`,
      residentId: r.id,
      vehicleId: v1.id,
      permitTypeId: 1,
    });
    expect(sameVehicle.json<{ errors: Record<string, string[]> }>().errors.vehicleId).toEqual([
      'This vehicle already has a permit in force.',
    ]);
    const v2 = await newVehicle(r.id);
    await ok(
      await call('POST', '/permits', {
        code: `L-${++n}`,
        residentId: r.id,
        vehicleId: v2.id,
        permitTypeId: 1,
      }),
    );
    // The limit is counted before the vehicle's own permit is looked at.
    const third = await call('POST', '/permits', {
      code: `L-${++n}`,
      residentId: r.id,
      vehicleId: v1.id,
      permitTypeId: 1,
    });
    expect(third.json<{ errors: Record<string, string[]> }>().errors.residentId).toEqual([
      'This resident may have at most 2 vehicles.',
    ]);
    await setSettings('residentPermits', { vehiclesAllowed: 5, approvalRequired: true });
  });
});

describe('printed permits', () => {
  it('prints ppm1 and ppm2 with a QR code to a public check page that shows nothing personal', async () => {
    const permit = await newPermit();
    expect((await call('GET', `/permits/${permit.id}/print`)).statusCode).toBe(422); // pending: not printable
    await ok(await call('POST', `/permits/${permit.id}/approve`, {}));
    for (const format of ['ppm1', 'ppm2']) {
      const res = await call('GET', `/permits/${permit.id}/print?format=${format}&marginLeft=12&marginTop=8`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const zh = await call('GET', `/permits/${permit.id}/print?format=ppm1`, undefined, { lang: 'zh' });
    const text = await pdfText(zh.rawPayload);
    expect(text).toContain('停车证');
    expect(text).toContain(permit.code);
    expect((await call('GET', `/permits/${permit.id}/print?format=ppm3`)).statusCode).toBe(422);
    const token = await ctx.database.withScope(
      { area: 'tenant', propertyId },
      async (tx) =>
        (await tx.select({ t: permits.publicToken }).from(permits).where(eq(permits.id, permit.id)))[0]!.t,
    );
    const pub = await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/public/permits/${token}`,
      headers: headers({ tenant: code }),
    });
    expect(pub.statusCode).toBe(200);
    const body = pub.json<PublicPermit>();
    const [p] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select({ name: properties.name }).from(properties).where(eq(properties.id, propertyId)),
    );
    expect(Object.keys(body).sort()).toEqual(
      [
        'code',
        'kind',
        'plate',
        'propertyName',
        'shownStatus',
        'timezone',
        'valid',
        'validFrom',
        'validTo',
      ].sort(),
    );
    expect(body).toMatchObject({
      code: permit.code,
      propertyName: p!.name,
      shownStatus: 'approved',
      validTo: permit.expiresOn,
      valid: true,
    });
    expect(body.plate).toMatch(/^PL\d+X$/);
    expect(body.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(body)).not.toMatch(/holder|@/);
    const other = await createProperty(ctx.database);
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/public/permits/${token}`,
      headers: headers({ tenant: other.code }),
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
