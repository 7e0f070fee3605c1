import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The server's tests run on a real database (DESIGN §7), in two worker processes, each running file after file in
 * one module registry (decision 0035): the app's modules are imported once per worker instead of once per file, and
 * every file still gets a database of its own, a copy of the run's migrated template (test/global-setup.ts). A file
 * whose imports change globals for everyone after it (drizzle-kit's API adds `Array.prototype.random`) runs apart,
 * in a process of its own: the `server-isolated` project. `npm run test:db` runs both.
 */
const server: NonNullable<TestProjectInlineConfiguration['test']> = {
  environment: 'node',
  setupFiles: ['apps/server/src/test/setup.ts'],
  pool: 'forks',
  testTimeout: 60_000,
  hookTimeout: 120_000,
};
const ISOLATED = ['apps/server/src/test/schema.test.ts'];
/**
 * Faults only a database server has (a restart, a listener gone silent, two server processes: decision 0036), in
 * files named *.postgres.test.ts: run on PostgreSQL (DATABASE_URL), left out of the run on the embedded database.
 */
const POSTGRES_ONLY = process.env.DATABASE_URL ? [] : ['apps/server/src/**/*.postgres.test.ts'];

/** With TEST_REPORT_DIR set (.ci/run), each run also writes its per-file times there, for the slowest-files list. */
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  test: {
    maxWorkers: 2,
    ...(reportDir
      ? {
          reporters: [
            'default',
            [
              'json',
              { outputFile: `${reportDir}/vitest-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}.json` },
            ],
          ],
        }
      : {}),
    projects: [
      {
        test: {
          ...server,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          exclude: [...ISOLATED, ...POSTGRES_ONLY],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          isolate: false,
        },
      },
      {
        // Without the template: this file's databases are migrated from empty, as a new installation's.
        test: { ...server, name: 'server-isolated', include: ISOLATED },
      },
      {
        // The web app's units and components, in jsdom (DESIGN §7). No database here: these test pure rules and
        // components; the screens against the real API are covered end to end in Chromium (e2e/).
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
