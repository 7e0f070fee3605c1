import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../platform/db';
import { createDatabase, dropDatabase } from './postgres-databases';

/** The run's template (test/global-setup.ts), or undefined when this file runs without it. */
function template(key: 'pgTemplate' | 'pgliteTemplate'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

/** The run's migrated PostgreSQL template, for a test that makes its databases itself. */
export const pgTemplate = () => template('pgTemplate');

/**
 * A fresh database for one test file: PGlite in memory by default; with DATABASE_URL (an owner or superuser
 * connection) a new PostgreSQL database, reached by the tests' unprivileged application role, dropped on close.
 * Either is a copy of the run's migrated template (decision 0035); opening it checks the migrations as the product's
 * start does. `poolSize` (PostgreSQL only; default 8) sizes the pool, e.g. for a test of many concurrent requests;
 * `through` (PostgreSQL only) rewrites the application's URL, e.g. to a fault test's TCP proxy (test/tcp-proxy.ts).
 * On PostgreSQL `urls` are the application role's and the owner's connection strings.
 */
export async function openTestDatabase(
  options: { poolSize?: number; through?: (url: string) => string; statementTimeoutMs?: number } = {},
): Promise<Database & { dropped?: boolean; urls?: { app: string; owner: string } }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const snapshot = template('pgliteTemplate');
    return openDatabase({
      pgliteDir: 'memory://',
      ...(snapshot ? { pgliteSnapshot: new Blob([fs.readFileSync(snapshot)]) } : {}),
    });
  }
  const name = `parkade_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const { appUrl, ownerUrl } = await createDatabase(adminUrl, name, template('pgTemplate'));
  const database = await openDatabase({
    // `through`: the product reaches its database by another way (a fault test's proxy); the owner migrates direct.
    databaseUrl: options.through ? options.through(appUrl) : appUrl,
    databaseAdminUrl: ownerUrl,
    poolSize: options.poolSize ?? 8,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  return {
    ...database,
    // For a test that runs the product in another process on the same database (workers-killed.postgres.test.ts).
    urls: { app: appUrl, owner: ownerUrl },
    async close() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/**
 * Analyses every table of a test's database now, as the tables' owner — for a test of the planner's choices, whose
 * statistics must not depend on what autovacuum or the product's periodic analysis happened to see: on PostgreSQL
 * the counts of changes other connections made reach the statistics' view only when those connections report them,
 * so a test that analyses "the tables that changed" may find a table changed by a third and keep statistics in which
 * the later properties have no rows.
 */
export async function analyzeAll(database: Database & { urls?: { owner: string } }): Promise<void> {
  if (!database.urls) {
    await database.executeSql('analyze');
    return;
  }
  const owner = new pg.Client({ connectionString: database.urls.owner });
  await owner.connect();
  try {
    await owner.query('analyze');
  } finally {
    await owner.end();
  }
}
