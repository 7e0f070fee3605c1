import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../modules/properties/table';
import { units } from '../modules/units/table';
import { openDatabase } from '../platform/db';
import {
  createOwnedDatabase,
  postgresRunner,
  securitySnapshot,
  seedInstallation,
  snapshotRows,
  uploadChecksums,
  type RunSql,
} from '../test/installation';
import { dropDatabase } from '../test/postgres-databases';
import { run } from './archive';
import { createBackup, restoreBackup, type Installation } from './index';
import { codeMigrations, MANIFEST, type Manifest } from './manifest';
import { openPgliteAsOwner } from './pglite';

/**
 * npm run backup / restore on PostgreSQL (decision 0054), with an owner that is no superuser and an application
 * role, as the README sets them up: a seeded installation backed up (pg_dump) and restored into a new database
 * holds the same rows in every table, the same row-level security and the same files; a restore refuses a
 * non-empty database and a newer migration; and an embedded installation's backup restores into PostgreSQL.
 */

const adminUrl = process.env.DATABASE_URL!;
const SCHEMAS = ['public', 'drizzle', 'pgboss'];
const databases: string[] = [];
const dirs: string[] = [];
const dir = (name: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `parkade-${name}-`));
  dirs.push(d);
  return d;
};

/** A new empty database owned by the test owner, and an installation on it with its own data directory. */
async function newInstallation(label: string) {
  const name = `parkade_bk_${label}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  databases.push(name);
  const urls = await createOwnedDatabase(adminUrl, name);
  const inst: Installation = {
    dataDir: dir(label),
    databaseUrl: urls.appUrl,
    databaseAdminUrl: urls.ownerUrl,
  };
  return { ...urls, inst };
}

/** Every row and the row-level security of a database, read as the superuser (who sees every row). */
async function readPostgres(superUrl: string, schemas = SCHEMAS) {
  const db = await postgresRunner(superUrl);
  try {
    return { rows: await snapshotRows(db.run, schemas), security: await securitySnapshot(db.run) };
  } finally {
    await db.close();
  }
}

afterAll(async () => {
  for (const name of databases) await dropDatabase(adminUrl, name);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('a PostgreSQL installation', { timeout: 120_000 }, () => {
  let source: Awaited<ReturnType<typeof newInstallation>>;
  let archive: string;
  let before: Awaited<ReturnType<typeof readPostgres>>;

  beforeAll(async () => {
    source = await newInstallation('src');
    const database = await openDatabase({
      databaseUrl: source.appUrl,
      databaseAdminUrl: source.ownerUrl,
      listenUrl: false,
      poolSize: 4,
    });
    await seedInstallation(database, source.inst.dataDir);
    before = await readPostgres(source.superUrl);
    archive = path.join(dir('archive'), 'backup.tar');
    await createBackup(source.inst, archive);
  }, 120_000);

  it('is backed up with pg_dump and restored into an empty database: every row, policy and file', async () => {
    const manifest = JSON.parse(await run('tar', ['-xOf', archive, MANIFEST])) as Manifest;
    expect(manifest.database).toMatchObject({ kind: 'postgres', file: 'database.pgdump' });
    expect(manifest.migration).toEqual(codeMigrations().at(-1));
    expect(before.rows['pgboss.version']!.length).toBe(1);

    const target = await newInstallation('dst');
    await restoreBackup(target.inst, archive);
    const after = await readPostgres(target.superUrl);
    expect(Object.keys(after.rows)).toEqual(Object.keys(before.rows));
    for (const table of Object.keys(before.rows))
      expect(after.rows[table], table).toEqual(before.rows[table]);
    expect(after.security).toEqual(before.security);
    expect(after.security.some((s) => / true true$/.test(s))).toBe(true);
    expect(uploadChecksums(target.inst.dataDir)).toEqual(uploadChecksums(source.inst.dataDir));
    expect(Object.keys(uploadChecksums(target.inst.dataDir)).length).toBeGreaterThan(0);

    // The job queue's schema is the application role's again (decision 0005).
    const sup = await postgresRunner(target.superUrl);
    try {
      const owners = await sup.run(
        `select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'pgboss'`,
      );
      expect(owners[0]!.owner).toBe(new URL(target.appUrl).username);
    } finally {
      await sup.close();
    }

    // The product opens it as its application role, and row-level security holds: a property sees its own units.
    const database = await openDatabase({
      databaseUrl: target.appUrl,
      databaseAdminUrl: target.ownerUrl,
      listenUrl: false,
      poolSize: 2,
    });
    try {
      const oakridge = await database.withScope(
        { area: 'central' },
        async (tx) => (await tx.select().from(properties).where(eq(properties.code, 'oakridge')))[0]!,
      );
      const seen = await database.withScope({ area: 'tenant', propertyId: oakridge.id }, (tx) =>
        tx.select({ propertyId: units.propertyId }).from(units),
      );
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen.map((u) => u.propertyId))).toEqual(new Set([oakridge.id]));
    } finally {
      await database.close();
    }

    // Not again into what is now a non-empty database, unless told to; told to, the same rows again.
    await expect(restoreBackup(target.inst, archive)).rejects.toThrow(
      /This installation is not empty: the database .* has \d+ tables of the product; uploaded files are in/,
    );
    await restoreBackup(target.inst, archive, { force: true });
    expect((await readPostgres(target.superUrl)).rows).toEqual(before.rows);
  });

  it('refuses an archive of a newer migration before touching the database', async () => {
    const unpacked = dir('newer');
    await run('tar', ['-xf', archive, '-C', unpacked]);
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, MANIFEST), 'utf8')) as Manifest;
    manifest.migration = { tag: '9999_from_the_future', when: codeMigrations().at(-1)!.when + 1 };
    fs.writeFileSync(path.join(unpacked, MANIFEST), JSON.stringify(manifest));
    const newer = path.join(dir('newer-out'), 'newer.tar');
    await run('tar', ['-cf', newer, '-C', unpacked, MANIFEST, ...manifest.files.map((f) => f.path)]);

    const target = await newInstallation('new');
    await expect(restoreBackup(target.inst, newer)).rejects.toThrow(/made by a newer Parkade/);
    expect(Object.keys((await readPostgres(target.superUrl)).rows)).toEqual([]);
    expect(fs.readdirSync(target.inst.dataDir)).toEqual([]);
  });
});

describe('an embedded installation restored into PostgreSQL', { timeout: 120_000 }, () => {
  it('has every row and file of the embedded one, and the product runs on it', async () => {
    const embedded = dir('embedded');
    await seedInstallation(await openDatabase({ pgliteDir: path.join(embedded, 'pglite') }), embedded);
    const client = await openPgliteAsOwner({ dataDir: path.join(embedded, 'pglite') });
    let before: Record<string, string[]>;
    try {
      await client.exec(`set timezone = 'UTC'`);
      const sql: RunSql = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
      before = await snapshotRows(sql, ['public', 'drizzle']);
    } finally {
      await client.close();
    }
    const archive = path.join(dir('embedded-archive'), 'backup.tar');
    await createBackup({ dataDir: embedded }, archive);

    const target = await newInstallation('emb');
    await restoreBackup(target.inst, archive);
    const after = await readPostgres(target.superUrl, ['public', 'drizzle']);
    expect(Object.keys(after.rows)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect(after.rows[table], table).toEqual(before[table]);
    expect(uploadChecksums(target.inst.dataDir)).toEqual(uploadChecksums(embedded));

    // The product opens it as its application role, and a new row takes the next id (the sequences moved too).
    const database = await openDatabase({
      databaseUrl: target.appUrl,
      databaseAdminUrl: target.ownerUrl,
      listenUrl: false,
      poolSize: 2,
    });
    try {
      const maxId = Math.max(
        ...before['public.properties']!.map((r) => (JSON.parse(r) as { id: number }).id),
      );
      const [made] = await database.withScope({ area: 'central' }, (tx) =>
        tx.insert(properties).values({ code: 'moved', name: 'Moved Apartments' }).returning(),
      );
      expect(made!.id).toBe(maxId + 1);
    } finally {
      await database.close();
    }
  });
});
