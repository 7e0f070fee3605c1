import { chooseLanguage, DEFAULT_LANGUAGE, type LanguageCode } from '@parkade/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BOOT_TEXTS } from './boot-texts';

/**
 * The interface texts come from the API, one language at a time (GET /langs/{code}: the shipped texts with central
 * staff's edits), so the first screen downloads one dictionary and no texts inside its JavaScript. The shipped texts
 * are also bundled, in a chunk of their own (bundled-translations.ts) that is fetched only when the API cannot give
 * a language: the configuration-error screen still speaks. The loading and error screens' own texts are in the entry
 * chunk (boot-texts.ts), there before any dictionary.
 */
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(BOOT_TEXTS).map(([language, texts]) => [language, { translation: { ...texts } }]),
  ),
  partialBundledLanguages: true,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // Dictionaries laid over the bundled texts later (loadTranslations) re-render the screen, like a language change.
  react: { bindI18n: 'languageChanged', bindI18nStore: 'added' },
});

export default i18n;

export { chooseLanguage };

/** SPEC §9 translation loading: at most 10 reads at once, 5 retries, 350 ms doubling. */
export const TRANSLATION_CONCURRENCY = 10;
export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_BASE_DELAY_MS = 350;

export async function withRetries<T>(
  fn: () => Promise<T>,
  retries = TRANSLATION_RETRIES,
  baseDelay = TRANSLATION_BASE_DELAY_MS,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= retries) throw err;
      await sleep(baseDelay * 2 ** attempt);
    }
  }
}

/** Runs tasks with at most `limit` in flight; results in input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/** The browser knows it has no network (a patrol in a garage): nothing to wait for. */
const knownOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Loads the dictionaries of the given languages from the API (SPEC §9: at most 10 at once, 5 retries, 350 ms
 * doubling). A language that still fails after the retries gets its bundled texts instead (SPEC §7 falls back to
 * empty; texts the app ships are better than keys) — at once when the browser knows it is offline: retrying a
 * network it does not have only kept the screen blank (decision 0039 §2). Rejects only when the bundled texts
 * cannot be loaded either.
 */
export async function loadTranslations(
  codes: readonly LanguageCode[],
  fetchDictionary: (code: LanguageCode) => Promise<Record<string, string>>,
  sleep?: (ms: number) => Promise<void>,
): Promise<void> {
  await mapLimit(codes, TRANSLATION_CONCURRENCY, async (code) => {
    const dict = await withRetries(
      () => fetchDictionary(code),
      knownOffline() ? 0 : TRANSLATION_RETRIES,
      TRANSLATION_BASE_DELAY_MS,
      sleep,
    ).catch(async () => (await import('./bundled-translations')).bundledDictionary(code));
    if (Object.keys(dict).length) i18n.addResourceBundle(code, 'translation', dict, true, true);
  });
}
