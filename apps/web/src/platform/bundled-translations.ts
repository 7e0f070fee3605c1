import { LANGUAGES, shippedLanguageOf, type Language } from '@parkade/contract';

/**
 * Every text of the interface as shipped in the contract's translation files, in all languages. A chunk of its own:
 * the app reads its texts from the API (i18n.ts) and loads this only when the API cannot answer, and the tests lay it
 * into i18next before they render (test/setup.ts).
 */
type Entry = Record<Language, string>;
const files = import.meta.glob<Record<string, Entry>>('../../../../packages/contract/translations/*.json', {
  eager: true,
  import: 'default',
});

export function bundledResources(): Record<Language, { translation: Record<string, string> }> {
  const out = Object.fromEntries(LANGUAGES.map((l) => [l, { translation: {} }])) as Record<
    Language,
    { translation: Record<string, string> }
  >;
  for (const file of Object.values(files))
    for (const [key, entry] of Object.entries(file))
      for (const l of LANGUAGES) if (entry[l]) out[l].translation[key] = entry[l];
  return out;
}

/** One language's shipped texts; a language added as data has none of its own: English's (decision 0051). */
export const bundledDictionary = (language: string): Record<string, string> =>
  bundledResources()[shippedLanguageOf(language)].translation;
