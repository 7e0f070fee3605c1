import {
  type ListResponse,
  type ResidentImportStatus,
  type ResidentItem,
  RESIDENTS_IMPORT_HEADERS,
} from '@parkade/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
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
import { buildings } from '../buildings/table';
import { mailOutbox } from '../outbox/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { runImport } from './import';
import { residentImports, residents } from './table';

/** Residents: CRUD, status, delete and restore, import job, export, mails and PDFs, on a real database. */
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

const inProperty = <T>(fn: Parameters<typeof ctx.database.withScope<T>>[1]) =>
  ctx.database.withScope({ area: 'tenant', propertyId }, fn);

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
    expect(r.status).toBe('active');

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
    const r = await ok<ResidentItem>(await call('POST', '/residents', residentBody({ password: undefined })));
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
    expect(cars.data.map((v) => v.plate)).toEqual(['del-001']);
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

  it('downloads the agreement and the policies as PDF', async () => {
    const r = await ok<ResidentItem>(await call('POST', '/residents', residentBody({ language: 'zh' })));
    for (const doc of ['agreement', 'parkingPolicies']) {
      const res = await call('GET', `/residents/${r.id}/download/${doc}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
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

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Residents');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(file: Buffer, lang?: string) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(file)]), 'residents.xlsx');
  const { payload, contentType } = await formPayload(fd);
  return ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/residents/import',
    headers: { ...headers({ tenant: code, token, lang }), 'content-type': contentType },
    payload,
  });
}

async function finished(id: number): Promise<ResidentImportStatus> {
  for (let i = 0; i < 200; i++) {
    const s = await ok<ResidentImportStatus>(await call('GET', `/residents/import-status/${id}`));
    if (['done', 'rejected', 'failed'].includes(s.state)) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the import did not finish');
}

const importedCount = (importId: number) =>
  inProperty(
    async (tx) =>
      (await tx.select({ n: count() }).from(residents).where(eq(residents.importId, importId)))[0]!.n,
  );

const rowsOf = (prefix: string, howMany: number) =>
  Array.from({ length: howMany }, (_, i) => [
    `${prefix} Person ${i}`,
    `${prefix.toLowerCase()}${i}@import.test`,
    '',
    'tower a',
    String(101 + (i % 60)),
    '',
    i % 2 ? 'es' : '',
    '2030-12-31',
  ]);

describe('residents import', () => {
  it('gives the template with the expected headers', async () => {
    const res = await call('GET', '/residents/template');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual([...RESIDENTS_IMPORT_HEADERS]);
  });

  it('refuses wrong headers at once, in the language asked', async () => {
    const res = await upload(
      await workbook([
        ['name', 'mail'],
        ['A', 'a@b.test'],
      ]),
      'es',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(
      'Los encabezados no coinciden con el formato esperado',
    );
    const en = await upload(await workbook([['nombre']]));
    expect(en.json<{ message: string }>().message).toBe('Headers do not match expected format');
  });

  it('imports a good file in the background, reporting progress; the same file twice adds nobody', async () => {
    const file = await workbook([[...RESIDENTS_IMPORT_HEADERS], ...rowsOf('Good', 120)]);
    const started = await ok<{ id: number; state: string }>(await upload(file));
    expect(started.state).toBe('queued');
    const done = await finished(started.id);
    expect(done).toMatchObject({ state: 'done', rowsTotal: 120, rowsDone: 120, imported: 120, rejected: [] });
    const list = await ok<ListResponse<ResidentItem>>(
      await call('GET', '/residents?filter[term]=good person 7'),
    );
    expect(list.data.length).toBeGreaterThan(0);
    const one = await ok<ListResponse<ResidentItem>>(
      await call('GET', '/residents?filter[term]=good1@import.test'),
    );
    expect(one.data[0]).toMatchObject({
      language: 'es',
      leaseExpirationAt: '2030-12-31',
      buildingName: 'Tower A',
    });

    const twice = await ok<{ id: number }>(await upload(file));
    const second = await finished(twice.id);
    expect(second.state).toBe('rejected');
    expect(second.rejected).toHaveLength(120);
    expect(second.rejected[0]!.errors[0]!.message).toBe('good0@import.test is already registered.');
    expect(await importedCount(twice.id)).toBe(0);
  });

  it('lists every bad row with its reasons and writes nothing', async () => {
    const file = await workbook([
      [...RESIDENTS_IMPORT_HEADERS],
      ['Fine Person', 'fine@import.test', '', 'Tower A', '101', '', '', ''],
      ['', 'not-an-email', '123', 'Tower A', '999', '', 'fr', '31/12/2030'],
      ['Twin', 'fine@import.test', '', 'Tower B', '101', '', '', ''],
    ]);
    const status = await finished((await ok<{ id: number }>(await upload(file, 'es'))).id);
    expect(status.state).toBe('rejected');
    expect(status.rejected.map((r) => r.row)).toEqual([3, 4]);
    const fields = status.rejected[0]!.errors.map((e) => e.field);
    expect(fields).toEqual(['name', 'email', 'phone', 'unit', 'language', 'lease_expiration']);
    expect(status.rejected[0]!.errors[0]!.message).toBe('Este campo es obligatorio');
    expect(status.rejected[1]!.errors.map((e) => e.field)).toEqual(['email', 'unit']);
    const fine = await inProperty((tx) =>
      tx.select().from(tenantUsers).where(eq(tenantUsers.email, 'fine@import.test')),
    );
    expect(fine).toHaveLength(0);
  });

  it('a worker killed midway and the job retried: every resident once', async () => {
    const rows = rowsOf('Crash', 1200);
    const importId = await inProperty(async (tx) => {
      const storageKey = await ctx.services.storage.put(
        'xlsx',
        await workbook([[...RESIDENTS_IMPORT_HEADERS], ...rows]),
      );
      const [row] = await tx
        .insert(residentImports)
        .values({ propertyId, fileName: 'crash.xlsx', storageKey })
        .returning();
      return row!.id;
    });
    const seen: number[] = [];
    await expect(
      runImport(ctx.services, propertyId, importId, {
        afterChunk(done) {
          seen.push(done);
          if (done === 500) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    const midway = await inProperty(
      async (tx) => (await tx.select().from(residentImports).where(eq(residentImports.id, importId)))[0]!,
    );
    expect(midway).toMatchObject({ state: 'importing', rowsDone: 500, imported: 500 });
    expect(await importedCount(importId)).toBe(500);

    await runImport(ctx.services, propertyId, importId, { afterChunk: (d) => void seen.push(d) });
    expect(seen).toEqual([500, 1000, 1200]);
    expect(await importedCount(importId)).toBe(1200);
    const users = await inProperty(
      async (tx) =>
        (
          await tx
            .select({ n: count() })
            .from(tenantUsers)
            .innerJoin(
              residents,
              and(eq(residents.propertyId, tenantUsers.propertyId), eq(residents.id, tenantUsers.id)),
            )
            .where(and(eq(residents.importId, importId), isNull(residents.deletedAt)))
        )[0]!.n,
    );
    expect(users).toBe(1200);
    const status = await ok<ResidentImportStatus>(await call('GET', `/residents/import-status/${importId}`));
    expect(status).toMatchObject({ state: 'done', rowsDone: 1200, imported: 1200 });
    // A third run (a late duplicate delivery of the job) does nothing.
    await runImport(ctx.services, propertyId, importId);
    expect(await importedCount(importId)).toBe(1200);
  });
});
