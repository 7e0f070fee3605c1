import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/LoginPage';
import { safeRedirect } from '../../platform/guards';
import { useAuthStore } from '../../platform/stores';

interface LoginSearch {
  redirect?: string;
  /** Filled in the form (an accepted invitation leads here with the new user's email). */
  email?: string;
}

/** /auth/login?redirect=… (SPEC §2.1): a signed-in user goes to the redirect, default '/'. */
export const Route = createFileRoute('/auth/login')({
  // The key is always returned: TanStack merges the validated search over the raw one, so a dropped key would keep
  // its raw value (an off-site `redirect` followed after signing in).
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: safeRedirect(search.redirect),
    email: typeof search.email === 'string' && search.email.trim() ? search.email.trim() : undefined,
  }),
  beforeLoad: ({ search }) => {
    if (useAuthStore.getState().isAuthenticated)
      throw redirect({ href: search.redirect ?? '/', replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target, email } = Route.useSearch();
  return <LoginPage redirect={target} email={email} />;
}
