import { createRouter } from '@tanstack/react-router';
import { AppTree, routerOptions } from './app-tree';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLanguage, startFirstLanguage } from './platform/language';
import { SERVER_DRAWN_ID } from './platform/server-drawn';
import { queryClient } from './platform/query';
import { registerNavigator } from './platform/session';
import { useAuthStore, useLanguageStore } from './platform/stores';
import { routeTree } from './routeTree.gen';

export const router = createRouter({ routeTree, ...routerOptions(queryClient) });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

registerNavigator(async (href) => {
  await router.navigate({ href, replace: true });
});

const root = document.getElementById('root')!;

function App({ children }: { children?: ReactNode }) {
  return (
    <StrictMode>
      <AppTree router={router} queryClient={queryClient}>
        {children}
      </AppTree>
    </StrictMode>
  );
}

/**
 * A page the server drew (a public page: decision 0050) is taken over by the app (platform/take-over.tsx). Any
 * other page: the right language from the first paint — the signed-in user's languages, or any the app ships; its
 * dictionary loads while the router loads the first route's code, and the root route waits for both.
 */
async function start() {
  const { isAuthenticated } = useAuthStore.getState();
  if (!isAuthenticated && document.getElementById(SERVER_DRAWN_ID)) {
    const { takeOver } = await import('./platform/take-over');
    if (await takeOver({ root, router, queryClient, App })) return;
  }
  startFirstLanguage(
    initialLanguage(isAuthenticated ? useLanguageStore.getState().languageCodes : undefined),
  );
  createRoot(root).render(<App />);
}
void start();

// The installable app's service worker (public/sw.js): the app's files open without signal. Built app only.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener(
    'load',
    () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined),
  );
