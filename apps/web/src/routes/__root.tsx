import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { LoadingOverlay } from '../features/shell/LoadingOverlay';
import { NotFound } from '../features/shell/NotFound';
import { landingPath } from '../platform/guards';
import {
  applyLanguage,
  firstTextsState,
  initialLanguage,
  languageCodesQueryOptions,
  onFirstTexts,
} from '../platform/language';
import i18n from '../platform/i18n';
import { useAuthStore, useLanguageStore } from '../platform/stores';
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
  const { data: languages } = useQuery(languageCodesQueryOptions());
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  useEffect(() => {
    if (languages && !signedIn) void applyLanguage(initialLanguage(languages));
  }, [languages, signedIn]);
  return (
    <WithTexts>
      <Outlet />
      <Toaster />
    </WithTexts>
  );
}

/**
 * No screen is drawn before the first language's texts are in (they load beside the route's code): the loading
 * screen meanwhile, never a blank page; should they fail, the root's error screen says so (its texts are in the
 * entry chunk: boot-texts.ts).
 *
 * Their arrival is a transition: React draws the first screen in slices that leave the main thread free between
 * them, with the loading screen shown until the whole screen is ready. Drawn at once, a form like the poster's was
 * one task of 0.4–0.8 s on a slow phone (Lighthouse's total blocking time: decision 0039 §18), during which a tap
 * went unanswered. The state is read again after subscribing (texts that came in between are not missed), and it
 * only moves forward (loading → ready or failed), so no update can be lost or undone.
 */
function WithTexts({ children }: { children: ReactNode }) {
  const [texts, setTexts] = useState(firstTextsState);
  useEffect(() => {
    const update = () => startTransition(() => setTexts(firstTextsState()));
    const unsubscribe = onFirstTexts(update);
    update();
    return unsubscribe;
  }, []);
  if (texts.status === 'failed') throw texts.error;
  if (texts.status === 'loading') return <FirstTextsLoading />;
  return children;
}

/** The loading screen in the language being loaded (its text is in the entry chunk: boot-texts.ts). */
function FirstTextsLoading() {
  const language = useLanguageStore((s) => s.currentLanguage);
  return <LoadingOverlay message={i18n.t('shell.loading', { lng: language })} />;
}

/** A path no screen answers: back to the user's landing page, or to sign in. */
function RootNotFound() {
  const user = useAuthStore((s) => s.user);
  const permissions = useAuthStore((s) => s.permissions);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return <NotFound redirect={signedIn && user ? landingPath(user, permissions) : '/auth/login'} />;
}
