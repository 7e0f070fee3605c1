import {
  browserZone,
  formatDay,
  formatInstant,
  INTL_LOCALES,
  type DateLocale,
  type Language,
} from '@parkade/contract';
import { esES as gridEs, zhCN as gridZh } from '@mui/x-data-grid/locales';
import { esES as pickersEs, zhCN as pickersZh } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/es';
import 'dayjs/locale/zh-cn';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The locale pieces of the interface language: grid and picker texts, dayjs and Intl locales. */
const GRID = { en: undefined, es: gridEs, zh: gridZh };
const PICKERS = { en: undefined, es: pickersEs, zh: pickersZh };
const DAYJS: Record<Language, string> = { en: 'en', es: 'es', zh: 'zh-cn' };

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
 * The interface language's locale pieces, and how its dates are written: `intlLocale`, `timeZone` (ShownTimeZone)
 * and `readerZone` (the browser's) make it the DateLocale that formatDate and formatDateTime take.
 */
export function useUiLocale() {
  const { i18n } = useTranslation();
  const language = asLanguage(i18n.resolvedLanguage ?? i18n.language);
  const timeZone = useContext(ShownTimeZone);
  return {
    language,
    gridLocaleText: GRID[language]?.components.MuiDataGrid.defaultProps.localeText,
    pickersLocaleText: PICKERS[language]?.components.MuiLocalizationProvider.defaultProps.localeText,
    dayjsLocale: DAYJS[language],
    intlLocale: INTL_LOCALES[language],
    timeZone,
    readerZone: browserZone() ?? null,
  };
}
export type UiLocale = ReturnType<typeof useUiLocale>;
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
  return new Intl.NumberFormat(intlLocale, {
    style: 'unit',
    unit: INTL_UNIT[unit],
    unitDisplay: 'long',
  }).format(amount);
}
