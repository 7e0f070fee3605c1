import { LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { ReactNode } from 'react';
import { usePickerLocale } from '../widget-locale';

/** The pickers' adapter, locale and texts in the interface's language. */
export function PickerLocale({ children }: { children: ReactNode }) {
  const { dayjsLocale, pickersLocaleText } = usePickerLocale();
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={dayjsLocale}
      localeText={pickersLocaleText}
    >
      {children}
    </LocalizationProvider>
  );
}
