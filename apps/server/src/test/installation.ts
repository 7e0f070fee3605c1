/* An installation for the backup tests: seeded with the demo data and an uploaded file, and read back whole. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { properties } from '../modules/properties/table';
import type { Database } from '../platform/db';
import { inScope } from '../platform/scope';
import { seed } from '../seed';
import { bannedVehiclePhotoFixture } from './factories/banned-vehicles';
import { createTenantUser, createTestContext } from './harness';
import { APP_PASSWORD, APP_ROLE, ensureAppRole } from './postgres-databases';

/**
 * The product as it runs, on `database` with its files under `dataDir`: reference and demo data, the job queue
 * started (its schema filled), and a banned vehicle's photo uploaded at Oakridge. The app is closed, and the
 * database with it, when this returns.
 */
export async function seedInstallation(database: Database, dataDir: string): Promise<void> {
  const ctx = await createTestContext({ dataDir }, { database });
  try {
    await seed(database, { demo: true });
    const oakridge = await database.withScope(
      { area: 'central' },
      async (tx) => (await tx.select().from(properties).where(eq(properties.code, 'oakridge')))[0]!,
    );
    const owner = await createTenantUser(database, oakridge.id);
    await inScope(ctx.services, { area: 'tenant', propertyId: oakridge.id }, (scope) =>
      bannedVehiclePhotoFixture.create(scope, { userId: owner.id }),
    );
  } finally {
    await ctx.close();
  }
}

/** A query runner: rows of a statement, on PGlite or PostgreSQL, as a role that row-level security lets see all. */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * Every row of every table in the given schemas, each as JSON text (generated columns left out: they are derived
 * again by the database that holds them), sorted: two databases with the same rows give equal snapshots.
 */
export async function snapshotRows(run: RunSql, schemas: string[]): Promise<Record<string, string[]>> {
  const list = schemas.map((s) => `'${s}'`).join(', ');
  const columns = await run(
    `select n.nspname || '.' || c.relname as t, string_agg(quote_ident(a.attname), ', ' order by a.attnum) as cols
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname in (${list}) and c.relkind in ('r', 'p') and not c.relispartition
      group by 1 order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { t, cols } of columns as { t: string; cols: string }[]) {
    const [schema, table] = t.split('.');
    const rows = await run(
      `select row_to_json(_parkade_row)::text as j from (select ${cols} from "${schema}"."${table}") _parkade_row`,
    );
    out[t] = rows.map((r) => String(r.j)).sort();
  }
  return out;
}

/** Row-level security as a database has it: each table's flags and each policy's text. */
export async function securitySnapshot(run: RunSql): Promise<string[]> {
  const flags = await run(
    `select c.relname || ' ' || c.relrowsecurity || ' ' || c.relforcerowsecurity as x
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  const policies = await run(
    `select tablename || ' ' || policyname || ' ' || cmd || ' ' || coalesce(qual, '') || ' ' ||
            coalesce(with_check, '') as x from pg_policies where schemaname = 'public'`,
  );
  return [...flags, ...policies].map((r) => String(r.x)).sort();
}

/** Every file under dir/uploads with its SHA-256. */
export function uploadChecksums(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const full = path.join(dataDir, rel);
    if (!fs.existsSync(full)) return;
    for (const e of fs.readdirSync(full, { withFileTypes: true }))
      if (e.isDirectory()) walk(`${rel}/${e.name}`);
      else
        out[`${rel}/${e.name}`] = crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(full, e.name)))
          .digest('hex');
  };
  walk('uploads');
  return out;
}

/** The owner the backup tests' databases belong to: an ordinary role, as in the README's set-up. */
export const OWNER_ROLE = 'parkade_test_owner';
const OWNER_PASSWORD = 'parkade_test_owner';

/**
 * A new, empty PostgreSQL database as an operator makes one (README, "On a PostgreSQL server"): owned by an owner
 * role that is no superuser and is a member of the application role. `adminUrl`: a superuser's connection.
 */
export async function createOwnedDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await ensureAppRole(admin);
    await admin
      .query(
        `DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${OWNER_ROLE}') THEN
          CREATE ROLE ${OWNER_ROLE} LOGIN PASSWORD '${OWNER_PASSWORD}' NOSUPERUSER NOBYPASSRLS;
        END IF; END $$;`,
      )
      .catch((e: Error) => {
        if (!/already exists/.test(e.message)) throw e;
      });
    await admin.query(`GRANT ${APP_ROLE} TO ${OWNER_ROLE}`).catch((e: Error) => {
      // Two files granting at once: the second finds it granted.
      if (!/already|concurrently/.test(e.message)) throw e;
    });
    await admin.query(`CREATE DATABASE ${name} OWNER ${OWNER_ROLE}`);
  } finally {
    await admin.end();
  }
  const at = (user: string, password: string) => {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    u.username = user;
    u.password = password;
    return u.toString();
  };
  const superUrl = new URL(adminUrl);
  superUrl.pathname = `/${name}`;
  return {
    ownerUrl: at(OWNER_ROLE, OWNER_PASSWORD),
    appUrl: at(APP_ROLE, APP_PASSWORD),
    superUrl: superUrl.toString(),
  };
}

/** A RunSql on a PostgreSQL URL, in UTC (timestamps compare as text). */
export async function postgresRunner(url: string): Promise<{ run: RunSql; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url, options: '-c TimeZone=UTC' });
  await client.connect();
  return {
    run: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    close: () => client.end(),
  };
}
