/**
 * The upload policy of SPEC §5 and §9 end to end: real multipart bodies (serialized by the platform's own
 * FormData, as a browser would send them) against test-only routes mounted like any module's.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import {
  formBoolean,
  idParams,
  MB,
  SPREADSHEET_MAX_UNCOMPRESSED_BYTES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_TOTAL_BYTES,
} from '@parkade/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, formPayload, headers, type TestContext } from '../test/harness';
import { defineRoute, type RouteDef } from './http';
import { formatBytes, t } from './i18n';
import { requireFile } from './uploads';

/** How many requests reached a handler: a refused upload never does. */
let reached = 0;
const describeFiles = (
  files: {
    field: string;
    filename: string;
    extension: string;
    mimeType: string;
    size: number;
    sha256: string;
  }[],
) =>
  files.map(({ field, filename, extension, mimeType, size, sha256 }) => ({
    field,
    filename,
    extension,
    mimeType,
    size,
    sha256,
  }));

const testRoutes = [
  defineRoute({
    method: 'POST',
    url: '/test-uploads/files',
    areas: ['central'],
    access: 'public',
    summary: 'test: documents and photos',
    multipart: 'files',
    async handler(ctx, { body }) {
      reached += 1;
      return { fields: body, files: describeFiles(ctx.files) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/test-uploads/document',
    areas: ['central'],
    access: 'public',
    summary: 'test: one required document',
    multipart: 'files',
    async handler(ctx) {
      reached += 1;
      return { file: requireFile(ctx.files, 'document').filename };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/test-uploads/spreadsheet',
    areas: ['central'],
    access: 'public',
    summary: 'test: one spreadsheet',
    multipart: 'spreadsheet',
    async handler(ctx) {
      reached += 1;
      return { files: describeFiles(ctx.files) };
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/test-uploads/items/:id',
    areas: ['central'],
    access: 'public',
    summary: 'test: an update that may carry files',
    multipart: 'files',
    schema: {
      params: idParams,
      // Strict: the `_method` override must not reach the body.
      body: z.strictObject({ name: z.string(), active: formBoolean, archived: formBoolean.optional() }),
    },
    async handler(ctx, { params, body }) {
      reached += 1;
      return { id: params.id, body, files: ctx.files.length };
    },
  }),
] as RouteDef[];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { extraRoutes: testRoutes });
});
afterAll(() => ctx?.close());
beforeEach(() => {
  reached = 0;
});

// ---- file contents -------------------------------------------------------------------------------------

const MAGIC: Record<string, Buffer> = {
  pdf: Buffer.from('%PDF-1.7\n'),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe1]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
};
/** A file of the type the extension names (right magic bytes), of exactly `size` bytes. */
function real(ext: string, size = 1024): Buffer {
  const b = Buffer.alloc(size, 0x20);
  MAGIC[ext]!.copy(b);
  return b;
}

type Part = [field: string, value: string] | [field: string, bytes: Buffer, filename: string];
async function send(url: string, parts: Part[], opts: { lang?: string; method?: 'POST' | 'PUT' } = {}) {
  const fd = new FormData();
  for (const p of parts) {
    if (p.length === 2) fd.append(p[0], p[1]);
    else fd.append(p[0], new Blob([p[1]]), p[2]);
  }
  const { payload, contentType } = await formPayload(fd);
  return ctx.app.inject({
    method: opts.method ?? 'POST',
    url: `/api/central${url}`,
    headers: { ...headers({ lang: opts.lang }), 'content-type': contentType },
    payload,
  });
}
const fileErrors = (res: { json: () => unknown }) =>
  (res.json() as { errors: Record<string, string[]> }).errors;

// ---- documents and photos ------------------------------------------------------------------------------

describe('documents and photos', () => {
  it('accepts pdf, jpg, jpeg, png and webp whose content matches, and reports them', async () => {
    const exts = ['pdf', 'jpg', 'jpeg', 'png', 'webp'];
    const bodies = exts.map((e) => real(e, 2000 + exts.indexOf(e)));
    const res = await send('/test-uploads/files', [
      ['note', 'hello'],
      ...exts.map((e, i): Part => ['files[]', bodies[i]!, `photo-${i}.${e.toUpperCase()}`]),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<{
      fields: Record<string, unknown>;
      files: { extension: string; mimeType: string; size: number; sha256: string; field: string }[];
    }>();
    expect(out.fields).toEqual({ note: 'hello' });
    expect(out.files.map((f) => [f.field, f.extension, f.mimeType, f.size])).toEqual([
      ['files', 'pdf', 'application/pdf', 2000],
      ['files', 'jpg', 'image/jpeg', 2001],
      ['files', 'jpeg', 'image/jpeg', 2002],
      ['files', 'png', 'image/png', 2003],
      ['files', 'webp', 'image/webp', 2004],
    ]);
    expect(out.files.map((f) => f.sha256)).toEqual(
      bodies.map((b) => crypto.createHash('sha256').update(b).digest('hex')),
    );
  });

  it('accepts a file of exactly 5 MB and refuses one byte more, with the SPEC message in es, en and zh', async () => {
    expect(UPLOAD_MAX_FILE_BYTES).toBe(5 * MB);
    const ok = await send('/test-uploads/files', [
      ['files[]', real('pdf', UPLOAD_MAX_FILE_BYTES), 'max.pdf'],
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const expected = {
      es: 'El archivo es demasiado grande, el tamaño máximo permitido es de 5 MB',
      en: 'The file is too large, the maximum allowed size is 5 MB',
      zh: '文件过大，允许的最大大小为 5 MB',
    };
    for (const [lang, message] of Object.entries(expected)) {
      // One byte over, and well over (the stream is cut at the limit; the rest is drained, never held).
      for (const size of [UPLOAD_MAX_FILE_BYTES + 1, 12 * MB]) {
        const res = await send(
          '/test-uploads/files',
          [
            ['files[]', real('pdf', size), 'big.pdf'],
            ['files[]', real('png'), 'small.png'],
          ],
          { lang },
        );
        expect(res.statusCode, `${size} bytes`).toBe(422);
        expect(fileErrors(res)).toEqual({ files: [message] });
      }
    }
    expect(reached).toBe(1);
  });

  it('takes at most 5 files', async () => {
    const five = Array.from({ length: UPLOAD_MAX_FILES }, (_, i): Part => [
      'files[]',
      real('png'),
      `p${i}.png`,
    ]);
    expect((await send('/test-uploads/files', five)).statusCode).toBe(200);
    const six = [...five, ['files[]', real('png'), 'p5.png'] as Part];
    const res = await send('/test-uploads/files', six, { lang: 'es' });
    expect(res.statusCode).toBe(422);
    expect(fileErrors(res)).toEqual({ files: ['No puede subir más de 5 archivos'] });
    expect((await send('/test-uploads/files', six, { lang: 'en' })).json()).toMatchObject({
      errors: { files: ['You cannot upload more than 5 files'] },
    });
    expect(reached).toBe(1);
  });

  it('caps the total at 10 × 5 MB, which five files at the per-file maximum stay under', async () => {
    // Five files of at most 5 MB weigh at most 25 MB: the total cap (50 MB) never binds before the other two.
    expect(UPLOAD_MAX_TOTAL_BYTES).toBe(10 * UPLOAD_MAX_FILE_BYTES);
    const full = Array.from({ length: 5 }, (_, i): Part => [
      'files[]',
      real('jpg', UPLOAD_MAX_FILE_BYTES),
      `f${i}.jpg`,
    ]);
    const res = await send('/test-uploads/files', full);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json<{ files: unknown[] }>().files).toHaveLength(5);
    expect(t('es', 'upload.totalTooLarge', { max: formatBytes(UPLOAD_MAX_TOTAL_BYTES) })).toBe(
      'El tamaño total de todos los archivos no puede exceder 50 MB',
    );
  });

  it('refuses other extensions with the list of allowed ones', async () => {
    for (const name of ['notes.txt', 'archive.zip', 'noextension', 'image.png.exe']) {
      const res = await send('/test-uploads/files', [['files[]', Buffer.from('hello'), name]], {
        lang: 'es',
      });
      expect(res.statusCode, name).toBe(422);
      expect(fileErrors(res)).toEqual({
        files: ['Tipo de archivo no soportado, solo se permiten archivos: pdf, jpg, jpeg, png, webp'],
      });
    }
    const zh = await send('/test-uploads/files', [['files[]', Buffer.from('x'), 'a.gif']], { lang: 'zh' });
    expect(fileErrors(zh)).toEqual({
      files: ['不支持的文件类型，只允许以下文件：pdf, jpg, jpeg, png, webp'],
    });
    expect(reached).toBe(0);
  });

  it('checks the content against the extension (a .png that is really text is refused)', async () => {
    const cases: [string, Buffer][] = [
      ['photo.png', Buffer.from('just some text pretending to be an image')],
      ['scan.pdf', real('png')],
      ['photo.jpg', real('webp')],
      ['photo.webp', Buffer.from('RIFF....AVI LIST')],
    ];
    for (const [name, bytes] of cases) {
      const res = await send('/test-uploads/files', [['files[]', bytes, name]], { lang: 'es' });
      expect(res.statusCode, name).toBe(422);
      const ext = name.split('.').pop()!;
      expect(fileErrors(res)).toEqual({
        files: [`El contenido de ${name} no corresponde a un archivo ${ext}`],
      });
    }
    expect(reached).toBe(0);
  });

  it('refuses two files with the same name, compared without case', async () => {
    const res = await send(
      '/test-uploads/files',
      [
        ['files[]', real('pdf'), 'Plan.pdf'],
        ['files[]', real('pdf'), 'plan.PDF'],
      ],
      { lang: 'es' },
    );
    expect(res.statusCode).toBe(422);
    expect(fileErrors(res)).toEqual({ files: ['No se pueden subir archivos con el mismo nombre'] });
    const distinct = await send('/test-uploads/files', [
      ['files[]', real('pdf'), 'plan-a.pdf'],
      ['files[]', real('pdf'), 'plan-b.pdf'],
    ]);
    expect(distinct.statusCode).toBe(200);
  });

  it('requires the file where a route asks for one; an empty file input counts as none', async () => {
    const none = await send('/test-uploads/document', [['title', 'x']], { lang: 'es' });
    expect(none.statusCode).toBe(422);
    expect(fileErrors(none)).toEqual({ document: ['El archivo es requerido'] });
    const empty = await send('/test-uploads/document', [['document', Buffer.alloc(0), '']], { lang: 'en' });
    expect(empty.statusCode).toBe(422);
    expect(fileErrors(empty)).toEqual({ document: ['The file is required'] });
    const given = await send('/test-uploads/document', [['document', real('pdf'), 'lease.pdf']]);
    expect(given.json()).toEqual({ file: 'lease.pdf' });
  });

  it('speaks every refusal in es (the texts of SPEC §5), en and zh', async () => {
    const cases: { parts: Part[]; key: string; params?: Record<string, string | number>; es: string }[] = [
      {
        parts: [['files[]', real('png', UPLOAD_MAX_FILE_BYTES + 10), 'a.png']],
        key: 'upload.tooLarge',
        params: { max: '5 MB' },
        es: 'El archivo es demasiado grande, el tamaño máximo permitido es de 5 MB',
      },
      {
        parts: [['files[]', Buffer.from('x'), 'a.doc']],
        key: 'upload.unsupportedType',
        params: { types: 'pdf, jpg, jpeg, png, webp' },
        es: 'Tipo de archivo no soportado, solo se permiten archivos: pdf, jpg, jpeg, png, webp',
      },
      {
        parts: Array.from({ length: 6 }, (_, i): Part => ['files[]', real('png'), `${i}.png`]),
        key: 'upload.tooMany',
        params: { max: 5 },
        es: 'No puede subir más de 5 archivos',
      },
      {
        parts: [
          ['files[]', real('png'), 'A.png'],
          ['files[]', real('png'), 'a.PNG'],
        ],
        key: 'upload.duplicateName',
        es: 'No se pueden subir archivos con el mismo nombre',
      },
    ];
    for (const c of cases) {
      for (const lang of ['es', 'en', 'zh'] as const) {
        const res = await send('/test-uploads/files', c.parts, { lang });
        expect(res.statusCode).toBe(422);
        const text = t(lang, c.key, c.params);
        expect(fileErrors(res)).toEqual({ files: [text] });
        if (lang === 'es') expect(text).toBe(c.es);
        else expect(text).not.toBe(c.es);
      }
    }
    expect(reached).toBe(0);
    const required = await send('/test-uploads/document', [], { lang: 'es' });
    expect(fileErrors(required)).toEqual({ document: ['El archivo es requerido'] });
  });

  it('answers 415 to a JSON body on an upload route', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/central/test-uploads/files',
      headers: headers({ lang: 'es' }),
      payload: { files: [] },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<{ message: string }>().message).toBe('Tipo de contenido no soportado');
  });
});

// ---- spreadsheets ---------------------------------------------------------------------------------------

interface ZipEntry {
  name: string;
  data: Buffer;
  /** What the headers claim the entry inflates to (defaults to the truth). */
  declaredSize?: number;
  /** The uncompressed bytes, when `data` is already deflated. */
  raw?: Buffer;
}
/** A zip written by hand: local headers, deflated data, central directory, end record. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const raw = e.raw ?? e.data;
    const compressed = e.raw ? e.data : zlib.deflateRawSync(e.data);
    const crc = zlib.crc32(raw);
    const size = e.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const CONTENT_TYPES = { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') };

async function validXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Units');
  ws.addRow(['Building', 'Floor', 'Unit']);
  ws.addRow(['A', 1, '101']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('spreadsheets (.xlsx)', () => {
  const tooLargeUnpacked = `La hoja de cálculo es demasiado grande al descomprimirla (máximo ${formatBytes(SPREADSHEET_MAX_UNCOMPRESSED_BYTES)})`;

  it('accepts a small valid workbook', async () => {
    const book = await validXlsx();
    const res = await send('/test-uploads/spreadsheet', [['file', book, 'units.xlsx']]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      files: [
        {
          field: 'file',
          extension: 'xlsx',
          size: book.length,
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    });
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([await validXlsx(), Buffer.alloc(5 * MB)]);
    const res = await send('/test-uploads/spreadsheet', [['file', big, 'big.xlsx']], { lang: 'es' });
    expect(res.statusCode).toBe(422);
    expect(fileErrors(res)).toEqual({
      file: ['El archivo es demasiado grande, el tamaño máximo permitido es de 5 MB'],
    });
  });

  it('refuses a zip bomb: a small file whose entry inflates beyond the cap', async () => {
    const zeros = Buffer.alloc(SPREADSHEET_MAX_UNCOMPRESSED_BYTES + MB);
    const deflated = zlib.deflateRawSync(zeros, { level: 9 });
    expect(deflated.length).toBeLessThan(MB); // about 100 KB on the wire
    const sheet = { name: 'xl/worksheets/sheet1.xml', data: deflated, raw: zeros };
    // Honest headers: the declared size already exceeds the cap.
    const honest = zip([CONTENT_TYPES, sheet]);
    // Lying headers: claims 1 KB, so only inflating under a hard output cap can catch it.
    const lying = zip([CONTENT_TYPES, { ...sheet, declaredSize: 1024 }]);
    for (const [name, bytes] of [
      ['honest.xlsx', honest],
      ['lying.xlsx', lying],
    ] as const) {
      expect(bytes.length).toBeLessThan(UPLOAD_MAX_FILE_BYTES);
      const res = await send('/test-uploads/spreadsheet', [['file', bytes, name]], { lang: 'es' });
      expect(res.statusCode, name).toBe(422);
      expect(fileErrors(res), name).toEqual({ file: [tooLargeUnpacked] });
    }
    expect(reached).toBe(0);
  });

  it('refuses what is not a zip, a broken zip and other extensions', async () => {
    const notZip = await send(
      '/test-uploads/spreadsheet',
      [['file', Buffer.from('Building,Unit\nA,101\n'), 'units.xlsx']],
      {
        lang: 'es',
      },
    );
    expect(fileErrors(notZip)).toEqual({
      file: ['El contenido de units.xlsx no corresponde a un archivo xlsx'],
    });
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    const corrupt = await send('/test-uploads/spreadsheet', [['file', broken, 'units.xlsx']], { lang: 'en' });
    expect(fileErrors(corrupt)).toEqual({
      file: ['The spreadsheet could not be read: it is not a valid .xlsx file'],
    });
    const noTypes = await send('/test-uploads/spreadsheet', [
      ['file', zip([{ name: 'a.txt', data: Buffer.from('x') }]), 'a.xlsx'],
    ]);
    expect(noTypes.statusCode).toBe(422);
    const csv = await send('/test-uploads/spreadsheet', [['file', Buffer.from('a,b'), 'units.csv']], {
      lang: 'es',
    });
    expect(fileErrors(csv)).toEqual({ file: ['Solo se aceptan hojas de cálculo .xlsx'] });
    const pdf = await send('/test-uploads/spreadsheet', [['file', real('pdf'), 'units.pdf']], { lang: 'zh' });
    expect(fileErrors(pdf)).toEqual({ file: ['只接受 .xlsx 电子表格'] });
    expect(reached).toBe(0);
  });

  it('takes one spreadsheet per request', async () => {
    const book = await validXlsx();
    const res = await send(
      '/test-uploads/spreadsheet',
      [
        ['file', book, 'a.xlsx'],
        ['file', book, 'b.xlsx'],
      ],
      { lang: 'es' },
    );
    expect(res.statusCode).toBe(422);
    expect(fileErrors(res)).toEqual({ file: ['No puede subir más de 1 archivos'] });
  });
});

// ---- method override and form values --------------------------------------------------------------------

describe('multipart updates', () => {
  it('accept PUT, and POST with _method=PUT, with booleans as 1/0 and files alongside', async () => {
    const direct = await send(
      '/test-uploads/items/7',
      [
        ['name', 'Unit 7'],
        ['active', '1'],
      ],
      { method: 'PUT' },
    );
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json()).toEqual({ id: 7, body: { name: 'Unit 7', active: true }, files: 0 });
    const override = await send('/test-uploads/items/7', [
      ['_method', 'put'],
      ['name', 'Unit 7'],
      ['active', '0'],
      ['archived', '1'],
      ['files[]', real('png'), 'door.png'],
    ]);
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json()).toEqual({
      id: 7,
      body: { name: 'Unit 7', active: false, archived: true },
      files: 1,
    });
  });

  it('refuse POST without the override or with another method, before anything runs', async () => {
    for (const parts of [
      [
        ['name', 'x'],
        ['active', '1'],
      ],
      [
        ['_method', 'DELETE'],
        ['name', 'x'],
        ['active', '1'],
      ],
    ] as Part[][]) {
      const res = await send('/test-uploads/items/7', parts);
      expect(res.statusCode).toBe(405);
    }
    expect(reached).toBe(0);
  });

  it('reject booleans that are not 1/0 (or true/false), in the request language', async () => {
    const res = await send(
      '/test-uploads/items/7',
      [
        ['_method', 'PUT'],
        ['name', 'x'],
        ['active', 'yes'],
      ],
      { lang: 'es' },
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(fileErrors(res))).toEqual(['active']);
    expect(fileErrors(res).active![0]).toBe(t('es', 'validation.boolean'));
  });
});
