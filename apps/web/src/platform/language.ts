import {
  DICTIONARY_META,
  isLanguageCode,
  LANGUAGES,
  localeTag,
  type Language,
  type LanguageCode,
} from '@parkade/contract';
import { queryOptions } from '@tanstack/react-query';
import { getPublic } from './api';
import { currentTextsVersion, setTextsVersion } from './host';
import i18n, { chooseLanguage, loadTranslations } from './i18n';
import { useLanguageStore } from './stores';

/** BCP 47 tag of a language for the page (`<html lang>`) and Intl formatting (the contract's). */
export { localeTag };

/** The shipped languages named in themselves. */
const NATIVE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', zh: '中文' };

/**
 * A language named in itself: what a language menu shows, whatever language the page is in. A language added as
 * data (decision 0051) is named by the browser's own list of languages (CLDR), its code when the browser has none;
 * once its dictionary is in, the name stored with it.
 */
export function nativeName(code: string): string {
  if ((LANGUAGES as readonly string[]).includes(code)) return NATIVE_NAMES[code as Language];
  const stored = i18n.getResource(code, 'translation', DICTIONARY_META.nativeName) as unknown;
  if (typeof stored === 'string' && stored) return stored;
  const cldr = cldrLanguageName(code, code);
  if (cldr) return cldr;
  return code.toUpperCase();
}

/**
 * A language's name in the browser's own list of languages (CLDR, `Intl.DisplayNames`), written in `inLanguage`
 * and capitalised as that language does; null when the browser does not know the code.
 */
export function cldrLanguageName(code: string, inLanguage: string): string | null {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code);
    return name && name !== code ? name.charAt(0).toLocaleUpperCase(inLanguage) + name.slice(1) : null;
  } catch {
    return null; // an engine without Intl.DisplayNames, or a code it does not know
  }
}

/** A language code (the offered ones are data, decision 0051). */
export const isLanguage = (v: unknown): v is LanguageCode => isLanguageCode(v);

/** The direction a language is written in, as its dictionary says (left to right until it is in). */
export function directionOf(code: string): 'ltr' | 'rtl' {
  return i18n.getResource(code, 'translation', DICTIONARY_META.direction) === 'rtl' ? 'rtl' : 'ltr';
}

/** Whether a language was kept from an earlier visit (the language store is persisted under this key). */
function hasStoredLanguage(): boolean {
  try {
    return (
      typeof localStorage !== 'undefined' &&
      localStorage.getItem(useLanguageStore.persist.getOptions().name!) !== null
    );
  } catch {
    return false;
  }
}

export function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

/** The page says its language and its direction (a right-to-left language lays the whole app out mirrored). */
function reflect(lng: LanguageCode) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = localeTag(lng);
  document.documentElement.dir = directionOf(lng);
}

i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) reflect(lng);
});

/** Each language's dictionary, fetched once for the life of the page (a failed fetch is tried again next time). */
const dictionaries = new Map<LanguageCode, Promise<void>>();

/**
 * A dictionary's address: with the texts' version the page was served with (`?v=`), which the server answers as
 * kept for good (SPEC §9; decision 0046) — the next page load after a change asks for a new address.
 */
export function dictionaryPath(code: string, version = currentTextsVersion()): string {
  return version ? `/langs/${code}?v=${encodeURIComponent(version)}` : `/langs/${code}`;
}

/**
 * The dictionary of one language from the API (GET /langs/{code}, retried as SPEC §9 says, the shipped texts when
 * it cannot be had). Only the languages actually shown are fetched.
 */
export function loadDictionary(lng: LanguageCode): Promise<void> {
  let loading = dictionaries.get(lng);
  if (!loading) {
    loading = loadTranslations([lng], (code) => getPublic<Record<string, string>>(dictionaryPath(code)));
    loading.catch(() => dictionaries.delete(lng));
    dictionaries.set(lng, loading);
  }
  return loading;
}

/**
 * New texts were uploaded from this page (the translations screen): its dictionaries are fetched again at the new
 * version's address and laid over the ones shown, so it shows the new texts without a reload.
 */
export async function reloadDictionaries(version: string): Promise<void> {
  setTextsVersion(version);
  const loaded = [...dictionaries.keys()];
  dictionaries.clear();
  await Promise.all(loaded.map((lng) => loadDictionary(lng)));
}

/** The showing of the language asked for last (applyLanguage). */
let latest: Promise<void> = Promise.resolve();

/**
 * Switches the interface language everywhere at once: the stored language (sent as Accept-Language) at once, then —
 * as soon as its dictionary is in — i18next (every mounted component re-renders), the page's lang attribute and
 * dates. No reload, and never a screen of untranslated keys. Of several quick switches the last one wins. When not
 * even the shipped texts can be loaded, the language still changes — the loading and error screens' texts are in
 * the entry chunk (boot-texts.ts) — and the promise rejects.
 */
export function applyLanguage(lng: LanguageCode): Promise<void> {
  if (useLanguageStore.getState().currentLanguage !== lng) useLanguageStore.getState().setLanguage(lng);
  const shown = loadDictionary(lng).then(
    async () => {
      if (useLanguageStore.getState().currentLanguage !== lng) return;
      if (i18n.language !== lng) await i18n.changeLanguage(lng);
      else reflect(lng);
    },
    async (err: unknown) => {
      if (useLanguageStore.getState().currentLanguage !== lng) return;
      if (i18n.language !== lng) await i18n.changeLanguage(lng);
      throw err;
    },
  );
  // Its failure is the caller's to show (the first screen's, below); never an unhandled rejection.
  shown.catch(() => undefined);
  latest = shown;
  for (const follow of [...waiting]) follow();
  return shown;
}

/** Those waiting for the language asked for last to be shown (languageShown), told of each new one. */
const waiting = new Set<() => void>();

/**
 * Settles once the language asked for last is shown, following every switch made while it waits: a language asked
 * for before another (the stored one at start, then the signed-in user's from the bootstrap) settles when the later
 * one is shown — neither with the first dictionary, while i18next still holds no language's texts, nor only once
 * the first one's dictionary, no longer needed, has arrived. Rejects when the last language's texts cannot be had.
 */
export function languageShown(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const follow = () => {
      const awaited = latest;
      awaited.then(
        () => {
          if (latest !== awaited) return;
          waiting.delete(follow);
          resolve();
        },
        (err: unknown) => {
          if (latest !== awaited) return;
          waiting.delete(follow);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    };
    waiting.add(follow);
    follow();
  });
}

let firstTexts: Promise<void> = Promise.resolve();

/** Where the first language's texts are: what the root draws (the loading screen, the screens, the error screen). */
export type FirstTexts = { status: 'loading' } | { status: 'shown' } | { status: 'failed'; error: Error };
let firstState: FirstTexts = { status: 'shown' };
const firstListeners = new Set<() => void>();

/**
 * The page's first language (main.tsx, before anything renders): its dictionary is fetched while the first route's
 * code loads, and the root route shows the loading screen until it is in (`firstTextsState`), so no key is ever
 * shown.
 */
export function startFirstLanguage(lng: LanguageCode): void {
  void applyLanguage(lng);
  firstState = { status: 'loading' };
  firstTexts = languageShown();
  const settle = (state: FirstTexts) => {
    firstState = state;
    for (const listener of [...firstListeners]) listener();
  };
  firstTexts.then(
    () => settle({ status: 'shown' }),
    (error: unknown) =>
      settle({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
  );
}

/**
 * Settles once the first language's texts are shown — or those of a language asked for meanwhile; rejects when
 * they cannot be had.
 */
export const firstTextsReady = (): Promise<void> => firstTexts;

/**
 * The first texts' state and its listeners, read by the root route (a transition on each change). A store rather than a promise handed to
 * React's `use` under a Suspense boundary: that boundary was seen to keep its fallback for good after the promise
 * had settled (decision 0039 §2), and a store re-renders its reader whenever it changes.
 */
export const firstTextsState = (): FirstTexts => firstState;
export function onFirstTexts(listener: () => void): () => void {
  firstListeners.add(listener);
  return () => firstListeners.delete(listener);
}

/**
 * The language before anyone signs in: the stored one, the browser's, then en (SPEC §9), among the given codes.
 * "Stored" means kept from an earlier visit: the store's default (en) is not a choice, so a first visit from a
 * browser in Spanish or Chinese opens in that language.
 */
export function initialLanguage(allowed: readonly string[] = LANGUAGES): LanguageCode {
  return chooseLanguage({
    stored: hasStoredLanguage() ? useLanguageStore.getState().currentLanguage : null,
    browser: browserLanguages(),
    allowed,
  });
}

/**
 * The language codes this area offers (SPEC §7: GET /langs/codes/all, falling back to ['en']). Cached for the life
 * of the page. The dictionaries are fetched one language at a time, when shown (loadDictionary).
 */
export function languageCodesQueryOptions() {
  return queryOptions({
    queryKey: ['langs', 'codes'] as const,
    queryFn: async (): Promise<LanguageCode[]> => {
      const codes = await getPublic<string[]>('/langs/codes/all').catch((): string[] => ['en']);
      const languages = codes.filter(isLanguageCode);
      return languages.length ? languages : ['en'];
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
