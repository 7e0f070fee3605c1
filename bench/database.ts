import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/platform/db';

/** PostgreSQL's Unix socket on this machine (Debian's packages), when it has one. */
const SOCKET_DIR = '/var/run/postgresql';
const hasSocket = () => fs.existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`);

/**
 * The admin connection the bench database is made with (and dropped with). By default PostgreSQL on this machine,
 * through its Unix socket when it has one (how a server on the same machine reaches it; decision 0030), else TCP.
 */
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  (hasSocket()
    ? `postgres://postgres@localhost/postgres?host=${SOCKET_DIR}`
    : 'postgres://postgres@127.0.0.1:5432/postgres');

/** How the bench reaches PostgreSQL, for its header. */
export const transportOf = (url: string) =>
  new URL(url).searchParams.get('host')?.startsWith('/') ? 'Unix socket' : 'TCP';
const APP_ROLE = 'parkade_bench_app';

/**
 * A new database owned by the admin connection, reached by an unprivileged application role, as in production.
 * (apps/server/src/test/db.ts does the same for tests with a fixed pool of 8; the bench uses the server's pool size, given.)
 */
export async function createDatabase(poolSize: number): Promise<{
  database: Database;
  name: string;
  ownerUrl: string;
  appUrl: string;
  drop: () => Promise<void>;
}> {
  const name = `parkade_bench_${crypto.randomBytes(4).toString('hex')}`;
  const password = crypto.randomBytes(12).toString('hex');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    await admin.query(
      `${exists.rowCount ? 'ALTER' : 'CREATE'} ROLE ${APP_ROLE} LOGIN PASSWORD '${password}' NOSUPERUSER NOBYPASSRLS`,
    );
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const ownerUrl = new URL(ADMIN_URL);
  ownerUrl.pathname = `/${name}`;
  const appUrl = new URL(ownerUrl);
  appUrl.username = APP_ROLE;
  appUrl.password = password;
  const database = await openDatabase({
    databaseUrl: appUrl.toString(),
    databaseAdminUrl: ownerUrl.toString(),
    poolSize,
  });
  return {
    database,
    name,
    ownerUrl: ownerUrl.toString(),
    appUrl: appUrl.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}
