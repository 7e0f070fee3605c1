/**
 * The bulk-mail bench's killed worker (bench/bulk-mail.ts): a send run by a worker process of its own
 * (bench/bulk-worker-child.ts), killed with SIGKILL once KILL_AT of its mails reached the peer; once the lease of the
 * rows it held ended, the send is run again in this process (runSend with a short lease). What the peer then holds,
 * per recipient, says whether anyone was lost or got the mail twice, and whether a second copy was the same message.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSend } from '../apps/server/src/modules/emails-sender/job';
import type { Services } from '../apps/server/src/platform/scope';
import { bulkIdOf, type Peer } from './bulk-peer';
import { BULK_RESIDENTS, perRecipient, RESUME_LEASE_SECONDS, type SendStates } from './bulk-setup';
import type { WorkerArgs } from './bulk-worker-child';

const here = path.dirname(fileURLToPath(import.meta.url));
/** About 30 % in, and not at the end of a claim of 40: the kill lands with rows claimed and mails in flight. */
export const KILL_AT = Math.round(BULK_RESIDENTS * 0.3) + 17;

export async function killedWorker(o: {
  peer: Peer;
  services: Services;
  worker: WorkerArgs;
  total: number;
  states: (sendId: number) => Promise<SendStates>;
}) {
  const { peer, worker: args } = o;
  const sendId = args.sendId;
  const worker = fork(path.join(here, 'bulk-worker-child.ts'), [JSON.stringify(args)], {
    execArgv: ['--import', 'tsx'],
  });
  let arrived = 0;
  let killedAt = 0;
  let atKill = 0;
  peer.onArrivals = (added) => {
    for (const x of added) if (bulkIdOf(x.messageId)?.sendId === sendId) arrived++;
    if (!killedAt && arrived >= KILL_AT) {
      worker.kill('SIGKILL');
      killedAt = performance.now();
      atKill = arrived;
    }
  };
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (m: { error?: string; done?: boolean }) => {
        if (m.error) reject(new Error(`bulk worker: ${m.error}`));
        if (m.done) reject(new Error('the bulk worker finished before it was killed'));
      });
      worker.once('exit', () => resolve());
    });
    // What was on its way when the kill landed reaches the peer, and the peer reports it.
    await new Promise((r) => setTimeout(r, 300));
    await peer.flush();
  } finally {
    peer.onArrivals = null;
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  }
  const afterKill = arrived - atKill;
  const killedStates = await o.states(sendId);
  const leaseEnds = killedAt + (RESUME_LEASE_SECONDS + 0.5) * 1000;
  await new Promise((r) => setTimeout(r, Math.max(0, leaseEnds - performance.now())));
  const r0 = performance.now();
  await runSend(o.services, args.propertyId, sendId, { leaseSeconds: RESUME_LEASE_SECONDS });
  const resumeMs = performance.now() - r0;
  await peer.flush();
  return {
    at: KILL_AT,
    atKill,
    afterKill,
    killedStates,
    resumeMs,
    states: await o.states(sendId),
    peer: perRecipient(peer.arrivals, sendId),
    total: o.total,
  };
}
