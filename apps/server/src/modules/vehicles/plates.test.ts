import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import {
  normalizePlate,
  type BannedVehicleItem,
  type ListResponse,
  type PermitItem,
  type PlateLookup,
  type ResidentItem,
  type VehicleItem,
  type VisitorItem,
} from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../platform/db';
import { makeCheckIn } from '../../test/factories';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { bannedVehicles } from '../banned-vehicles/table';
import { buildings } from '../buildings/table';
import { plateLookups, patrolObservations } from '../patrolling/table';
import { reasons } from '../reasons/table';
import { units } from '../units/table';
import { visitors } from '../visitors/table';
import { vehicles } from './table';

/**
 * A plate in one display form (decision 0039 §10): stored upper case with its spaces tidied, whatever was typed,
 * so every reader shows the same plate — the record, the list, the printed permits, the exports — while plates are
 * still compared normalised; and the migration that rewrote the plates stored before.
 */
let ctx: TestContext;
let code: string;
let propertyId: number;
let admin: string;
let adminId: number;
let unitId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  propertyId = p.id;
  const user = await createTenantUser(ctx.database, p.id, 'admin');
  adminId = user.id;
  admin = await login(ctx, user, code);
  await inTenant(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId, name: 'P' }).returning();
    const [u] = await tx.insert(units).values({ propertyId, buildingId: b!.id, name: '1' }).returning();
    unitId = u!.id;
  });
});
afterAll(() => ctx?.close());

const inTenant = <T>(fn: Parameters<typeof ctx.database.withScope<T>>[1]) =>
  ctx.database.withScope({ area: 'tenant', propertyId }, fn);

const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: code, token: admin }),
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function ok<T>(res: { statusCode: number; body: string; json: <X>() => X }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

let n = 0;
async function newResident() {
  n += 1;
  return ok<ResidentItem>(
    await call('POST', '/residents', {
      fullName: `Plate Holder ${n}`,
      email: `plates${n}@plates.test`,
      unitIds: [unitId],
      password: 'holder-password',
    }),
  );
}

/** The cells of an .xlsx answer's first sheet, row by row (the header row first). */
async function sheet(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) =>
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => String((v as string | number | null | undefined) ?? '')),
    ),
  );
  return rows;
}

describe('a plate typed any way', () => {
  it('is a vehicle’s "VIS 123" on its record, in the list, on the printed permit and in the export', async () => {
    const r = await newResident();
    const v = await ok<VehicleItem>(
      await call('POST', '/vehicles', { residentId: r.id, plate: ' vis   123 ' }),
    );
    expect(v).toMatchObject({ plate: 'VIS 123', plateNormalized: 'VIS123' });
    expect((await ok<VehicleItem>(await call('GET', `/vehicles/${v.id}`))).plate).toBe('VIS 123');
    const list = await ok<ListResponse<VehicleItem>>(await call('GET', '/vehicles?filter[plate]=vis-123'));
    expect(list.data.map((x) => x.plate)).toEqual(['VIS 123']);

    // The same plate typed another way is still the same plate.
    const dup = await call('POST', '/vehicles', { residentId: r.id, plate: 'Vis-123' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json<{ errors: Record<string, string[]> }>().errors.plate).toEqual([
      'A vehicle with this plate is already registered at this property.',
    ]);

    const permit = await ok<PermitItem>(
      await call('POST', '/permits', {
        code: `VP-${++n}`,
        residentId: r.id,
        vehicleId: v.id,
        permitTypeId: 1,
      }),
    );
    await ok(await call('POST', `/permits/${permit.id}/approve`, {}));
    const printed = await call('GET', `/permits/${permit.id}/print?format=ppm1`);
    expect(printed.statusCode, printed.body.slice(0, 200)).toBe(200);
    expect(await pdfText(printed.rawPayload)).toContain('VIS 123');

    const exported = await call('GET', `/residents/export?filter[term]=${encodeURIComponent(r.fullName)}`);
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    const [head, row] = await sheet(exported.rawPayload);
    expect(row![head!.indexOf('Vehicles')]).toBe('VIS 123');
  });

  it('is a visitor’s "7XYZ-999" on its record, its permit PDF and the export; a ban’s "BZP 44"', async () => {
    const r = await newResident();
    const guest = await ok<VisitorItem>(
      await call('POST', '/visitors', { name: 'Plate Guest', residentId: r.id, plate: '7xyz-999' }),
    );
    expect(guest).toMatchObject({ plate: '7XYZ-999' });
    const pdf = await call('GET', `/visitors/${guest.id}/permit.pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('7XYZ-999');
    const exported = await call('GET', `/visitors/export?filter[residentId]=${r.id}`);
    const [head, row] = await sheet(exported.rawPayload);
    expect(row![head!.indexOf('Plate')]).toBe('7XYZ-999');

    const [reason] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .insert(reasons)
        .values({ code: `plates-${++n}`, name: 'Unpaid fines' })
        .returning(),
    );
    const ban = await ok<BannedVehicleItem>(
      await call('POST', '/banned-vehicles', { plate: 'bzp  44', reasonId: reason!.id }),
    );
    expect(ban).toMatchObject({ plate: 'BZP 44', plateNormalized: 'BZP44' });
  });
});

/** The migration that rewrote the plates stored as typed, read from its file (whatever number it ends up with). */
function migrationStatements(): string[] {
  const file = fs.readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_plates_display_form.sql'));
  const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file!), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

describe('the plates stored before', () => {
  it('are rewritten by the migration: the rows, the lookup’s read model and the lookups kept', async () => {
    const r = await newResident();
    const typed = (p: string) => ({ plate: p, plateNormalized: normalizePlate(p) });
    const stored = await inTenant(async (tx) => {
      const [v] = await tx
        .insert(vehicles)
        .values({ propertyId, residentId: r.id, ...typed('old  12 ') })
        .returning();
      const [g] = await tx
        .insert(visitors)
        .values({ propertyId, residentId: r.id, name: 'Old Guest', ...typed('gst-7 a') })
        .returning();
      const [reason] = await tx.select({ id: reasons.id }).from(reasons).limit(1);
      const [b] = await tx
        .insert(bannedVehicles)
        .values({ propertyId, reasonId: reason!.id, bannedFrom: '2026-01-01', ...typed('ban 3') })
        .returning();
      const checkIn = await makeCheckIn({ tx, propertyId }, adminId);
      const lookup: PlateLookup = {
        plate: 'OLD12',
        checkedAt: new Date().toISOString(),
        matches: [
          {
            plate: 'old  12 ',
            match: 'exact',
            distance: 0,
            verdict: 'none',
            ban: null,
            vehicle: { id: v!.id, plate: 'old  12 ', make: null, model: null, color: null, units: [] },
            permit: null,
            visitor: null,
          },
        ],
      };
      const [o] = await tx
        .insert(patrolObservations)
        .values({
          propertyId,
          checkInId: checkIn.id,
          userArea: 'tenant',
          userId: adminId,
          userName: 'Officer',
          clientKey: crypto.randomUUID(),
          ...typed('old  12 '),
          lookup,
          observedAt: new Date(),
        })
        .returning();
      return { vehicle: v!, visitor: g!, ban: b!, observation: o! };
    });

    // Replayed as the application role in the central scope: what the migration ran as the owner.
    await ctx.database.withScope({ area: 'central' }, async (tx) => {
      for (const statement of migrationStatements()) await tx.execute(sql.raw(statement));
    });

    await inTenant(async (tx) => {
      const one = async <T>(rows: Promise<T[]>) => (await rows)[0]!;
      const own = (t: typeof vehicles | typeof visitors | typeof bannedVehicles, id: number) =>
        and(eq(t.propertyId, propertyId), eq(t.id, id));
      expect(await one(tx.select().from(vehicles).where(own(vehicles, stored.vehicle.id)))).toMatchObject({
        plate: 'OLD 12',
        plateNormalized: 'OLD12',
      });
      expect((await one(tx.select().from(visitors).where(own(visitors, stored.visitor.id)))).plate).toBe(
        'GST-7 A',
      );
      expect(
        (await one(tx.select().from(bannedVehicles).where(own(bannedVehicles, stored.ban.id)))).plate,
      ).toBe('BAN 3');
      const lookupRow = await one(
        tx
          .select({ plate: plateLookups.vehiclePlate })
          .from(plateLookups)
          .where(and(eq(plateLookups.propertyId, propertyId), eq(plateLookups.plateNormalized, 'OLD12'))),
      );
      expect(lookupRow.plate).toBe('OLD 12');
      const obs = await one(
        tx
          .select()
          .from(patrolObservations)
          .where(
            and(
              eq(patrolObservations.propertyId, propertyId),
              eq(patrolObservations.id, stored.observation.id),
            ),
          ),
      );
      expect(obs.plate).toBe('OLD 12');
      expect(obs.lookup!.matches[0]).toMatchObject({
        plate: 'OLD 12',
        vehicle: { plate: 'OLD 12', make: null, units: [] },
      });
    });
    // Found as before: by the plate as now shown, and as it was typed.
    for (const q of ['OLD 12', 'old12'])
      expect(
        (
          await ok<ListResponse<VehicleItem>>(
            await call('GET', `/vehicles?filter[plate]=${encodeURIComponent(q)}`),
          )
        ).data.map((x) => x.id),
      ).toEqual([stored.vehicle.id]);
  });
});
