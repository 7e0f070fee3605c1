/**
 * A full disk under the uploads (decision 0053): DATA_DIR/uploads is a tmpfs of 1 MB, and real upload routes are
 * sent more than it can hold. The answer is 507 in the error shape, in the reader's language; no row points at a file
 * that is not there, and no partial file is left in the directory. Mounting needs root (Linux): elsewhere the file is
 * skipped, saying so.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESIDENTS_IMPORT_HEADERS, type Language } from '@parkade/contract';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../modules/files/table';
import { residentImports } from '../modules/residents/table';
import { vehicles } from '../modules/vehicles/table';
import { vehicleFixture } from '../test/factories/residents';
import {
  createProperty,
  createTenantUser,
  formPayload,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../test/harness';
import { t } from './i18n';
import { inScope } from './scope';

/** Why a size-limited file system cannot be mounted here, or null when it can (a probe mount of 64 KB). */
function cannotMount(): string | null {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not root';
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-probe-'));
  try {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], {
      encoding: 'utf8',
    });
    if (mounted.status !== 0)
      return `mount refused: ${(mounted.stderr || mounted.error?.message || '').trim()}`;
    spawnSync('umount', [probe]);
    return null;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}
const cannot = cannotMount();

let ctx: TestContext;
let uploads: string;
let code: string;
let propertyId: number;
let token: string;

/** The files under the uploads directory (directories left by earlier months are not files). */
const filesOnDisk = () =>
  fs
    .readdirSync(uploads, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

const inProperty = <T>(fn: Parameters<typeof ctx.database.withScope<T>>[1]) =>
  ctx.database.withScope({ area: 'tenant', propertyId }, fn);

const fileRows = () => inProperty(async (tx) => (await tx.select({ n: count() }).from(files))[0]!.n);

/** A PNG or PDF of `bytes` bytes (its magic bytes, then padding). */
function fileOf(ext: 'png' | 'pdf', bytes: number): Blob {
  const magic =
    ext === 'png' ? Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) : Buffer.from('%PDF-1.4\n');
  return new Blob([new Uint8Array(Buffer.concat([magic, Buffer.alloc(bytes - magic.length, 7)]))]);
}

async function post(url: string, fd: FormData, lang: Language) {
  const { payload, contentType } = await formPayload(fd);
  return ctx.app.inject({
    method: 'POST',
    url: `/tenant/api${url}`,
    headers: { ...headers({ tenant: code, token, lang }), 'content-type': contentType },
    payload,
  });
}

async function newVehicle(): Promise<number> {
  return Number(
    (
      await inScope(ctx.services, { area: 'tenant', propertyId }, (scope) =>
        vehicleFixture.create(scope, { userId: 0 }),
      )
    ).id,
  );
}

const vehicleDocuments = (id: number) =>
  inProperty(
    async (tx) =>
      (
        await tx
          .select({ plates: vehicles.platesPhotoFileId, insurance: vehicles.insuranceFileId })
          .from(vehicles)
          .where(and(eq(vehicles.propertyId, propertyId), eq(vehicles.id, id)))
      )[0]!,
  );

/** What a refused upload must have left: a 507 in the error shape and language, no row, no file. */
function expectNoSpace(res: { statusCode: number; json: <T>() => T; body: string }, lang: Language) {
  expect(res.statusCode, res.body).toBe(507);
  expect(res.json()).toEqual({ message: t(lang, 'upload.noSpace'), errors: {}, statusCode: 507 });
}

describe.skipIf(cannot)(
  `uploads on a full disk${cannot ? ` — skipped: a size-limited tmpfs cannot be mounted here (${cannot})` : ''}`,
  () => {
    beforeAll(async () => {
      ctx = await createTestContext();
      uploads = path.join(ctx.env.dataDir, 'uploads');
      fs.mkdirSync(uploads, { recursive: true });
      const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', uploads], {
        encoding: 'utf8',
      });
      if (mounted.status !== 0) throw new Error(`mount: ${mounted.stderr}`);
      const p = await createProperty(ctx.database);
      code = p.code;
      propertyId = p.id;
      token = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
    });
    afterAll(async () => {
      if (uploads) spawnSync('umount', [uploads]);
      await ctx?.close();
    });

    it('a file larger than the space left: 507 in each language, no row, no partial file', async () => {
      const id = await newVehicle();
      for (const lang of ['en', 'es', 'zh'] as const) {
        const fd = new FormData();
        fd.append('insurance', fileOf('pdf', 1536 * 1024), 'insurance.pdf');
        expectNoSpace(await post(`/vehicles/${id}/documents`, fd, lang), lang);
      }
      expect(filesOnDisk()).toEqual([]);
      expect(await fileRows()).toBe(0);
      expect(await vehicleDocuments(id)).toEqual({ plates: null, insurance: null });
    });

    it('two files, the second past the space left: the first one written is removed too', async () => {
      const id = await newVehicle();
      const fd = new FormData();
      fd.append('platesPhoto', fileOf('png', 600 * 1024), 'plates.png');
      fd.append('insurance', fileOf('pdf', 600 * 1024), 'insurance.pdf');
      expectNoSpace(await post(`/vehicles/${id}/documents`, fd, 'es'), 'es');
      expect(filesOnDisk()).toEqual([]);
      expect(await fileRows()).toBe(0);
      expect(await vehicleDocuments(id)).toEqual({ plates: null, insurance: null });
    });

    it('a residents import on a disk with no room left: 507, no import queued', async () => {
      const filler = path.join(uploads, 'filler');
      // Written until the disk refuses: the write fails with the disk full, and what it wrote stays.
      expect(() => fs.writeFileSync(filler, Buffer.alloc(2 * 1024 * 1024))).toThrow(/ENOSPC/);
      try {
        const wb = new ExcelJS.Workbook();
        wb.addWorksheet('Residents').addRow([...RESIDENTS_IMPORT_HEADERS]);
        const fd = new FormData();
        fd.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'residents.xlsx');
        expectNoSpace(await post('/residents/import', fd, 'zh'), 'zh');
        expect(filesOnDisk()).toEqual([filler]);
        const imports = await inProperty(
          async (tx) => (await tx.select({ n: count() }).from(residentImports))[0]!.n,
        );
        expect(imports).toBe(0);
      } finally {
        fs.rmSync(filler);
      }
    });

    it('with room again the same upload is stored: the disk, not the route, refused it', async () => {
      const id = await newVehicle();
      const fd = new FormData();
      fd.append('platesPhoto', fileOf('png', 600 * 1024), 'plates.png');
      const res = await post(`/vehicles/${id}/documents`, fd, 'en');
      expect(res.statusCode, res.body).toBe(200);
      expect(filesOnDisk()).toHaveLength(1);
      expect(await fileRows()).toBe(1);
      expect((await vehicleDocuments(id)).plates).not.toBeNull();
    });
  },
);
