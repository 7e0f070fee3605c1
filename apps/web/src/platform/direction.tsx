import { CacheProvider } from '@emotion/react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import i18n from './i18n';
import { directionOf } from './language';

type RtlSetup = ReturnType<typeof import('./rtl').rtlSetup>;

function subscribe(onChange: () => void) {
  i18n.on('languageChanged', onChange);
  i18n.store.on('added', onChange);
  return () => {
    i18n.off('languageChanged', onChange);
    i18n.store.off('added', onChange);
  };
}
const direction = () => directionOf(i18n.language);

/**
 * The theme in the direction of the language shown (decision 0051): a language written right to left (its
 * dictionary says so) lays every screen out mirrored — MUI's theme direction and a mirroring style cache, loaded the
 * first time such a language is shown; until then, and for every other language, the app's own theme.
 */
export function DirectionalTheme({ theme, children }: { theme: Theme; children: ReactNode }) {
  const dir = useSyncExternalStore(subscribe, direction, () => 'ltr' as const);
  const [rtl, setRtl] = useState<RtlSetup | null>(null);
  useEffect(() => {
    if (dir === 'rtl' && !rtl) void import('./rtl').then((m) => setRtl(m.rtlSetup(theme)));
  }, [dir, rtl, theme]);
  if (dir === 'rtl' && rtl)
    return (
      <CacheProvider value={rtl.cache}>
        <ThemeProvider theme={rtl.theme}>{children}</ThemeProvider>
      </CacheProvider>
    );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
