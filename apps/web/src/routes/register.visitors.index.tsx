import { createFileRoute, redirect } from '@tanstack/react-router';

/** /register/visitors/ without a token: nothing to register → /auth/login. */
export const Route = createFileRoute('/register/visitors/')({
  beforeLoad: () => {
    throw redirect({ to: '/auth/login', replace: true });
  },
});
