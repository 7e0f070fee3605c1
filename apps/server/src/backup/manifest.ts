/* What a backup archive says about itself (manifest.json), and the checks a restore makes of it (decision 0054). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR } from '../platform/db';

export const MANIFEST = 'manifest.json';
/** The database's file in the archive: pg_dump's custom format, or PGlite's data directory as a gzipped tar. */
export const DATABASE_FILE = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;
export const UPLOADS = 'uploads';
export const FORMAT = 'parkade-backup';
export const FORMAT_VERSION = 1;

export type DatabaseKind = keyof typeof DATABASE_FILE;

/** A migration as drizzle's journal names it: its tag and the time drizzle records it as applied by. */
export interface Migration {
  tag: string;
  when: number;
}

export interface ArchivedFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  product: { name: string; version: string };
  createdAt: string;
  database: { kind: DatabaseKind; version: string; file: string };
  /** The latest migration applied to the database when it was dumped. */
  migration: Migration;
  /** Every file of the archive but this manifest, with its size and SHA-256. */
  files: ArchivedFile[];
}

export function productVersion(): { name: string; version: string } {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string };
  return { name: 'parkade', version: pkg.version ?? 'unknown' };
}

/** The migrations this code has, oldest first (drizzle-kit's journal). */
export function codeMigrations(): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/**
 * The migration a database's newest row of `drizzle.__drizzle_migrations` stands for. Drizzle records each applied
 * migration by its journal time (`created_at`), and applies at start those whose time is later than the newest.
 */
export function migrationAt(createdAt: number): Migration {
  const known = codeMigrations().find((m) => m.when === createdAt);
  return known ?? { tag: `unknown (applied as ${createdAt})`, when: createdAt };
}

export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under dir, as paths relative to base with forward slashes, sorted. */
export function filesUnder(base: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(base, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  if (fs.existsSync(path.join(base, dir))) walk(dir);
  return out.sort();
}

export async function describeFiles(base: string, paths: string[]): Promise<ArchivedFile[]> {
  const out: ArchivedFile[] = [];
  for (const p of paths) {
    const full = path.join(base, p);
    out.push({ path: p, bytes: fs.statSync(full).size, sha256: await sha256File(full) });
  }
  return out;
}

/** A manifest read from an archive, checked for its shape; throws a sentence an operator can act on. */
export function parseManifest(text: string): Manifest {
  let m: Manifest;
  try {
    m = JSON.parse(text) as Manifest;
  } catch {
    throw new Error('This is not a Parkade backup: its manifest.json is not JSON.');
  }
  if (m?.format !== FORMAT) throw new Error('This is not a Parkade backup: its manifest.json is not ours.');
  if (m.formatVersion !== FORMAT_VERSION)
    throw new Error(
      `This backup's format is version ${m.formatVersion}; this code reads version ${FORMAT_VERSION}. ` +
        `Restore it with the Parkade version that made it (${m.product?.version}).`,
    );
  if (
    !(m.database?.kind in DATABASE_FILE) ||
    !Array.isArray(m.files) ||
    typeof m.migration?.when !== 'number'
  )
    throw new Error('This backup\u2019s manifest.json is incomplete.');
  return m;
}

/**
 * Refuses a backup whose database is newer than this code: a migration this code does not have. An older one is
 * fine: the product applies the migrations it lacks when it starts.
 */
export function checkMigration(m: Manifest): void {
  const migrations = codeMigrations();
  const latest = migrations[migrations.length - 1]!;
  if (m.migration.when > latest.when)
    throw new Error(
      `This backup was made by a newer Parkade: its database has migration ${m.migration.tag}, and this code ` +
        `knows up to ${latest.tag}. Update Parkade to version ${m.product.version} or later, then restore.`,
    );
  if (!migrations.some((x) => x.when === m.migration.when && x.tag === m.migration.tag))
    throw new Error(
      `This backup's database has migration ${m.migration.tag}, which this code does not have (another ` +
        `branch of Parkade?). Restore it with the version that made it (${m.product.version}).`,
    );
}
