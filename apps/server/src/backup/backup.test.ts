import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../modules/properties/table';
import { openDatabase } from '../platform/db';
import {
  seedInstallation,
  snapshotRows,
  uploadChecksums,
  securitySnapshot,
  type RunSql,
} from '../test/installation';
import { run } from './archive';
import { createBackup, restoreBackup } from './index';
import { codeMigrations, MANIFEST, type Manifest } from './manifest';
import { openPgliteAsOwner } from './pglite';

/**
 * npm run backup / restore on the embedded database (decision 0054): an installation with the demo data and an
 * uploaded file, backed up and restored into another data directory, holds the same rows and files; a restore
 * refuses a non-empty installation, a newer migration and a damaged archive without writing anything; neither
 * command runs while the product holds the database.
 */

const SCHEMAS = ['public', 'drizzle', 'pgboss'];
const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `parkade-${name}-`));
const dirs: string[] = [];
const dir = (name: string) => {
  const d = temp(name);
  dirs.push(d);
  return d;
};

/** Rows and row-level security of an embedded database in dataDir, read as its owner. */
async function readEmbedded(dataDir: string) {
  const client = await openPgliteAsOwner({ dataDir: path.join(dataDir, 'pglite') });
  try {
    await client.exec(`set timezone = 'UTC'`);
    const sql: RunSql = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
    return { rows: await snapshotRows(sql, SCHEMAS), security: await securitySnapshot(sql) };
  } finally {
    await client.close();
  }
}

/** An archive made from another, its manifest changed by `edit` (the checksums stay those of the files). */
async function alteredArchive(
  archive: string,
  edit: (m: Manifest, unpacked: string) => void,
): Promise<string> {
  const unpacked = dir('altered');
  await run('tar', ['-xf', archive, '-C', unpacked]);
  const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, MANIFEST), 'utf8')) as Manifest;
  edit(manifest, unpacked);
  fs.writeFileSync(path.join(unpacked, MANIFEST), JSON.stringify(manifest));
  const out = path.join(dir('altered-out'), 'altered.tar');
  await run('tar', ['-cf', out, '-C', unpacked, MANIFEST, ...manifest.files.map((f) => f.path)]);
  return out;
}

let source: string;
let archive: string;
let before: Awaited<ReturnType<typeof readEmbedded>>;

beforeAll(async () => {
  source = dir('source');
  await seedInstallation(await openDatabase({ pgliteDir: path.join(source, 'pglite') }), source);
  before = await readEmbedded(source);
  archive = path.join(dir('archive'), 'backup.tar');
  await createBackup({ dataDir: source }, archive);
}, 120_000);

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('an embedded installation', { timeout: 120_000 }, () => {
  it('is backed up into one archive whose manifest describes it', async () => {
    const listed = (await run('tar', ['-tf', archive])).split('\n').filter(Boolean);
    expect(listed[0]).toBe(MANIFEST);
    const manifest = JSON.parse(await run('tar', ['-xOf', archive, MANIFEST])) as Manifest;
    const latest = codeMigrations().at(-1)!;
    expect(manifest).toMatchObject({
      format: 'parkade-backup',
      product: { name: 'parkade' },
      database: { kind: 'pglite', file: 'database.pglite.tar.gz' },
      migration: latest,
    });
    expect(manifest.database.version).toMatch(/^PostgreSQL \d+/);
    expect(Date.parse(manifest.createdAt)).not.toBeNaN();
    const uploads = Object.keys(uploadChecksums(source));
    expect(uploads.length).toBeGreaterThan(0);
    expect(manifest.files.map((f) => f.path).sort()).toEqual(['database.pglite.tar.gz', ...uploads].sort());
    expect(listed.slice(1).sort()).toEqual(manifest.files.map((f) => f.path).sort());
    for (const f of manifest.files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is restored elsewhere with every row and every file', async () => {
    const target = dir('target');
    await restoreBackup({ dataDir: target }, archive);
    const after = await readEmbedded(target);
    expect(Object.keys(after.rows)).toEqual(Object.keys(before.rows));
    for (const table of Object.keys(before.rows))
      expect(after.rows[table], table).toEqual(before.rows[table]);
    expect(before.rows['public.properties']!.length).toBeGreaterThan(0);
    expect(after.security).toEqual(before.security);
    expect(uploadChecksums(target)).toEqual(uploadChecksums(source));

    // The product opens it (as its unprivileged role) and finds the demo properties.
    const database = await openDatabase({ pgliteDir: path.join(target, 'pglite') });
    try {
      const rows = await database.withScope({ area: 'central' }, (tx) =>
        tx.select({ code: properties.code }).from(properties).orderBy(properties.code),
      );
      expect(rows.map((r) => r.code)).toEqual(['maplewood', 'oakridge']);
    } finally {
      await database.close();
    }

    // Not into an installation that is no longer empty, unless told to.
    await expect(restoreBackup({ dataDir: target }, archive)).rejects.toThrow(
      /This installation is not empty: an embedded database is in .*; uploaded files are in .*--force/s,
    );
    await restoreBackup({ dataDir: target }, archive, { force: true });
    expect(fs.readdirSync(target).filter((n) => n.includes('.replaced-')).length).toBe(2);
    expect((await readEmbedded(target)).rows).toEqual(before.rows);
  });

  it('refuses an archive of a newer migration, writing nothing', async () => {
    const newer = await alteredArchive(archive, (m) => {
      m.migration = { tag: '9999_from_the_future', when: codeMigrations().at(-1)!.when + 1 };
    });
    const target = dir('newer');
    await expect(restoreBackup({ dataDir: target }, newer)).rejects.toThrow(
      /made by a newer Parkade: its database has migration 9999_from_the_future, and this code knows up to/,
    );
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it('refuses a damaged archive, writing nothing', async () => {
    const damaged = await alteredArchive(archive, (m, unpacked) => {
      const upload = m.files.find((f) => f.path.startsWith('uploads/'))!;
      const file = path.join(unpacked, upload.path);
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
      fs.writeFileSync(file, bytes);
    });
    const target = dir('damaged');
    await expect(restoreBackup({ dataDir: target }, damaged)).rejects.toThrow(
      /This backup is damaged; nothing was restored:\n {2}uploads\/.*: checksum differs/,
    );
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it('is neither backed up nor restored into while the product holds it', async () => {
    // A live process other than this one holds the lock, as a running product does.
    const lock = path.join(source, 'pglite.lock');
    fs.writeFileSync(lock, `${process.ppid}\nthe Parkade server\n`);
    try {
      await expect(createBackup({ dataDir: source }, path.join(dir('held'), 'b.tar'))).rejects.toThrow(
        `The embedded database in ${path.join(source, 'pglite')} is in use by process ${process.ppid} (the Parkade server)`,
      );
      await expect(openDatabase({ pgliteDir: path.join(source, 'pglite') })).rejects.toThrow(
        /is in use by process/,
      );
    } finally {
      fs.rmSync(lock, { force: true });
    }
  });
});
