import pg from 'pg';

export const APP_ROLE = 'parkade_test_app';
export const APP_PASSWORD = 'parkade_test_app';

/** The tests' unprivileged application role, made once per cluster. */
export async function ensureAppRole(admin: pg.Client) {
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
}

/**
 * A new PostgreSQL database of the tests (a copy of `template` when given), made with the admin connection: the
 * URLs of its owner (who migrates) and of the unprivileged application role (who serves).
 */
export async function createDatabase(adminUrl: string, name: string, template?: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await ensureAppRole(admin);
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const ownerUrl = new URL(adminUrl);
  ownerUrl.pathname = `/${name}`;
  const appUrl = new URL(ownerUrl);
  appUrl.username = APP_ROLE;
  appUrl.password = APP_PASSWORD;
  return { ownerUrl: ownerUrl.toString(), appUrl: appUrl.toString() };
}

/** Drops a database of the tests, whoever is still connected to it. */
export async function dropDatabase(adminUrl: string, name: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await c.end();
}
