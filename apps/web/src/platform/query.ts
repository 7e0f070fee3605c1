import { MutationCache, QueryClient } from '@tanstack/react-query';
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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache(),
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
