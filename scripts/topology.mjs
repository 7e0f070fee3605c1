#!/usr/bin/env node
/*
 * The topology an operator runs (issue 39 §3, decision 0055, docs/deployment.md): two server processes and a worker
 * behind HAProxy, their transactions through PgBouncer in transaction mode, each server's LISTEN (admission's
 * changes) and the migrations straight to PostgreSQL. Debian's haproxy and pgbouncer (.ci/run installs them).
 *
 *   DATABASE_URL=postgres://app:pw@127.0.0.1:5432/parkade \
 *   DATABASE_ADMIN_URL=postgres://owner@127.0.0.1:5432/parkade \
 *   PORT=8080 node scripts/topology.mjs
 *
 * Also a module: startTopology() is what topology.postgres.test.ts starts.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where a Debian package put its program, or null. */
export function findProgram(name) {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin'])
    if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  return null;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port (or rejects after `ms`). */
async function listening(port, ms, what, exited) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (exited()) throw new Error(`${what} exited before listening`);
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Resolves once GET /api/health on the port answers 200. */
async function healthy(port, ms, what, exited) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (exited()) throw new Error(`${what} exited before it was healthy`);
    const status = await globalThis
      .fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${what} was not healthy on ${port} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

function run(name, command, args, env, logDir) {
  const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', log, log] });
  const proc = { name, child, exited: false, exit: null };
  proc.done = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      proc.exited = true;
      proc.exit = { code, signal };
      fs.closeSync(log);
      resolve(proc.exit);
    }),
  );
  return proc;
}

/**
 * Starts PgBouncer, the first server (it migrates and seeds), the second server and the worker, then HAProxy in
 * front of both servers. `appUrl`: the application role's URL on PostgreSQL; `ownerUrl`: the owner's (migrations).
 */
export async function startTopology({
  appUrl,
  ownerUrl,
  port,
  dataDir,
  env: extra = {},
  startTimeoutMs = 120_000,
}) {
  const haproxy = findProgram('haproxy');
  const pgbouncer = findProgram('pgbouncer');
  if (!haproxy || !pgbouncer)
    throw new Error('haproxy and pgbouncer are needed: apt-get install -y haproxy pgbouncer');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-topology-'));
  fs.chmodSync(dir, 0o755);
  const data = dataDir ?? path.join(dir, 'data');
  fs.mkdirSync(data, { recursive: true });
  const app = new URL(appUrl);
  const owner = new URL(ownerUrl);
  const [bouncerPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const front = port ?? (await freePort());

  // PgBouncer: transaction pooling; the users it lets through (trust: PostgreSQL itself checks the password).
  const users = [...new Set([decodeURIComponent(app.username), decodeURIComponent(owner.username)])];
  fs.writeFileSync(path.join(dir, 'userlist.txt'), users.map((u) => `"${u}" ""`).join('\n') + '\n');
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${app.hostname || '127.0.0.1'} port=${app.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${bouncerPort}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  const procs = [];
  const asRoot = process.getuid?.() === 0;
  const bouncer = run(
    'pgbouncer',
    pgbouncer,
    // PgBouncer refuses to run as root: as root, it runs as the postgres user.
    [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')],
    process.env,
    dir,
  );
  procs.push(bouncer);
  const stop = async () => {
    for (const p of [...procs].reverse()) if (!p.exited) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => Promise.race([p.done, new Promise((r) => setTimeout(r, 15_000))])));
    for (const p of procs) if (!p.exited) p.child.kill('SIGKILL');
  };
  try {
    await listening(bouncerPort, startTimeoutMs, 'pgbouncer', () => bouncer.exited);
    const pooled = new URL(appUrl);
    pooled.hostname = '127.0.0.1';
    pooled.port = String(bouncerPort);
    // A URL through PostgreSQL's Unix socket (?host=/var/run/postgresql) would keep going there: PgBouncer is on TCP.
    pooled.searchParams.delete('host');
    const common = {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      APP_SECRET: process.env.APP_SECRET || 'topology-secret-of-at-least-32-characters',
      ...extra,
      DATA_DIR: data,
      DATABASE_URL: pooled.toString(),
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_LISTEN_URL: appUrl,
      DATABASE_ADMIN_URL: ownerUrl,
    };
    const server = (name, p) =>
      run(
        name,
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/main.ts'],
        { ...common, PORT: String(p), JOBS: 'off' },
        dir,
      );
    // The first server migrates and seeds alone; then the second and the worker.
    const a = server('server-a', portA);
    procs.push(a);
    await healthy(portA, startTimeoutMs, 'server a', () => a.exited);
    const b = server('server-b', portB);
    procs.push(b);
    const worker = run(
      'worker',
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/worker.ts'],
      common,
      dir,
    );
    procs.push(worker);
    await healthy(portB, startTimeoutMs, 'server b', () => b.exited);
    fs.writeFileSync(
      path.join(dir, 'haproxy.cfg'),
      [
        'global',
        '  maxconn 2000',
        'defaults',
        '  mode http',
        '  option forwardfor',
        '  timeout connect 5s',
        '  timeout client 65s',
        '  timeout server 65s',
        'frontend web',
        `  bind 127.0.0.1:${front}`,
        '  default_backend servers',
        'backend servers',
        '  balance roundrobin',
        '  option httpchk GET /api/health',
        '  http-check expect status 200',
        '  http-response set-header X-Served-By %s',
        `  server a 127.0.0.1:${portA} check inter 2s`,
        `  server b 127.0.0.1:${portB} check inter 2s`,
        '',
      ].join('\n'),
    );
    const check = spawnSync(haproxy, ['-c', '-f', path.join(dir, 'haproxy.cfg')], { encoding: 'utf8' });
    if (check.status !== 0)
      throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`);
    const proxy = run('haproxy', haproxy, ['-db', '-f', path.join(dir, 'haproxy.cfg')], process.env, dir);
    procs.push(proxy);
    await healthy(front, startTimeoutMs, 'haproxy', () => proxy.exited);
    return {
      port: front,
      servers: { a: portA, b: portB },
      pgbouncerPort: bouncerPort,
      dataDir: data,
      logDir: dir,
      processes: Object.fromEntries(procs.map((p) => [p.name, p])),
      log: (name) => fs.readFileSync(path.join(dir, `${name}.log`), 'utf8'),
      stop,
    };
  } catch (e) {
    const logs = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => `--- ${f}\n${fs.readFileSync(path.join(dir, f), 'utf8').slice(-3000)}`)
      .join('\n');
    await stop();
    throw new Error(`${e instanceof Error ? e.message : e}\n${logs}`);
  }
}

/**
 * A new database for a throw-away topology (the browser journeys through it, `--fresh`): made with a superuser's
 * URL, owned by that user, served by an unprivileged application role; dropped by the returned function.
 */
async function freshDatabase(superUrl) {
  const { default: pg } = await import('pg');
  const name = `parkade_topology_${process.pid}_${Date.now().toString(36)}`;
  const role = 'parkade_topology_app';
  const admin = new pg.Client({ connectionString: superUrl });
  await admin.connect();
  try {
    await admin
      .query(
        `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
          CREATE ROLE ${role} LOGIN PASSWORD '${role}' NOSUPERUSER NOBYPASSRLS; END IF; END $$;`,
      )
      .catch((e) => {
        if (!/already exists/.test(e.message)) throw e;
      });
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const ownerUrl = new URL(superUrl);
  ownerUrl.pathname = `/${name}`;
  const appUrl = new URL(ownerUrl);
  appUrl.username = role;
  appUrl.password = role;
  const drop = async () => {
    const c = new pg.Client({ connectionString: superUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await c.end();
  };
  return { appUrl: appUrl.toString(), ownerUrl: ownerUrl.toString(), drop };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fresh = process.argv.includes('--fresh');
  if (!process.env.DATABASE_URL) {
    console.error(
      'DATABASE_URL is needed: the application role on PostgreSQL (DATABASE_ADMIN_URL: the owner), or with --fresh ' +
        'a superuser, who makes a new database for this run and drops it at the end',
    );
    process.exit(2);
  }
  const db = fresh
    ? await freshDatabase(process.env.DATABASE_URL)
    : {
        appUrl: process.env.DATABASE_URL,
        ownerUrl: process.env.DATABASE_ADMIN_URL ?? process.env.DATABASE_URL,
        drop: async () => undefined,
      };
  const t = await startTopology({
    appUrl: db.appUrl,
    ownerUrl: db.ownerUrl,
    port: Number(process.env.PORT || 8080),
    dataDir: process.env.DATA_DIR,
  }).catch(async (e) => {
    await db.drop();
    throw e;
  });
  console.log(
    `Parkade behind HAProxy on http://localhost:${t.port} — servers on ${t.servers.a} and ${t.servers.b}, ` +
      `a worker, PgBouncer (transaction mode) on ${t.pgbouncerPort}; logs in ${t.logDir}`,
  );
  const bye = () =>
    void t
      .stop()
      .then(() => db.drop())
      .then(() => process.exit(0));
  process.on('SIGTERM', bye);
  process.on('SIGINT', bye);
}
