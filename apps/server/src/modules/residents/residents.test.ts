import { pdfText } from '../../test/pdf-text';
import { type ListResponse, type ResidentItem } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
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
import { buildings } from '../buildings/table';
import { mailOutbox } from '../outbox/table';
import { properties } from '../properties/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';

/** Residents: CRUD, status, delete and restore, export, mails and PDFs, on a real database. */
let ctx: TestContext;
let code: string;
let propertyId: number;
let token: string;
const unitIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  propertyId = p.id;
  token = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
  await ctx.database.withScope({ area: 'tenant', propertyId }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId, name: 'Tower A' }).returning();
    const made = await tx
      .insert(units)
      .values(
        Array.from({ length: 60 }, (_, i) => ({ propertyId, buildingId: b!.id, name: String(101 + i) })),
      )
      .returning();
    unitIds.push(...made.map((u) => u.id));
  });
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, lang?: string) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: code, token, lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function ok<T>(res: { statusCode: number; body: string; json: <X>() => X }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

let n = 0;
const residentBody = (over: Record<string, unknown> = {}) => ({
  fullName: `Resident ${++n}`,
  email: `resident${n}@example.test`,
  unitIds: [unitIds[0]],
  password: 'resident-password',
  ...over,
});

describe('residents', () => {
  it('creates a resident with several units, lists, searches and edits them', async () => {
    const r = await ok<ResidentItem>(
      await call(
        'POST',
        '/residents',
        residentBody({ fullName: 'Ana Gómez', unitIds: [unitIds[1], unitIds[2]] }),
      ),
    );
    expect(r.unitIds).toEqual([unitIds[1], unitIds[2]]);
    expect(r.buildingName).toBe('Tower A');
    expect(r.units?.map((u) => u.name)).toEqual(['102', '103']);
    // No status chosen: the property's rule (it requires the agreement, as every property by default).
    expect(r.status).toBe('pending-parking-policies');

    const list = await ok<ListResponse<ResidentItem>>(
      await call('GET', '/residents?filter[term]=gómez 103&include=units,vehicles,permits'),
    );
    expect(list.data.map((x) => x.id)).toEqual([r.id]);
    expect(list.data[0]!.vehicles).toEqual([]);

    const edited = await ok<ResidentItem>(
      await call('PUT', `/residents/${r.id}`, {
        ...residentBody({ fullName: 'Ana Gómez', email: r.email, unitIds: [unitIds[3]] }),
        vehiclesAllowed: 4,
        leaseExpirationAt: '2030-05-31',
      }),
    );
    expect(edited.unitIds).toEqual([unitIds[3]]);
    expect(edited.vehiclesAllowed).toBe(4);
    expect(edited.leaseExpirationAt).toBe('2030-05-31');
  });

  it("stores a phone typed nationally in E.164, read in the property's country, and refuses what is none", async () => {
    const us = await ok<ResidentItem>(
      await call('POST', '/residents', residentBody({ phone: '(512) 555-0123' })),
    );
    expect(us.phone).toBe('+15125550123');
    // The same number written another way is the same phone: already in use.
    const again = await call('POST', '/residents', residentBody({ phone: '512-555-0123' }));
    expect(again.statusCode).toBe(422);
    expect(again.json<{ errors: Record<string, string[]> }>().errors.phone).toEqual([
      'This value is already in use',
    ]);
    const junk = await call('POST', '/residents', residentBody({ phone: '555-0123' }));
    expect(junk.json<{ errors: Record<string, string[]> }>().errors.phone).toEqual(['Invalid phone format']);

    const setCountry = (country: string) =>
      ctx.database.withScope({ area: 'central' }, (tx) =>
        tx.update(properties).set({ country }).where(eq(properties.id, propertyId)),
      );
    await setCountry('GB');
    try {
      const gb = await ok<ResidentItem>(
        await call('POST', '/residents', residentBody({ phone: '020 7946 0123' })),
      );
      expect(gb.phone).toBe('+442079460123');
    } finally {
      await setCountry('US');
    }
  });

  it('searches by any part of a word, every word at once, and follows a rename (the word index)', async () => {
    const chioma = await ok<ResidentItem>(
      await call(
        'POST',
        '/residents',
        residentBody({ fullName: 'Chioma Okafor-Lindqvist', phone: '+15125550199' }),
      ),
    );
    const ids = async (term: string) =>
      (
        await ok<ListResponse<ResidentItem>>(
          await call('GET', `/residents?filter[term]=${encodeURIComponent(term)}`),
        )
      ).data.map((x) => x.id);
    for (const term of ['kafor', 'OKAFOR-lind', 'lindqvist chioma', '5550199', 'chioma.', 'ndqv okaf'])
      expect(await ids(term), term).toEqual([chioma.id]);
    expect(await ids('okafor gómez')).toEqual([]);
    expect(await ids('---')).toEqual([]);
    await ok(
      await call('PUT', `/residents/${chioma.id}`, {
        ...residentBody({ fullName: 'Chioma Eze', email: chioma.email, unitIds: chioma.unitIds }),
      }),
    );
    expect(await ids('okafor')).toEqual([]);
    expect(await ids('eze chio')).toEqual([chioma.id]);
  });

  it('refuses a taken email, a unit of another property and bad input, in the language asked', async () => {
    const first = await ok<ResidentItem>(await call('POST', '/residents', residentBody()));
    const taken = await call('POST', '/residents', residentBody({ email: first.email!.toUpperCase() }), 'es');
    expect(taken.statusCode).toBe(422);
    expect(taken.json<{ errors: Record<string, string[]> }>().errors.email).toBeDefined();

    const other = await createProperty(ctx.database);
    const foreignUnit = await ctx.database.withScope({ area: 'tenant', propertyId: other.id }, async (tx) => {
      const [b] = await tx.insert(buildings).values({ propertyId: other.id, name: 'X' }).returning();
      const [u] = await tx
        .insert(units)
        .values({ propertyId: other.id, buildingId: b!.id, name: '1' })
        .returning();
      return u!.id;
    });
    const foreign = await call('POST', '/residents', residentBody({ unitIds: [foreignUnit] }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<{ errors: Record<string, string[]> }>().errors.unitIds).toEqual([
      'Choose units of this property.',
    ]);

    const bad = await call('POST', '/residents', { fullName: '', email: 'nope', unitIds: [] }, 'es');
    expect(bad.statusCode).toBe(422);
    const errors = bad.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).sort()).toEqual(['email', 'fullName', 'unitIds']);
  });

  it('a resident without a password is emailed a link to choose one', async () => {
    const r = await ok<ResidentItem>(
      await call('POST', '/residents', residentBody({ password: undefined, status: 'active' })),
    );
    const mails = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, r.email!)),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/auth/reset-password?email=');
    const again = await ok<{ message: string }>(await call('PUT', `/residents/${r.id}/resendPassword`));
    expect(again.message).toContain(r.email);
    const agreement = await ok<{ message: string }>(await call('PUT', `/residents/${r.id}/resendAgreement`));
    expect(agreement.message).toContain(r.email);
    const all = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, r.email!)),
    );
    expect(all.map((m) => m.kind).sort()).toEqual([
      'resident-agreement',
      'resident-password',
      'resident-password',
    ]);
  });

  it('a suspended resident cannot sign in; active again, they can', async () => {
    const body = residentBody();
    const r = await ok<ResidentItem>(await call('POST', '/residents', body));
    const signIn = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/tenant/api/auth/login',
        headers: headers({ tenant: code }),
        payload: { email: body.email, password: body.password },
      });
    expect((await signIn()).statusCode).toBe(200);
    const s = await ok<ResidentItem>(await call('PUT', `/residents/${r.id}/status`, { status: 'suspended' }));
    expect(s.status).toBe('suspended');
    expect((await signIn()).statusCode).toBe(401);
    await ok(await call('PUT', `/residents/${r.id}/status`, { status: 'active' }));
    expect((await signIn()).statusCode).toBe(200);
    const wrong = await call('PUT', `/residents/${r.id}/status`, { status: 'gone' });
    expect(wrong.statusCode).toBe(422);
  });

  it('a deleted resident cannot sign in; restore brings back their vehicles, permits and sign-in', async () => {
    const body = residentBody();
    const r = await ok<ResidentItem>(await call('POST', '/residents', body));
    const residentToken = await ctx.app
      .inject({
        method: 'POST',
        url: '/tenant/api/auth/login',
        headers: headers({ tenant: code }),
        payload: { email: body.email, password: body.password },
      })
      .then((res) => res.json<{ token: string }>().token);
    const v1 = await ok<{ id: number }>(
      await call('POST', '/vehicles', { residentId: r.id, plate: 'del-001' }),
    );
    await ok(await call('POST', '/vehicles', { residentId: r.id, plate: 'DEL 002' }));
    await ok(
      await call('POST', '/permits', {
        residentId: r.id,
        vehicleId: v1.id,
        permitTypeId: 1,
        code: `DEL-${r.id}`,
      }),
    );

    const del = await ok<{ message: string }>(await call('DELETE', `/residents/${r.id}`));
    expect(del.message).toMatch(/resident/i);
    expect((await call('GET', `/residents/${r.id}`)).statusCode).toBe(404);
    const bootstrap = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/auth/bootstrap',
      headers: headers({ tenant: code, token: residentToken }),
    });
    expect(bootstrap.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/tenant/api/auth/login',
      headers: headers({ tenant: code }),
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(401);
    const gone = await ok<ListResponse<{ id: number }>>(
      await call('GET', `/vehicles?filter[residentId]=${r.id}`),
    );
    expect(gone.data).toHaveLength(0);
    const deleted = await ok<ListResponse<ResidentItem>>(await call('GET', '/residents/deleted'));
    expect(deleted.data.map((x) => x.id)).toContain(r.id);

    // Meanwhile someone else registers DEL002: that vehicle stays deleted on restore.
    const other = await ok<ResidentItem>(await call('POST', '/residents', residentBody()));
    await ok(await call('POST', '/vehicles', { residentId: other.id, plate: 'DEL-002' }));

    const restored = await ok<{ message: string }>(
      await call('PUT', `/residents/${r.id}/restore`, {
        unitId: unitIds[9],
        leaseExpirationAt: '2031-01-31',
      }),
    );
    expect(restored.message).toContain('1');
    const back = await ok<ResidentItem>(await call('GET', `/residents/${r.id}`));
    expect(back.unitIds).toEqual([unitIds[9]]);
    expect(back.leaseExpirationAt).toBe('2031-01-31');
    const cars = await ok<ListResponse<{ plate: string }>>(
      await call('GET', `/vehicles?filter[residentId]=${r.id}`),
    );
    expect(cars.data.map((v) => v.plate)).toEqual(['DEL-001']);
    const ps = await ok<ListResponse<{ code: string }>>(
      await call('GET', `/permits?filter[residentId]=${r.id}`),
    );
    expect(ps.data.map((p) => p.code)).toEqual([`DEL-${r.id}`]);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/tenant/api/auth/login',
      headers: headers({ tenant: code }),
      payload: { email: body.email, password: body.password },
    });
    expect(again.statusCode).toBe(200);
    expect(
      (
        await call('PUT', `/residents/${r.id}/restore`, {
          unitId: unitIds[9],
          leaseExpirationAt: '2031-01-31',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('emails password links to the chosen residents at once, in their language; one without an email is counted', async () => {
    const a = await ok<ResidentItem>(await call('POST', '/residents', residentBody({ language: 'es' })));
    const b = await ok<ResidentItem>(await call('POST', '/residents', residentBody()));
    const c = await ok<ResidentItem>(await call('POST', '/residents', residentBody()));
    await ctx.database.withScope({ area: 'tenant', propertyId }, (tx) =>
      tx
        .update(tenantUsers)
        .set({ email: null })
        .where(and(eq(tenantUsers.propertyId, propertyId), eq(tenantUsers.id, c.id))),
    );
    const res = await ok<{ queued: number; message: string }>(
      await call('POST', '/residents/sendBulkPasswordLinks', { ids: [a.id, b.id, c.id, a.id] }),
    );
    expect(res.queued).toBe(2);
    expect(res.message).toContain('2 residents');
    expect(res.message).toContain('1 of the selected residents have no email');
    const mails = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.kind, 'resident-password')),
    );
    const toA = mails.filter((m) => m.to === a.email);
    expect(toA).toHaveLength(1);
    expect(toA[0]!.subject).toMatch(/contraseña/i);
    expect(mails.filter((m) => m.to === b.email)).toHaveLength(1);
    // Someone else's resident, or a deleted one, is refused and nothing is sent.
    const before = mails.length;
    expect((await call('POST', '/residents/sendBulkPasswordLinks', { ids: [b.id, 999999] })).statusCode).toBe(
      422,
    );
    const after = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.kind, 'resident-password')),
    );
    expect(after).toHaveLength(before);
  });

  it('queues the parking policies mail for the chosen residents (not sent inline)', async () => {
    const a = await ok<ResidentItem>(await call('POST', '/residents', residentBody()));
    const b = await ok<ResidentItem>(await call('POST', '/residents', residentBody()));
    const res = await ok<{ queued: number }>(
      await call('POST', '/residents/sendBulkParkingPolice', { ids: [a.id, b.id] }),
    );
    expect(res.queued).toBe(2);
    let mails: unknown[] = [];
    for (let i = 0; i < 60 && mails.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 250));
      mails = await ctx.database.withScope({ area: 'central' }, (tx) =>
        tx.select().from(mailOutbox).where(eq(mailOutbox.kind, 'parking-policies')),
      );
    }
    expect(mails).toHaveLength(2);
    expect((await call('POST', '/residents/sendBulkParkingPolice', { ids: [999999] })).statusCode).toBe(422);
  });

  it('downloads the agreement and the policies as PDF, in Chinese for a Chinese reader on any machine', async () => {
    const r = await ok<ResidentItem>(await call('POST', '/residents', residentBody({ language: 'zh' })));
    const titles = { agreement: '停车证协议', parkingPolicies: '停车规定' };
    for (const [doc, title] of Object.entries(titles)) {
      const res = await call('GET', `/residents/${r.id}/download/${doc}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The font ships with the product: the words are Chinese, not an English fallback nor empty boxes.
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(title);
      if (doc === 'agreement') expect(text).toContain(r.fullName);
    }
  });

  it('exports the filtered list as .xlsx with formula-like text neutralised', async () => {
    const evil = await ok<ResidentItem>(
      await call(
        'POST',
        '/residents',
        residentBody({ fullName: '=HYPERLINK("http://x","y")', code: '+CMD' }),
      ),
    );
    const res = await call('GET', '/residents/export?filter[term]=hyperlink');
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    const row = ws.getRow(2).values as unknown[];
    expect(row[1]).toBe(`'${evil.fullName}`);
    expect(row[6]).toBe("'+CMD");
    expect(row[2]).toBe(evil.email);
  });
});
