import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterResidentPage } from '../features/register-resident/RegisterResidentPage';

/**
 * /register/residents/{residentToken}: the resident's own link (emailed by "resend agreement"), open to anyone. A
 * blank token → /auth/login; any other token is judged by the server (unknown or expired: the page says so).
 */
export const Route = createFileRoute('/register/residents/$residentToken')({
  beforeLoad: ({ params }) => {
    if (!params.residentToken.trim()) throw redirect({ to: '/auth/login', replace: true });
  },
  component: RegisterResident,
});

function RegisterResident() {
  const { residentToken } = Route.useParams();
  return <RegisterResidentPage token={residentToken.trim()} />;
}
