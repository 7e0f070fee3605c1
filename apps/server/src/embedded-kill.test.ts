import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request, startProduct, type Product } from './test/product';

/**
 * The embedded database killed mid-write (issue 39 §1, decision 0053): the product on PGlite takes a stream of
 * writes over HTTP from three clients at once, is killed with SIGKILL while they are still writing, and started
 * again on the same data directory. It must open cleanly, and every write it acknowledged (answered 2xx) must be
 * there. Writes cut off without an answer may or may not be: the client never heard either way.
 */

const host = (port: number) => `localhost:${port}`;
const zone = (name: string) => ({ name, county: 'Travis', cities: ['Austin'], zipCodes: ['78701'] });

async function signIn(port: number): Promise<string> {
  const res = await request(port, {
    method: 'POST',
    path: '/api/central/auth/login',
    host: host(port),
    body: { email: 'admin@demo.test', password: 'demo1234' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.token);
}

/** Resolves once `check` holds, polling; fails past `ms` (a bound for a stuck product, not a timing assertion). */
async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-kill-'));
let products: Product[] = [];
afterAll(async () => {
  for (const p of products) await p.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database killed with SIGKILL during writes', { timeout: 240_000 }, () => {
  it('starts again cleanly with every acknowledged write', async () => {
    const first = await startProduct({}, dataDir);
    products.push(first);
    const token = await signIn(first.port);

    const acknowledged: { id: number; name: string }[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const name = `Killed ${w}-${i}`;
        try {
          const res = await request(first.port, {
            method: 'POST',
            path: '/api/central/zones',
            host: host(first.port),
            headers: { authorization: `Bearer ${token}` },
            body: zone(name),
          });
          if (res.status >= 200 && res.status < 300) acknowledged.push({ id: Number(res.body.id), name });
          else throw new Error(`a write was refused: ${res.status} ${JSON.stringify(res.body)}`);
        } catch (e) {
          if (!killed) throw e;
          // The product died under this request (or before it): no answer, so no promise made.
        }
      }
    };
    const writers = [0, 1, 2].map(writer);
    // Killed once it has acknowledged a fair number of writes, while the three clients are still sending.
    await until(() => acknowledged.length >= 40, 120_000, '40 acknowledged writes');
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all(writers);
    expect((await first.exited).signal).toBe('SIGKILL');
    products = [];

    // Started again on the same directory: it opens (startProduct fails if it exits before its banner).
    const second = await startProduct({}, dataDir);
    products.push(second);
    const health = await request(second.port, { path: '/api/health', host: host(second.port) });
    expect(health.body).toEqual({ status: 'ok' });
    const again = await signIn(second.port);
    const missing: string[] = [];
    for (const w of acknowledged) {
      const res = await request(second.port, {
        path: `/api/central/zones/${w.id}`,
        host: host(second.port),
        headers: { authorization: `Bearer ${again}` },
      });
      if (res.status !== 200 || res.body.name !== w.name) missing.push(`${w.name} (#${w.id}): ${res.status}`);
    }
    expect(missing, `acknowledged writes lost: ${missing.join(', ')}`).toEqual([]);

    // And it takes writes again.
    const after = await request(second.port, {
      method: 'POST',
      path: '/api/central/zones',
      host: host(second.port),
      headers: { authorization: `Bearer ${again}` },
      body: zone('After the restart'),
    });
    expect(after.status).toBe(201);
    await second.stop();
    expect((await second.exited).code).toBe(0);
    products = [];
  });
});
