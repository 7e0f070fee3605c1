/**
 * `npm run bench:import`: the residents import's rate as a property fills (decision 0039 §17). At each level — 0,
 * 20,000 and 50,000 residents already in the property — BENCH_IMPORT_ROWS residents (5,000) are imported by the
 * product's job (runImport, as the worker runs it), beside a reference: the same rows written with raw SQL over a
 * raw pg pool, 500 per transaction as the job writes them (users, residents, their unit, the search text and its
 * words), on a connection set as the product's (no JIT), into a second property at the same level. Then the
 * residents search (the list's term) is timed in the property the product imported into. The levels are reached by
 * bulk SQL as the owner, without ANALYZE (as a script or a restore leaves them): keeping the statistics true is the
 * product's work. Nothing asserts.
 *
 *   BENCH_DATABASE_URL / DATABASE_URL   admin connection (bench/database.ts)   BENCH_IMPORT_ROWS (5000)
 *   BENCH_LEVELS (0,20000,50000)
 */
import { RESIDENTS_IMPORT_HEADERS } from '@parkade/contract';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runImport } from '../apps/server/src/modules/residents/import-job';
import { listResidents } from '../apps/server/src/modules/residents/service';
import { residentImports } from '../apps/server/src/modules/residents/table';
import { inScope, type Services } from '../apps/server/src/platform/scope';
import { localDiskStorage } from '../apps/server/src/platform/storage';
import { seed } from '../apps/server/src/seed';
import { ADMIN_URL, createDatabase, transportOf } from './database';
import { ms } from './report';

const LEVELS = (process.env.BENCH_LEVELS ?? '0,20000,50000').split(',').map(Number);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
const CHUNK = 500;
const UNITS = 500;
const FIRST = ['Ana', 'Ben', 'Carla', 'David', 'Elena', 'Farid', 'Grace', 'Hugo', 'Iris', 'Jamal', 'Kenji'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Okafor', 'Rossi', 'Chen', 'Johnson', 'Haddad', 'Kowalski'];

interface Row {
  name: string;
  email: string;
  unit: string;
  code: string;
  language: string;
}
const rowsOf = (tag: string): Row[] =>
  Array.from({ length: ROWS }, (_, i) => ({
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    email: `${tag}.${i}@import-rate.test`,
    unit: String(101 + (i % UNITS)),
    code: `${tag.toUpperCase()}-${i}`,
    language: i % 3 ? 'en' : 'es',
  }));

/** A property with one building of UNITS units (named 101 …), made by the owner. */
async function newProperty(owner: pg.Client, code: string): Promise<number> {
  const { rows } = await owner.query<{ id: string }>(
    `insert into properties (code, name) values ($1, $1) returning id`,
    [code],
  );
  const id = Number(rows[0]!.id);
  await owner.query(`insert into buildings (property_id, name) values ($1, 'Tower A')`, [id]);
  await owner.query(
    `insert into units (property_id, building_id, name)
     select $1, b.id, (100 + g)::text from buildings b, generate_series(1, $2) g where b.property_id = $1`,
    [id, UNITS],
  );
  // As the product's units import leaves them (analysed); the residents are what the bench leaves stale.
  await owner.query('analyze buildings, units');
  return id;
}

/** Brings the property to `level` residents with bulk SQL (users, residents, units, search text, words). */
async function fillTo(owner: pg.Client, propertyId: number, level: number) {
  const { rows } = await owner.query<{ n: string }>(
    `select count(*) n from residents where property_id = $1`,
    [propertyId],
  );
  const from = Number(rows[0]!.n);
  if (from >= level) return;
  const first = `array[${FIRST.map((f) => `'${f}'`).join(',')}]`;
  const last = `array[${LAST.map((f) => `'${f}'`).join(',')}]`;
  await owner.query('begin');
  await owner.query(
    `insert into tenant_users (property_id, type, full_name, email, password_hash, language)
     select $1::bigint, 'tenant-resident', (${first})[1 + g % ${FIRST.length}] || ' ' || (${last})[1 + (g / 7) % ${LAST.length}],
            'present.' || g || '@p' || $1::text || '.test', '!', 'en'
     from generate_series($2 + 1, $3) g`,
    [propertyId, from, level],
  );
  await owner.query(
    `insert into residents (property_id, id, code)
     select property_id, id, 'P' || id from tenant_users u where property_id = $1
       and not exists (select 1 from residents r where r.property_id = u.property_id and r.id = u.id)`,
    [propertyId],
  );
  await owner.query(
    `insert into resident_units (property_id, resident_id, unit_id)
     select r.property_id, r.id, (select min(id) from units where property_id = $1) + r.id % ${UNITS}
     from residents r where r.property_id = $1 and r.search is null`,
    [propertyId],
  );
  await owner.query(
    `update residents r set search = lower(concat_ws(' ', u.full_name, u.email, r.code, un.name))
     from tenant_users u, resident_units ru, units un
     where u.property_id = r.property_id and u.id = r.id and ru.property_id = r.property_id and ru.resident_id = r.id
       and un.property_id = ru.property_id and un.id = ru.unit_id and r.property_id = $1 and r.search is null`,
    [propertyId],
  );
  await owner.query(
    `insert into search_words (property_id, entity, entity_id, word)
     select distinct r.property_id, 'residents', r.id, substr(tok, i)
     from residents r
       cross join lateral regexp_split_to_table(r.search, '[^[:alnum:]]+') tok
       cross join lateral generate_series(1, least(length(tok), 64)) i
     where r.property_id = $1 and tok <> '' and r.id > (select coalesce(max(entity_id), 0) from search_words
       where property_id = $1 and entity = 'residents')`,
    [propertyId],
  );
  await owner.query('commit');
}

async function workbook(rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Residents');
  ws.addRow([...RESIDENTS_IMPORT_HEADERS]);
  for (const r of rows) ws.addRow([r.name, r.email, '', 'Tower A', r.unit, r.code, r.language, '2028-06-30']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The product's import job, timed from the stored file to done. */
async function productImport(services: Services, propertyId: number, rows: Row[]) {
  const storageKey = await services.storage.put('xlsx', await workbook(rows));
  const importId = await services.database.withScope(
    { area: 'tenant', propertyId },
    async (tx) =>
      (
        await tx
          .insert(residentImports)
          .values({ propertyId, fileName: 'bench.xlsx', storageKey })
          .returning({ id: residentImports.id })
      )[0]!.id,
  );
  const t0 = performance.now();
  await runImport(services, propertyId, importId);
  return performance.now() - t0;
}

/** The reference: the same rows by raw SQL over a raw pool, CHUNK per transaction, scope set as the product sets it. */
async function rawImport(pool: pg.Pool, propertyId: number, rows: Row[]) {
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const c = await pool.connect();
    try {
      await c.query('begin');
      await c.query(
        `select set_config('app.scope', 'tenant', true), set_config('app.property_id', $1, true)`,
        [String(propertyId)],
      );
      const made = await c.query<{ id: string }>(
        `with rows as (select * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
                         x(full_name, email, unit, code, language)),
         made as (insert into tenant_users (property_id, type, full_name, email, language, password_hash)
                  select $1, 'tenant-resident', full_name, email, language, '!' from rows returning id, email),
         linked as (select m.id, r.* , un.id unit_id, un.name unit_name from made m join rows r on r.email = m.email
                    join units un on un.property_id = $1 and un.name = r.unit),
         added as (insert into residents (property_id, id, code, lease_expiration_at, search)
                   select $1, id, code, '2028-06-30', lower(concat_ws(' ', full_name, email, code, unit_name))
                   from linked),
         linked_units as (insert into resident_units (property_id, resident_id, unit_id, position)
                          select $1, id, unit_id, 0 from linked)
         select id from linked`,
        [
          propertyId,
          chunk.map((r) => r.name),
          chunk.map((r) => r.email),
          chunk.map((r) => r.unit),
          chunk.map((r) => r.code),
          chunk.map((r) => r.language),
        ],
      );
      await c.query(
        `insert into search_words (property_id, entity, entity_id, word)
         select distinct $1::bigint, 'residents', r.id, substr(tok, i)
         from residents r
           cross join lateral regexp_split_to_table(r.search, '[^[:alnum:]]+') tok
           cross join lateral generate_series(1, least(length(tok), 64)) i
         where r.property_id = $1 and r.id = any($2::bigint[]) and tok <> ''`,
        [propertyId, made.rows.map((m) => m.id)],
      );
      await c.query('commit');
    } finally {
      c.release();
    }
  }
  return performance.now() - t0;
}

/** The residents search (the list's term, as GET /residents?filter[term]=okafor): the median of 5, in ms. */
async function searchMs(services: Services, propertyId: number) {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const page = await inScope(services, { area: 'tenant', propertyId, lang: 'en' }, (scope) =>
      listResidents(scope, 'filter[term]=okafor'),
    );
    times.push(performance.now() - t0);
    found = page.meta.total;
  }
  return { ms: times.sort((a, b) => a - b)[2]!, found };
}

async function main() {
  const { database, ownerUrl, appUrl, drop } = await createDatabase(4);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-import-rate-'));
  const owner = new pg.Client({ connectionString: ownerUrl });
  // As the product's pool connects (platform/db/postgres.ts): without JIT compilation.
  const pool = new pg.Pool({ connectionString: appUrl, max: 1, options: '-c jit=off' });
  try {
    await seed(database, { demo: false });
    await owner.connect();
    const version = (
      await owner.query<{ v: string; a: string }>(`select version() v, current_setting('autovacuum') a`)
    ).rows[0]!;
    const services = { database, storage: localDiskStorage(dir) } as unknown as Services;
    const product = await newProperty(owner, 'rate-product');
    const reference = await newProperty(owner, 'rate-raw');
    const lines: string[][] = [];
    for (const level of LEVELS) {
      await fillTo(owner, product, level);
      await fillTo(owner, reference, level);
      const productMs = await productImport(services, product, rowsOf(`p${level}`));
      const rawMs = await rawImport(pool, reference, rowsOf(`r${level}`));
      const search = await searchMs(services, product);
      lines.push([
        String(level),
        ((ROWS * 1000) / productMs).toFixed(0),
        ((ROWS * 1000) / rawMs).toFixed(0),
        `${ms(search.ms)} (${search.found} found)`,
      ]);
      console.log(`  level ${level} done`);
    }
    console.log('');
    console.log(
      `residents import rate, ${ROWS} rows per import (${CHUNK} per transaction); ${version.v.split(' on ')[0]} ` +
        `(${transportOf(ADMIN_URL)}, autovacuum ${version.a}):`,
    );
    const head = ['present', 'product rows/s', 'raw SQL rows/s', 'search "okafor" ms (median of 5)'];
    const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
    for (const l of [head, widths.map((w) => '-'.repeat(w)), ...lines])
      console.log(l.map((c, i) => c.padStart(widths[i]!)).join('  '));
  } finally {
    await owner.end().catch(() => undefined);
    await pool.end();
    await database.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
