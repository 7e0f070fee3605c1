import { LANGUAGES, type Language } from '@parkade/contract';
import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/zh-cn';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { get } from './api';
import i18n, { chooseLanguage, loadTranslations } from './i18n';
import { useLanguageStore } from './stores';

dayjs.extend(localizedFormat);

/** dayjs locale per interface language. */
const DAYJS_LOCALE: Record<Language, string> = { en: 'en', es: 'es', zh: 'zh-cn' };

/** BCP 47 tag of each language for the page (`<html lang>`) and Intl formatting. */
export const LOCALE_TAG: Record<Language, string> = { en: 'en-US', es: 'es-ES', zh: 'zh-CN' };

/** Each language named in itself: what a language menu shows, whatever language the page is in. */
export const NATIVE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', zh: '中文' };

export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

export function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

function reflect(lng: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_TAG[lng];
  dayjs.locale(DAYJS_LOCALE[lng]);
}

i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) reflect(lng);
});

/**
 * Switches the interface language everywhere at once: the stored language (sent as Accept-Language), i18next (every
 * mounted component re-renders), the page's lang attribute and dates. No reload.
 */
export function applyLanguage(lng: Language): void {
  if (useLanguageStore.getState().currentLanguage !== lng) useLanguageStore.getState().setLanguage(lng);
  if (i18n.language !== lng) void i18n.changeLanguage(lng);
  else reflect(lng);
}

/** The language before anyone signs in: the stored one, the browser's, then en (SPEC §9), among the given codes. */
export function initialLanguage(allowed: readonly string[] = LANGUAGES): Language {
  return chooseLanguage({
    stored: useLanguageStore.getState().currentLanguage,
    browser: browserLanguages(),
    allowed,
  });
}

/**
 * The interface texts from the API (SPEC §7, §9): GET /langs/codes/all (falls back to ['en']), then each language's
 * dictionary through loadTranslations (at most 10 at once, 5 retries, 350 ms doubling), laid over the bundled
 * texts. Cached for the life of the page. Answers the codes this area offers.
 */
export function translationsQueryOptions() {
  return queryOptions({
    queryKey: ['langs', 'all'] as const,
    queryFn: async (): Promise<Language[]> => {
      const codes = await get<string[]>('/langs/codes/all').catch((): string[] => ['en']);
      const languages = codes.filter(isLanguage);
      const offered = languages.length ? languages : (['en'] as Language[]);
      await loadTranslations(offered, (code) => get<Record<string, string>>(`/langs/${code}`));
      return offered;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
