/* The product as `npm start` runs it, in a process of its own on a free port: for tests of the running product. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Product {
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed on stdout so far. */
  stdout(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export function spawnProduct(env: Record<string, string>, port: number, dataDir: string) {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      // The embedded database, whatever the caller's environment says.
      DATABASE_URL: '',
      DATABASE_ADMIN_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts `node --import tsx apps/server/src/main.ts` and resolves once it has printed its start-up banner. */
export async function startProduct(env: Record<string, string>, keepData?: string): Promise<Product> {
  const port = await freePort();
  const dataDir = keepData ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-main-'));
  const child = spawnProduct(env, port, dataDir);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (/health\s+http:\/\/\S+\/api\/health[\s\S]*\n\n/.test(out)) {
        child.stdout.off('data', onData);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    void exited.then(({ code }) =>
      reject(new Error(`the product exited (code ${code}) before it was ready:\n${out}\n${err}`)),
    );
  });
  return {
    port,
    dataDir,
    child,
    stdout: () => out,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One HTTP request with an explicit Host header (fetch would not let us set it). */
export function request(
  port: number,
  opts: { method?: string; path: string; host: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        agent: false,
        headers: {
          host: opts.host,
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
          } catch {
            reject(new Error(`not JSON (${res.statusCode}): ${text}`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
