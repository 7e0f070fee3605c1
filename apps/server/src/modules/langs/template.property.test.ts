import { LANGUAGES, textPlaceholders, type TranslationsPreview } from '@parkade/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTranslationFiles } from '../../platform/i18n';
import { headers } from '../../test/harness';
import {
  centralTranslations,
  postFile,
  readBack,
  sheet,
  type CentralTranslations,
} from '../../test/translation-files';
import { translationOverrides } from './table';

/**
 * Issue 38 §1: what the preview says is exactly what the upload writes. Random edits to the downloaded template
 * (new texts that keep the placeholders, emptied cells, shipped texts written back), over random earlier uploads;
 * after the upload, the served dictionaries differ from before in the previewed cells, by the previewed texts, and
 * nowhere else.
 */
let s: CentralTranslations;
beforeAll(async () => {
  s = await centralTranslations();
});
afterAll(() => s?.ctx.close());

const shipped = readTranslationFiles();
const keys = [...shipped.keys()].sort();

const dictionaries = async () =>
  Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (lang) => {
        const res = await s.ctx.app.inject({ method: 'GET', url: `/api/central/langs/${lang}` });
        return [lang, res.json<Record<string, string>>()] as const;
      }),
    ),
  );

/** One cell's edit: a new text (with the key's placeholders), an emptied cell, or the shipped text written back. */
const edit = fc.record({
  row: fc.nat({ max: keys.length - 1 }),
  column: fc.integer({ min: 1, max: LANGUAGES.length }),
  what: fc.oneof(
    fc.record({ kind: fc.constant('text' as const), words: fc.string({ minLength: 1, maxLength: 12 }) }),
    fc.record({ kind: fc.constant('empty' as const) }),
    fc.record({ kind: fc.constant('shipped' as const) }),
  ),
});

type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

function applyEdits(rows: string[][], edits: Edit[]) {
  for (const e of edits) {
    const row = rows[e.row + 1]!;
    const key = row[0]!;
    const lang = LANGUAGES[e.column - 1]!;
    while (row.length <= e.column) row.push('');
    if (e.what.kind === 'empty') row[e.column] = '';
    else if (e.what.kind === 'shipped') row[e.column] = shipped.get(key)![lang] ?? '';
    else {
      const words = e.what.words.replace(/[{}]/g, '').trim() || 'x';
      row[e.column] = [words, ...textPlaceholders(shipped.get(key)!.en ?? '').map((p) => `{{${p}}}`)].join(
        ' ',
      );
    }
  }
}

/**
 * The template as downloaded: read back from the download once (its downloads are rate-limited), then rebuilt
 * from the served dictionaries, which template.test.ts shows are the same texts.
 */
let downloaded = false;
async function template(): Promise<string[][]> {
  if (!downloaded) {
    downloaded = true;
    const res = await s.ctx.app.inject({
      method: 'GET',
      url: '/api/central/langs/download/template',
      headers: headers({ token: s.token }),
    });
    return readBack(res.rawPayload);
  }
  const d = await dictionaries();
  return [['Key', ...LANGUAGES], ...keys.map((k) => [k, ...LANGUAGES.map((l) => d[l]![k] ?? '')])];
}

async function uploadEdits(edits: Edit[]) {
  const rows = await template();
  applyEdits(rows, edits);
  const file = await sheet(rows);
  const res = await postFile(s, '/langs/preview/template', file);
  expect(res.statusCode, res.body).toBe(200);
  const preview = res.json<TranslationsPreview>();
  expect(preview.errors).toEqual([]);
  const done = await postFile(s, '/langs/upload/template', file, { hash: preview.hash });
  expect(done.statusCode, done.body).toBe(200);
  return preview;
}

describe('the translations upload', () => {
  it('writes exactly what its preview showed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(edit, { maxLength: 8 }),
        fc.array(edit, { minLength: 1, maxLength: 12 }),
        async (earlier, edits) => {
          await s.ctx.database.withScope({ area: 'central' }, (tx) => tx.delete(translationOverrides));
          await uploadEdits(earlier);
          const before = await dictionaries();
          const preview = await uploadEdits(edits);
          const after = await dictionaries();
          const changed = new Map(preview.changes.map((c) => [`${c.language} ${c.key}`, c]));
          expect(changed.size).toBe(preview.changes.length);
          for (const lang of LANGUAGES)
            for (const key of keys) {
              const c = changed.get(`${lang} ${key}`);
              if (c) {
                expect(c.old, `${lang} ${key}`).toBe(before[lang]![key]);
                expect(after[lang]![key], `${lang} ${key}`).toBe(c.new);
                expect(c.new).not.toBe(c.old);
              } else expect(after[lang]![key], `${lang} ${key}`).toBe(before[lang]![key]);
            }
        },
      ),
      { numRuns: 12, seed: 38 },
    );
  }, 240_000);
});
