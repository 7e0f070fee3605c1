import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { query, type Db, type Tx } from './query';
import { sendStatements } from './statements';
import { bound, connectionOf, prepared, stepOf, toPrepare, type Named, type Opening } from './named';
import { ADMISSION_CHANNEL, AdmissionChanges, changeKeys, PENDING_CHANGES_SQL, type Listen } from './changes';

export { AdmissionChanges } from './changes';

export { namedStatementText, queryNamed, TRANSACTION_PROPERTY, type Named, type Opening } from './named';

export { query, type Db, type Queryable, type Tx } from './query';

/** What a transaction may see: one property, everything (central staff and system work), or no tenant rows. */
export type RowScope = { area: 'tenant'; propertyId: number } | { area: 'central' } | { area: 'public' };

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
  withScope<T>(scope: RowScope, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one transaction opened by `opening`: statements of trusted SQL text without parameters (every
   * value in them is a checked constant, a number or a hex digest), sent together with BEGIN in one round trip
   * on a server. The first must set the row-level scope. fn receives each opening statement's rows.
   */
  open<T>(
    opening: Opening[],
    fn: (tx: Tx, rows: Record<string, unknown>[][]) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T>;
  /**
   * Changes to what admission reads (decision 0034): a transaction's own, heard once it committed, and every
   * connection's, through the database's notifications.
   */
  changes: AdmissionChanges;
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
  /**
   * A PGlite start from a snapshot (`dumpDataDir`) of an embedded database instead of an empty one: the cluster is
   * not initialised again, and the migrations it already holds are not run again (the test suite's template).
   */
  pgliteSnapshot?: Blob;
  poolSize?: number;
  /**
   * Where a server listens for the changes admission keeps (decision 0034): defaults to databaseUrl; false listens
   * nowhere, and nothing is kept between requests. PGlite hears them in the process.
   */
  listenUrl?: string | false;
}

export interface TransactionOptions {
  /**
   * The transaction is read-only and ends with its opening: BEGIN, the opening and COMMIT go in one round trip on a
   * server, and fn runs once it has committed, with the opening's rows. fn's tx must not be used (any use throws):
   * a further statement runs in a transaction of its own (`withScope`).
   */
  endWithOpening?: boolean;
}

/** The statement that sets a transaction's row-level scope (the first of every transaction's opening). */
export function scopeSql(scope: RowScope): string {
  const propertyId = scope.area === 'tenant' ? scope.propertyId : '';
  if (propertyId !== '' && !Number.isSafeInteger(propertyId))
    throw new Error(`bad property id ${propertyId}`);
  if (!['tenant', 'central', 'public'].includes(scope.area)) throw new Error(`bad scope ${scope.area}`);
  return `select set_config('app.scope', '${scope.area}', true), set_config('app.property_id', '${propertyId}', true)`;
}

/**
 * One read in a transaction of its own, in one round trip on a server: the scope, the statement and COMMIT
 * (`endWithOpening`). For a read after a request's transaction ended with its opening (decision 0030).
 */
export const readAlone = <T>(database: Database, scope: RowScope, statement: Named): Promise<T[]> =>
  database.open([scopeSql(scope), statement], async (_, rows) => rows[1] as T[], { endWithOpening: true });

/** The keys of the changes a transaction announced, read in it before it commits (none when it cannot be read). */
async function pendingChanges(tx: Tx): Promise<string[]> {
  try {
    const rows = await query<{ changed: string | null }>(tx, sql.raw(PENDING_CHANGES_SQL));
    return changeKeys(rows[0]?.changed);
  } catch {
    // A transaction that failed inside fn commits nothing: its COMMIT rolls back, as before.
    return [];
  }
}

/**
 * PGlite runs in the process: the opening goes statement by statement in drizzle's transaction; the changes the
 * transaction announced are read before it commits and heard once it has.
 */
function pgliteOpen(db: Db, changes: AdmissionChanges): Database['open'] {
  const read = async (tx: Tx, opening: Opening[]) => {
    const rows: Record<string, unknown>[][] = [];
    for (const statement of opening)
      rows.push(
        await query<Record<string, unknown>>(
          tx,
          typeof statement === 'string' ? sql.raw(statement) : bound(statement),
        ),
      );
    return rows;
  };
  return async (opening, fn, options) => {
    if (!options?.endWithOpening) {
      let changed: string[] = [];
      const out = await db.transaction(async (tx) => {
        const result = await fn(tx, await read(tx, opening));
        changed = await pendingChanges(tx);
        return result;
      });
      changes.announce(changed);
      return out;
    }
    const rows = await db.transaction((tx) => read(tx, opening));
    return fn(ENDED, rows);
  };
}

/**
 * The tx handed to fn once a transaction ended with its opening (`endWithOpening`): any use is a programming error,
 * refused loudly rather than run outside the transaction's row-level scope.
 */
const ENDED = new Proxy(
  {},
  {
    get(_, key) {
      if (key === 'then') return undefined;
      throw new Error(
        `this transaction ended with its opening (endWithOpening): run ${String(key)} in a transaction of its own`,
      );
    },
  },
) as Tx;

/**
 * A server: BEGIN and the opening in one round trip (statements.ts: its named statements bound and executed by the
 * extended protocol; the statements run in order, so the scope the first sets holds for the next), then fn's
 * statements, then COMMIT. The transaction object is drizzle's own, on the pool's connection, so savepoints work as
 * before; named statements fn runs (queryNamed) are prepared on the same connection, beside the opening's. With
 * `endWithOpening`, COMMIT goes in the opening's message and fn runs after, the connection handed back.
 */
function postgresOpen(pool: pg.Pool, changes: AdmissionChanges): Database['open'] {
  const dialect = new PgDialect();
  return async (opening, fn, options) => {
    const client = await pool.connect();
    let missing: ReturnType<typeof toPrepare>;
    try {
      missing = toPrepare(
        client,
        opening.filter((o): o is Named => typeof o !== 'string'),
      );
    } catch (e) {
      // A statement refused before anything was sent (two texts for one name): the connection goes back as it was.
      client.release();
      throw e;
    }
    if (missing) {
      try {
        await client.query(missing.text);
      } catch (e) {
        client.release(e instanceof Error ? e : new Error(String(e)));
        throw e;
      }
      prepared(client, missing.names);
    }
    const ends = options?.endWithOpening === true;
    // A transaction fn may use: drizzle's own, on the pool's connection (savepoints work as before).
    const tx = ends
      ? ENDED
      : (new NodePgTransaction(
          dialect,
          new NodePgSession(client, dialect, undefined),
          undefined,
        ) as unknown as Tx);
    if (!ends) connectionOf.set(tx, client);
    let broken: Error | undefined;
    let rows: Record<string, unknown>[][] = [];
    try {
      const answer = await sendStatements(client, [
        'begin',
        ...opening.map(stepOf),
        ...(ends ? ['commit'] : []),
      ]);
      rows = answer.slice(1, 1 + opening.length);
      if (!ends) {
        const out = await fn(tx, rows);
        changes.announce(await commitReadingChanges(client));
        return out;
      }
    } catch (e) {
      // A failed statement aborted the transaction (the rest of its message skipped), or fn failed.
      await client.query('rollback').catch((err: unknown) => {
        broken = err instanceof Error ? err : new Error(String(err));
      });
      throw e;
    } finally {
      // A named statement run on this transaction afterwards no longer reaches the connection handed back.
      if (!ends) connectionOf.delete(tx);
      client.release(broken);
    }
    // Committed with its opening, the connection handed back: fn gets the rows and an ended tx.
    return fn(ENDED, rows);
  };
}

/**
 * COMMIT, with the changes the transaction announced read in the same round trip (decision 0034). A transaction
 * that failed inside fn (a caught error) is rolled back by its COMMIT, as a plain COMMIT would: nothing changed.
 */
async function commitReadingChanges(client: pg.PoolClient): Promise<string[]> {
  try {
    const results = (await client.query(`${PENDING_CHANGES_SQL}; commit`)) as unknown as pg.QueryResult[];
    return changeKeys((results[0]?.rows[0] as { changed?: string | null } | undefined)?.changed);
  } catch (e) {
    if ((e as { code?: string }).code !== '25P02') throw e;
    await client.query('rollback');
    return [];
  }
}

/** A server's notifications on a connection of their own. */
function postgresListen(url: string): Listen {
  return async (announced, lost) => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (m) => {
      if (m.channel === ADMISSION_CHANNEL) announced(changeKeys(m.payload));
    });
    client.on('error', () => lost());
    client.on('end', () => lost());
    await client.connect();
    await client.query(`listen ${ADMISSION_CHANNEL}`);
    return async () => {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end();
    };
  };
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
  return opts.databaseUrl
    ? openPostgres(opts, opts.databaseUrl)
    : openPglite(opts.pgliteDir ?? 'memory://', opts.pgliteSnapshot);
}

/**
 * An embedded database with every migration applied and the application role ready, still connected as its owner.
 * btree_gist backs the reservations' no-overlap exclusion constraint (migration 0005); pg_trgm, fuzzystrmatch and
 * btree_gin the patrol's plate lookup (migration 0021).
 */
export async function migratedPglite(dir: string, snapshot?: Blob): Promise<PGlite> {
  if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    ...(dir === 'memory://' ? {} : { dataDir: dir }),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    extensions: { btree_gist, btree_gin, pg_trgm, fuzzystrmatch },
  });
  const owner = drizzlePglite(client);
  await migratePglite(owner, { migrationsFolder: MIGRATIONS_DIR });
  await client.exec(`DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PGLITE_APP_ROLE}') THEN
      CREATE ROLE ${PGLITE_APP_ROLE} NOSUPERUSER NOBYPASSRLS NOLOGIN;
    END IF; END $$;`);
  await client.exec(postMigrateSql(PGLITE_APP_ROLE));
  return client;
}

async function openPglite(dir: string, snapshot?: Blob): Promise<Database> {
  const client = await migratedPglite(dir, snapshot);
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
  const db = drizzlePglite(client) as unknown as Db;
  const changes = new AdmissionChanges((announced) =>
    client.listen(ADMISSION_CHANNEL, (payload) => announced(changeKeys(payload))),
  );
  const open = pgliteOpen(db, changes);
  return {
    kind: 'pglite',
    db,
    open,
    changes,
    withScope: (scope, fn) => open([scopeSql(scope)], (tx) => fn(tx)),
    executeSql,
    bossConnection: { db: { executeSql } },
    close: async () => {
      await changes.close();
      await client.close();
    },
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
    await migrateNodePg(drizzleNodePg(admin), { migrationsFolder: MIGRATIONS_DIR });
    await admin.query(postMigrateSql(appRole));
    await admin.query('select pg_advisory_unlock(727274)');
  } finally {
    await admin.end();
  }
  const db = drizzleNodePg(pool) as unknown as Db;
  const listenUrl = opts.listenUrl ?? appUrl;
  const changes = new AdmissionChanges(listenUrl === false ? null : postgresListen(listenUrl));
  const open = postgresOpen(pool, changes);
  return {
    kind: 'postgres',
    db,
    open,
    changes,
    withScope: (scope, fn) => open([scopeSql(scope)], (tx) => fn(tx)),
    executeSql: async (text, values) => {
      const r = await pool.query<Record<string, unknown>>(text, values);
      return { rows: r.rows };
    },
    bossConnection: { connectionString: appUrl },
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}
