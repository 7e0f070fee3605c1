/*
 * A PostgreSQL server's half of a backup: pg_dump in its custom format, as the schema's owner, and pg_restore into
 * an empty database, as the owner again, with the job queue's schema owned by the application role (decision 0054).
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postMigrateSql } from '../platform/db/common';
import { run } from './archive';
import { migrationAt, type Migration } from './manifest';

/** The schemas the product owns in its database: its tables, drizzle's migrations table, the job queue. */
const SCHEMAS = ['public', 'drizzle', 'pgboss'];

/**
 * A connection URL split for libpq's programs: the URL without its password (what `ps` shows) and the environment
 * that carries the password instead. PGOPTIONS `extra` is added to the caller's.
 */
function libpq(url: string, extra?: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  if (extra) env.PGOPTIONS = [process.env.PGOPTIONS, extra].filter(Boolean).join(' ');
  return { dbname: u.toString(), env };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (e) {
    throw new Error(`Cannot connect to ${redact(url)}: ${(e as Error).message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an invalid URL)';
  }
}

const major = (text: string) => Number(/(\d+)(?:\.\d+)?/.exec(text)?.[1] ?? NaN);

/** The server's version, refused when this machine's pg_dump is older (pg_dump cannot dump a newer server). */
async function checkClientVersion(client: pg.Client): Promise<string> {
  const server = (await client.query<{ v: string }>('select version() as v')).rows[0]!.v;
  const serverMajor = Number(
    (await client.query<{ n: string }>("select current_setting('server_version_num') as n")).rows[0]!.n.slice(
      0,
      -4,
    ),
  );
  const dump = await run('pg_dump', ['--version']);
  if (major(dump.replace(/^\D+/, '')) < serverMajor)
    throw new Error(
      `${dump.trim()} cannot dump this server (${server.split(' on ')[0]}): install the PostgreSQL ` +
        `${serverMajor} client programs (pg_dump, pg_restore) and put them first on the PATH.`,
    );
  return server.split(' on ')[0]!;
}

/** The newest migration applied to a database (drizzle's table), or undefined on an empty one. */
export async function appliedMigration(client: pg.Client): Promise<Migration | undefined> {
  const exists = await client.query<{ t: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!exists.rows[0]?.t) return undefined;
  const r = await client.query<{ created_at: string }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  return r.rows[0] ? migrationAt(Number(r.rows[0].created_at)) : undefined;
}

/**
 * pg_dump -Fc of the product's database into `file`, as the owner (ownerUrl). Every tenant table forces row-level
 * security, on its owner too, and pg_dump's default (row_security off) is then refused: the dump runs with row
 * security on, in the central scope, whose policies show every row (decision 0054).
 */
export async function dumpPostgres(
  ownerUrl: string,
  file: string,
): Promise<{ version: string; migration: Migration }> {
  const { version, migration } = await withClient(ownerUrl, async (c) => ({
    version: await checkClientVersion(c),
    migration: await appliedMigration(c),
  }));
  if (!migration)
    throw new Error(
      'This database has no Parkade tables yet: start the product on it once, then back it up.',
    );
  const { dbname, env } = libpq(ownerUrl, '-c app.scope=central');
  await run('pg_dump', ['--format=custom', '--enable-row-security', `--file=${file}`, `--dbname=${dbname}`], {
    env,
  });
  return { version, migration };
}

/** What the product has in a database: its tables in its schemas (none in an empty installation). */
export async function postgresTables(ownerUrl: string): Promise<number> {
  return withClient(ownerUrl, async (c) => {
    const r = await c.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'p')`,
      [SCHEMAS],
    );
    return Number(r.rows[0]!.n);
  });
}

/**
 * Empties a database of the product's objects (restore --force): the job queue's and drizzle's schemas, and every
 * table, view, sequence, function, type and extension in public. The schema public itself stays, with its owner
 * and rights as the server made it.
 */
export async function clearPostgres(ownerUrl: string): Promise<void> {
  await withClient(ownerUrl, (c) =>
    c.query(`DO $$ DECLARE r record; BEGIN
  DROP SCHEMA IF EXISTS pgboss CASCADE;
  DROP SCHEMA IF EXISTS drizzle CASCADE;
  FOR r IN SELECT e.extname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
      WHERE n.nspname = 'public' LOOP
    EXECUTE format('DROP EXTENSION IF EXISTS %I CASCADE', r.extname);
  END LOOP;
  FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        -- A sequence of a column (serial, identity) goes with its table.
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
          AND d.deptype IN ('a', 'i')) LOOP
    EXECUTE format('DROP %s IF EXISTS public.%I CASCADE',
      CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
        WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, r.relname);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS sig, p.prokind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' LOOP
    EXECUTE format('DROP %s IF EXISTS %s CASCADE',
      CASE r.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END, r.sig);
  END LOOP;
  FOR r IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r')
         OR (n.nspname = 'public' AND t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c') LOOP
    EXECUTE format('DROP TYPE IF EXISTS public.%I CASCADE', r.typname);
  END LOOP;
END $$`),
  );
}

/** The application role's name: who DATABASE_URL connects as. */
export async function appRoleOf(appUrl: string): Promise<string> {
  return withClient(
    appUrl,
    async (c) => (await c.query<{ u: string }>('select current_user as u')).rows[0]!.u,
  );
}

/**
 * pg_restore of a dump into an empty database, in three steps, as the owner without superuser rights:
 * 1. everything but the job queue's schema, owned by the owner (--no-owner) without the source's grants (its roles
 *    may have other names here), in one transaction — row-level security and its policies included;
 * 2. the product's post-migration step: FORCE row-level security, the application role's grants, and the job
 *    queue's schema created for the application role (as every start does);
 * 3. the job queue's tables and rows as the application role (--role), which owns its schema (decision 0005).
 */
export async function restorePostgres(
  ownerUrl: string,
  appRole: string,
  file: string,
  staging: string,
): Promise<void> {
  const { dbname, env } = libpq(ownerUrl);
  const all = await run('pg_restore', ['--list', file]);
  const boss = await run('pg_restore', ['--list', '--schema=pgboss', file]);
  const entry = /^(\d+);/;
  const bossIds = new Set(
    boss
      .split('\n')
      .map((l) => entry.exec(l)?.[1])
      .filter(Boolean),
  );
  const first = all
    .split('\n')
    .filter((l) => {
      const id = entry.exec(l)?.[1];
      return !id || (!bossIds.has(id) && !/^\d+; \d+ \d+ SCHEMA - pgboss /.test(l));
    })
    .join('\n');
  const firstList = path.join(staging, 'restore-1.list');
  const bossList = path.join(staging, 'restore-2.list');
  fs.writeFileSync(firstList, first);
  fs.writeFileSync(bossList, boss);
  const common = [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${dbname}`,
  ];
  await run('pg_restore', [...common, `--use-list=${firstList}`, file], { env });
  await withClient(ownerUrl, async (c) => {
    await c.query(postMigrateSql(appRole));
  });
  if (bossIds.size) {
    try {
      await run('pg_restore', [...common, `--role=${appRole}`, `--use-list=${bossList}`, file], { env });
    } catch (e) {
      throw new Error(
        `${(e as Error).message}\nThe job queue's schema belongs to the application role "${appRole}": the owner ` +
          `must be a member of it (GRANT ${appRole} TO <owner>, as the README's set-up does).`,
      );
    }
  }
  // The planner's statistics are not in a dump.
  await withClient(ownerUrl, (c) => c.query('analyze'));
}
