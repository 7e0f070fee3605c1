/*
 * `npm run backup` and `npm run restore` (decision 0054): the database and the uploaded files in one archive with
 * a manifest, and back into an empty installation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { lockPgliteDir } from '../platform/db/pglite-lock';
import { readArchive, writeArchive } from './archive';
import { copyPgliteIntoPostgres } from './copy';
import {
  checkMigration,
  DATABASE_FILE,
  describeFiles,
  filesUnder,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  productVersion,
  UPLOADS,
  type DatabaseKind,
  type Manifest,
} from './manifest';
import { dumpPglite, hasEntries, restorePglite } from './pglite';
import { appRoleOf, clearPostgres, dumpPostgres, postgresTables, redact, restorePostgres } from './postgres';

/** Where an installation keeps its data: the environment's DATA_DIR, DATABASE_URL and DATABASE_ADMIN_URL. */
export interface Installation {
  dataDir: string;
  /** The application role's URL; absent: the embedded database in dataDir/pglite. */
  databaseUrl?: string;
  /** The schema owner's URL (defaults to databaseUrl). */
  databaseAdminUrl?: string;
}

export type Say = (line: string) => void;

const kindOf = (i: Installation): DatabaseKind => (i.databaseUrl ? 'postgres' : 'pglite');
const pgliteDir = (i: Installation) => path.join(i.dataDir, 'pglite');
const uploadsDir = (i: Installation) => path.join(i.dataDir, UPLOADS);
const ownerUrl = (i: Installation) => i.databaseAdminUrl ?? i.databaseUrl!;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

export const defaultBackupName = (now = new Date()) => `parkade-backup-${stamp(now)}.tar`;

/**
 * Backs up an installation into one archive at `out`: the database first (a consistent dump), then the uploaded
 * files as they are at that moment (each file is written once under a new name, so a file the dump refers to is
 * there, unless deleted meanwhile). On a server the product may keep running; the embedded database must be stopped.
 */
export async function createBackup(
  inst: Installation,
  out: string,
  say: Say = () => undefined,
): Promise<{ manifest: Manifest; bytes: number }> {
  const began = performance.now();
  const kind = kindOf(inst);
  const file = DATABASE_FILE[kind];
  if (fs.existsSync(out)) throw new Error(`${out} exists already: choose another file name.`);
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(out)), '.parkade-backup-'));
  try {
    say(
      kind === 'postgres'
        ? `database: PostgreSQL at ${redact(ownerUrl(inst))}, pg_dump…`
        : `database: embedded, in ${pgliteDir(inst)}…`,
    );
    const dumped =
      kind === 'postgres'
        ? await dumpPostgres(ownerUrl(inst), path.join(staging, file))
        : await dumpPglite(pgliteDir(inst), path.join(staging, file));
    say(
      `  ${dumped.version}, migration ${dumped.migration.tag}: ${megabytes(fs.statSync(path.join(staging, file)).size)} in ${seconds(began)}`,
    );
    const uploads = filesUnder(inst.dataDir, UPLOADS);
    const files = [
      ...(await describeFiles(staging, [file])),
      ...(await describeFiles(inst.dataDir, uploads)),
    ];
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      product: productVersion(),
      createdAt: new Date().toISOString(),
      database: { kind, version: dumped.version, file },
      migration: dumped.migration,
      files,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    say(`uploaded files: ${uploads.length} (${megabytes(files.slice(1).reduce((n, f) => n + f.bytes, 0))})`);
    await writeArchive(out, staging, inst.dataDir, manifest);
    const bytes = fs.statSync(out).size;
    say(`backup written: ${out} (${megabytes(bytes)}) in ${seconds(began)}`);
    return { manifest, bytes };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores an archive into an installation, which must be empty unless `force`: no product tables in the server's
 * database, or no embedded database; no uploaded files. The archive is unpacked beside the installation and checked
 * whole (names, manifest, checksums, migration) before anything of the installation changes. With `force` the
 * server's database is emptied of the product's objects, and an embedded database and the uploaded files are moved
 * aside (renamed with the time), not deleted.
 */
export async function restoreBackup(
  inst: Installation,
  archive: string,
  options: { force?: boolean } = {},
  say: Say = () => undefined,
): Promise<{ manifest: Manifest }> {
  const began = performance.now();
  const kind = kindOf(inst);
  fs.mkdirSync(inst.dataDir, { recursive: true });
  // The embedded database is this command's alone meanwhile: a running product there is refused.
  const release = kind === 'pglite' ? lockPgliteDir(pgliteDir(inst), 'npm run restore') : () => undefined;
  const staging = fs.mkdtempSync(path.join(inst.dataDir, '.parkade-restore-'));
  try {
    say(`checking ${archive}…`);
    const manifest = await readArchive(archive, staging);
    checkMigration(manifest);
    say(
      `  made ${manifest.createdAt} by Parkade ${manifest.product.version} on ${manifest.database.version}, ` +
        `migration ${manifest.migration.tag}; ${plural(manifest.files.length, 'file')}, checksums verified`,
    );
    if (manifest.database.kind === 'postgres' && kind === 'pglite')
      throw new Error(
        'This backup is of a PostgreSQL server: it restores into PostgreSQL only. Set DATABASE_URL (and ' +
          'DATABASE_ADMIN_URL) to the new, empty database and run the restore again.',
      );

    // What is there already.
    const present: string[] = [];
    if (kind === 'postgres') {
      const tables = await postgresTables(ownerUrl(inst));
      if (tables) present.push(`the database ${redact(ownerUrl(inst))} has ${tables} tables of the product`);
    } else if (hasEntries(pgliteDir(inst))) present.push(`an embedded database is in ${pgliteDir(inst)}`);
    if (hasEntries(uploadsDir(inst))) present.push(`uploaded files are in ${uploadsDir(inst)}`);
    if (present.length && !options.force)
      throw new Error(
        `This installation is not empty: ${present.join('; ')}. A restore goes into an empty installation; ` +
          `run it with --force to replace what is there (take a backup of it first).`,
      );
    if (present.length) {
      const aside = `replaced-${stamp(new Date())}`;
      if (kind === 'postgres') {
        await clearPostgres(ownerUrl(inst));
        say('--force: the database was emptied of the product\u2019s tables');
      } else if (hasEntries(pgliteDir(inst))) {
        fs.renameSync(pgliteDir(inst), `${pgliteDir(inst)}.${aside}`);
        say(`--force: the embedded database was moved to ${pgliteDir(inst)}.${aside}`);
      }
      if (hasEntries(uploadsDir(inst))) {
        fs.renameSync(uploadsDir(inst), `${uploadsDir(inst)}.${aside}`);
        say(`--force: the uploaded files were moved to ${uploadsDir(inst)}.${aside}`);
      }
    }

    const dbFile = path.join(staging, manifest.database.file);
    if (manifest.database.kind === 'postgres') {
      say(`database: pg_restore into ${redact(ownerUrl(inst))}…`);
      await restorePostgres(ownerUrl(inst), await appRoleOf(inst.databaseUrl!), dbFile, staging);
    } else if (kind === 'postgres') {
      say(`database: the embedded backup copied into ${redact(ownerUrl(inst))}…`);
      const copied = await copyPgliteIntoPostgres(
        new Blob([new Uint8Array(fs.readFileSync(dbFile))]),
        inst.databaseUrl!,
        ownerUrl(inst),
      );
      say(`  ${copied.rows} rows in ${copied.tables} tables`);
    } else {
      say(`database: embedded, into ${pgliteDir(inst)}…`);
      await restorePglite(pgliteDir(inst), dbFile);
    }
    say(`  done in ${seconds(began)}`);

    const uploads = manifest.files.filter((f) => f.path.startsWith(`${UPLOADS}/`));
    if (uploads.length) {
      fs.mkdirSync(uploadsDir(inst), { recursive: true });
      for (const f of uploads) {
        const to = path.join(inst.dataDir, f.path);
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.renameSync(path.join(staging, f.path), to);
      }
    }
    say(`uploaded files: ${uploads.length} restored into ${uploadsDir(inst)}`);
    say(`restored in ${seconds(began)}. Start the product: npm start`);
    return { manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}
