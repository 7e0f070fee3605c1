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
  // The link's read starts with the page, beside its code and texts, and the page is drawn once it is in (decision
  // 0039 §18): drawn before, its spinner in the centred card gave way to the form and moved the page (a layout
  // shift). A failed read is the page's to show (prefetchQuery never throws).
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(visitorLinkQuery(params.visitorToken.trim())),
  component: RegisterVisitor,
});

function RegisterVisitor() {
  const { visitorToken } = Route.useParams();
  return <RegisterVisitorPage key={visitorToken} token={visitorToken.trim()} />;
}
