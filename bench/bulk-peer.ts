/**
 * The bulk-mail bench's side of its SMTP peer (bench/mail-peer-child.ts, a process of its own): every mail the peer
 * accepted (recipient and Message-ID, in arrival order) and every recipient it refused, and the environment the
 * product's mail code is given to reach it (the system SMTP, plain: SMTP_TLS=insecure, the peer offers no STARTTLS).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv, type Env } from '../apps/server/src/platform/env';
import type { PeerCommand, PeerReport } from './mail-peer-child';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A mail the peer accepted: its (one) recipient, its Message-ID, and when the bench heard of it. */
export interface Arrival {
  to: string;
  messageId: string | null;
  at: number;
}

export interface Peer {
  port: number;
  arrivals: Arrival[];
  /** Every refused RCPT TO, one entry per refusal. */
  refusals: string[];
  /** Called at every batch of arrivals. */
  onArrivals: ((added: Arrival[]) => void) | null;
  refuse(addresses: string[]): Promise<void>;
  /** Resolves once every mail the peer accepted so far is in `arrivals`. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPeerProcess(): Promise<Peer> {
  const child: ChildProcess = fork(path.join(here, 'mail-peer-child.ts'), {
    execArgv: ['--import', 'tsx'],
  });
  let seq = 0;
  const acks = new Map<number, () => void>();
  const ask = (m: PeerCommand, id: number) =>
    new Promise<void>((resolve) => {
      acks.set(id, resolve);
      child.send(m);
    });
  const peer: Peer = {
    port: 0,
    arrivals: [],
    refusals: [],
    onArrivals: null,
    refuse: (addresses) => ask({ refuse: addresses, seq: ++seq }, seq),
    flush: () => ask({ flush: ++seq }, seq),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
  peer.port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the mail peer stopped (${code})`)));
    child.on('message', (m: PeerReport) => {
      if ('port' in m) resolve(m.port);
      else if ('ack' in m) {
        acks.get(m.ack)?.();
        acks.delete(m.ack);
      } else {
        const at = performance.now();
        const added = m.mails.flatMap(([to, messageId]) => to.map((t) => ({ to: t, messageId, at })));
        for (const a of added) peer.arrivals.push(a);
        for (const r of m.refusals) peer.refusals.push(r);
        peer.onArrivals?.(added);
      }
    });
  });
  return peer;
}

/** The environment the bench's app and its worker process run with: the system SMTP is the peer. */
export function benchMailEnv(o: { dataDir: string; secretKey: string; smtpPort: number }): Env {
  return loadEnv({
    dataDir: o.dataDir,
    appDomain: 'localhost',
    publicPort: undefined,
    secretKey: o.secretKey,
    signInLimitPerAddress: 0,
    smtp: {
      host: '127.0.0.1',
      port: o.smtpPort,
      from: 'Bench Mail <no-reply@mail.bench>',
      // The peer speaks plain SMTP (no STARTTLS offered): the explicit opt-out, TLS only if offered.
      tls: 'insecure',
    },
  });
}

/** The send and resident a bulk Message-ID names (`<bulk.{send}.{resident}@…>`), or null. */
export function bulkIdOf(messageId: string | null): { sendId: number; residentId: number } | null {
  const m = /^<bulk\.(\d+)\.(\d+)@/.exec(messageId ?? '');
  return m ? { sendId: Number(m[1]), residentId: Number(m[2]) } : null;
}
