import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db';

const APP_ROLE = 'parkade_test_app';
const APP_PASSWORD = 'parkade_test_app';

/**
 * A fresh database for one test file: PGlite in memory by default; with DATABASE_URL (an owner or superuser
 * connection) a new PostgreSQL database, reached by the tests' unprivileged application role, dropped on close.
 * `poolSize` (PostgreSQL only; default 8) sizes the pool, e.g. for a test of many concurrent requests.
 */
export async function openTestDatabase(
  options: { poolSize?: number } = {},
): Promise<Database & { dropped?: boolean }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openDatabase({ pgliteDir: 'memory://' });
  const name = `parkade_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin
      .query(
        `DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${APP_PASSWORD}' NOSUPERUSER NOBYPASSRLS;
      END IF; END $$;`,
      )
      .catch((e: Error) => {
        if (!/already exists/.test(e.message)) throw e;
      });
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const ownerUrl = new URL(adminUrl);
  ownerUrl.pathname = `/${name}`;
  const appUrl = new URL(ownerUrl);
  appUrl.username = APP_ROLE;
  appUrl.password = APP_PASSWORD;
  const database = await openDatabase({
    databaseUrl: appUrl.toString(),
    databaseAdminUrl: ownerUrl.toString(),
    poolSize: options.poolSize ?? 8,
  });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}
