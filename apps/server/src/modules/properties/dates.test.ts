import type { PermitItem, ResidentItem, VehicleItem, VisitorItem } from '@parkade/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { buildings } from '../buildings/table';
import { units } from '../units/table';

/**
 * Dates in the property's zone, written for their reader (decision 0039 §12): a message names the zone when the
 * reader's browser (X-Time-Zone) is elsewhere, a PDF always does, a day is written in the reader's language, an
 * export's cells hold the property's wall clock. The property is in Chicago (UTC−6 in winter); the server's own
 * zone plays no part.
 */
let ctx: TestContext;
let code: string;
let admin: string;
let unitId: number;
const ZONE = 'America/Chicago';

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database, { timezone: ZONE });
  code = p.code;
  admin = await login(ctx, await createTenantUser(ctx.database, p.id, 'admin'), code);
  await ctx.database.withScope({ area: 'tenant', propertyId: p.id }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: p.id, name: 'Z' }).returning();
    const [u] = await tx.insert(units).values({ propertyId: p.id, buildingId: b!.id, name: '1' }).returning();
    unitId = u!.id;
  });
});
afterAll(() => ctx?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  opts: { lang?: string; zone?: string } = {},
) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: {
      ...headers({ tenant: code, token: admin, lang: opts.lang }),
      ...(opts.zone ? { 'x-time-zone': opts.zone } : {}),
    },
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
      fullName: `Zoned Resident ${n}`,
      email: `zoned${n}@dates.test`,
      unitIds: [unitId],
      password: 'zoned-password',
    }),
  );
}

/** An instant on Chicago's clock, written independently of the product's formatter. */
const chicago = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(
    new Date(iso),
  );

describe("the property's zone", () => {
  it('is in the bootstrap, for the screens to show every time in it', async () => {
    const boot = await ok<{ property: { timezone: string } }>(await call('GET', '/auth/bootstrap'));
    expect(boot.property.timezone).toBe(ZONE);
  });

  it('writes a limit message’s time in Chicago, naming the zone to a reader in Madrid only', async () => {
    await ok(
      await call('PUT', '/settings', { visitorPermits: { visitorLimit: 1, visitorLimitWindowDays: 1 } }),
    );
    const r = await newResident();
    // Noon in Chicago on 15 January 2030: the next permit is possible at Chicago's midnight, 06:00 UTC.
    await ok(
      await call('POST', '/visitors', {
        name: 'First',
        residentId: r.id,
        plate: 'TZ 10',
        validFrom: '2030-01-15T18:00:00Z',
      }),
    );
    const again = { name: 'Second', residentId: r.id, plate: 'TZ 11', validFrom: '2030-01-15T20:00:00Z' };
    const refused = (zone?: string) =>
      call('POST', '/visitors', again, { lang: 'es', zone }).then((res) => {
        expect(res.statusCode).toBe(422);
        return res.json<{ message: string }>().message;
      });
    expect(await refused('Europe/Madrid')).toContain('a partir del 16 ene 2030, 0:00 GMT-6.');
    expect(await refused(ZONE)).toContain('a partir del 16 ene 2030, 0:00.');
    // A caller that does not say where it is (an API client) is told the zone.
    expect(await refused()).toContain('a partir del 16 ene 2030, 0:00 GMT-6.');
  });

  it('prints a visitor permit’s validity in Chicago with the zone, and a permit’s last day in the reader’s words', async () => {
    await ok(await call('PUT', '/settings', { visitorPermits: { visitorLimit: 100 } }));
    const r = await newResident();
    const v = await ok<VisitorItem>(
      await call('POST', '/visitors', { name: 'Guest', residentId: r.id, plate: 'TZ 1' }),
    );
    const pdf = await call('GET', `/visitors/${v.id}/permit.pdf`, undefined, { zone: ZONE });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    // Paper is read anywhere: named even for a reader in Chicago.
    expect(text).toContain(
      `From ${chicago(v.validFrom!, 'en-US')} CST until ${chicago(v.validUntil!, 'en-US')} CST`,
    );

    const car = await ok<VehicleItem>(await call('POST', '/vehicles', { residentId: r.id, plate: 'TZ 2' }));
    const permit = await ok<PermitItem>(
      await call('POST', '/permits', {
        code: `TZ-${++n}`,
        residentId: r.id,
        vehicleId: car.id,
        permitTypeId: 1,
      }),
    );
    const approved = await ok<PermitItem>(await call('POST', `/permits/${permit.id}/approve`, {}));
    const printed = await call('GET', `/permits/${permit.id}/print?format=ppm1`, undefined, { lang: 'es' });
    // The last day as a Spanish reader writes it ("31 ene 2031"), not 2031-01-31.
    const lastDay = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${approved.expiresOn!}T12:00:00Z`),
    );
    expect(lastDay).toMatch(/^\d{1,2} [a-z]{3} \d{4}$/);
    expect(await pdfText(printed.rawPayload)).toContain(`Válido hasta ${lastDay}`);
  });

  it('exports visitors’ times as Chicago’s wall clock, the header naming the zone', async () => {
    const r = await newResident();
    const v = await ok<VisitorItem>(
      await call('POST', '/visitors', {
        name: 'Sheet',
        residentId: r.id,
        plate: 'TZ 3',
        validFrom: '2030-01-20T18:30:00Z',
      }),
    );
    const res = await call('GET', `/visitors/export?filter[residentId]=${r.id}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const head = (ws.getRow(1).values as unknown[]).map(String);
    const col = head.indexOf(`Valid from (${ZONE})`);
    expect(col).toBeGreaterThan(0);
    // 18:30 UTC is 12:30 in Chicago: the cell (which has no zone) holds 12:30.
    expect((ws.getRow(2).getCell(col).value as Date).toISOString()).toBe('2030-01-20T12:30:00.000Z');
    expect(v.validFrom).toBe('2030-01-20T18:30:00.000Z');
  });
});
