import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { ADMISSION_CHANNEL, AdmissionChanges, changeKeys, PENDING_CHANGES_SQL } from './changes';
import {
  assertNotPrivileged,
  ENDED,
  MIGRATIONS_DIR,
  PGLITE_APP_ROLE,
  postMigrateSql,
  scopeSql,
  type Database,
} from './common';
import { bound, type Opening } from './named';
import { guardPglite } from './pglite-guard';
import { lockPgliteDir } from './pglite-lock';
import { query, type Db, type Tx } from './query';

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

export async function openPglite(dir: string, snapshot?: Blob): Promise<Database> {
  // A directory on disk is this process's alone while it is open (pglite-lock.ts).
  const release = dir === 'memory://' ? () => undefined : lockPgliteDir(dir, 'the Parkade server');
  let client: PGlite;
  try {
    client = await migratedPglite(dir, snapshot);
  } catch (e) {
    release();
    throw e;
  }
  // From here on the embedded database runs every statement as the unprivileged role.
  await client.exec(`SET ROLE ${PGLITE_APP_ROLE}`);
  // One connection: a statement outside a transaction, sent from inside it, is refused instead of waiting forever.
  guardPglite(client);
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
  // In the process: the listener cannot go silent, so no heartbeat.
  const changes = new AdmissionChanges(async (announced) => {
    const stop = await client.listen(ADMISSION_CHANNEL, (payload) => announced(changeKeys(payload)));
    return () => stop();
  });
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
      release();
    },
  };
}
