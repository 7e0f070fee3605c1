import { loadEnv } from './platform/env';
import { startWorker } from './worker-process';

/** A worker process: the same job handlers without the HTTP server (DESIGN §8). PostgreSQL only. */
async function main() {
  const worker = await startWorker(loadEnv());
  console.log('worker running');
  const stop = async () => {
    await worker.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
