import { createFileRoute, redirect } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../features/auth/ForgotPasswordPage';
import { useAuthStore } from '../../platform/stores';

interface ForgotSearch {
  error?: 'missing-params';
}

/** /auth/forgot-password (SPEC §2.1): a signed-in user goes to '/'; `error=missing-params` is explained. */
export const Route = createFileRoute('/auth/forgot-password')({
  validateSearch: (search: Record<string, unknown>): ForgotSearch =>
    search.error === 'missing-params' ? { error: 'missing-params' } : {},
  beforeLoad: () => {
    if (useAuthStore.getState().isAuthenticated) throw redirect({ to: '/', replace: true });
  },
  component: ForgotRoute,
});

function ForgotRoute() {
  const { error } = Route.useSearch();
  return <ForgotPasswordPage error={error} />;
}
