import { defineResource, navEntry } from './resource';

/**
 * The interface texts (SPEC §2.2 /translations, §2.5, §3 translation file; decision 0046). Central staff download
 * every text as an .xlsx (columns Key, en, es, zh), change it, upload it: the preview lists each change and each
 * problem by row, and the upload applies exactly what was previewed. What is uploaded is stored as overrides laid
 * over the shipped texts; an emptied cell puts the shipped text back.
 */
export const translationsResource = defineResource({
  name: 'translations',
  actions: ['index', 'download', 'upload'],
  routes: { '/translations': 'index' },
  areas: ['central'],
  nav: [navEntry('administration', '/translations', 'translations', { areas: ['central'] })],
  audited: { translation_overrides: {} },
});

/** The first header of the template; the other headers are language codes (ISO 639-1: two lowercase letters). */
export const TRANSLATIONS_KEY_HEADER = 'Key';
export const ISO_639_1 = /^[a-z]{2}$/;

/**
 * The placeholders of a text: each `{{name}}` (what the code fills in), by name, sorted, once each. A single-brace
 * `{name}` is not one: a translation that writes `{min}` for `{{min}}` has dropped `min`.
 */
export function textPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!))].sort();
}
