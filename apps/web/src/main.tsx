import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { LoadingOverlay } from './features/shell/LoadingOverlay';
import { RouteError } from './features/shell/RouteError';
import i18n from './platform/i18n';
import { initialLanguage, startFirstLanguage } from './platform/language';
import { queryClient } from './platform/query';
import { registerNavigator } from './platform/session';
import { useAuthStore, useLanguageStore } from './platform/stores';
import { theme } from './platform/theme';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
  defaultPendingComponent: () => <LoadingOverlay />,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

registerNavigator(async (href) => {
  await router.navigate({ href, replace: true });
});

// Speak the right language from the first paint: the signed-in user's languages, or any the app ships. Its
// dictionary loads while the router loads the first route's code; the root route waits for both.
const { isAuthenticated } = useAuthStore.getState();
startFirstLanguage(initialLanguage(isAuthenticated ? useLanguageStore.getState().languageCodes : undefined));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  </StrictMode>,
);

// The installable app's service worker (public/sw.js): the app's files open without signal. Built app only.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener(
    'load',
    () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined),
  );
