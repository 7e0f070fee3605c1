import { createFileRoute, redirect } from '@tanstack/react-router';
import { InvitationPage } from '../../../features/users/InvitationPage';

/**
 * /auth/invitation/{token} (public, issue 16): an invited staff user sets their password. A blank token goes to the
 * sign-in page (SPEC §2.1's rule for token links).
 */
export const Route = createFileRoute('/auth/invitation/$token')({
  beforeLoad: ({ params }) => {
    if (!params.token.trim()) throw redirect({ to: '/auth/login', replace: true });
  },
  component: InvitationRoute,
});

function InvitationRoute() {
  const { token } = Route.useParams();
  return <InvitationPage token={token} />;
}
