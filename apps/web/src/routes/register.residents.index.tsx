import { createFileRoute, redirect } from '@tanstack/react-router';

/** /register/residents/ without a token: nothing to register → /auth/login. */
export const Route = createFileRoute('/register/residents/')({
  beforeLoad: () => {
    throw redirect({ to: '/auth/login', replace: true });
  },
});
