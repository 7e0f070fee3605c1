/**
 * Whether a sign-in answer (`LoginAnswer`) asks for the second factor rather than opening a session. Plain code, no
 * schema: the first screen reads it.
 */
export const isLoginChallenge = <A extends object>(a: A): a is Extract<A, { twoFactorRequired: unknown }> =>
  'twoFactorRequired' in a;
