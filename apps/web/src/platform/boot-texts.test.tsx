import { LANGUAGES } from '@parkade/contract';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import loadingSource from '../features/shell/LoadingOverlay.tsx?raw';
import routeErrorSource from '../features/shell/RouteError.tsx?raw';
import { RouteError } from '../features/shell/RouteError';
import { BOOT_TEXTS } from './boot-texts';
import { bundledResources } from './bundled-translations';
import i18n from './i18n';

/** The keys a screen's source reads with t('…'). */
const keysOf = (source: string) => [...source.matchAll(/\bt\('([\w.]+)'/g)].map((m) => m[1]!);

describe('the texts in the entry chunk (decision 0039 §2)', () => {
  it('are the translation files’ texts, in every language', () => {
    const shipped = bundledResources();
    for (const language of LANGUAGES)
      for (const [key, text] of Object.entries(BOOT_TEXTS[language]))
        expect(text, `${language} ${key}`).toBe(shipped[language].translation[key]);
  });

  it('hold every text of the loading screen and of the error screen', () => {
    const keys = [...keysOf(routeErrorSource), ...keysOf(loadingSource)];
    expect(keys).toContain('shell.filesUnavailable');
    for (const language of LANGUAGES)
      for (const key of keys) expect(BOOT_TEXTS[language], `${language} ${key}`).toHaveProperty([key]);
  });
});

describe('a phone without signal, no dictionary fetched', () => {
  beforeEach(async () => {
    // i18next as the app starts it (the test setup laid every shipped text into it): the entry chunk's texts only.
    vi.resetModules();
    await import('./i18n');
    await i18n.changeLanguage('es');
  });

  it('has the entry chunk’s texts in i18next from the start', () => {
    for (const language of LANGUAGES)
      expect(i18n.getResourceBundle(language, 'translation')).toEqual(BOOT_TEXTS[language]);
  });

  it('says a screen whose file cannot be loaded so in the user’s language with a retry, never a key nor the file’s address', async () => {
    const root = createRootRoute({ component: Outlet });
    const page = createRoute({
      getParentRoute: () => root,
      path: '/',
      // What the router hands its error screen when a chunk could not be fetched.
      component: () => (
        <RouteError
          error={
            new TypeError(
              'Failed to fetch dynamically imported module: https://a.test/assets/translations-1.js',
            )
          }
          reset={() => undefined}
        />
      ),
    });
    const router = createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('No se pudo mostrar esta pantalla')).toBeTruthy();
    expect(
      screen.getByText(
        'No se pudieron cargar los archivos de esta pantalla. Compruebe su conexión e inténtelo de nuevo.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/shell\.|translations-1/);
  });
});
