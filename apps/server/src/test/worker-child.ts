/**
 * `npm run worker`'s work in a child process of a fault test (workers-killed.postgres.test.ts), configured by the
 * environment as the real one is. Only the queue's clocks are the test's: it polls every half second and looks for
 * expired jobs every second, so a retry the test has let expire runs at once. The test kills it with SIGKILL.
 */
import { loadEnv } from '../platform/env';
import { startWorker } from '../worker-process';

startWorker(loadEnv(), { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 }).then(
  () => console.log('worker running'),
  (err: unknown) => {
    console.error(err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
