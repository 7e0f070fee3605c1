import type { Language } from '@parkade/contract';
import { esES as gridEs, zhCN as gridZh } from '@mui/x-data-grid/locales';
import { esES as pickersEs, zhCN as pickersZh } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/es';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';

/** The locale pieces of the interface language: grid and picker texts, dayjs and Intl locales. */
const GRID = { en: undefined, es: gridEs, zh: gridZh };
const PICKERS = { en: undefined, es: pickersEs, zh: pickersZh };
const DAYJS: Record<Language, string> = { en: 'en', es: 'es', zh: 'zh-cn' };
const INTL: Record<Language, string> = { en: 'en-US', es: 'es-ES', zh: 'zh-CN' };

export function asLanguage(lng: string | undefined): Language {
  return lng === 'es' || lng === 'zh' ? lng : 'en';
}

export function useUiLocale() {
  const { i18n } = useTranslation();
  const language = asLanguage(i18n.resolvedLanguage ?? i18n.language);
  return {
    language,
    gridLocaleText: GRID[language]?.components.MuiDataGrid.defaultProps.localeText,
    pickersLocaleText: PICKERS[language]?.components.MuiLocalizationProvider.defaultProps.localeText,
    dayjsLocale: DAYJS[language],
    intlLocale: INTL[language],
  };
}

/** A date (YYYY-MM-DD, shown as that calendar day) or a date-time (shown in the browser's time zone). */
export function formatDate(value: string | null | undefined, intlLocale: string): string {
  if (!value) return '';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(dateOnly ? `${value}T00:00:00` : value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium' }).format(d);
}

export function formatDateTime(value: string | null | undefined, intlLocale: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
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
