/**
 * A bulk-mail worker in a process of its own (as `npm run worker` runs one), for the bench's killed-worker case: opens
 * the database, runs the send's job once (runSend, the product's lease and pace) and is killed with SIGKILL by the
 * parent mid-send. Its job queue is a stand-in that queues nothing: runSend only queues its own continuation (after
 * four minutes, or when another worker holds rows), which this worker never reaches.
 */
import { runSend } from '../apps/server/src/modules/emails-sender/job';
import { openDatabase } from '../apps/server/src/platform/db';
import type { Jobs } from '../apps/server/src/platform/jobs';
import { localDiskStorage } from '../apps/server/src/platform/storage';
import { benchMailEnv } from './bulk-peer';

export interface WorkerArgs {
  appUrl: string;
  ownerUrl: string;
  dataDir: string;
  secretKey: string;
  smtpPort: number;
  poolSize: number;
  propertyId: number;
  sendId: number;
}

const noJobs: Jobs = {
  send: async () => undefined,
  work: async () => undefined,
  schedule: async () => undefined,
  health: async () => 'ok',
  stop: async () => undefined,
};

async function main() {
  const a = JSON.parse(process.argv[2]!) as WorkerArgs;
  const database = await openDatabase({
    databaseUrl: a.appUrl,
    databaseAdminUrl: a.ownerUrl,
    poolSize: a.poolSize,
  });
  const env = benchMailEnv(a);
  const services = { env, database, jobs: noJobs, storage: localDiskStorage(`${a.dataDir}/uploads`) };
  process.send!({ started: true });
  await runSend(services, a.propertyId, a.sendId);
  await database.close();
  process.send!({ done: true });
}

main().catch((e: unknown) => {
  process.send!({ error: String(e) });
});
