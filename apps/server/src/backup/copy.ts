/*
 * An embedded backup restored into a PostgreSQL server (the way from the embedded default to a server: decision
 * 0054). The embedded database is PostgreSQL 18 in WebAssembly; the server may be older, and no pg_dump reads the
 * one and writes for the other. So the server's schema is made by the product's own migrations, as at any start on
 * a server, and the rows are copied table by table as JSON, which every version reads the same.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migratedPglite, openDatabase } from '../platform/db';

/** Rows per statement: a few MB of JSON at most for the widest tables. */
const CHUNK = 2000;

interface Column {
  name: string;
  identity: boolean;
}

interface Table {
  name: string;
  columns: Column[];
  triggers: boolean;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The server's tables in public, parents before the tables that refer to them. */
async function targetTables(c: pg.Client): Promise<Table[]> {
  const tables = await c.query<{ name: string; triggers: boolean }>(
    `select c.relname as name,
            exists (select 1 from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal) as triggers
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
  );
  const columns = await c.query<{ table: string; name: string; identity: string }>(
    `select c.relname as table, a.attname as name, a.attidentity as identity
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const refs = await c.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const byName = new Map<string, Table>(
    tables.rows.map((t) => [t.name, { name: t.name, columns: [], triggers: t.triggers }]),
  );
  for (const col of columns.rows)
    byName.get(col.table)?.columns.push({ name: col.name, identity: col.identity !== '' });
  const parents = new Map<string, Set<string>>();
  for (const r of refs.rows) {
    if (!parents.has(r.child)) parents.set(r.child, new Set());
    parents.get(r.child)!.add(r.parent);
  }
  const ordered: Table[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (done.has(name)) return;
    if (visiting.has(name)) throw new Error(`The tables' foreign keys form a cycle through ${name}`);
    visiting.add(name);
    for (const p of parents.get(name) ?? []) if (byName.has(p)) visit(p);
    visiting.delete(name);
    done.add(name);
    ordered.push(byName.get(name)!);
  };
  for (const name of byName.keys()) visit(name);
  return ordered;
}

/** Copies one table's rows from the embedded database, in chunks read by a cursor. */
async function copyTable(source: PGlite, target: pg.Client, table: Table): Promise<number> {
  const cols = table.columns.map((c) => ident(c.name)).join(', ');
  const qualified = `public.${ident(table.name)}`;
  const insert =
    `insert into ${qualified} (${cols})${table.columns.some((c) => c.identity) ? ' overriding system value' : ''} ` +
    `select ${cols} from json_populate_recordset(null::${qualified}, $1::json)`;
  let copied = 0;
  await source.transaction(async (tx) => {
    await tx.query(
      `declare rows no scroll cursor for select row_to_json(_parkade_row)::text as j from (select ${cols} from ${qualified}) _parkade_row`,
    );
    for (;;) {
      const chunk = await tx.query<{ j: string }>(`fetch ${CHUNK} from rows`);
      if (!chunk.rows.length) break;
      await target.query(insert, [`[${chunk.rows.map((r) => r.j).join(',')}]`]);
      copied += chunk.rows.length;
    }
    await tx.query('close rows');
  });
  return copied;
}

/**
 * Restores an embedded database image (`image`, PGlite's dumpDataDir) into an empty PostgreSQL database: the
 * image is opened in memory and brought to this code's migrations; the server gets the same migrations through the
 * product's own start (owner and application role as configured); then every table's rows and every sequence's
 * position are copied in one transaction, as the owner in the central scope, with the tables' own triggers held
 * (the plate lookup's rows are copied, not derived again). The job queue is not carried over (decision 0054).
 */
export async function copyPgliteIntoPostgres(
  image: Blob,
  appUrl: string,
  ownerUrl: string,
): Promise<{ tables: number; rows: number }> {
  const source = await migratedPglite('memory://', image);
  try {
    const migrated = await openDatabase({
      databaseUrl: appUrl,
      databaseAdminUrl: ownerUrl,
      listenUrl: false,
      poolSize: 1,
    });
    await migrated.close();
    const target = new pg.Client({ connectionString: ownerUrl });
    target.on('error', () => undefined);
    await target.connect();
    try {
      const tables = await targetTables(target);
      const sourceColumns = await source.query<{ t: string; c: string }>(
        `select c.relname as t, a.attname as c from pg_attribute a join pg_class c on c.oid = a.attrelid
           join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
      );
      const have = new Set(sourceColumns.rows.map((r) => `${r.t}.${r.c}`));
      const missing = tables.flatMap((t) =>
        t.columns.filter((c) => !have.has(`${t.name}.${c.name}`)).map((c) => `${t.name}.${c.name}`),
      );
      if (missing.length) throw new Error(`The embedded database lacks ${missing.slice(0, 5).join(', ')}`);
      let rows = 0;
      await target.query('begin');
      try {
        await target.query(`select set_config('app.scope', 'central', true)`);
        // What the migrations themselves inserted is in the image too: the image's rows replace it.
        await target.query(`truncate ${tables.map((t) => `public.${ident(t.name)}`).join(', ')}`);
        for (const t of tables.filter((t) => t.triggers))
          await target.query(`alter table public.${ident(t.name)} disable trigger user`);
        for (const t of tables) rows += await copyTable(source, target, t);
        for (const t of tables.filter((t) => t.triggers))
          await target.query(`alter table public.${ident(t.name)} enable trigger user`);
        const sequences = await source.query<{ name: string; value: string | null }>(
          `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
        );
        for (const s of sequences.rows)
          if (s.value !== null)
            await target.query(`select setval($1::regclass, $2::bigint, true)`, [
              `public.${ident(s.name)}`,
              s.value,
            ]);
        // A mail handed to the old job queue waits for a job that is not carried over: pending again, the
        // outbox's sweep sends it (modules/outbox/mail.ts).
        await target.query(`update public.mail_outbox set status = 'pending' where status = 'queued'`);
        await target.query('commit');
      } catch (e) {
        await target.query('rollback').catch(() => undefined);
        throw e;
      }
      await target.query('analyze');
      return { tables: tables.length, rows };
    } finally {
      await target.end().catch(() => undefined);
    }
  } finally {
    await source.close();
  }
}
