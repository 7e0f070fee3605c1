import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { RequestError } from './errors';

/** SPEC §9 query constants and SPEC §8 retry policy. */
export const QUERY_STALE_MS = 30_000;
export const QUERY_RETRY_DELAY_MS = 500;
export const BOOTSTRAP_STALE_MS = 5 * 60_000;
export const BOOTSTRAP_RETRY_DELAY_MS = 1_000;

/**
 * No retry on a missing status, 401 or any other 4xx; anything else is retried once (after 500 ms).
 * Mutations are never retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  const status = error instanceof RequestError ? error.statusCode : undefined;
  if (!status) return false;
  if (status >= 400 && status < 500) return false;
  return true;
}

/** The bootstrap is retried once, except on 401 (SPEC §7–8). */
export function shouldRetryBootstrap(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(error instanceof RequestError && error.statusCode === 401);
}

/** Queries tagged `meta: { session: false }` deal with a 401 themselves (the bootstrap, in the layout route). */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { session?: boolean };
  }
}

let onUnauthenticated: (() => void) | null = null;

/**
 * What to do when a query answers 401 — the session ended (expired, revoked, signed out elsewhere). Registered by
 * the session module, which clears the stored auth and goes to the sign-in page.
 */
export function setUnauthenticatedHandler(fn: () => void): void {
  onUnauthenticated = fn;
}

let onForbidden: ((error: RequestError) => void) | null = null;

/**
 * What to do when a query or a mutation answers 403 with a code the session module acts on (two-factor enrolment
 * became mandatory: go and enrol).
 */
export function setEnrolmentRequiredHandler(fn: (error: RequestError) => void): void {
  onForbidden = fn;
}

const forbidden = (error: unknown) => {
  if (error instanceof RequestError && error.statusCode === 403 && error.code) onForbidden?.(error);
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof RequestError && error.statusCode === 401 && query.meta?.session !== false)
          onUnauthenticated?.();
        forbidden(error);
      },
    }),
    mutationCache: new MutationCache({ onError: forbidden }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        retry: shouldRetry,
        retryDelay: QUERY_RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// TanStack Query takes itself for online until the browser's first `offline` event; a page opened without signal
// (a patrol reopening the app in a garage, decision 0039 §2) is offline from the start, as one that lost it: its
// queries wait for the signal instead of failing, and a mutation (the language switch) is sent when it returns.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
