import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProgram, startTopology, type Topology } from '../../../scripts/topology.mjs';
import { eventually, startMailPeer, TEST_CA_FILE, type ReceivedMail } from './test/mail-peer';
import { createDatabase, dropDatabase } from './test/postgres-databases';

/*
 * Issue 39 §3, decision 0055: the topology an operator runs — two server processes and a worker behind HAProxy, the
 * transactions through PgBouncer in transaction mode, LISTEN and migrations straight to PostgreSQL
 * (scripts/topology.mjs). Through the proxy: the requests reach both servers; a session made on one is honoured by
 * the other and its sign-out refused there; failed sign-ins count across the processes; a mail queued by a server is
 * delivered once, by the worker. Without haproxy or pgbouncer installed the file says so and stops, except under
 * CI=true (.ci/run installs them).
 */

const adminUrl = process.env.DATABASE_URL!;
const name = `parkade_topo_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
const missing = ['haproxy', 'pgbouncer'].filter((p) => !findProgram(p));
if (missing.length && process.env.CI === 'true')
  throw new Error(
    `${missing.join(' and ')} missing: .ci/run installs them (apt-get install -y haproxy pgbouncer)`,
  );

let topology: Topology;
let mail: Awaited<ReturnType<typeof startMailPeer>>;
const received: ReceivedMail[] = [];

/** Polls an async probe every 200 ms until it answers something, for at most 20 s. */
async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting (20 s) for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  if (missing.length) return;
  mail = await startMailPeer(0, (m) => received.push(m));
  const { appUrl, ownerUrl } = await createDatabase(adminUrl, name);
  topology = await startTopology({
    appUrl,
    ownerUrl,
    env: {
      DEMO: '1',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      SMTP_CA_FILE: TEST_CA_FILE,
      MAIL_FROM: 'parkade@test.local',
    },
  });
}, 240_000);
afterAll(async () => {
  await topology?.stop();
  await mail?.close();
  if (!missing.length) await dropDatabase(adminUrl, name);
}, 60_000);

async function call(
  port: number,
  path: string,
  opts: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown>; servedBy: string | null }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: opts.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    servedBy: res.headers.get('x-served-by'),
  };
}

const signIn = (port: number, password = 'demo1234') =>
  call(port, '/api/central/auth/login', {
    method: 'POST',
    body: { email: 'admin@demo.test', password },
  });

describe.skipIf(missing.length > 0)('two servers and a worker behind HAProxy and PgBouncer', () => {
  it('answers through the proxy from both servers, their database reached through the pooler', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const r = await call(topology.port, '/api/health');
      expect(r.status).toBe(200);
      served.add(r.servedBy ?? '');
    }
    expect([...served].sort()).toEqual(['a', 'b']);
    // Reads and writes through the pooler: the zones list (named statements sent as text) from both servers.
    const { body } = await signIn(topology.port);
    const token = String(body.token);
    for (const port of [topology.servers.a, topology.servers.b])
      expect((await call(port, '/api/central/zones?pageSize=5', { token })).status).toBe(200);
  });

  it('honours a session on both servers and refuses it on the other once signed out on one', async () => {
    const { status, body } = await signIn(topology.servers.a);
    expect(status).toBe(200);
    const token = String(body.token);
    expect((await call(topology.servers.b, '/api/central/auth/bootstrap', { token })).status).toBe(200);
    expect(
      (await call(topology.servers.a, '/api/central/auth/logout', { method: 'POST', token })).status,
    ).toBe(200);
    // Server b heard the change (its LISTEN goes straight to PostgreSQL): refused, within the admission bound.
    await until('the signed-out token refused on server b', async () =>
      (await call(topology.servers.b, '/api/central/auth/bootstrap', { token })).status === 401
        ? true
        : undefined,
    );
  });

  it('counts failed sign-ins across the processes', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await signIn(i % 2 ? topology.servers.b : topology.servers.a, 'wrong-password')).status);
    // The account's failures are one count in the database: past its limit, both servers refuse (429).
    expect(answers).toContain(429);
    const first = answers.indexOf(429);
    expect(answers.slice(first).every((s) => s === 429)).toBe(true);
  });

  it('delivers a mail a server queued once, by the worker (the servers take no job)', async () => {
    const before = received.length;
    const r = await call(topology.port, '/api/central/auth/forgot-password', {
      method: 'POST',
      body: { email: 'inspector@demo.test' },
    });
    expect(r.status).toBe(200);
    await eventually('the reset mail delivered', () =>
      received.slice(before).some((m) => m.to.includes('inspector@demo.test')) ? true : undefined,
    );
    expect(received.slice(before).filter((m) => m.to.includes('inspector@demo.test'))).toHaveLength(1);
    expect(topology.log('server-a') + topology.log('server-b')).not.toMatch(/"level":50/);
  });
});
