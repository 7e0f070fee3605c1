import crypto from 'node:crypto';
import {
  ISO_639_1,
  TRANSLATIONS_KEY_HEADER,
  textPlaceholders,
  type TranslationChange,
  type TranslationError,
  type TranslationErrorCode,
  type TranslationsPreview,
} from '@parkade/contract';
import type ExcelJSLib from 'exceljs';
import { HttpError } from '../../platform/errors';
import { shippedTexts, t } from '../../platform/i18n';
import { lazy } from '../../platform/lazy';
import type { Scope } from '../../platform/scope';
import type { UploadedFile } from '../../platform/uploads';
import { readSheetRows } from '../../platform/xlsx';
import { activeCodes, overridesOf, textsOf } from './service';

const exceljs = lazy<typeof ExcelJSLib>('exceljs');

/** The longest text a cell may hold (the longest shipped text is a mail body of a few thousand characters). */
export const TRANSLATION_TEXT_MAX = 20_000;

/**
 * GET /langs/download/template: one sheet, a bold header row Key, en, es, zh and each further active language
 * (decision 0051; a language's column holds only its own texts, empty where English stands in), then every key the product has (in
 * key order) with today's texts, the uploaded ones included. Cells are text cells written as they are: a text that
 * starts with `=` stays text in the file and comes back unchanged.
 */
export async function translationsTemplate(ctx: Scope): Promise<Buffer> {
  const overrides = await overridesOf(ctx.tx);
  const languages = await activeCodes(ctx);
  const columns = languages.map((lang) => textsOf(lang, overrides));
  const workbook = new (exceljs().Workbook)();
  const sheet = workbook.addWorksheet('Translations', { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  sheet.columns = [
    { header: TRANSLATIONS_KEY_HEADER, key: 'key', width: 48 },
    ...languages.map((lang) => ({ header: lang, key: lang, width: 60 })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const key of [...shippedTexts().keys()].sort()) {
    sheet.addRow([key, ...columns.map((texts) => texts.get(key) ?? '')]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const unreadable = () =>
  new HttpError(422, 'translations.uploadFailed', {}, { file: [{ key: 'upload.spreadsheetCorrupt' }] });

/** The hash of a set of changes: what each key and language goes from and to (not the rows they sit on). */
export function changesHash(changes: readonly TranslationChange[]): string {
  const canonical = changes
    .map((c) => [c.key, c.language, c.kind, c.old, c.new])
    .sort((a, b) => (a[0]! + '\u0000' + a[1]! < b[0]! + '\u0000' + b[1]! ? -1 : 1));
  return crypto.createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * What an uploaded translation file would change, compared with today's texts, and what is wrong with it (decision
 * 0046). Nothing is written. Rules:
 * - The sheet's first row is the header: `Key`, then one ISO 639-1 code per column, each a language the product has, once.
 * - Each further row with anything in it needs a key the product has, once in the file. Rows left out change
 *   nothing, and so does a language column left out.
 * - A cell with a text that differs from today's is a `changed` text; its `{{placeholders}}` must be those of the
 *   shipped English text (the code fills in exactly these).
 * - An emptied cell puts the shipped text back: over an uploaded text it is an `emptied` change (new = the shipped
 *   text); over a shipped text it changes nothing.
 * A cell with an error changes nothing; any error refuses the upload.
 */
export async function previewTranslations(ctx: Scope, file: UploadedFile): Promise<TranslationsPreview> {
  let rows: [number, string[]][];
  try {
    rows = await readSheetRows(file.buffer);
  } catch {
    throw unreadable();
  }
  const errors: TranslationError[] = [];
  const changes: TranslationChange[] = [];
  const error = (
    row: number,
    code: TranslationErrorCode,
    key: string | null,
    language: string | null,
    params: Record<string, string | number> = {},
  ) => errors.push({ row, code, key, language, message: t(ctx.lang, `translations.errors.${code}`, params) });
  const answer = (languages: string[]): TranslationsPreview => ({
    languages,
    rows: Math.max(0, rows.length - 1),
    changes,
    errors,
    hash: changesHash(changes),
  });

  const [header, ...body] = rows;
  const headerRow = 1;
  const headers = header?.[0] === headerRow ? header[1] : [];
  if ((headers[0] ?? '').trim().toLowerCase() !== TRANSLATIONS_KEY_HEADER.toLowerCase()) {
    error(headerRow, 'headers', null, null);
    return answer([]);
  }
  /** Column index → language. */
  const columns = new Map<number, string>();
  const seenLanguages = new Set<string>();
  const languages = await activeCodes(ctx);
  headers.forEach((raw, i) => {
    if (i === 0) return;
    const written = raw.trim();
    const code = written.toLowerCase();
    if (!written && body.every(([, cells]) => !(cells[i] ?? '').trim())) return; // an empty column
    if (!ISO_639_1.test(code))
      error(headerRow, 'languageMalformed', null, written, { code: written || `#${i + 1}` });
    else if (!languages.includes(code)) error(headerRow, 'languageUnknown', null, code, { code });
    else if (seenLanguages.has(code)) error(headerRow, 'languageDuplicate', null, code, { code });
    else {
      seenLanguages.add(code);
      columns.set(i, code);
    }
  });

  const shipped = shippedTexts();
  const overrides = await overridesOf(ctx.tx);
  const today = new Map(languages.map((lang) => [lang, textsOf(lang, overrides)]));
  const seenKeys = new Map<string, number>();
  for (const [row, cells] of body) {
    const key = (cells[0] ?? '').trim();
    if (!key) {
      if (cells.some((c) => c.trim())) error(row, 'keyMissing', null, null);
      continue;
    }
    const values = shipped.get(key);
    if (!values) {
      error(row, 'keyUnknown', key, null, { key: key.slice(0, 191) });
      continue;
    }
    const first = seenKeys.get(key);
    if (first !== undefined) {
      error(row, 'keyDuplicate', key, null, { key, row: first });
      continue;
    }
    seenKeys.set(key, row);
    const expected = textPlaceholders(values.en ?? '');
    for (const [i, lang] of columns) {
      const cell = cells[i] ?? '';
      const now = today.get(lang)?.get(key) ?? '';
      const original = values[lang] ?? '';
      if (cell) {
        if (cell.length > TRANSLATION_TEXT_MAX) {
          error(row, 'tooLong', key, lang, { max: TRANSLATION_TEXT_MAX });
          continue;
        }
        const got = textPlaceholders(cell);
        const missing = expected.filter((p) => !got.includes(p));
        const extra = got.filter((p) => !expected.includes(p));
        if (missing.length || extra.length) {
          const list = (names: string[]) => (names.length ? names.map((n) => `{{${n}}}`).join(', ') : '—');
          error(row, 'placeholders', key, lang, { expected: list(expected), found: list(got) });
          continue;
        }
        if (cell !== now) changes.push({ key, language: lang, kind: 'changed', old: now, new: cell, row });
      } else if (overrides.get(lang)?.has(key) && now !== original) {
        changes.push({ key, language: lang, kind: 'emptied', old: now, new: original, row });
      }
    }
  }
  return answer([...columns.values()]);
}
