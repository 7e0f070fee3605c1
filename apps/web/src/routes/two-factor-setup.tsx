import { createFileRoute, redirect } from '@tanstack/react-router';
import { ConfigurationError } from '../features/shell/ConfigurationError';
import { LoadingOverlay } from '../features/shell/LoadingOverlay';
import { TwoFactorSetupPage } from '../features/two-factor/TwoFactorSetupPage';
import { RequestError } from '../platform/errors';
import { landingPath, loginPath, safeRedirect } from '../platform/guards';
import { applyBootstrap, bootstrapQueryOptions, BootstrapError } from '../platform/session';
import { useAuthStore } from '../platform/stores';

interface SetupSearch {
  redirect?: string;
}

/**
 * /two-factor-setup?redirect=… (decision 0014): outside the application frame, since a session that must enrol can
 * open nothing else. Signed out → the sign-in page; not (or no longer) required → where the user was going.
 */
export const Route = createFileRoute('/two-factor-setup')({
  validateSearch: (search: Record<string, unknown>): SetupSearch => ({
    redirect: safeRedirect(search.redirect),
  }),
  beforeLoad: async ({ context, location, search }) => {
    if (!useAuthStore.getState().isAuthenticated)
      throw redirect({ href: loginPath(location.href), replace: true });
    let boot;
    try {
      boot = await context.queryClient.query(bootstrapQueryOptions());
    } catch (err) {
      if (err instanceof RequestError && err.statusCode === 401) {
        useAuthStore.getState().clear();
        throw redirect({ href: loginPath(location.href), replace: true });
      }
      return { bootstrapError: new BootstrapError(err) };
    }
    applyBootstrap(boot);
    if (!boot.twoFactor?.enrolmentRequired)
      throw redirect({ href: search.redirect ?? landingPath(boot.user, boot.permissions), replace: true });
    return { bootstrapError: null };
  },
  component: SetupRoute,
  pendingComponent: () => <LoadingOverlay />,
  pendingMs: 150,
});

function SetupRoute() {
  const { bootstrapError } = Route.useRouteContext();
  const { redirect: target } = Route.useSearch();
  if (bootstrapError) return <ConfigurationError message={bootstrapError.message} />;
  return <TwoFactorSetupPage redirect={target} />;
}
