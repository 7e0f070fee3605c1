import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/zh-cn';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import i18n from './i18n';

/**
 * dayjs as the screens use it: localized formats ('LL', 'LLL') in the interface language, which it follows, and
 * time zones (a date-time picker works in the property's zone, decision 0039 §12). Its own module, imported by the
 * screens that show or pick dates, so the sign-in page does not download it (decision 0017).
 */
dayjs.extend(localizedFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

/** dayjs locale per interface language. */
const DAYJS_LOCALE: Record<string, string> = { en: 'en', es: 'es', zh: 'zh-cn' };

function follow(lng: string | undefined) {
  const locale = lng ? DAYJS_LOCALE[lng] : undefined;
  if (locale) dayjs.locale(locale);
}

follow(i18n.language);
i18n.on('languageChanged', follow);

export { dayjs };
export type { Dayjs } from 'dayjs';
