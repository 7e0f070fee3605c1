import { CssBaseline } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LoadingOverlay } from './features/shell/LoadingOverlay';
import { RouteError } from './features/shell/RouteError';
import { DirectionalTheme } from './platform/direction';
import i18n from './platform/i18n';
import { theme } from './platform/theme';
import type { RouterContext } from './routes/__root';

/** The router's options, the same in the browser (main.tsx) and where the server draws a page (entry-server.tsx). */
export const routerOptions = (queryClient: QueryClient) => ({
  context: { queryClient } satisfies RouterContext,
  defaultPreload: 'intent' as const,
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
  defaultPendingComponent: () => <LoadingOverlay />,
});

/**
 * The app's providers around the router: the same tree in the browser and on the server, so that a page the server
 * drew is the one the browser's first render makes (decision 0050).
 */
export function AppTree({
  router,
  queryClient,
  children,
}: {
  router: AnyRouter;
  queryClient: QueryClient;
  children?: ReactNode;
}) {
  return (
    <>
      <I18nextProvider i18n={i18n}>
        <DirectionalTheme theme={theme}>
          <CssBaseline />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </DirectionalTheme>
      </I18nextProvider>
      {children}
    </>
  );
}
