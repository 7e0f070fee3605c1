import type { Language } from '@parkade/contract';
import { esES as gridEs, zhCN as gridZh } from '@mui/x-data-grid/locales';
import { esES as pickersEs, zhCN as pickersZh } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/es';
import 'dayjs/locale/zh-cn';
import { useUiLocale } from './locale';

/**
 * The data grid's and the date pickers' texts and dayjs locale in the interface language. Apart from ui/locale.ts,
 * which every screen takes (dates, durations): these tables of texts are loaded with the grid and the pickers only,
 * not by a page that has neither — the poster's page (decision 0039 §18).
 */
const GRID = { en: undefined, es: gridEs, zh: gridZh };
const PICKERS = { en: undefined, es: pickersEs, zh: pickersZh };
const DAYJS: Record<Language, string> = { en: 'en', es: 'es', zh: 'zh-cn' };

/** The data grid's texts in the interface language (undefined: the grid's own English). */
export function useGridLocaleText() {
  const { language } = useUiLocale();
  return GRID[language]?.components.MuiDataGrid.defaultProps.localeText;
}

/** The date pickers' dayjs locale and texts in the interface language. */
export function usePickerLocale() {
  const { language } = useUiLocale();
  return {
    dayjsLocale: DAYJS[language],
    pickersLocaleText: PICKERS[language]?.components.MuiLocalizationProvider.defaultProps.localeText,
  };
}
