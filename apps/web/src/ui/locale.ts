import {
  browserZone,
  formatDay,
  formatInstant,
  INTL_LOCALES,
  isLanguage,
  isLanguageCode,
  type DateLocale,
  type Language,
} from '@parkade/contract';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export function asLanguage(lng: string | undefined): Language {
  return lng === 'es' || lng === 'zh' ? lng : 'en';
}

/**
 * The time zone the screens under it show times in (decision 0039 §12): a property's — the host's in a tenant area
 * (the app layout, from the bootstrap), the selected one around a central screen of one property's records
 * (PropertyScoped), a round's property on the patrol page, the property of a public page. Null, the default: the
 * browser's own, for records of no property (a user's sign-ins, the mail outbox).
 */
export const ShownTimeZone = createContext<string | null>(null);

/**
 * The interface language and how its dates are written (the grid's and the pickers' texts: ui/widget-locale.ts): `intlLocale`, `timeZone` (ShownTimeZone)
 * and `readerZone` (the browser's) make it the DateLocale that formatDate and formatDateTime take.
 */
export function useUiLocale() {
  const { i18n } = useTranslation();
  const code = i18n.resolvedLanguage ?? i18n.language;
  const language = asLanguage(code);
  const timeZone = useContext(ShownTimeZone);
  return {
    /** The shipped language the grid's and pickers' own texts are in (English for a language added as data). */
    language,
    intlLocale: intlLocaleOf(code),
    timeZone,
    readerZone: browserZone() ?? null,
  };
}
export type UiLocale = ReturnType<typeof useUiLocale>;

/** The interface language's Intl locale alone (no time zone read: a page showing no times, the poster's). */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return intlLocaleOf(i18n.resolvedLanguage ?? i18n.language);
}

/** Dates and numbers are written the language's way: a language added as data by its own code (decision 0051). */
function intlLocaleOf(code: string | undefined): string {
  return code && isLanguageCode(code) && !isLanguage(code) ? code : INTL_LOCALES[asLanguage(code)];
}
export type { DateLocale };

/**
 * The screen's DateLocale as one object that changes only with it (for memoised columns). `zone` replaces the
 * screen's zone: a central list filtered on one property shows its records in that property's zone.
 */
export function useDateLocale(zone?: string | null): DateLocale {
  const { intlLocale, timeZone, readerZone } = useUiLocale();
  const shown = zone === undefined ? timeZone : zone;
  return useMemo(() => ({ intlLocale, timeZone: shown, readerZone }), [intlLocale, shown, readerZone]);
}

/** A date (YYYY-MM-DD, shown as that calendar day) or the day of a date-time in the shown zone. */
export function formatDate(value: string | null | undefined, locale: DateLocale): string {
  return formatDay(value, locale);
}

/**
 * A date-time in the shown zone (the property's), followed by the zone's short name when the browser's zone
 * would show another time: "28 nov 2026, 17:57 GMT-5".
 */
export function formatDateTime(value: string | null | undefined, locale: DateLocale): string {
  return formatInstant(value, locale);
}

/** The time only (today's), in the shown zone, labelled as formatDateTime labels it. */
export function formatTime(value: string | Date | null | undefined, locale: DateLocale): string {
  return formatInstant(value, locale, { time: 'only' });
}

const INTL_UNIT = { minutes: 'minute', hours: 'hour', days: 'day' } as const;

/** A length of time as people say it in the page's language: "24 hours", "24 horas", "24小时". */
export function formatDuration(amount: number, unit: keyof typeof INTL_UNIT, intlLocale: string): string {
  const key = `${intlLocale}|${unit}`;
  let format = durations.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale, { style: 'unit', unit: INTL_UNIT[unit], unitDisplay: 'long' });
    durations.set(key, format);
  }
  return format.format(amount);
}
const durations = new Map<string, Intl.NumberFormat>();
