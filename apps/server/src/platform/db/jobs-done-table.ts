import { pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * The platform's ledger of jobs whose work committed (decision 0053): a job that writes everything in one
 * transaction records its pg-boss id there too, so a retry of the same job — its process died after the commit and
 * before the queue heard it was done — finds it and does nothing twice. Rows older than a job can be retried are
 * forgotten as new ones are written.
 */
export const jobsDone = pgTable('jobs_done', {
  id: uuid('id').primaryKey(),
  queue: varchar('queue', { length: 64 }).notNull(),
  doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
