import { MODULES } from './modules';
import * as searchWords from './platform/db/search-words';
import * as throttle from './platform/db/throttle-table';
import * as jobsDone from './platform/db/jobs-done-table';

/**
 * Every table of the application, derived from the modules' declarations (`module.ts`: `tables`) plus the
 * platform's own (the word index, the throttle's counters, the ledger of jobs done). drizzle-kit reads the same files by the globs of
 * drizzle.config.ts (a module's table.ts, the platform's tables); the schema test checks that both agree with the
 * committed migrations.
 */
export const schema: Readonly<Record<string, unknown>> = Object.fromEntries(
  [...MODULES.map((m) => m.tables ?? {}), searchWords, throttle, jobsDone].flatMap((tables) =>
    Object.entries(tables),
  ),
);
