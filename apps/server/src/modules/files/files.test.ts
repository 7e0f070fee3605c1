import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { formBoolean, idParams } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../platform/errors';
import { defineRoute, type RouteDef, sendFile } from '../../platform/http';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  formPayload,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { binnacle } from '../binnacle/table';
import { contentDisposition, deleteFiles, ownedFile, storeFiles, toStoredFile } from './service';
import { files } from './table';

/** Test-only routes that use the service the way a module would. */
const testRoutes = [
  defineRoute({
    method: 'POST',
    url: '/test-files',
    areas: ['central', 'tenant'],
    access: 'authenticated',
    summary: 'test: store the uploaded files for an entity',
    multipart: 'files',
    schema: {
      body: z.object({ entity: z.string(), entityId: z.string().optional(), fail: formBoolean.optional() }),
    },
    async handler(ctx, { body }) {
      const rows = await storeFiles(ctx, ctx.files, { entity: body.entity, entityId: body.entityId ?? null });
      // A later failure in the same request must take the rows and their audit entries with it.
      if (body.fail) throw new HttpError(422, 'errors.validation');
      return rows.map(toStoredFile);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/test-files/:entity/:entityId/:id',
    areas: ['central', 'tenant'],
    access: 'authenticated',
    summary: 'test: serve one file as the named record’s, the way a module’s route does',
    schema: {
      params: z.object({ entity: z.string(), entityId: z.string(), id: idParams.shape.id }),
      querystring: z.object({ download: formBoolean.optional() }),
    },
    handler: async (ctx, { params, query }) =>
      sendFile(
        ctx.reply,
        await ownedFile(
          ctx,
          { entity: params.entity, entityId: params.entityId === 'none' ? null : params.entityId },
          params.id,
          query.download === true,
        ),
      ),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/test-files/:id',
    areas: ['central', 'tenant'],
    access: 'authenticated',
    summary: 'test: delete one file',
    schema: { params: idParams },
    async handler(ctx, { params }) {
      const rows = await deleteFiles(ctx, [params.id]);
      if (!rows.length) throw new HttpError(404, 'files.notFound');
      return { deleted: rows.length };
    },
  }),
] as RouteDef[];

let ctx: TestContext;
let A: { id: number; code: string };
let B: { id: number; code: string };
let managerA: { id: number; token: string };
let managerB: string;
let centralAdmin: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { extraRoutes: testRoutes });
  A = await createProperty(ctx.database);
  B = await createProperty(ctx.database);
  const m = await createTenantUser(ctx.database, A.id, 'manager');
  managerA = { id: m.id, token: await login(ctx, m, A.code) };
  managerB = await login(ctx, await createTenantUser(ctx.database, B.id, 'manager'), B.code);
  centralAdmin = await login(ctx, await createCentralUser(ctx.database, 'admin'));
});
afterAll(() => ctx?.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  crypto.randomBytes(300),
]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(500)]);
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const base = (tenant?: { code: string }) => (tenant ? '/tenant/api' : '/api/central');

async function upload(
  opts: { tenant?: { code: string }; token: string },
  fields: Record<string, string>,
  list: [Buffer, string][],
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [bytes, name] of list) fd.append('files[]', new Blob([bytes]), name);
  const { payload, contentType } = await formPayload(fd);
  return ctx.app.inject({
    method: 'POST',
    url: `${base(opts.tenant)}/test-files`,
    headers: { ...headers({ tenant: opts.tenant?.code, token: opts.token }), 'content-type': contentType },
    payload,
  });
}
const download = (
  id: number,
  opts: { tenant?: { code: string }; token: string; query?: string; lang?: string; owner?: string },
) =>
  ctx.app.inject({
    method: 'GET',
    url: `${base(opts.tenant)}/test-files/${opts.owner ?? 'vehicles/1'}/${id}${opts.query ?? ''}`,
    headers: headers({ tenant: opts.tenant?.code, token: opts.token, lang: opts.lang }),
  });
const readRows = () =>
  ctx.database.withScope({ area: 'central' }, (tx) => tx.select().from(files).orderBy(files.id));
const auditOf = (fileId: number) =>
  ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select()
      .from(binnacle)
      .where(and(eq(binnacle.entity, 'files'), eq(binnacle.entityId, String(fileId))))
      .orderBy(binnacle.id),
  );
async function bytesAt(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of ctx.services.storage.read(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('storeFiles', () => {
  it('writes the bytes through storage and one audited row per file, owned by the request’s property', async () => {
    const res = await upload({ tenant: A, token: managerA.token }, { entity: 'residents', entityId: '42' }, [
      [PNG, 'plate.png'],
      [PDF, 'Lease 2026.pdf'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const stored =
      res.json<
        { id: number; name: string; mimeType: string; size: number; entity: string; entityId: string }[]
      >();
    expect(stored.map((f) => [f.name, f.mimeType, f.size, f.entity, f.entityId])).toEqual([
      ['plate.png', 'image/png', PNG.length, 'residents', '42'],
      ['Lease 2026.pdf', 'application/pdf', PDF.length, 'residents', '42'],
    ]);
    const rows = (await readRows()).filter((r) => stored.some((s) => s.id === r.id));
    expect(rows).toHaveLength(2);
    for (const [row, bytes] of [
      [rows[0]!, PNG],
      [rows[1]!, PDF],
    ] as const) {
      expect(row).toMatchObject({
        propertyId: A.id,
        createdBy: managerA.id,
        sha256: sha(bytes),
        size: bytes.length,
      });
      // A server-made key, never the client's name.
      expect(row.storageKey).not.toContain(row.originalName);
      expect(await bytesAt(row.storageKey)).toEqual(bytes);
      const audit = await auditOf(row.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        propertyId: A.id,
        action: 'create',
        userId: managerA.id,
        area: 'tenant',
      });
      expect(audit[0]!.changes.originalName).toEqual({ old: null, new: row.originalName });
    }
  });

  it('stores central files with no property, out of every tenant’s sight', async () => {
    const res = await upload({ token: centralAdmin }, { entity: 'email-templates' }, [[PDF, 'global.pdf']]);
    expect(res.statusCode, res.body).toBe(200);
    const [file] = res.json<{ id: number }[]>();
    const row = (await readRows()).find((r) => r.id === file!.id)!;
    expect(row.propertyId).toBeNull();
    const owner = 'email-templates/none';
    const got = await download(row.id, { token: centralAdmin, owner });
    expect(got.statusCode, got.body).toBe(200);
    expect((await download(row.id, { tenant: A, token: managerA.token, owner })).statusCode).toBe(404);
  });

  it('keeps nothing of a request that fails after storing (rows, audit and bytes roll back)', async () => {
    const uploads = path.join(ctx.env.dataDir, 'uploads');
    const bytesOnDisk = () =>
      fs.existsSync(uploads)
        ? fs.readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length
        : 0;
    const filesBefore = bytesOnDisk();
    const before = await readRows();
    const res = await upload({ tenant: A, token: managerA.token }, { entity: 'residents', fail: '1' }, [
      [PNG, 'x.png'],
    ]);
    expect(res.statusCode).toBe(422);
    expect(await readRows()).toEqual(before);
    const audits = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(binnacle).where(eq(binnacle.entity, 'files')),
    );
    expect(audits.every((a) => before.some((r) => String(r.id) === a.entityId))).toBe(true);
    expect(bytesOnDisk()).toBe(filesBefore);
  });
});

describe('serving a stored file (ownedFile)', () => {
  let png: number;
  let pdf: number;
  beforeAll(async () => {
    const res = await upload({ tenant: A, token: managerA.token }, { entity: 'vehicles', entityId: '1' }, [
      [PNG, 'car.png'],
      [PDF, 'registration.pdf'],
    ]);
    [png, pdf] = res.json<{ id: number }[]>().map((f) => f.id) as [number, number];
  });

  it('streams the bytes with their type; images inline, other types and ?download=1 as attachments', async () => {
    const img = await download(png, { tenant: A, token: managerA.token });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-length']).toBe(String(PNG.length));
    expect(img.headers['content-disposition']).toBe(`inline; filename="car.png"; filename*=UTF-8''car.png`);
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload).toEqual(PNG);
    const doc = await download(pdf, { tenant: A, token: managerA.token });
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toMatch(/^attachment; /);
    expect(doc.rawPayload).toEqual(PDF);
    const forced = await download(png, { tenant: A, token: managerA.token, query: '?download=1' });
    expect(forced.headers['content-disposition']).toMatch(/^attachment; filename="car.png"/);
  });

  it("answers 404 for another tenant's file, and central staff reach every property's", async () => {
    const other = await download(png, { tenant: B, token: managerB, lang: 'es' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'No se encontró el archivo', errors: {}, statusCode: 404 });
    expect(other.headers['content-disposition']).toBeUndefined();
    expect((await download(png, { token: centralAdmin })).rawPayload).toEqual(PNG);
    expect((await download(2147483000, { tenant: A, token: managerA.token })).statusCode).toBe(404);
  });

  it('serves a file only as the record’s that owns it, never by its id alone', async () => {
    // The same file asked for as another vehicle's, or as another kind of record's: not found.
    expect((await download(png, { tenant: A, token: managerA.token, owner: 'vehicles/2' })).statusCode).toBe(
      404,
    );
    expect(
      (await download(png, { tenant: A, token: managerA.token, owner: 'properties/1' })).statusCode,
    ).toBe(404);
    // There is no route that serves a file by its id (issue 14, item 8).
    const byId = await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/files/${png}`,
      headers: headers({ tenant: A.code, token: managerA.token }),
    });
    expect(byId.statusCode).toBe(404);
  });

  it('answers 404, not a broken stream, when the bytes are gone', async () => {
    const res = await upload({ tenant: A, token: managerA.token }, { entity: 'vehicles', entityId: '1' }, [
      [PNG, 'lost.png'],
    ]);
    const [file] = res.json<{ id: number }[]>();
    const row = (await readRows()).find((r) => r.id === file!.id)!;
    await ctx.services.storage.remove(row.storageKey);
    expect((await download(row.id, { tenant: A, token: managerA.token })).statusCode).toBe(404);
  });

  it('names the file safely whatever the client called it', async () => {
    const name = 'Informe "final"; 100% año 中文.png';
    const res = await upload({ tenant: A, token: managerA.token }, { entity: 'vehicles', entityId: '1' }, [
      [PNG, name],
    ]);
    const [file] = res.json<{ id: number; name: string }[]>();
    const got = (await download(file!.id, { tenant: A, token: managerA.token })).headers[
      'content-disposition'
    ] as string;
    const m = /^inline; filename="([^"]*)"; filename\*=UTF-8''(\S+)$/.exec(got);
    expect(m, got).not.toBeNull();
    expect(m![1]).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeURIComponent(m![2]!)).toBe(file!.name);
  });
});

describe('contentDisposition', () => {
  it('cannot split the header, quote out of the name or carry a path', () => {
    const h = contentDisposition('a"b\r\nSet-Cookie: x=1;/..\\evil\u0000.pdf', 'attachment');
    expect(h).not.toMatch(/[\r\n]/);
    expect(h.includes('\u0000')).toBe(false);
    expect(h.startsWith('attachment; filename="')).toBe(true);
    const [, ascii, encoded] = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(\S+)$/.exec(h)!;
    expect(ascii).not.toMatch(/[/\\"]/);
    expect(decodeURIComponent(encoded!)).not.toMatch(/[\r\n/\\]/);
    expect(contentDisposition('', 'inline')).toBe(`inline; filename="file"; filename*=UTF-8''file`);
    expect(contentDisposition('año.png', 'inline')).toBe(
      `inline; filename="a_o.png"; filename*=UTF-8''a%C3%B1o.png`,
    );
  });
});

describe('deleteFiles', () => {
  it('deletes a visible file and its bytes after commit, audited; another tenant cannot', async () => {
    const res = await upload({ tenant: A, token: managerA.token }, { entity: 'vehicles' }, [
      [PNG, 'gone.png'],
    ]);
    const [file] = res.json<{ id: number }[]>();
    const row = (await readRows()).find((r) => r.id === file!.id)!;
    const del = (tenant: { code: string }, token: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/tenant/api/test-files/${row.id}`,
        headers: headers({ tenant: tenant.code, token }),
      });
    expect((await del(B, managerB)).statusCode).toBe(404);
    expect((await readRows()).some((r) => r.id === row.id)).toBe(true);
    expect(await ctx.services.storage.exists(row.storageKey)).toBe(true);
    expect((await del(A, managerA.token)).statusCode).toBe(200);
    expect((await readRows()).some((r) => r.id === row.id)).toBe(false);
    expect(await ctx.services.storage.exists(row.storageKey)).toBe(false);
    expect((await auditOf(row.id)).map((a) => a.action)).toEqual(['create', 'delete']);
  });
});
