import { createFileRoute, redirect } from '@tanstack/react-router';
import { visitorLinkQuery } from '../features/register-visitor/link';
import { RegisterVisitorPage } from '../features/register-visitor/RegisterVisitorPage';

/**
 * /register/visitors/{visitorToken}: a visitor's link (the property's poster, a personal link, or their receipt),
 * open to anyone. A blank token → /auth/login; any other token is judged by the server (the page says why not).
 */
export const Route = createFileRoute('/register/visitors/$visitorToken')({
  beforeLoad: ({ params }) => {
    if (!params.visitorToken.trim()) throw redirect({ to: '/auth/login', replace: true });
  },
  // The link's read starts with the page, beside its code and texts (decision 0039 §18); the page shows it. A page
  // the server drew came with it (decision 0050): it is not read again.
  loader: ({ context, params }) => {
    void context.queryClient
      .ensureQueryData(visitorLinkQuery(params.visitorToken.trim()))
      .catch(() => undefined);
  },
  component: RegisterVisitor,
});

function RegisterVisitor() {
  const { visitorToken } = Route.useParams();
  return <RegisterVisitorPage key={visitorToken} token={visitorToken.trim()} />;
}
