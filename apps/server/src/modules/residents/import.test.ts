import {
  type NotificationsResponse,
  type ListResponse,
  type ResidentImportStatus,
  type ResidentItem,
  RESIDENTS_IMPORT_HEADERS,
} from '@parkade/contract';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
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
import { properties } from '../properties/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { runImport } from './import-job';
import { residentImports, residents } from './table';

/** The residents import: template, header check, the background job, dates, refusals and a retried job. */
let ctx: TestContext;
let code: string;
let propertyId: number;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  propertyId = p.id;
  token = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
  await ctx.database.withScope({ area: 'tenant', propertyId }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId, name: 'Tower A' }).returning();
    await tx
      .insert(units)
      .values(
        Array.from({ length: 60 }, (_, i) => ({ propertyId, buildingId: b!.id, name: String(101 + i) })),
      );
  });
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url: `/tenant/api${url}`, headers: headers({ tenant: code, token }) });

async function ok<T>(res: { statusCode: number; body: string; json: <X>() => X }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

const inProperty = <T>(fn: Parameters<typeof ctx.database.withScope<T>>[1]) =>
  ctx.database.withScope({ area: 'tenant', propertyId }, fn);

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Residents');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(file: Buffer, lang?: string, fields: Record<string, string> = {}) {
  const fd = new FormData();
  for (const [name, value] of Object.entries(fields)) fd.append(name, value);
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

/** The resident form's create, with no status chosen (its "By the property's rules"). */
const form = async (body: { fullName: string; email: string }) => {
  const [unit] = await inProperty((tx) => tx.select({ id: units.id }).from(units).limit(1));
  return ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/residents',
    headers: headers({ tenant: code, token }),
    payload: { ...body, unitIds: [unit!.id], password: 'resident-password' },
  });
};

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
  it('gives a template with the headers alone on its first sheet: left untouched, it imports nobody', async () => {
    const res = await call('GET', '/residents/template');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [sheet, example] = wb.worksheets;
    expect((sheet!.getRow(1).values as string[]).slice(1)).toEqual([...RESIDENTS_IMPORT_HEADERS]);
    expect(sheet!.actualRowCount).toBe(1);
    expect(example!.name).toBe('Example (not imported)');
    expect(example!.getRow(2).getCell(1).value).toBe('Dana Rivera');

    const untouched = await finished((await ok<{ id: number }>(await upload(res.rawPayload))).id);
    expect(untouched).toMatchObject({ state: 'failed', message: 'The file has no residents.', imported: 0 });
    const dana = await inProperty((tx) =>
      tx.select().from(tenantUsers).where(eq(tenantUsers.fullName, 'Dana Rivera')),
    );
    expect(dana).toHaveLength(0);
  });

  it('accepts a lease date typed into Excel (a date cell); a date it cannot read names the format', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Residents');
    ws.addRow([...RESIDENTS_IMPORT_HEADERS]);
    ws.addRow([
      'Date Cell',
      'datecell@import.test',
      '',
      'Tower A',
      '150',
      '',
      '',
      new Date(Date.UTC(2027, 5, 30)),
    ]);
    ws.getColumn(8).numFmt = 'm/d/yyyy';
    const done = await finished(
      (await ok<{ id: number }>(await upload(Buffer.from(await wb.xlsx.writeBuffer())))).id,
    );
    expect(done).toMatchObject({ state: 'done', imported: 1 });
    const one = await ok<ListResponse<ResidentItem>>(
      await call('GET', '/residents?filter[term]=datecell@import.test'),
    );
    expect(one.data[0]).toMatchObject({ leaseExpirationAt: '2027-06-30' });

    const text = await workbook([
      [...RESIDENTS_IMPORT_HEADERS],
      ['Text Date', 'textdate@import.test', '', 'Tower A', '151', '', '', '30/06/2027'],
    ]);
    const refused = await finished((await ok<{ id: number }>(await upload(text, 'es'))).id);
    expect(refused.rejected[0]!.errors).toEqual([
      {
        field: 'lease_expiration',
        message:
          'Fecha no válida: use una celda de fecha o una fecha escrita como año-mes-día, por ejemplo 2027-06-30',
      },
    ]);
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

    // Whoever started each is told how it ended (the bell, decision 0048).
    const bell = (await call('GET', '/notifications')).json<NotificationsResponse>();
    const told = bell.items.filter((i) => i.kind === 'importFinished');
    expect(told.map((i) => [i.recordId, i.params.outcome])).toEqual(
      expect.arrayContaining([
        [started.id, 'done'],
        [twice.id, 'rejected'],
      ]),
    );
    expect(told[0]!.href).toBe('/residents');
  });

  it('stores phones written nationally or with spaces in E.164; a phone it cannot read is refused', async () => {
    const file = await workbook([
      [...RESIDENTS_IMPORT_HEADERS],
      ['Phone National', 'national@import.test', '(512) 555-0142', 'Tower A', '101', '', '', ''],
      ['Phone Spaced', 'spaced@import.test', '+44 20 7946 0142', 'Tower A', '102', '', '', ''],
    ]);
    const status = await finished((await ok<{ id: number }>(await upload(file))).id);
    expect(status).toMatchObject({ state: 'done', imported: 2 });
    const phones = await inProperty((tx) =>
      tx
        .select({ email: tenantUsers.email, phone: tenantUsers.phone })
        .from(tenantUsers)
        .where(inArray(tenantUsers.email, ['national@import.test', 'spaced@import.test'])),
    );
    expect(Object.fromEntries(phones.map((p) => [p.email, p.phone]))).toEqual({
      'national@import.test': '+15125550142',
      'spaced@import.test': '+442079460142',
    });

    const again = await workbook([
      [...RESIDENTS_IMPORT_HEADERS],
      ['Same Phone', 'same@import.test', '512.555.0142', 'Tower A', '103', '', '', ''],
      ['No Phone', 'none@import.test', '555-0142', 'Tower A', '104', '', '', ''],
    ]);
    const refused = await finished((await ok<{ id: number }>(await upload(again))).id);
    expect(refused.state).toBe('rejected');
    expect(refused.rejected.map((r) => r.errors)).toEqual([
      [{ field: 'phone', message: 'This value is already in use' }],
      [{ field: 'phone', message: 'Invalid phone format' }],
    ]);
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

  it('gives imported residents the status the form gives, and emails each their link when asked', async () => {
    const statusOf = async (email: string) =>
      (await ok<ListResponse<ResidentItem>>(await call('GET', `/residents?filter[term]=${email}`))).data[0]
        ?.status;
    const mailsTo = (emails: string[]) =>
      inProperty((tx) =>
        tx
          .select({ to: mailOutbox.to, kind: mailOutbox.kind, subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(inArray(mailOutbox.to, emails)),
      );
    // The property requires the agreement (the default): pending until signed, by hand as by import.
    const byHand = await ok<ResidentItem>(await form({ fullName: 'By Hand', email: 'byhand@import.test' }));
    expect(byHand.status).toBe('pending-parking-policies');
    const linked = await finished(
      (
        await ok<{ id: number }>(
          await upload(await workbook([[...RESIDENTS_IMPORT_HEADERS], ...rowsOf('Linked', 2)]), undefined, {
            sendLinks: '1',
          }),
        )
      ).id,
    );
    expect(linked).toMatchObject({ state: 'done', imported: 2, sendLinks: true });
    expect(await statusOf('linked0@import.test')).toBe('pending-parking-policies');
    // Their own link (details, a password, the agreement), in their language: row 2 is Spanish.
    const sent = await mailsTo(['linked0@import.test', 'linked1@import.test']);
    expect(sent.map((m) => [m.to, m.kind]).sort()).toEqual([
      ['linked0@import.test', 'resident-agreement'],
      ['linked1@import.test', 'resident-agreement'],
    ]);
    expect(sent.find((m) => m.to === 'linked1@import.test')!.subject).toMatch(/^Su acuerdo/);

    // A property that does not require it: active, and no mail unless asked.
    const setAgreement = (agreementRequired: boolean) =>
      ctx.database.withScope({ area: 'central' }, (tx) =>
        tx
          .update(properties)
          .set({ settings: { general: { agreementRequired } } })
          .where(eq(properties.id, propertyId)),
      );
    await setAgreement(false);
    try {
      const quiet = await finished(
        (
          await ok<{ id: number }>(
            await upload(await workbook([[...RESIDENTS_IMPORT_HEADERS], ...rowsOf('Quiet', 1)])),
          )
        ).id,
      );
      expect(quiet).toMatchObject({ state: 'done', imported: 1, sendLinks: false });
      expect(await statusOf('quiet0@import.test')).toBe('active');
      expect(await mailsTo(['quiet0@import.test'])).toEqual([]);
      const active = await ok<ResidentItem>(
        await form({ fullName: 'Hand Two', email: 'handtwo@import.test' }),
      );
      expect(active.status).toBe('active');
    } finally {
      await setAgreement(true);
    }
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
