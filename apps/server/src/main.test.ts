import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, request, spawnProduct, startProduct, type Answer, type Product } from './test/product';

/**
 * The product as `npm start` runs it: a real process on the embedded database (PGlite) in a temporary data
 * directory and a free port. Checks what it prints, its health, the demo accounts on their own hosts, the
 * graceful drain on SIGTERM, and that production seeds no demo accounts.
 */

const PASSWORD = 'demo1234';
/** 32 bytes: the shortest APP_SECRET production accepts. */
const PRODUCTION_SECRET = 'a-production-secret-for-the-tests';

const DEMO = [
  { email: 'admin@demo.test', tenant: null, type: 'central-user' },
  { email: 'inspector@demo.test', tenant: null, type: 'central-user' },
  { email: 'manager@oakridge.test', tenant: 'oakridge', type: 'tenant-user' },
  { email: 'resident@oakridge.test', tenant: 'oakridge', type: 'tenant-resident' },
  { email: 'manager@maplewood.test', tenant: 'maplewood', type: 'tenant-user' },
] as const;

function login(port: number, email: string, tenant: string | null) {
  return request(port, {
    method: 'POST',
    path: tenant ? '/tenant/api/auth/login' : '/api/central/auth/login',
    host: tenant ? `${tenant}.localhost:${port}` : `localhost:${port}`,
    headers: tenant ? { 'x-tenant': tenant } : {},
    body: { email, password: PASSWORD },
  });
}

/**
 * One development start serves every check of a running product (each start of the embedded database costs
 * seconds): what it prints, its health, the demo accounts, then its drain on SIGTERM, and last, production refusing
 * the data directory it leaves behind.
 */
describe('npm start (development, embedded database)', { timeout: 240_000 }, () => {
  let product: Product;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-main-'));
    product = await startProduct({}, dataDir);
  });
  afterAll(async () => {
    await product?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the URLs and the five demo accounts', () => {
    const out = product.stdout();
    const { port } = product;
    expect(out).toContain('embedded PostgreSQL');
    for (const url of [
      `http://localhost:${port}`,
      `http://oakridge.localhost:${port}`,
      `http://maplewood.localhost:${port}`,
      `http://localhost:${port}/api/docs`,
      `http://localhost:${port}/api/health`,
    ])
      expect(out).toContain(url);
    expect(out).toContain(PASSWORD);
    for (const account of DEMO) {
      const line = out.split('\n').find((l) => l.includes(account.email));
      expect(line, account.email).toBeDefined();
      expect(line).toContain(
        account.tenant ? `http://${account.tenant}.localhost:${port}` : `http://localhost:${port}`,
      );
    }
  });

  it('reports the database and the job queue healthy', async () => {
    const health = await request(product.port, { path: '/api/health', host: `localhost:${product.port}` });
    expect(health.status).toBe(200);
    // The status only: what each part answered is the log's business, not a public caller's.
    expect(health.body).toEqual({ status: 'ok' });
  });

  it.each(DEMO)('signs in $email on its own host', async ({ email, tenant, type }) => {
    const { port } = product;
    const res = await login(port, email, tenant);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ email, type });
    expect(typeof res.body.token).toBe('string');
    const boot = await request(port, {
      path: tenant ? '/tenant/api/auth/bootstrap' : '/api/central/auth/bootstrap',
      host: tenant ? `${tenant}.localhost:${port}` : `localhost:${port}`,
      headers: {
        authorization: `Bearer ${String(res.body.token)}`,
        ...(tenant ? { 'x-tenant': tenant } : {}),
      },
    });
    expect(boot.status).toBe(200);
    expect((boot.body.property as { code: string } | null)?.code ?? null).toBe(tenant);
  });

  it('does not sign in a tenant account on another host', async () => {
    const { port } = product;
    const res = await login(port, 'manager@oakridge.test', 'maplewood');
    expect(res.status).toBe(401);
  });

  it('on SIGTERM, finishes the in-flight request, then exits with code 0', async () => {
    const { port } = product;
    const payload = JSON.stringify({ email: 'admin@demo.test', password: PASSWORD });
    // The request announces its body with Expect: 100-continue; the server's "100 Continue" proves it has
    // taken the request in before SIGTERM is sent. The body follows right after the signal.
    const answer = new Promise<Answer>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/central/auth/login',
        agent: false,
        headers: {
          host: `localhost:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          expect: '100-continue',
          connection: 'close',
        },
      });
      req.on('continue', () => {
        product.child.kill('SIGTERM');
        req.end(payload);
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] }),
        );
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(typeof res.body.token).toBe('string');
    const { code, signal } = await product.exited;
    expect(signal).toBeNull();
    expect(code).toBe(0);
  });

  it('leaves a database with the demo accounts, which production then refuses to start on', async () => {
    expect(product.child.exitCode).toBe(0);
    const r = await refusedStart({ NODE_ENV: 'production', APP_SECRET: PRODUCTION_SECRET }, dataDir);
    expect(r.code).toBe(1);
    expect(r.err).toContain('demo accounts with the published password exist');
    expect(r.err).toContain('admin@demo.test');
  });
});

describe('npm start with NODE_ENV=production', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct({ NODE_ENV: 'production', APP_SECRET: PRODUCTION_SECRET });
  });
  afterAll(() => product?.stop());

  it('seeds no demo accounts and does not print them', async () => {
    expect(product.stdout()).not.toContain('Demo accounts');
    expect(product.stdout()).not.toContain('admin@demo.test');
    const central = await login(product.port, 'admin@demo.test', null);
    expect(central.status).toBe(401);
    const tenant = await login(product.port, 'manager@oakridge.test', 'oakridge');
    // No demo properties either: the tenant is unknown.
    expect(tenant.status).toBe(404);
  });

  it('is healthy', async () => {
    const health = await request(product.port, { path: '/api/health', host: `localhost:${product.port}` });
    expect(health.body).toEqual({ status: 'ok' });
  });
});

/** Runs the product expecting it to refuse to start: its exit code and what it wrote on stderr. */
async function refusedStart(env: Record<string, string>, dataDir: string) {
  const child = spawnProduct(env, await freePort(), dataDir);
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { code, err };
}

// Each test starts the product (migrations on a fresh embedded database) once or twice: the hook timeout's bound,
// not the per-test default, so a busy machine slows them without failing them.
describe('production refuses what only development may have (issue 14, item 6)', { timeout: 240_000 }, () => {
  it('an APP_SECRET shorter than 32 bytes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-main-'));
    try {
      const r = await refusedStart({ NODE_ENV: 'production', APP_SECRET: 'too-short-a-secret' }, dataDir);
      expect(r.code).toBe(1);
      expect(r.err).toContain('APP_SECRET must be at least 32 bytes');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('DEMO=1', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-main-'));
    try {
      const r = await refusedStart(
        { NODE_ENV: 'production', APP_SECRET: PRODUCTION_SECRET, DEMO: '1' },
        dataDir,
      );
      expect(r.code).toBe(1);
      expect(r.err).toContain('DEMO=1 is refused with NODE_ENV=production');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('DEMO=0 starts the embedded database without demo data', async () => {
    const product = await startProduct({ DEMO: '0' });
    try {
      expect(product.stdout()).not.toContain('Demo accounts');
      expect((await login(product.port, 'admin@demo.test', null)).status).toBe(401);
    } finally {
      await product.stop();
    }
  });
});
