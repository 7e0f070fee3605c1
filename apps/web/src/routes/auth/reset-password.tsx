import { createFileRoute, redirect } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth/ResetPasswordPage';
import { useAuthStore } from '../../platform/stores';

interface ResetSearch {
  email?: string;
  token?: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * /auth/reset-password?email=…&token=… (SPEC §2.1, §8): a signed-in user goes to '/'; a missing or blank email or
 * token → /auth/forgot-password?error=missing-params.
 */
export const Route = createFileRoute('/auth/reset-password')({
  // Both keys are always returned: TanStack merges the validated search over the raw one, so a dropped key would
  // keep its raw (blank) value.
  validateSearch: (search: Record<string, unknown>): ResetSearch => ({
    email: text(search.email) || undefined,
    token: text(search.token) || undefined,
  }),
  beforeLoad: ({ search }) => {
    if (useAuthStore.getState().isAuthenticated) throw redirect({ to: '/', replace: true });
    if (!search.email || !search.token)
      throw redirect({ to: '/auth/forgot-password', search: { error: 'missing-params' }, replace: true });
  },
  component: ResetRoute,
});

function ResetRoute() {
  const { email, token } = Route.useSearch();
  return <ResetPasswordPage email={email ?? ''} token={token ?? ''} />;
}
