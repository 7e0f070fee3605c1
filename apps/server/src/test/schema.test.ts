/**
 * The schema rules of DESIGN §4, read from the migrated database's catalogue, and the agreement between the
 * Drizzle schema (src/schema.ts, from every module's tables), the committed migrations and the database they build. The build fails when:
 * - a tenant table (one with a property_id column) lacks RLS, FORCE RLS or an isolation policy;
 * - a tenant table's property_id is nullable, or is not the first column of its primary key and of every unique
 *   and secondary index; a table without property_id is not declared a reference or a local table (REFERENCE,
 *   LOCAL: decision 0057, the tenant tables distributable by property_id);
 * - a foreign key between two tenant tables does not pair property_id with property_id, or a reference table
 *   references a tenant table;
 * - the schema has changes no migration holds, or the migrated database differs from the latest snapshot;
 * - the application connects as a superuser or a BYPASSRLS role.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../schema';
import { MIGRATIONS_DIR, openDatabase, PGLITE_APP_ROLE, query, type Database } from '../platform/db';
import { openTestDatabase } from './db';

/**
 * Reference tables (decision 0057): the rows every property reads — the properties themselves, the catalogues, the
 * central area's users, languages, translations and settings. When the tenant tables are distributed by property_id
 * (Citus), these are kept whole on every node: small, read on many requests, written rarely. A tenant table may
 * reference them; they reference no tenant table. Roles is one though it has a property_id: the five built-in roles
 * and the central ones belong to no property, a property's own roles are a handful, and a property's staff hold
 * either kind (tenant_users → roles is a reference into a reference table).
 */
const REFERENCE = new Set([
  'central_users',
  'language_codes',
  'makes',
  'models',
  'permit_types',
  'properties',
  'reasons',
  'request_types',
  'roles',
  'states',
  'system_settings',
  'tows',
  'translation_overrides',
  'translation_revision',
  'warnings',
  'zones',
]);

/**
 * Tables of the coordinator alone (Citus local tables), read and written by their own keys: the ledger of jobs done
 * (by job id) and the sign-in throttle's counters (by address or account key, across areas).
 */
const LOCAL = new Set(['auth_throttle', 'jobs_done']);

/**
 * Indexes on id alone, not unique, for a row read by its id in central scope (the mail delivery job's mail, a file):
 * a distributed table keeps one per shard, and such a read asks every shard (decision 0057).
 */
const ID_LOOKUP_INDEXES = new Set(['files_id_idx', 'mail_outbox_id_idx']);

/**
 * Indexes that span properties on purpose: an officer holds one open check-in whatever the property (decision
 * 0027). They constrain; they never serve a read across tenants (every read is scoped and under RLS).
 */
const CROSS_PROPERTY_INDEXES = new Set(['patrol_check_ins_one_active_idx']);

/** Platform tables with a property_id but no RLS: none any more. */
const PLATFORM = new Set<string>();

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const rows = async <T>(text: string) => (await database.executeSql(text)).rows as T[];

interface TableInfo {
  name: string;
  rls: boolean;
  force: boolean;
  notNull: boolean;
  attnum: number;
}
const tenantTables = () =>
  rows<TableInfo>(`
    select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as force,
           a.attnotnull as "notNull", a.attnum::int as attnum
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'property_id' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`);

describe('tenant tables', () => {
  // Each check lists every offence, so one run names them all.
  it('exist, and each is a strict tenant table, a declared reference table or a declared local table', async () => {
    const tables = await tenantTables();
    expect(tables.map((t) => t.name)).toContain('tenant_users');
    const problems = tables
      .filter((t) => !t.notNull && !REFERENCE.has(t.name) && !PLATFORM.has(t.name))
      .map((t) => `${t.name}.property_id must be NOT NULL (or the table declared a reference table)`);
    const all = await rows<{ name: string }>(`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    for (const { name } of all)
      if (!tables.some((t) => t.name === name) && !REFERENCE.has(name) && !LOCAL.has(name))
        problems.push(`${name} has no property_id: declare it a reference or a local table (decision 0057)`);
    for (const name of [...REFERENCE, ...LOCAL, ...PLATFORM])
      if (!all.some((t) => t.name === name)) problems.push(`${name} is listed as an exception but is gone`);
    expect(problems).toEqual([]);
  });

  it('have row-level security enabled and forced, with an isolation policy on property_id', async () => {
    const tables = (await tenantTables()).filter((t) => !PLATFORM.has(t.name));
    const policies = await rows<{
      table: string;
      name: string;
      cmd: string;
      permissive: boolean;
      using: string | null;
      check: string | null;
    }>(`
      select c.relname as table, p.polname as name, p.polcmd::text as cmd, p.polpermissive as permissive,
             pg_get_expr(p.polqual, p.polrelid) as using, pg_get_expr(p.polwithcheck, p.polrelid) as check
      from pg_policy p join pg_class c on c.oid = p.polrelid`);
    const scoped = (expr: string | null) => !!expr && /current_setting\('app\.property_id'/.test(expr);
    // A policy isolates when every expression it has reads the property (an INSERT policy has only its check).
    const isolating = (p: (typeof policies)[number]) =>
      (p.using !== null || p.check !== null) &&
      (p.using === null || scoped(p.using)) &&
      (p.check === null || scoped(p.check));
    /** Write-once (decision 0042): read and insert policies only, so no row is ever changed or deleted. */
    const writeOnce = (own: typeof policies) =>
      own.some((p) => p.permissive && p.cmd === 'r' && isolating(p)) &&
      own.some((p) => p.permissive && p.cmd === 'a' && isolating(p)) &&
      own.every((p) => p.cmd === 'r' || p.cmd === 'a');
    const problems: string[] = [];
    for (const t of tables) {
      if (!t.rls) problems.push(`${t.name}: ENABLE ROW LEVEL SECURITY`);
      if (!t.force) problems.push(`${t.name}: FORCE ROW LEVEL SECURITY`);
      const own = policies.filter((p) => p.table === t.name);
      if (!own.some((p) => p.permissive && p.cmd === '*' && isolating(p)) && !writeOnce(own))
        problems.push(`${t.name}: needs a policy FOR ALL whose USING and WITH CHECK read app.property_id`);
      // Permissive policies add up: one that ignores the property would open the table.
      for (const p of own.filter((x) => x.permissive && !isolating(x)))
        problems.push(`${t.name}: permissive policy ${p.name} ignores app.property_id`);
    }
    expect(problems).toEqual([]);
  });

  it('lead their primary key and every unique and secondary index with property_id', async () => {
    const tables = (await tenantTables()).filter((t) => !REFERENCE.has(t.name) && !PLATFORM.has(t.name));
    const indexes = await rows<{
      table: string;
      name: string;
      primary: boolean;
      unique: boolean;
      first: number;
      def: string;
    }>(`
      select c.relname as table, i.relname as name, x.indisprimary as primary, x.indisunique as unique,
             x.indkey[0]::int as first,
             pg_get_indexdef(x.indexrelid) as def
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`);
    const problems: string[] = [];
    for (const t of tables) {
      const own = indexes.filter((i) => i.table === t.name);
      if (!own.some((i) => i.primary)) problems.push(`${t.name} has no primary key`);
      for (const i of own.filter((x) => x.first !== t.attnum && !CROSS_PROPERTY_INDEXES.has(x.name))) {
        if (ID_LOOKUP_INDEXES.has(i.name) && !i.unique && !i.primary) continue;
        problems.push(`${t.name}: ${i.def} must start with property_id`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reference each other with property_id in the foreign key, and reference tables reference none', async () => {
    const tables = new Map((await tenantTables()).map((t) => [t.name, t.attnum]));
    const distributed = (name: string) => tables.has(name) && !REFERENCE.has(name);
    const fks = await rows<{ name: string; src: string; dst: string; from: number[]; to: number[] }>(`
      select con.conname as name, s.relname as src, d.relname as dst,
             array_to_json(con.conkey) as from, array_to_json(con.confkey) as to
      from pg_constraint con join pg_class s on s.oid = con.conrelid join pg_class d on d.oid = con.confrelid
      join pg_namespace n on n.oid = s.relnamespace
      where con.contype = 'f' and n.nspname = 'public'`);
    const problems: string[] = [];
    for (const fk of fks) {
      // A reference table is on every node; a row of one property is on one: the reference would not hold there.
      if (!distributed(fk.src) && distributed(fk.dst))
        problems.push(
          `${fk.name} (${fk.src} → ${fk.dst}): a reference or local table references a tenant table`,
        );
      if (!distributed(fk.src) || !distributed(fk.dst)) continue;
      const src = tables.get(fk.src)!;
      const dst = tables.get(fk.dst)!;
      if (!fk.from.some((a, i) => a === src && fk.to[i] === dst))
        problems.push(`${fk.name} (${fk.src} → ${fk.dst}) must pair property_id with property_id`);
    }
    expect(problems).toEqual([]);
  });
});

describe('migrations', () => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const latest = journal.entries[journal.entries.length - 1]!;
  const snapshotFile = path.join(
    MIGRATIONS_DIR,
    'meta',
    `${String(latest.idx).padStart(4, '0')}_snapshot.json`,
  );

  it('are one journal: every entry has its SQL file and snapshot, and no SQL file is outside it', () => {
    const tags = journal.entries.map((e) => e.tag);
    const sqlFiles = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
    expect(sqlFiles.sort()).toEqual(tags.map((t) => `${t}.sql`).sort());
    journal.entries.forEach((e, i) => {
      expect(e.idx, `journal entry ${e.tag}`).toBe(i);
      expect(
        fs.existsSync(path.join(MIGRATIONS_DIR, 'meta', `${String(e.idx).padStart(4, '0')}_snapshot.json`)),
      ).toBe(true);
    });
  });

  it('hold every change of the Drizzle schema (drizzle-kit generate would write nothing)', async () => {
    // drizzle-kit's declared snapshot types do not resolve here; the JSON is passed through as it is.
    const prev = JSON.parse(fs.readFileSync(snapshotFile, 'utf8')) as { id: string };
    const current: unknown = generateDrizzleJson(schema, prev.id);
    const statements: string[] = await generateMigration(prev, current);
    expect(statements, 'run `npm run db:generate` and commit the migration').toEqual([]);
  });

  it('build the database the latest snapshot describes', async () => {
    interface SnapTable {
      name: string;
      columns: Record<string, { name: string; type: string; notNull: boolean }>;
      indexes: Record<string, unknown>;
      foreignKeys: Record<string, unknown>;
      policies: Record<string, unknown>;
      isRLSEnabled: boolean;
    }
    const snap = JSON.parse(fs.readFileSync(snapshotFile, 'utf8')) as { tables: Record<string, SnapTable> };
    const normalType = (t: string) =>
      t
        .replace(/^varchar/, 'character varying')
        .replace(/^timestamp\b(?! with)/, 'timestamp without time zone')
        .replace(/^char\b/, 'character');
    const expected: Record<string, unknown> = {};
    for (const t of Object.values(snap.tables)) {
      expected[t.name] = {
        rls: t.isRLSEnabled,
        columns: Object.values(t.columns)
          .map((c) => `${c.name} ${normalType(c.type)}${c.notNull ? ' not null' : ''}`)
          .sort(),
        indexes: Object.keys(t.indexes).sort(),
        foreignKeys: Object.keys(t.foreignKeys).sort(),
        policies: Object.keys(t.policies).sort(),
      };
    }
    const live = await rows<{
      name: string;
      rls: boolean;
      columns: string[];
      indexes: string[];
      fks: string[];
      policies: string[];
    }>(`
      select c.relname as name, c.relrowsecurity as rls,
        array_to_json(array(select a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end
          from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by 1)) as columns,
        array_to_json(array(select i.relname from pg_index x join pg_class i on i.oid = x.indexrelid
          where x.indrelid = c.oid and not x.indisprimary
            and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.contype in ('u', 'x'))
          order by 1)) as indexes,
        array_to_json(array(select k.conname from pg_constraint k where k.conrelid = c.oid and k.contype = 'f' order by 1)) as fks,
        array_to_json(array(select p.polname from pg_policy p where p.polrelid = c.oid order by 1)) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    const actual: Record<string, unknown> = {};
    for (const t of live) {
      actual[t.name] = {
        rls: t.rls,
        columns: [...t.columns].sort(),
        indexes: [...t.indexes].sort(),
        foreignKeys: [...t.fks].sort(),
        policies: [...t.policies].sort(),
      };
    }
    expect(actual).toEqual(expected);
  });
});

describe('the application role', () => {
  it('is neither superuser nor BYPASSRLS, in and out of a scoped transaction', async () => {
    const check = `select current_user as name, r.rolsuper as super, r.rolbypassrls as bypass
                   from pg_roles r where r.rolname = current_user`;
    const [outside] = await rows<{ name: string; super: boolean; bypass: boolean }>(check);
    expect(outside).toMatchObject({ super: false, bypass: false });
    const [inside] = await database.withScope({ area: 'central' }, (tx) =>
      query<{ name: string; super: boolean; bypass: boolean }>(tx, sql.raw(check)),
    );
    expect(inside).toEqual(outside);
  });

  it('is required: the server refuses to start as a privileged role', async () => {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      // The embedded database always runs as its unprivileged role once open.
      const [r] = await rows<{ name: string }>('select current_user as name');
      expect(r!.name).toBe(PGLITE_APP_ROLE);
      return;
    }
    // DATABASE_URL in tests is an owner/superuser connection: exactly what the server must refuse to run as.
    await expect(openDatabase({ databaseUrl: adminUrl, poolSize: 1 })).rejects.toThrow(/Refusing to start/);
  });
});
