import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppLayout } from '../features/shell/AppLayout';
import { ConfigurationError } from '../features/shell/ConfigurationError';
import { LoadingOverlay } from '../features/shell/LoadingOverlay';
import { RouteError } from '../features/shell/RouteError';
import { RequestError } from '../platform/errors';
import { isAuthExempt, loginPath } from '../platform/guards';
import { hostContext } from '../platform/host';
import {
  applyBootstrap,
  bootstrapQueryOptions,
  BootstrapError,
  enrolmentPath,
  layoutBootstrap,
} from '../platform/session';
import { useAuthStore } from '../platform/stores';
import { ShownTimeZone } from '../ui/locale';

/**
 * The authenticated layout (SPEC §2.2), a pathless route around every signed-in screen. Before any of them loads:
 * signed in? (paths under /language are exempt) → the bootstrap (user, property, permissions, languages; a 401 ends
 * the session; without signal the session's last one; any other failure shows the configuration-error screen) → the guard of platform/route-access.ts with the
 * bootstrap's permissions (bad ids → the list, forbidden → the user's landing page).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location, context }) => {
    const auth = useAuthStore.getState();
    if (isAuthExempt(location.pathname) && !auth.isAuthenticated) return { bootstrapError: null };
    if (!auth.isAuthenticated) throw redirect({ href: loginPath(location.href), replace: true });

    // The route tables load with the first signed-in page, not with the sign-in page (whose budget they would take):
    // asked for beside the bootstrap, and announced by the server on every page but the sign-in screens
    // (spa-preload), so this waits for nothing more than the bootstrap does.
    const access = import('../platform/route-access');
    access.catch(() => undefined); // awaited below; a failure meanwhile is not an unhandled one
    let boot;
    try {
      boot = await layoutBootstrap(context.queryClient);
    } catch (err) {
      if (err instanceof RequestError && err.statusCode === 401) {
        useAuthStore.getState().clear();
        throw redirect({ href: loginPath(location.href), replace: true });
      }
      // Rendered by the layout as the configuration-error screen. Returned, not thrown: the router logs what a
      // beforeLoad throws as an uncaught error, and this one is an expected state with its own screen.
      return { bootstrapError: new BootstrapError(err) };
    }
    applyBootstrap(boot);
    // Two-factor sign-in is mandatory and not set up yet: the session can only enrol (decision 0014).
    if (boot.twoFactor?.enrolmentRequired)
      throw redirect({ href: enrolmentPath(location.href), replace: true });

    const { guardRedirect, offeredIn } = await access;
    // A page of the other area only (/properties on a property's address): the not-found screen, for everyone.
    if (!offeredIn(location.pathname, hostContext().area)) throw notFound();
    const target = guardRedirect(location.pathname, location.href, {
      isAuthenticated: true,
      user: boot.user,
      permissions: boot.permissions,
    });
    if (target) throw redirect({ href: target, replace: true });
    return { bootstrapError: null };
  },
  component: AppRoute,
  pendingComponent: () => <LoadingOverlay />,
  pendingMs: 150,
  errorComponent: RouteError,
});

function AppRoute() {
  const { bootstrapError } = Route.useRouteContext();
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const { data: boot } = useQuery({ ...bootstrapQueryOptions(), enabled: signedIn && !bootstrapError });
  // A later refresh of the bootstrap (it is cached 5 minutes) updates the stores too.
  useEffect(() => {
    if (boot) applyBootstrap(boot);
  }, [boot]);
  if (bootstrapError) return <ConfigurationError message={bootstrapError.message} />;
  if (!signedIn || !boot) return <Outlet />;
  // A property's area shows every time in the property's zone (decision 0039 §12); centrally, PropertyScoped and the
  // patrol page name the property a screen's records belong to.
  return (
    <ShownTimeZone.Provider value={boot.property?.timezone ?? null}>
      <AppLayout boot={boot}>
        <Outlet />
      </AppLayout>
    </ShownTimeZone.Provider>
  );
}
