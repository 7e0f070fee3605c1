/**
 * The benches that run alone (`BENCH_ONLY=documents`, `BENCH_ONLY=bulk`), without the load scenarios' data and
 * served server: bench/run.ts starts them and returns.
 */
import os from 'node:os';
import { seed } from '../apps/server/src/seed';
import { benchBulkMail } from './bulk-mail';
import { ADMIN_URL, createDatabase, transportOf } from './database';
import type { benchDocuments } from './documents';
import { printBulkMail, printDocuments } from './report';

/** The machine the figures come from (figures from a busy machine are slower: the load average says so). */
export const machine = () =>
  `${os.cpus().length} CPU, Node ${process.version}, load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`;

const total = (started: number) => console.log(`(total ${((Date.now() - started) / 1000).toFixed(0)} s)`);

/** Issue 37 §1 alone: drawn in the bench's process, no database. */
export function printDocumentsAlone(
  documents: Awaited<ReturnType<typeof benchDocuments>>,
  started: number,
): void {
  console.log('');
  console.log(`Parkade bench — documents, ${machine()}`);
  printDocuments(documents);
  total(started);
}

/** Issue 37 §3 alone: its own property on a fresh database, no other data, no served server. */
export async function benchBulkMailAlone(poolSize: number, started: number): Promise<void> {
  const { database, name, ownerUrl, appUrl, drop } = await createDatabase(poolSize);
  try {
    await seed(database, { demo: false });
    const bulk = await benchBulkMail({ database, appUrl, ownerUrl, poolSize });
    console.log('');
    console.log(
      `Parkade bench — bulk mail, PostgreSQL server (${transportOf(ADMIN_URL)}), pool ${poolSize}, ${machine()}`,
    );
    printBulkMail(bulk);
    total(started);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
    else await drop();
  }
}
