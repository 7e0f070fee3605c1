import type pg from 'pg';

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
