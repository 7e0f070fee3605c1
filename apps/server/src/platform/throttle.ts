import { sql } from 'drizzle-orm';
import { authThrottle } from './db/throttle-table';
import { query, type Tx } from './db';
import { HttpError } from './errors';

export interface Limit {
  max: number;
  windowMinutes: number;
}

export interface Counter {
  key: string;
  limit: Limit;
  /**
   * What a successful attempt does to this counter: `clear` it (an account proved its secret: its failures are
   * forgiven), or `undo` this attempt only (an address: the failures of other accounts behind it still count).
   */
  onSuccess?: 'clear' | 'undo';
}

/**
 * Counts an event against a key in a fixed window and returns the count within the current window. The upsert
 * takes the key's row lock until the transaction ends, so a concurrent attempt on the same key waits here for this
 * one's commit and then counts on from its result: no two attempts ever see the same count.
 */
async function hit(tx: Tx, key: string, limit: Limit): Promise<{ count: number; retry: number }> {
  const [row] = await query<{ count: number; retry: number }>(
    tx,
    sql`insert into ${authThrottle} (key, count, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when ${authThrottle.windowStartedAt} < now() - make_interval(mins => ${limit.windowMinutes})
                       then 1 else ${authThrottle.count} + 1 end,
          window_started_at = case when ${authThrottle.windowStartedAt} < now() - make_interval(mins => ${limit.windowMinutes})
                       then now() else ${authThrottle.windowStartedAt} end
        returning count,
          ceil(extract(epoch from (window_started_at + make_interval(mins => ${limit.windowMinutes}) - now())))::int as retry`,
  );
  return { count: row?.count ?? 1, retry: row?.retry ?? limit.windowMinutes * 60 };
}

/** Takes one attempt back from a key (never below zero). */
async function undo(tx: Tx, key: string): Promise<void> {
  await tx.execute(
    sql`update ${authThrottle} set count = greatest(${authThrottle.count} - 1, 0) where key = ${key}`,
  );
}

export async function clearThrottle(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`delete from ${authThrottle} where key = ${key}`);
}

const tooMany = (seconds: number) => {
  const s = Math.max(1, seconds);
  return new HttpError(429, 'errors.tooManyAttempts', { minutes: Math.ceil(s / 60) }, {}, true, {
    'retry-after': String(s),
  });
};

/** An attempt that has been counted and let through: the caller reports how it went. */
export interface Attempt {
  /** The secret was right: each counter is cleared or takes this attempt back, as it says. */
  succeeded(): Promise<void>;
}

/**
 * Count first, then decide (ASVS 2.2.1). Every counter is incremented before the secret is looked at, in the order
 * given — always the account, then the address, so two requests never wait on each other's locks crosswise — and
 * the attempt is refused with 429 (Retry-After, committed) as soon as one of them is past its limit. A refused
 * attempt takes its own increments back, so the counters hold exactly the attempts that were let through and
 * failed (plus those still in flight, whose locks the next attempt waits on).
 *
 * A failure needs nothing more: the counts stay when the caller throws a committed error. On success the caller
 * calls `succeeded()`. `onRefused` runs before the 429 is thrown (an audit entry).
 */
export async function countAttempt(
  tx: Tx,
  counters: Counter[],
  onRefused?: () => Promise<void>,
): Promise<Attempt> {
  const counted: string[] = [];
  for (const { key, limit } of counters) {
    const { count, retry } = await hit(tx, key, limit);
    counted.push(key);
    if (count > limit.max) {
      for (const k of counted) await undo(tx, k);
      await onRefused?.();
      throw tooMany(retry);
    }
  }
  return {
    async succeeded() {
      for (const c of counters) {
        if (c.onSuccess === 'clear') await clearThrottle(tx, c.key);
        else if (c.onSuccess === 'undo') await undo(tx, c.key);
      }
    },
  };
}

/**
 * A rate limit (not a secret's attempts): counts one request against `key` first, then decides; past the limit, 429
 * with Retry-After, the count kept (the error commits).
 */
export async function consume(tx: Tx, key: string, limit: Limit): Promise<void> {
  const { count, retry } = await hit(tx, key, limit);
  if (count > limit.max) {
    const seconds = Math.max(1, retry);
    throw new HttpError(429, 'errors.tooManyRequests', { minutes: Math.ceil(seconds / 60) }, {}, true, {
      'retry-after': String(seconds),
    });
  }
}
