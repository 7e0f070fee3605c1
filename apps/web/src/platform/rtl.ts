import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { createTheme, type Theme } from '@mui/material/styles';
import { prefixer } from 'stylis';

/**
 * What a language written right to left needs (decision 0051; MUI's right-to-left guide): the theme's direction and
 * an Emotion cache whose styles are mirrored (margin-left becomes margin-right…). Loaded only when such a language is
 * shown, so no other page carries it.
 */
export function rtlSetup(theme: Theme) {
  return {
    cache: createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }),
    theme: createTheme(theme, { direction: 'rtl' }),
  };
}
