import { describe, expect, it } from 'vitest';
import { RequestError } from './errors';
import {
  BOOTSTRAP_RETRY_DELAY_MS,
  BOOTSTRAP_STALE_MS,
  createQueryClient,
  QUERY_RETRY_DELAY_MS,
  QUERY_STALE_MS,
  shouldRetry,
  shouldRetryBootstrap,
} from './query';

const status = (s: number) => new RequestError('x', s);

describe('query retry policy (SPEC §8)', () => {
  it('never retries a missing status, a 401 or another 4xx', () => {
    for (const s of [0, 400, 401, 403, 404, 422, 429])
      expect(shouldRetry(0, status(s)), String(s)).toBe(false);
    expect(shouldRetry(0, new Error('not normalised'))).toBe(false);
  });

  it('retries other errors once', () => {
    for (const s of [500, 502, 503]) {
      expect(shouldRetry(0, status(s))).toBe(true);
      expect(shouldRetry(1, status(s))).toBe(false);
    }
  });

  it('retries the bootstrap once, except after a 401', () => {
    expect(shouldRetryBootstrap(0, status(401))).toBe(false);
    expect(shouldRetryBootstrap(0, status(500))).toBe(true);
    expect(shouldRetryBootstrap(0, status(0))).toBe(true);
    expect(shouldRetryBootstrap(1, status(500))).toBe(false);
  });

  it('sets the defaults of SPEC §9: stale 30 s, retry after 500 ms, no refetch on focus, mutations never retried', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: QUERY_STALE_MS,
      retryDelay: QUERY_RETRY_DELAY_MS,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
    });
    expect(defaults.mutations?.retry).toBe(false);
    expect([QUERY_STALE_MS, QUERY_RETRY_DELAY_MS, BOOTSTRAP_STALE_MS, BOOTSTRAP_RETRY_DELAY_MS]).toEqual([
      30_000, 500, 300_000, 1_000,
    ]);
  });
});
