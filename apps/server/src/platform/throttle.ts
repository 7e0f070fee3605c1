import { sql } from 'drizzle-orm';
import { authThrottle } from '../modules/auth/table';
import { query, type Tx } from './db';
import { HttpError } from './errors';

export interface Limit {
  max: number;
  windowMinutes: number;
}

/** Counts an event against a key in a fixed window; returns the count within the current window. */
export async function hit(tx: Tx, key: string, limit: Limit): Promise<number> {
  const [row] = await query<{ count: number }>(
    tx,
    sql`insert into ${authThrottle} (key, count, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when ${authThrottle.windowStartedAt} < now() - make_interval(mins => ${limit.windowMinutes})
                       then 1 else ${authThrottle.count} + 1 end,
          window_started_at = case when ${authThrottle.windowStartedAt} < now() - make_interval(mins => ${limit.windowMinutes})
                       then now() else ${authThrottle.windowStartedAt} end
        returning count`,
  );
  return row?.count ?? 1;
}

/** Refuses with 429 (and Retry-After) when any key has reached its limit in its window. */
export async function assertNotThrottled(tx: Tx, checks: { key: string; limit: Limit }[]): Promise<void> {
  for (const { key, limit } of checks) {
    const [row] = await query<{ count: number; retry: number }>(
      tx,
      sql`select count, ceil(extract(epoch from (window_started_at + make_interval(mins => ${limit.windowMinutes}) - now())))::int as retry
          from ${authThrottle} where key = ${key} and window_started_at >= now() - make_interval(mins => ${limit.windowMinutes})`,
    );
    if (row && row.count >= limit.max) {
      const seconds = Math.max(1, row.retry);
      throw new HttpError(429, 'errors.tooManyAttempts', { minutes: Math.ceil(seconds / 60) }, {}, true, {
        'retry-after': String(seconds),
      });
    }
  }
}

export async function clearThrottle(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`delete from ${authThrottle} where key = ${key}`);
}

/**
 * Counts one request against `key` first (atomically: concurrent requests queue on the counter's row), then decides:
 * past the limit, 429 with Retry-After, the count kept (the error commits).
 */
export async function consume(tx: Tx, key: string, limit: Limit): Promise<void> {
  const [row] = await query<{ count: number; retry: number }>(
    tx,
    sql`insert into ${authThrottle} (key, count, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when ${authThrottle.windowStartedAt} < now() - make_interval(mins => ${limit.windowMinutes})
                       then 1 else ${authThrottle.count} + 1 end,
          window_started_at = case when ${authThrottle.windowStartedAt} < now() - make_interval(mins => ${limit.windowMinutes})
                       then now() else ${authThrottle.windowStartedAt} end
        returning count, ceil(extract(epoch from (window_started_at + make_interval(mins => ${limit.windowMinutes}) - now())))::int as retry`,
  );
  if (row && row.count > limit.max) {
    const seconds = Math.max(1, row.retry);
    throw new HttpError(429, 'errors.tooManyRequests', { minutes: Math.ceil(seconds / 60) }, {}, true, {
      'retry-after': String(seconds),
    });
  }
}
