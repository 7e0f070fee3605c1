/**
 * The server the load scenarios measure: the product started in a process of its own, as `npm start` starts it
 * (apps/server/src/main.ts under tsx), with NODE_ENV=production — its request log at info as JSON lines, written to
 * a file as a deployment's log would be, its jobs running — against the bench's database. Its heap holds what a
 * server's does, not the bench's seeding (decision 0031).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServedServer {
  origin: string;
  port: number;
  /** The server's stdout and stderr (its JSON log lines). */
  logFile: string;
  pid: number;
  stop(): Promise<void>;
}

/** A port nobody listens on now (the OS picks it; the server takes it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServedServer(opts: {
  appUrl: string;
  ownerUrl: string;
  dataDir: string;
  poolSize: number;
  /** The same APP_SECRET as the bench's own app, which signs the poster's links. */
  secret: string;
  trustProxy: number;
}): Promise<ServedServer> {
  const port = await freePort();
  const logFile = path.join(opts.dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET: opts.secret,
      DATABASE_URL: opts.appUrl,
      DATABASE_ADMIN_URL: opts.ownerUrl,
      DB_POOL_SIZE: String(opts.poolSize),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_DOMAIN: 'localhost',
      DATA_DIR: opts.dataDir,
      TRUST_PROXY: String(opts.trustProxy),
      DEMO: '0',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'info',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  const began = Date.now();
  for (;;) {
    const ended = await Promise.race([exited, new Promise((r) => setTimeout(() => r('waiting'), 200))]);
    if (ended !== 'waiting')
      throw new Error(`the bench's server stopped (${String(ended)}) while starting: see ${logFile}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() - began > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`the bench's server did not answer within 2 minutes: see ${logFile}`);
    }
  }
  return {
    origin,
    port,
    logFile,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited, new Promise((r) => setTimeout(() => r('late'), 15_000))]);
      if (stopped === 'late') child.kill('SIGKILL');
    },
  };
}
