import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TranslationsPreview, TranslationsSummary, TranslationsUploadResult } from '@parkade/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readTranslationFiles, t } from '../../platform/i18n';
import { createTestContext, headers } from '../../test/harness';
import {
  centralTranslations,
  postFile,
  readBack,
  sheet,
  type CentralTranslations,
} from '../../test/translation-files';
import { binnacle } from '../binnacle/table';
import { translationOverrides } from './table';

/** The translations template: download, preview, upload, and the versioned dictionaries (decision 0046). */
let s: CentralTranslations;
beforeAll(async () => {
  s = await centralTranslations();
});
afterAll(() => s?.ctx.close());

const shipped = readTranslationFiles();
const get = (url: string, lang?: string) =>
  s.ctx.app.inject({ method: 'GET', url: `/api/central${url}`, headers: headers({ token: s.token, lang }) });
const inCentral = <T>(fn: Parameters<typeof s.ctx.database.withScope<T>>[1]) =>
  s.ctx.database.withScope({ area: 'central' }, fn);
const overrides = () => inCentral((tx) => tx.select().from(translationOverrides));
const preview = async (file: Buffer, lang?: string) => {
  const res = await postFile(s, '/langs/preview/template', file, {}, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TranslationsPreview>();
};
const upload = (file: Buffer, hash: string, lang?: string) =>
  postFile(s, '/langs/upload/template', file, { hash }, lang);
/** Previews then uploads a file; the upload's answer. */
async function apply(file: Buffer): Promise<TranslationsUploadResult> {
  const p = await preview(file);
  expect(p.errors).toEqual([]);
  const res = await upload(file, p.hash);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TranslationsUploadResult>();
}
const HEAD = ['Key', 'en', 'es', 'zh'];

beforeEach(async () => {
  await inCentral((tx) => tx.delete(translationOverrides));
});

describe('GET /langs/download/template', () => {
  it('is an .xlsx of every key with today’s texts, the uploaded ones included', async () => {
    await apply(await sheet([HEAD, ['validation.required', 'Please fill this in', null, null]]));
    const res = await get('/langs/download/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual(HEAD);
    expect(rows.length - 1).toBe(shipped.size);
    const byKey = new Map(rows.slice(1).map((r) => [r[0]!, r.slice(1)]));
    for (const [key, v] of shipped)
      if (key !== 'validation.required') expect(byKey.get(key), key).toEqual([v.en, v.es, v.zh]);
    expect(byKey.get('validation.required')).toEqual([
      'Please fill this in',
      shipped.get('validation.required')!.es,
      shipped.get('validation.required')!.zh,
    ]);
  });

  it('uploaded back unchanged, changes nothing', async () => {
    const file = (await get('/langs/download/template')).rawPayload;
    const p = await preview(file);
    expect(p).toMatchObject({ errors: [], changes: [], languages: ['en', 'es', 'zh'], rows: shipped.size });
  });
});

describe('POST /langs/preview/template', () => {
  it('lists the changes per language, old → new, and writes nothing', async () => {
    const file = await sheet([
      HEAD,
      ['validation.required', 'Required!', null, null],
      ['validation.max', null, 'Como máximo {{max}} caracteres', shipped.get('validation.max')!.zh!],
    ]);
    const p = await preview(file);
    expect(p.errors).toEqual([]);
    expect(p.changes).toEqual([
      {
        key: 'validation.required',
        language: 'en',
        kind: 'changed',
        old: shipped.get('validation.required')!.en,
        new: 'Required!',
        row: 2,
      },
      {
        key: 'validation.max',
        language: 'es',
        kind: 'changed',
        old: shipped.get('validation.max')!.es,
        new: 'Como máximo {{max}} caracteres',
        row: 3,
      },
    ]);
    expect(p.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await overrides()).toEqual([]);
  });

  it('an emptied cell over an uploaded text puts the shipped text back (kind emptied)', async () => {
    await apply(await sheet([HEAD, ['validation.required', 'Required!', 'Obligatorio', null]]));
    const p = await preview(await sheet([HEAD, ['validation.required', '', 'Obligatorio', '']]));
    expect(p.changes).toEqual([
      {
        key: 'validation.required',
        language: 'en',
        kind: 'emptied',
        old: 'Required!',
        new: shipped.get('validation.required')!.en,
        row: 2,
      },
    ]);
  });

  it('refuses a changed or missing Key column with the SPEC message, on row 1', async () => {
    for (const head of [['Clave', 'en'], ['en', 'Key'], []]) {
      const p = await preview(await sheet([head, ['validation.required', 'x']]));
      expect(p.errors).toEqual([
        {
          row: 1,
          code: 'headers',
          key: null,
          language: null,
          message: 'Headers do not match expected format',
        },
      ]);
      expect(p.changes).toEqual([]);
    }
  });

  it('names each error with its row: language columns, keys, placeholders', async () => {
    const p = await preview(
      await sheet([
        ['Key', 'en', 'EN-US', 'fr', 'es', 'es', '1x'],
        ['validation.required', 'Fine', 'a', 'b', 'c', 'd', 'e'],
        ['no.such.key', 'x'],
        ['validation.required', 'Again'],
        [null, 'text without a key'],
        ['validation.max', 'At most {max} characters'],
        ['validation.min', 'At least {{min}} of {{count}}'],
        ['validation.email', 'Bad email {{oops}}'],
      ]),
    );
    const codes = p.errors.map((e) => [e.row, e.code, e.key, e.language]);
    expect(codes).toEqual([
      [1, 'languageMalformed', null, 'EN-US'],
      [1, 'languageUnknown', null, 'fr'],
      [1, 'languageDuplicate', null, 'es'],
      [1, 'languageMalformed', null, '1x'],
      [3, 'keyUnknown', 'no.such.key', null],
      [4, 'keyDuplicate', 'validation.required', null],
      [5, 'keyMissing', null, null],
      [6, 'placeholders', 'validation.max', 'en'],
      [7, 'placeholders', 'validation.min', 'en'],
      [8, 'placeholders', 'validation.email', 'en'],
    ]);
    expect(p.errors[5]!.message).toBe('The key "validation.required" is already on row 2');
    expect(p.errors[7]!.message).toBe(
      'The placeholders must be those of the English text: expected {{max}}, found —',
    );
    // The good cells still show what they would change.
    expect(p.changes.map((c) => [c.key, c.language, c.new])).toEqual([
      ['validation.required', 'en', 'Fine'],
      ['validation.required', 'es', 'c'],
    ]);
    const es = await preview(
      await sheet([
        ['Key', 'fr'],
        ['validation.required', 'x'],
      ]),
      'es',
    );
    expect(es.errors[0]!.message).toBe('El producto no tiene el idioma "fr"');
  });

  it('refuses what is not a spreadsheet with the SPEC message', async () => {
    const res = await postFile(s, '/langs/preview/template', Buffer.from('PK\u0003\u0004 not a zip'));
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /langs/upload/template', () => {
  it('applies the previewed change in one go, audited, and bumps the version', async () => {
    const before = (await get('/translations')).json<TranslationsSummary>().version;
    const file = await sheet([HEAD, ['validation.required', 'Required!', 'Obligatorio', null]]);
    const done = await apply(file);
    expect(done.applied).toBe(2);
    expect(done.message).toContain('2');
    expect(done.version).not.toBe(before);
    expect((await get('/translations')).json<TranslationsSummary>().version).toBe(done.version);
    expect((await overrides()).map((o) => [o.key, o.languageCode, o.value]).sort()).toEqual([
      ['validation.required', 'en', 'Required!'],
      ['validation.required', 'es', 'Obligatorio'],
    ]);
    const [entry] = await inCentral((tx) =>
      tx.select().from(binnacle).where(eq(binnacle.entity, 'translation_overrides')).orderBy(binnacle.id),
    ).then((r) => r.slice(-1));
    expect(entry).toMatchObject({ action: 'import', area: 'central' });
    expect(entry!.changes).toMatchObject({
      texts: {
        old: { 'validation.required:en': shipped.get('validation.required')!.en },
        new: { 'validation.required:en': 'Required!', 'validation.required:es': 'Obligatorio' },
      },
    });
  });

  it('refuses a file whose changes are not the previewed ones, and one with errors; nothing is written', async () => {
    const previewed = await preview(await sheet([HEAD, ['validation.required', 'Required!']]));
    const other = await sheet([HEAD, ['validation.required', 'Something else']]);
    const res = await upload(other, previewed.hash);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Failed to upload translations' });
    expect(res.json<{ errors: { file: string[] } }>().errors.file[0]).toContain('preview the file again');
    const bad = await sheet([HEAD, ['no.such.key', 'x']]);
    const refused = await upload(bad, (await preview(bad)).hash, 'zh');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: '上传翻译失败' });
    expect(await overrides()).toEqual([]);
  });

  it('refuses the previewed file when today’s texts changed since (another upload)', async () => {
    const file = await sheet([HEAD, ['validation.required', 'Required!']]);
    const p = await preview(file);
    await apply(await sheet([HEAD, ['validation.required', 'Mandatory']]));
    expect((await upload(file, p.hash)).statusCode).toBe(409);
    expect((await overrides()).map((o) => o.value)).toEqual(['Mandatory']);
  });

  it('a text put back to its shipped value loses its override', async () => {
    await apply(await sheet([HEAD, ['validation.required', 'Required!']]));
    await apply(await sheet([HEAD, ['validation.required', shipped.get('validation.required')!.en!]]));
    expect(await overrides()).toEqual([]);
  });
});

describe('the served texts', () => {
  it('the dictionary carries the overrides; its current version is kept for good, any other is not', async () => {
    const { version } = await apply(await sheet([HEAD, ['validation.required', null, 'Rellénelo', null]]));
    const res = await get(`/langs/es?v=${version}`);
    expect(res.json<Record<string, string>>()['validation.required']).toBe('Rellénelo');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await get(`/langs/es?v=old-0`);
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(stale.json<Record<string, string>>()['validation.required']).toBe('Rellénelo');
    expect((await get('/langs/es')).headers['cache-control']).toBe('no-cache');
    const summary = (await get('/translations')).json<TranslationsSummary>();
    expect(summary.languages.find((l) => l.code === 'es')).toEqual({
      code: 'es',
      texts: shipped.size,
      overrides: 1,
      coverage: 100,
    });
  });

  it('the server’s own messages use the uploaded text once it is committed', async () => {
    await apply(await sheet([HEAD, ['errors.languageUnknown', 'No language called {{code}} here']]));
    expect(t('en', 'errors.languageUnknown', { code: 'xx' })).toBe('No language called xx here');
    expect((await get('/langs/xx')).json()).toMatchObject({ message: 'No language called xx here' });
    await apply(await sheet([HEAD, ['errors.languageUnknown', '']]));
    expect(t('en', 'errors.languageUnknown', { code: 'xx' })).toBe(
      shipped.get('errors.languageUnknown')!.en!.replace('{{code}}', 'xx'),
    );
  });
});

describe('the page the server serves', () => {
  it('carries the texts version, which the central page’s dictionary preload uses too', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<html><head><meta name="parkade-host" content="" /></head><body></body></html>',
    );
    const page = await createTestContext({ webDist });
    try {
      const html = async () =>
        (await page.app.inject({ method: 'GET', url: '/translations', headers: { host: 'parkade.test' } }))
          .body;
      const version = (await html()).match(/&quot;texts&quot;:&quot;([0-9a-f]{12}-\d+)&quot;/)?.[1];
      expect(version).toBeDefined();
      expect(await html()).toContain(`/api/central/langs/en?v=${version}"`);
      await page.database.withScope({ area: 'central' }, (tx) =>
        tx.execute(sql`update translation_revision set revision = revision + 1 where id = 1`),
      );
      const [hash, revision] = version!.split('-');
      expect(await html()).toContain(`&quot;texts&quot;:&quot;${hash}-${Number(revision) + 1}&quot;`);
    } finally {
      await page.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
