import { z } from 'zod';

/**
 * One change of an uploaded translation file: `changed` when the cell holds a new text, `emptied` when the cell was
 * emptied over a text changed earlier (the shipped text comes back: `new` is that text). `row` is the sheet row.
 */
export const TRANSLATION_CHANGE_KINDS = ['changed', 'emptied'] as const;
export type TranslationChangeKind = (typeof TRANSLATION_CHANGE_KINDS)[number];

export const translationChangeSchema = z.object({
  key: z.string(),
  language: z.string(),
  kind: z.enum(TRANSLATION_CHANGE_KINDS),
  old: z.string(),
  new: z.string(),
  row: z.number().int(),
});
export type TranslationChange = z.infer<typeof translationChangeSchema>;

/** What is wrong in a translation file; each has its message key `translations.errors.<code>`. */
export const TRANSLATION_ERROR_CODES = [
  'headers',
  'languageMalformed',
  'languageUnknown',
  'languageDuplicate',
  'keyMissing',
  'keyUnknown',
  'keyDuplicate',
  'placeholders',
  'tooLong',
] as const;
export type TranslationErrorCode = (typeof TRANSLATION_ERROR_CODES)[number];

export const translationErrorSchema = z.object({
  row: z.number().int(),
  code: z.enum(TRANSLATION_ERROR_CODES),
  /** The row's key, when it has one. */
  key: z.string().nullable(),
  /** The column's language code (or its header as written), when the error is about one cell or column. */
  language: z.string().nullable(),
  message: z.string(),
});
export type TranslationError = z.infer<typeof translationErrorSchema>;

/**
 * POST /langs/preview/template: what the file would change, per language, and what is wrong with it. Nothing is
 * written. `hash` names exactly these changes (and the texts they replace): the upload takes it back and refuses
 * a file whose changes are no longer these.
 */
export const translationsPreviewSchema = z.object({
  languages: z.array(z.string()),
  rows: z.number().int(),
  changes: z.array(translationChangeSchema),
  errors: z.array(translationErrorSchema),
  hash: z.string(),
});
export type TranslationsPreview = z.infer<typeof translationsPreviewSchema>;

/** POST /langs/upload/template's text field beside the file: the previewed hash. */
export const translationsUploadFields = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });

export const translationsUploadResultSchema = z.object({
  message: z.string(),
  applied: z.number().int(),
  version: z.string(),
});
export type TranslationsUploadResult = z.infer<typeof translationsUploadResultSchema>;

/** GET /translations: the texts' version and each language's coverage (keys with a text of their own). */
export const translationsSummarySchema = z.object({
  version: z.string(),
  keys: z.number().int(),
  languages: z.array(
    z.object({
      code: z.string(),
      texts: z.number().int(),
      overrides: z.number().int(),
      coverage: z.number(),
    }),
  ),
});
export type TranslationsSummary = z.infer<typeof translationsSummarySchema>;

/** The dictionaries' version: in their address (GET /langs/{code}?v=…), so a browser may keep each one for good. */
export const TRANSLATIONS_VERSION_PARAM = 'v';
