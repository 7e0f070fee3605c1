import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The platform's own table: counters of throttled actions (sign-in and forgot-password failures per account and
 * per address, rate limits per user or address), each over a fixed window. Keys name what is counted.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
});
