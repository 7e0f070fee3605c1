import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterVisitorPage } from '../features/register-visitor/RegisterVisitorPage';

/**
 * /register/visitors/{visitorToken}: a visitor's link (the property's poster, a personal link, or their receipt),
 * open to anyone. A blank token → /auth/login; any other token is judged by the server (the page says why not).
 */
export const Route = createFileRoute('/register/visitors/$visitorToken')({
  beforeLoad: ({ params }) => {
    if (!params.visitorToken.trim()) throw redirect({ to: '/auth/login', replace: true });
  },
  component: RegisterVisitor,
});

function RegisterVisitor() {
  const { visitorToken } = Route.useParams();
  return <RegisterVisitorPage key={visitorToken} token={visitorToken.trim()} />;
}
