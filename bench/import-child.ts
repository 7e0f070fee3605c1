/**
 * The residents import job alone in a fresh process (as `npm run worker` runs it), so that its memory is its own:
 * opens the database, runs the job once, reports wall time, when each chunk committed and peak memory (rss and
 * heapUsed sampled every 20 ms) to the parent, exits.
 */
import { runImport } from '../apps/server/src/modules/residents/import-job';
import { openDatabase } from '../apps/server/src/platform/db';
import type { Services } from '../apps/server/src/platform/http';
import { localDiskStorage } from '../apps/server/src/platform/storage';

interface Args {
  appUrl: string;
  ownerUrl: string;
  uploads: string;
  propertyId: number;
  importId: number;
}

async function main() {
  const a = JSON.parse(process.argv[2]!) as Args;
  const database = await openDatabase({ databaseUrl: a.appUrl, databaseAdminUrl: a.ownerUrl, poolSize: 4 });
  const storage = localDiskStorage(a.uploads);
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const started = performance.now();
  const chunks: number[] = [];
  await runImport({ database, storage } as unknown as Services, a.propertyId, a.importId, {
    afterChunk: () => void chunks.push(performance.now() - started),
  });
  const ms = performance.now() - started;
  clearInterval(timer);
  await database.close();
  process.send!({ ms, rssBefore: before.rss, peakRss, heapBefore: before.heapUsed, peakHeap, chunks });
}
main().catch((e: unknown) => {
  process.send!({ error: String(e) });
});
