/*
 * The embedded database's half of a backup: PGlite's own image of its data directory (`dumpDataDir`), taken with
 * the product stopped, and loaded back into an empty directory (decision 0054).
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockPgliteDir } from '../platform/db/pglite-lock';
import { migrationAt, type Migration } from './manifest';

const EXTENSIONS = { btree_gist, btree_gin, pg_trgm, fuzzystrmatch };

/** An embedded database opened as its owner, for a backup's work. */
export function openPgliteAsOwner(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: EXTENSIONS });
}

export async function pgliteMigration(client: PGlite): Promise<Migration | undefined> {
  const exists = await client.query<{ t: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!exists.rows[0]?.t) return undefined;
  const r = await client.query<{ created_at: string }>(
    'select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  return r.rows[0] ? migrationAt(Number(r.rows[0].created_at)) : undefined;
}

/** Whether a directory holds anything (a missing one holds nothing). */
export const hasEntries = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

/**
 * The embedded database in `dir` as a gzipped tar of its data directory, after a checkpoint (so the image needs
 * no recovery). The product must be stopped: the directory's lock refuses a running one.
 */
export async function dumpPglite(
  dir: string,
  file: string,
): Promise<{ version: string; migration: Migration }> {
  if (!hasEntries(dir))
    throw new Error(`There is no embedded database in ${dir}: is DATA_DIR right? (or set DATABASE_URL)`);
  const release = lockPgliteDir(dir, 'npm run backup');
  try {
    const client = await openPgliteAsOwner({ dataDir: dir });
    try {
      const migration = await pgliteMigration(client);
      if (!migration) throw new Error(`The embedded database in ${dir} has no Parkade tables.`);
      const version = (await client.query<{ v: string }>('select version() as v')).rows[0]!.v.split(
        ' on ',
      )[0]!;
      await client.exec('CHECKPOINT');
      const image = await client.dumpDataDir('gzip');
      fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
      return { version, migration };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Loads a data directory image into an empty `dir` and checks it opens and holds the product's tables. The caller
 * holds the directory's lock.
 */
export async function restorePglite(dir: string, file: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const client = await openPgliteAsOwner({
    dataDir: dir,
    loadDataDir: new Blob([new Uint8Array(fs.readFileSync(file))]),
  });
  try {
    if (!(await pgliteMigration(client)))
      throw new Error('The restored embedded database has no Parkade tables.');
  } finally {
    await client.close();
  }
}
