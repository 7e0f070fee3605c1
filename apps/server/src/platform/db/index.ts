import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../../schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the whole database or one transaction: what services take. */
export type Queryable = Db | Tx;

/** What a transaction may see: one property, everything (central staff and system work), or no tenant rows. */
export type Scope = { area: 'tenant'; propertyId: number } | { area: 'central' } | { area: 'public' };

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../migrations',
);
/** The role the embedded database runs requests as. */
export const PGLITE_APP_ROLE = 'parkade_app';

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs fn in one transaction whose row-level-security scope is set transaction-locally. */
  withScope<T>(scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Raw SQL with $n parameters (pg-boss adapter and health checks). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** For pg-boss: a connection string (server) or an executeSql adapter (embedded). */
  bossConnection: { connectionString: string } | { db: { executeSql: Database['executeSql'] } };
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL server URL for the application role; when absent, PGlite under dataDir. */
  databaseUrl?: string;
  /** Owner connection used to migrate (defaults to databaseUrl). */
  databaseAdminUrl?: string;
  /** PGlite data directory, or 'memory://' */
  pgliteDir?: string;
  poolSize?: number;
}

function scopeSettings(scope: Scope) {
  return {
    area: scope.area,
    propertyId: scope.area === 'tenant' ? String(scope.propertyId) : '',
  };
}

function makeWithScope(db: Db): Database['withScope'] {
  return (scope, fn) =>
    db.transaction(async (tx) => {
      const s = scopeSettings(scope);
      await tx.execute(
        sql`select set_config('app.scope', ${s.area}, true), set_config('app.property_id', ${s.propertyId}, true)`,
      );
      return fn(tx);
    });
}

/** Post-migration duties that must hold for every table, present and future (DESIGN §4). */
function postMigrateSql(appRole: string) {
  const role = `"${appRole.replace(/"/g, '""')}"`;
  return `
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r','p') AND c.relrowsecurity AND NOT c.relforcerowsecurity LOOP
    EXECUTE format('ALTER TABLE public.%I FORCE ROW LEVEL SECURITY', r.relname);
  END LOOP;
END $$;
GRANT USAGE ON SCHEMA public TO ${role};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};
CREATE SCHEMA IF NOT EXISTS pgboss AUTHORIZATION ${role};
`;
}

async function assertNotPrivileged(run: (q: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const { rows } = await run(
    `select current_user as name, r.rolsuper as super, r.rolbypassrls as bypass from pg_roles r where r.rolname = current_user`,
  );
  const row = rows[0];
  if (!row || row.super || row.bypass) {
    throw new Error(
      `Refusing to start: the application connects as "${String(row?.name)}", which is a superuser or has BYPASSRLS. ` +
        `Row-level security would not protect tenants. Connect DATABASE_URL as an ordinary role ` +
        `(CREATE ROLE parkade LOGIN PASSWORD '...' NOSUPERUSER NOBYPASSRLS) and give the owner in DATABASE_ADMIN_URL.`,
    );
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts, opts.databaseUrl) : openPglite(opts.pgliteDir ?? 'memory://');
}

async function openPglite(dir: string): Promise<Database> {
  if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true });
  // btree_gist backs the reservations' no-overlap exclusion constraint (migration 0005).
  const client = await PGlite.create({
    ...(dir === 'memory://' ? {} : { dataDir: dir }),
    extensions: { btree_gist },
  });
  const owner = drizzlePglite(client, { schema });
  await migratePglite(owner, { migrationsFolder: MIGRATIONS_DIR });
  await client.exec(`DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PGLITE_APP_ROLE}') THEN
      CREATE ROLE ${PGLITE_APP_ROLE} NOSUPERUSER NOBYPASSRLS NOLOGIN;
    END IF; END $$;`);
  await client.exec(postMigrateSql(PGLITE_APP_ROLE));
  // From here on the embedded database runs every statement as the unprivileged role.
  await client.exec(`SET ROLE ${PGLITE_APP_ROLE}`);
  const executeSql: Database['executeSql'] = async (text, values) => {
    if (!values?.length && text.includes(';')) {
      const results = await client.exec(text);
      return { rows: results[results.length - 1]?.rows ?? [] };
    }
    const r = await client.query(text, values);
    return { rows: r.rows as Record<string, unknown>[] };
  };
  await assertNotPrivileged((q) => executeSql(q));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    withScope: makeWithScope(db),
    executeSql,
    bossConnection: { db: { executeSql } },
    close: () => client.close(),
  };
}

async function openPostgres(opts: OpenOptions, appUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: appUrl, max: opts.poolSize ?? 20 });
  pool.on('error', () => undefined);
  const appRole = (await pool.query<{ u: string }>('select current_user as u')).rows[0]!.u;
  // A refused start must not leave the pool's connections open.
  await assertNotPrivileged((q) => pool.query(q)).catch(async (e: unknown) => {
    await pool.end();
    throw e;
  });
  const adminUrl = opts.databaseAdminUrl ?? appUrl;
  const admin = new pg.Pool({ connectionString: adminUrl, max: 1 });
  try {
    // One migrator at a time when several processes start together.
    await admin.query('select pg_advisory_lock(727274)');
    await migrateNodePg(drizzleNodePg(admin, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    await admin.query(postMigrateSql(appRole));
    await admin.query('select pg_advisory_unlock(727274)');
  } finally {
    await admin.end();
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    withScope: makeWithScope(db),
    executeSql: async (text, values) => {
      const r = await pool.query<Record<string, unknown>>(text, values);
      return { rows: r.rows };
    },
    bossConnection: { connectionString: appUrl },
    close: () => pool.end(),
  };
}

/** Runs raw SQL in a transaction or the database and returns its rows (both drivers answer `{ rows }`). */
export async function query<T>(q: Queryable, statement: SQL): Promise<T[]> {
  const r: unknown = await q.execute(statement);
  return (r as { rows: T[] }).rows;
}
