import {
  ERROR_CODES,
  isLoginChallenge,
  type bootstrapResponse,
  type LoginAnswer,
  type LoginBody,
  type LoginTwoFactorBody,
  type SessionAnswer,
} from '@parkade/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { get, send } from './api';
import { RequestError } from './errors';
import { applyLanguage, browserLanguages } from './language';
import { chooseLanguage } from './i18n';
import { loginPath, safeRedirect } from './guards';
import {
  BOOTSTRAP_RETRY_DELAY_MS,
  BOOTSTRAP_STALE_MS,
  queryClient,
  setEnrolmentRequiredHandler,
  setUnauthenticatedHandler,
  shouldRetryBootstrap,
} from './query';
import { useAuthStore, useLanguageStore, usePropertyStore } from './stores';

/**
 * The session of the signed-in user: sign in, the bootstrap (SPEC §3, §7–9), sign out. The layout route reads the
 * bootstrap before any authenticated page renders; everything else reads the stores it fills.
 */
export type Bootstrap = z.infer<typeof bootstrapResponse>;
export type { LoginAnswer, SessionAnswer };

export const BOOTSTRAP_KEY = ['auth', 'bootstrap'] as const;

/**
 * GET /auth/bootstrap: cached 5 minutes, retried once after 1 s, never after a 401 (SPEC §7–9). Asked even when the
 * browser says it is offline: the layout waits on it, and must hear that it failed rather than wait for a signal.
 */
export function bootstrapQueryOptions() {
  return queryOptions({
    queryKey: BOOTSTRAP_KEY,
    queryFn: () => get<Bootstrap>('/auth/bootstrap'),
    staleTime: BOOTSTRAP_STALE_MS,
    retry: shouldRetryBootstrap,
    retryDelay: BOOTSTRAP_RETRY_DELAY_MS,
    networkMode: 'always',
    meta: { session: false },
  });
}

/**
 * The bootstrap the layout opens with: the API's; without signal (the browser knows it is offline, or the call got
 * no answer) the session's last one, kept with it (decision 0039 §2), laid into the query cache as stale so that it
 * is read again as soon as the signal returns. Anything else fails as before (a 401 ends the session).
 */
export async function layoutBootstrap(client: QueryClient): Promise<Bootstrap> {
  const kept = useAuthStore.getState().bootstrap;
  const useKept = () => {
    client.setQueryData(BOOTSTRAP_KEY, kept!, { updatedAt: 0 });
    return kept!;
  };
  if (kept && typeof navigator !== 'undefined' && navigator.onLine === false) return useKept();
  try {
    return await client.query(bootstrapQueryOptions());
  } catch (err) {
    if (kept && err instanceof RequestError && err.statusCode === 0) return useKept();
    throw err;
  }
}

/** The bootstrap could not be read for another reason than a 401: the configuration-error screen shows it. */
export class BootstrapError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'BootstrapError';
  }
}

let applied: Bootstrap | null = null;

/**
 * The bootstrap answer into the stores: user and permissions, the allowed languages, the property's name (kept so
 * the sign-in page of this host can name the property next time) and the language, chosen in the order of SPEC §9.
 */
export function applyBootstrap(boot: Bootstrap): void {
  if (applied === boot) return;
  applied = boot;
  useAuthStore.getState().setUser(boot.user, boot.permissions);
  useAuthStore.getState().setBootstrap(boot);
  useLanguageStore.getState().setLanguageCodes(boot.languageCodes);
  usePropertyStore.getState().setTenantName(boot.property?.name ?? null);
  void applyLanguage(
    chooseLanguage({
      user: boot.user.language,
      stored: useLanguageStore.getState().currentLanguage,
      browser: browserLanguages(),
      allowed: boot.languageCodes,
    }),
  );
}

/**
 * A session was issued: it is stored (in this tab, or in local storage when remembered: stores.ts), and the
 * language follows the user's. Settles once the user's language is shown, so what the sign-in says next (its
 * "signed in" message, the first screen) is in that language, not in the sign-in page's.
 */
function startSession(answer: SessionAnswer, remember: boolean): Promise<void> {
  queryClient.removeQueries({ queryKey: BOOTSTRAP_KEY });
  applied = null;
  useAuthStore.getState().setSession({ ...answer, remember });
  useLanguageStore.getState().setLanguageCodes(answer.user.languages);
  return applyLanguage(
    chooseLanguage({
      user: answer.user.language,
      stored: useLanguageStore.getState().currentLanguage,
      browser: browserLanguages(),
      allowed: answer.user.languages,
    }),
  ).catch(() => undefined);
}

/**
 * POST /auth/login. A session is stored and returned; for staff who sign in with two factors the answer is a
 * challenge instead (nothing is stored yet: `loginTwoFactor` finishes). On failure the stored auth is cleared and
 * the normalised error is thrown (SPEC §8).
 */
export async function login(body: LoginBody): Promise<LoginAnswer> {
  try {
    const answer = await send<LoginAnswer>('POST', '/auth/login', body);
    if (!isLoginChallenge(answer)) await startSession(answer, body.remember === true);
    return answer;
  } catch (err) {
    useAuthStore.getState().clear();
    throw err;
  }
}

/** POST /auth/login/two-factor: the challenge and a code of the app (or a recovery code) → the session. */
export async function loginTwoFactor(body: LoginTwoFactorBody, remember = false): Promise<SessionAnswer> {
  const answer = await send<SessionAnswer>('POST', '/auth/login/two-factor', body);
  await startSession(answer, remember);
  return answer;
}

/** Where a user who must enrol in two-factor sign-in is sent, coming back to `href` afterwards. */
export function enrolmentPath(href?: string): string {
  const target = safeRedirect(href);
  return target && target !== '/'
    ? `/two-factor-setup?redirect=${encodeURIComponent(target)}`
    : '/two-factor-setup';
}

type Navigate = (href: string) => Promise<void>;
let navigateTo: Navigate = async (href) => {
  window.location.assign(href);
};

/** The router's navigation, registered once at start (main.tsx), so that session ends can leave the page. */
export function registerNavigator(fn: Navigate): void {
  navigateTo = fn;
}

/**
 * Ends the session in this browser: the stored auth is cleared, the user is sent to `to` and every cached answer
 * of the previous user is dropped (after leaving, so no mounted screen refetches it without a token).
 */
export async function endSession(to: string): Promise<void> {
  useAuthStore.getState().clear();
  applied = null;
  await navigateTo(to);
  // Everything but the interface texts, which belong to the page rather than to the user.
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'langs' });
}

/**
 * POST /auth/logout, then clear and go to /auth/login (SPEC §2.2, §4). A failed call is returned so the caller can
 * show it; the session ends locally either way.
 */
export async function logout(): Promise<RequestError | null> {
  let failure: RequestError | null = null;
  try {
    await send('POST', '/auth/logout');
  } catch (err) {
    failure = err instanceof RequestError ? err : new RequestError(String(err), 500);
  }
  await endSession('/auth/login');
  return failure;
}

/** The signed-in user's record changed (language, profile): the stores and the cached bootstrap follow. */
export function updateSessionUser(patch: Partial<Bootstrap['user']>): void {
  const { user, permissions } = useAuthStore.getState();
  if (user) useAuthStore.getState().setUser({ ...user, ...patch }, permissions);
  queryClient.setQueryData<Bootstrap>(BOOTSTRAP_KEY, (old) => {
    if (!old) return old;
    const next = { ...old, user: { ...old.user, ...patch } };
    applied = next;
    useAuthStore.getState().setBootstrap(next);
    return next;
  });
}

/**
 * A call answered 403 `two-factor-enrolment-required` (two-factor sign-in became mandatory while this page was
 * open): the bootstrap is read again and the user goes to the enrolment screen.
 */
setEnrolmentRequiredHandler((error) => {
  if (error.code !== ERROR_CODES.twoFactorEnrolmentRequired) return;
  if (!useAuthStore.getState().isAuthenticated) return;
  if (window.location.pathname.startsWith('/two-factor-setup')) return;
  void queryClient.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
  void navigateTo(enrolmentPath(`${window.location.pathname}${window.location.search}`));
});

/** A query answered 401 while signed in: the session is over; sign in again and come back here. */
setUnauthenticatedHandler(() => {
  if (!useAuthStore.getState().isAuthenticated) return;
  void endSession(loginPath(`${window.location.pathname}${window.location.search}`));
});
