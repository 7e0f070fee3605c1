/* The shapes every database shares, and what the embedded and the server database both do at start (DESIGN §4). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdmissionChanges } from './changes';
import type { Opening } from './named';
import type { Db, Tx } from './query';

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
   * Each statement of a transaction on a server is canceled past this many milliseconds (SQLSTATE 57014, answered
   * 503), so one slow statement cannot hold a pool connection for ever; 0 or absent: no bound. Set per transaction
   * (`SET LOCAL`, in the opening's round trip), which a pooler in transaction mode passes on. The embedded database
   * runs in the process and cannot cancel a statement: it has no such bound (decision 0053).
   */
  statementTimeoutMs?: number;
  /**
   * `transaction`: databaseUrl leads to a pooler in transaction mode (PgBouncer), which hands each transaction any
   * server connection: nothing is prepared (named statements travel as text), no session setting is sent at
   * connection start (JIT is turned off per transaction), and listenUrl must lead to the server itself (decision
   * 0055). `session` (the default): a connection is the server's own for as long as the pool keeps it.
   */
  poolMode?: 'session' | 'transaction';
  /**
   * Where a server listens for the changes admission keeps (decision 0034): defaults to databaseUrl; false listens
   * nowhere, and nothing is kept between requests. PGlite hears them in the process.
   */
  listenUrl?: string | false;
  /** Where the listener's trouble is reported (a listener that does not hear this server's own heartbeat). */
  warn?: (message: string) => void;
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
 * The tx handed to fn once a transaction ended with its opening (`endWithOpening`): any use is a programming error,
 * refused loudly rather than run outside the transaction's row-level scope.
 */
export const ENDED = new Proxy(
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

/** Post-migration duties that must hold for every table, present and future (DESIGN §4). */
export function postMigrateSql(appRole: string) {
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

export async function assertNotPrivileged(run: (q: string) => Promise<{ rows: Record<string, unknown>[] }>) {
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
