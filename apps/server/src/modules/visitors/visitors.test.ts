import {
  VISITOR_PERMIT_STATUSES,
  VISITOR_PERMIT_TRANSITIONS,
  VISITOR_PERSON_ACTIONS,
  type ListResponse,
  type PublicPermit,
  type ResidentItem,
  type VisitorItem,
  type VisitorPermitStatus,
} from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
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
import { bannedVehicles } from '../banned-vehicles/table';
import { binnacle } from '../binnacle/table';
import { buildings } from '../buildings/table';
import { reasons } from '../reasons/table';
import { residents } from '../residents/table';
import { units } from '../units/table';
import { expireVisitorPermits } from './job';
import { shownStatusAt } from './service';
import { visitors } from './table';
import { permitToken } from './write';

/** Visitors and visitor permits: the workflow table, expiry, the limits in the property's time zone, documents. */
let ctx: TestContext;
let code: string;
let propertyId: number;
let admin: string;
let unitId: number;

type Errors = { message: string; errors: Record<string, string[]> };

beforeAll(async () => {
  ctx = await createTestContext();
  // Tokyo (UTC+9, no daylight saving): a local day starts at 15:00 UTC the day before.
  const p = await createProperty(ctx.database, { timezone: 'Asia/Tokyo' });
  code = p.code;
  propertyId = p.id;
  admin = await login(ctx, await createTenantUser(ctx.database, p.id, 'admin'), code);
  await ctx.database.withScope({ area: 'tenant', propertyId }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId, name: 'V' }).returning();
    const [u] = await tx.insert(units).values({ propertyId, buildingId: b!.id, name: '101' }).returning();
    unitId = u!.id;
  });
});
afterAll(() => ctx?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: { lang?: string; extra?: Record<string, string> } = {},
) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: { ...headers({ tenant: code, token: admin, lang: opts.lang }), ...opts.extra },
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function ok<T>(res: { statusCode: number; body: string; json: <X>() => X }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

const inTenant = <T>(fn: Parameters<typeof ctx.database.withScope<T>>[1]) =>
  ctx.database.withScope({ area: 'tenant', propertyId }, fn);

async function setVisitorSettings(values: Record<string, unknown>) {
  await ok(await call('PUT', '/settings', { visitorPermits: values }));
}

let n = 0;
async function newResident() {
  n += 1;
  return ok<ResidentItem>(
    await call('POST', '/residents', {
      fullName: `Visited Resident ${n}`,
      email: `visited${n}@visitors.test`,
      unitIds: [unitId],
      password: 'visited-password',
    }),
  );
}
const register = (body: Record<string, unknown>, lang?: string) =>
  call(
    'POST',
    '/visitors',
    { name: `Guest ${++n}`, ...body },
    { lang, extra: { module: 'visitors', action: 'create' } },
  );

async function setStatus(id: number, status: VisitorPermitStatus | null, validUntil?: Date) {
  await inTenant((tx) =>
    tx
      .update(visitors)
      .set({ permitStatus: status, ...(validUntil ? { validUntil } : {}) })
      .where(and(eq(visitors.propertyId, propertyId), eq(visitors.id, id))),
  );
}

describe('registering a visitor', () => {
  it('issues a valid permit for the settings validity, with the SPEC headers accepted and not needed', async () => {
    await setVisitorSettings({ validityAmount: 3, validityUnit: 'hours', visitorLimit: 100 });
    // The register form says how long a permit lasts before anything is registered.
    expect(await ok(await call('GET', '/visitors/validity'))).toEqual({
      amount: 3,
      unit: 'hours',
      approval: false,
    });
    const r = await newResident();
    const v = await ok<VisitorItem>(
      await register({ residentId: r.id, plate: 'abc-1 23', phone: '(212) 555-0100', vehicleType: 'sedan' }),
    );
    expect(v.permitStatus).toBe('valid');
    expect(v.shownStatus).toBe('valid');
    expect(v.plate).toBe('ABC-1 23');
    expect(v.plateNormalized).toBe('ABC123');
    expect(v.phone).toBe('+12125550100');
    expect(v.unitId).toBe(unitId);
    expect(v.permitCode).toMatch(/^V.+-[A-Z0-9]{6}$/);
    expect(Date.parse(v.validUntil!) - Date.parse(v.validFrom!)).toBe(3 * 3600_000);
    expect(v.actions).toEqual(['revoke']);
    const plain = await call('POST', '/visitors', { name: 'No headers', residentId: r.id, plate: 'HDR1' });
    expect(plain.statusCode, plain.body).toBe(200);

    // Found by the plate typed any way, by phone, by code; with the includes.
    for (const term of ['ABC123', 'abc 1-23', '5550100', v.permitCode!]) {
      const list = await ok<ListResponse<VisitorItem>>(
        await call('GET', `/visitors?filter[term]=${encodeURIComponent(term)}&include=resident,unit`),
      );
      expect(
        list.data.map((x) => x.id),
        term,
      ).toContain(v.id);
      expect(list.data[0]!.resident?.fullName).toBe(r.fullName);
      expect(list.data[0]!.unit?.name).toBe('101');
    }
  });

  it("a visitor without a plate has no permit: 'no status', and a plate given later issues one", async () => {
    const r = await newResident();
    const v = await ok<VisitorItem>(await register({ residentId: r.id }));
    expect(v.permitStatus).toBeNull();
    expect(v.shownStatus).toBe('none');
    expect(v.permitCode).toBeNull();
    const none = await ok<ListResponse<VisitorItem>>(
      await call('GET', `/visitors?filter[status]=none&filter[residentId]=${r.id}`),
    );
    expect(none.data.map((x) => x.id)).toEqual([v.id]);
    const refused = await call('POST', `/visitors/${v.id}/approve`, {});
    expect(refused.statusCode).toBe(422);
    const later = await ok<VisitorItem>(
      await call('PUT', `/visitors/${v.id}`, { name: v.name, residentId: r.id, plate: 'LATER1' }),
    );
    expect(later.shownStatus).toBe('valid');
    expect(later.permitCode).not.toBeNull();
    const moved = await call('PUT', `/visitors/${v.id}`, {
      name: v.name,
      residentId: (await newResident()).id,
    });
    expect(moved.statusCode).toBe(422);
  });

  it('refuses a banned plate, naming the ban', async () => {
    const r = await newResident();
    await inTenant(async (tx) => {
      const [reason] = await tx.select({ id: reasons.id }).from(reasons).limit(1);
      await tx.insert(bannedVehicles).values({
        propertyId,
        plate: 'BAN-777',
        plateNormalized: 'BAN777',
        reasonId: reason!.id,
        bannedFrom: '2020-01-01',
        bannedByName: 'Manager',
      });
    });
    const res = await register({ residentId: r.id, plate: 'ban 777' });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors.plate![0]).toMatch(/banned at this property since Jan 1, 2020/);
  });
});

describe('the permit workflow (VISITOR_PERMIT_TRANSITIONS)', () => {
  for (const action of VISITOR_PERSON_ACTIONS)
    for (const from of VISITOR_PERMIT_STATUSES) {
      const allowed = (VISITOR_PERMIT_TRANSITIONS[action].from as readonly string[]).includes(from);
      it(`${action} from ${from}: ${allowed ? VISITOR_PERMIT_TRANSITIONS[action].to : 'refused'}`, async () => {
        const r = await newResident();
        const v = await ok<VisitorItem>(await register({ residentId: r.id, plate: `WF${++n}` }));
        await setStatus(v.id, from);
        const res = await call('POST', `/visitors/${v.id}/${action}`, { comment: 'Checked at the desk' });
        const after = await ok<VisitorItem>(await call('GET', `/visitors/${v.id}`));
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
          expect(after.permitStatus).toBe(VISITOR_PERMIT_TRANSITIONS[action].to);
          expect(after.statusComment).toBe('Checked at the desk');
          const [entry] = await inTenant((tx) =>
            tx
              .select()
              .from(binnacle)
              .where(
                and(
                  eq(binnacle.entity, 'visitors'),
                  eq(binnacle.entityId, String(v.id)),
                  eq(binnacle.action, action),
                ),
              ),
          );
          expect(entry).toBeDefined();
        } else {
          expect(res.statusCode).toBe(422);
          expect(after.permitStatus).toBe(from);
        }
      });
    }

  it('a permit past its validity takes no action, and the message names status and action', async () => {
    const r = await newResident();
    const v = await ok<VisitorItem>(await register({ residentId: r.id, plate: 'PAST1' }));
    await setStatus(v.id, 'pending', new Date(Date.now() - 1000));
    const res = await call('POST', `/visitors/${v.id}/approve`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().message).toBe(
      'A visitor permit that is “Expired” cannot be changed with “Approve”.',
    );
    const es = await call('POST', `/visitors/${v.id}/approve`, {}, { lang: 'es' });
    expect(es.json<Errors>().message).toContain('«Vencido»');
  });
});

describe('expiry', () => {
  it('a valid permit stops being valid the instant it ends', async () => {
    const r = await newResident();
    const v = await ok<VisitorItem>(await register({ residentId: r.id, plate: 'EXACT1' }));
    const end = new Date(v.validUntil!);
    const at = async (instant: Date) => {
      const [row] = await inTenant((tx) =>
        tx
          .select({ s: shownStatusAt(sql`${instant.toISOString()}::timestamptz`) })
          .from(visitors)
          .where(and(eq(visitors.propertyId, propertyId), eq(visitors.id, v.id))),
      );
      return row!.s;
    };
    expect(await at(new Date(end.getTime() - 1))).toBe('valid');
    expect(await at(end)).toBe('expired');
    expect(await at(new Date(end.getTime() + 1))).toBe('expired');
  });

  it('refresh-expired-permits stores expired on permits past their end; the job does it for every property', async () => {
    const r = await newResident();
    const past = await ok<VisitorItem>(await register({ residentId: r.id, plate: 'OLD1' }));
    const current = await ok<VisitorItem>(await register({ residentId: r.id, plate: 'NEW1' }));
    await setStatus(past.id, 'valid', new Date(Date.now() - 60_000));
    const shown = await ok<VisitorItem>(await call('GET', `/visitors/${past.id}`));
    expect(shown.permitStatus).toBe('valid');
    expect(shown.shownStatus).toBe('expired');
    const expiredList = await ok<ListResponse<VisitorItem>>(
      await call('GET', `/visitors?filter[status]=expired&filter[residentId]=${r.id}`),
    );
    expect(expiredList.data.map((x) => x.id)).toEqual([past.id]);

    const refreshed = await ok<{ message: string; expired: number }>(
      await call('GET', '/visitors/refresh-expired-permits'),
    );
    expect(refreshed.expired).toBeGreaterThanOrEqual(1);
    expect((await ok<VisitorItem>(await call('GET', `/visitors/${past.id}`))).permitStatus).toBe('expired');
    expect((await ok<VisitorItem>(await call('GET', `/visitors/${current.id}`))).permitStatus).toBe('valid');

    await setStatus(current.id, 'valid', new Date(Date.now() - 1000));
    expect(await expireVisitorPermits(ctx.services)).toBeGreaterThanOrEqual(1);
    expect((await ok<VisitorItem>(await call('GET', `/visitors/${current.id}`))).permitStatus).toBe(
      'expired',
    );
    expect(await expireVisitorPermits(ctx.services)).toBe(0);
  });
});

describe('limits over rolling windows, in the property time zone (Asia/Tokyo)', () => {
  // Two permits started on 2030-01-10 local (01:00 UTC = 10:00 Tokyo); 2 per 7 days.
  const day10 = '2030-01-10T01:00:00Z';
  it('at most N per window: refused the day before the window frees, allowed the day of and after', async () => {
    await setVisitorSettings({
      validityAmount: 1,
      validityUnit: 'hours',
      visitorLimit: 2,
      visitorLimitWindowDays: 7,
      visitorVehiclesAllowed: 10,
    });
    const r = await newResident();
    for (const plate of ['WIN1', 'WIN2'])
      await ok(await register({ residentId: r.id, plate, validFrom: day10 }));
    // 2030-01-16 23:59:59 in Tokyo: still in the window of the 10th.
    const dayBefore = await register({ residentId: r.id, plate: 'WIN3', validFrom: '2030-01-16T14:59:59Z' });
    expect(dayBefore.statusCode).toBe(422);
    const msg = dayBefore.json<Errors>().errors.residentId![0]!;
    expect(msg).toContain(`Visited Resident`);
    expect(msg).toContain('at most 2 visitor permits in 7 days');
    expect(msg).toContain('Jan 17, 2030, 12:00');
    expect(msg).toContain('ask the property');
    // 2030-01-17 00:00 in Tokyo (still the 16th in UTC): the day the window frees.
    const dayOf = await register({ residentId: r.id, plate: 'WIN3', validFrom: '2030-01-16T15:00:00Z' });
    expect(dayOf.statusCode, dayOf.body).toBe(200);
    // The day after: the 10th is out, the 17th counts once.
    const dayAfter = await register({ residentId: r.id, plate: 'WIN4', validFrom: '2030-01-18T03:00:00Z' });
    expect(dayAfter.statusCode, dayAfter.body).toBe(200);
    // A rejected request does not count.
    const zh = await register({ residentId: r.id, plate: 'WIN5', validFrom: '2030-01-18T05:00:00Z' }, 'zh');
    expect(zh.statusCode).toBe(422);
    expect(zh.json<Errors>().errors.residentId![0]).toContain('7 天内最多可登记 2 张');
    await setStatus(dayAfter.json<VisitorItem>().id, 'rejected');
    expect(
      (await register({ residentId: r.id, plate: 'WIN5', validFrom: '2030-01-18T05:00:00Z' })).statusCode,
    ).toBe(200);
  });

  it("the resident's own limit overrides the property's; staff override with a reason, audited", async () => {
    const r = await newResident();
    await inTenant((tx) =>
      tx
        .update(residents)
        .set({ visitorLimit: 1 })
        .where(and(eq(residents.propertyId, propertyId), eq(residents.id, r.id))),
    );
    await ok(await register({ residentId: r.id, plate: 'OWN1', validFrom: day10 }));
    const refused = await register({ residentId: r.id, plate: 'OWN2', validFrom: day10 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<Errors>().errors.residentId![0]).toContain('at most 1 visitor permits');
    const forced = await ok<VisitorItem>(
      await register({
        residentId: r.id,
        plate: 'OWN2',
        validFrom: day10,
        overrideReason: 'Family emergency',
      }),
    );
    expect(forced.overrideReason).toBe('Family emergency');
    const [entry] = await inTenant((tx) =>
      tx
        .select()
        .from(binnacle)
        .where(
          and(
            eq(binnacle.entity, 'visitors'),
            eq(binnacle.entityId, String(forced.id)),
            eq(binnacle.action, 'override'),
          ),
        ),
    );
    expect(JSON.stringify(entry?.changes)).toContain('Family emergency');
  });

  it('vehicles at once: refused while one overlaps, allowed from the instant it ends; temporary plates', async () => {
    await setVisitorSettings({
      validityAmount: 2,
      validityUnit: 'hours',
      visitorLimit: 100,
      visitorVehiclesAllowed: 1,
      tempVisitorVehicles: 0,
    });
    const r = await newResident();
    await ok(await register({ residentId: r.id, plate: 'ONCE1', validFrom: '2030-02-01T10:00:00Z' }));
    const overlap = await register({ residentId: r.id, plate: 'ONCE2', validFrom: '2030-02-01T11:59:59Z' });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json<Errors>().errors.residentId![0]).toContain('at most 1 visitor vehicles at once');
    // Ends at 12:00 UTC = 21:00 Tokyo.
    expect(overlap.json<Errors>().errors.residentId![0]).toContain('Feb 1, 2030, 9:00');
    const after = await register({ residentId: r.id, plate: 'ONCE2', validFrom: '2030-02-01T12:00:00Z' });
    expect(after.statusCode, after.body).toBe(200);
    const temp = await register({
      residentId: r.id,
      plate: 'TEMP1',
      temporaryPlates: true,
      validFrom: '2030-03-01T00:00:00Z',
    });
    expect(temp.statusCode).toBe(422);
    expect(temp.json<Errors>().errors.residentId![0]).toContain(
      'may not have visitor vehicles on temporary plates',
    );
    await setVisitorSettings({ validityAmount: 3, validityUnit: 'hours', visitorLimit: 100 });
  });
});

describe('documents and the public check', () => {
  it('exports the filtered list with formula-like text neutralised', async () => {
    const r = await newResident();
    await ok(
      await register({ residentId: r.id, name: '=HYPERLINK("http://x","y")', plate: 'XLS1', color: '+red' }),
    );
    const res = await call('GET', `/visitors/export?filter[residentId]=${r.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    const row = ws.getRow(2).values as unknown[];
    expect(row[1]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(row[4]).toBe('XLS1');
    expect(row[8]).toBe("'+red");
    expect(row[10]).toBe(r.fullName);
  });

  it('prints the permit with a QR code to /permit/{token}, whose check shows nothing personal', async () => {
    const r = await newResident();
    const v = await ok<VisitorItem>(
      await register({ residentId: r.id, plate: 'QR-001', name: 'Secret Guest' }),
    );
    const pdf = await call('GET', `/visitors/${v.id}/permit.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(v.permitCode!);
    expect(text).toContain('QR-001');
    // The token the QR code carries (only its hash is stored); the answer's checkUrl is that page, for staff to copy.
    const token = permitToken({ services: ctx.services, propertyId } as never, v.permitCode!);
    expect(v.checkUrl).toMatch(new RegExp(`/permit/${token}$`));
    expect((await ok<VisitorItem>(await call('GET', `/visitors/${v.id}`))).checkUrl).toBe(v.checkUrl);
    const check = await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/public/permits/${token}`,
      headers: headers({ tenant: code }),
    });
    expect(check.statusCode, check.body).toBe(200);
    const pub = check.json<PublicPermit>();
    expect(pub).toMatchObject({ code: v.permitCode, plate: 'QR-001', shownStatus: 'approved', valid: true });
    expect(check.body).not.toContain('Secret Guest');
    expect(check.body).not.toContain(r.fullName);
    await ok(await call('POST', `/visitors/${v.id}/revoke`, {}));
    const revoked = await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/public/permits/${token}`,
      headers: headers({ tenant: code }),
    });
    expect(revoked.json<PublicPermit>()).toMatchObject({ shownStatus: 'revoked', valid: false });
    expect((await call('GET', `/visitors/${v.id}/permit.pdf`)).statusCode).toBe(422);
  });
});

describe('with the resident', () => {
  it('deleting a resident deletes their visitors; restoring brings them back', async () => {
    const r = await newResident();
    const v = await ok<VisitorItem>(await register({ residentId: r.id, plate: 'RST1' }));
    await ok(await call('DELETE', `/residents/${r.id}`));
    expect((await call('GET', `/visitors/${v.id}`)).statusCode).toBe(404);
    await ok(await call('PUT', `/residents/${r.id}/restore`, { unitId, leaseExpirationAt: '2031-01-31' }));
    const back = await ok<ListResponse<VisitorItem>>(
      await call('GET', `/visitors?filter[residentId]=${r.id}`),
    );
    expect(back.data.map((x) => x.id)).toEqual([v.id]);
  });
});
