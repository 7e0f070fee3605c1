import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NotFound } from '../features/shell/NotFound';
import { landingPath } from '../platform/guards';
import { applyLanguage, initialLanguage, translationsQueryOptions } from '../platform/language';
import { useAuthStore } from '../platform/stores';
import { Toaster } from '../ui/toast';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: RootNotFound,
});

/**
 * Every page: the interface texts from the API (cached for the page's life), the toasts. Before anyone signs in,
 * the language is chosen among the area's languages once they are known; after, the bootstrap chooses it.
 */
function Root() {
  const { data: languages } = useQuery(translationsQueryOptions());
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  useEffect(() => {
    if (languages && !signedIn) applyLanguage(initialLanguage(languages));
  }, [languages, signedIn]);
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

/** A path no screen answers: back to the user's landing page, or to sign in. */
function RootNotFound() {
  const user = useAuthStore((s) => s.user);
  const permissions = useAuthStore((s) => s.permissions);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return <NotFound redirect={signedIn && user ? landingPath(user, permissions) : '/auth/login'} />;
}
