import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPglite, openDatabase } from '../platform/db';
import { createDatabase, dropDatabase } from './postgres-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the database every test file's own database is copied from (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
    /** PGlite: the file holding the snapshot every test file's embedded database starts from. */
    pgliteTemplate: string;
  }
}

/**
 * Once per run, before any server test file (decision 0035): the migrations are applied once, to a template, and
 * every test file's fresh database is a copy of it: on PostgreSQL a database created from the template database,
 * on PGlite an embedded database started from a snapshot of the migrated one (no initdb, no migrations per file).
 * The copies are what the product's own start makes of an empty database: the same migrations, role and grants.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `parkade_tpl_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const { appUrl, ownerUrl } = await createDatabase(adminUrl, name);
    const database = await openDatabase({
      databaseUrl: appUrl,
      databaseAdminUrl: ownerUrl,
      poolSize: 1,
      listenUrl: false,
    });
    await database.close();
    project.provide('pgTemplate', name);
    return () => dropDatabase(adminUrl, name);
  }
  const client = await migratedPglite('memory://');
  const snapshot = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-pglite-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
