import { RESIDENTS_IMPORT_HEADERS } from '@parkade/contract';
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { IMPORT_QUEUE } from '../apps/server/src/modules/residents/import';
import { importJob } from '../apps/server/src/modules/residents/import-job';
import { residentImports } from '../apps/server/src/modules/residents/table';
import type { Services } from '../apps/server/src/platform/http';
import { hashPassword } from '../apps/server/src/platform/auth';
import { BENCH_PASSWORD } from './data';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Issue 5: 50 properties × 2,000 residents (100,000), half of them with a vehicle; a 10,000-row import. */
export const RESIDENT_PROPERTIES = 50;
export const RESIDENTS_PER_PROPERTY = 2_000;
/** One more property, of this many residents: the list where a search that scans shows. */
export const BIG_PROPERTY_RESIDENTS = 50_000;
export const IMPORT_RESIDENTS = 10_000;
/** Units of a building: 20 floors × 25, named 101–125 … 2001–2025. */
const UNITS_PER_BUILDING = 500;
/** Buildings of a property: 4 (one unit per resident); 20 in the two properties the imports go to (10,000 units). */
const BUILDINGS = 4;
const IMPORT_BUILDINGS = IMPORT_RESIDENTS / UNITS_PER_BUILDING;
const unitName = (i: number) => String(100 * (1 + Math.floor(i / 25)) + 1 + (i % 25));

const FIRST = [
  'Ana',
  'Ben',
  'Carla',
  'David',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Iris',
  'Jamal',
  'Kenji',
  'Lucia',
];
const LAST = [
  'Garcia',
  'Smith',
  'Nguyen',
  'Okafor',
  'Rossi',
  'Chen',
  'Johnson',
  'Haddad',
  'Kowalski',
  'Silva',
];
/**
 * Terms a manager types, taken in turn by each connection: a surname (~200 of a property's 2,000), a first name
 * (~170), a unit number (1207: one in each building, and a phone and an email), an email fragment (~17), a name and
 * surname (~17).
 */
export const RESIDENT_TERMS = ['okafor', 'grace', '1207', 'kenji.chen', 'elena rossi'];

interface BenchProperty {
  propertyId: number;
  code: string;
  /** A manager of the property (password BENCH_PASSWORD). */
  manager: string;
}
export interface ResidentsBench extends BenchProperty {
  /** A second property of the same size, for the import through HTTP (so both imports start from 2,000). */
  second: BenchProperty;
  /** The property of BIG_PROPERTY_RESIDENTS residents. */
  big: BenchProperty;
}

/** The word index's primary key (migration 0013), dropped and built again around the bulk insert. */
const SEARCH_WORDS_PK = 'search_words_property_id_entity_word_entity_id_pk';

/**
 * Seeds with the owner connection (a superuser here, so row-level security does not apply to the seeding):
 * properties, their buildings of 500 units, residents (tenant users + residents + resident_units, one unit each, as
 * in a real building) and a vehicle for every other resident.
 */
export async function seedResidentsBench(ownerUrl: string): Promise<ResidentsBench> {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  let mark = performance.now();
  // Each step's time, to see where the seeding goes.
  const step = (what: string) => {
    const now = performance.now();
    console.log(`  seeded ${what} in ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };
  try {
    const hash = await hashPassword(BENCH_PASSWORD);
    const first = `array[${FIRST.map((f) => `'${f}'`).join(',')}]`;
    const last = `array[${LAST.map((f) => `'${f}'`).join(',')}]`;
    await c.query('begin');
    const props = await c.query<{ id: string; code: string }>(
      `insert into properties (code, name) select 'bench-r' || g, 'Bench Residences ' || g
       from generate_series(1, $1) g order by g returning id, code`,
      [RESIDENT_PROPERTIES],
    );
    const bigProperty = await c.query<{ id: string; code: string }>(
      `insert into properties (code, name) values ('bench-big', 'Bench Big Residences') returning id, code`,
    );
    // Each statement covers every bench property at once, and each table is analyzed once filled, so the next
    // statements and their foreign-key checks are planned on its real size. Property by property and unanalyzed,
    // these inserts took 126 s and the search text's update 147 s (20 s and 7 s this way).
    const all = [...props.rows, ...bigProperty.rows].map((p, i) => ({
      pid: Number(p.id),
      people: p.code === 'bench-big' ? BIG_PROPERTY_RESIDENTS : RESIDENTS_PER_PROPERTY,
      towers:
        p.code === 'bench-big'
          ? Math.ceil(BIG_PROPERTY_RESIDENTS / UNITS_PER_BUILDING)
          : i < 2
            ? IMPORT_BUILDINGS
            : BUILDINGS,
    }));
    const benchProps = `(select * from unnest($1::bigint[], $2::int[], $3::int[]) x(pid, people, towers))`;
    const values = [all.map((p) => p.pid), all.map((p) => p.people), all.map((p) => p.towers)];
    const ids = [all.map((p) => p.pid)];
    const fill = async (table: string, text: string, params: unknown[]) => {
      await c.query(text, params);
      await c.query(`analyze ${table}`);
    };
    await fill(
      'buildings',
      `insert into buildings (property_id, name)
       select p.pid, 'Tower ' || b from ${benchProps} p, generate_series(1, p.towers) b order by p.pid, b`,
      values,
    );
    await fill(
      'units',
      `insert into units (property_id, building_id, name)
       select b.property_id, b.id, (100 * (1 + (g - 1) / 25) + 1 + (g - 1) % 25)::text
       from buildings b, generate_series(1, $2) g where b.property_id = any($1) order by b.property_id, b.id, g`,
      [ids[0], UNITS_PER_BUILDING],
    );
    await fill(
      'tenant_users',
      `insert into tenant_users (property_id, type, full_name, email, phone, password_hash, language)
       select p.pid, 'tenant-resident',
              (${first})[1 + g % ${FIRST.length}] || ' ' || (${last})[1 + (g / ${FIRST.length}) % ${LAST.length}],
              lower((${first})[1 + g % ${FIRST.length}] || '.' || (${last})[1 + (g / ${FIRST.length}) % ${LAST.length}])
                || '.' || g || '@p' || p.pid || '.test',
              '+1' || lpad((p.pid * 10000 + g)::text, 10, '0'), '!', 'en'
       from ${benchProps} p, generate_series(1, p.people) g order by p.pid, g`,
      values,
    );
    await fill(
      'residents',
      `insert into residents (property_id, id, code, lease_expiration_at)
       select u.property_id, u.id, 'R' || u.id, current_date + (u.id % 400)::int
       from tenant_users u where u.property_id = any($1) and u.type = 'tenant-resident' order by u.property_id, u.id`,
      ids,
    );
    // One unit each, as in a real building: the n-th resident of a property in its n-th unit.
    await fill(
      'resident_units',
      `insert into resident_units (property_id, resident_id, unit_id)
       select r.property_id, r.id, un.id
       from (select property_id, id, row_number() over (partition by property_id order by id) n
             from residents where property_id = any($1)) r
       join (select property_id, id, row_number() over (partition by property_id order by id) n
             from units where property_id = any($1)) un on un.property_id = r.property_id and un.n = r.n`,
      ids,
    );
    await fill(
      'vehicles',
      `insert into vehicles (property_id, resident_id, plate, plate_normalized)
       select r.property_id, r.id, 'B' || r.id, 'B' || r.id from residents r
       where r.property_id = any($1) and r.id % 2 = 0 order by r.property_id, r.id`,
      ids,
    );
    step('properties, units, users, residents, vehicles');
    await c.query(
      `update residents r set search = lower(concat_ws(' ', u.full_name, u.email, u.phone, r.code, (
         select string_agg(un.name, ' ') from resident_units ru join units un on un.property_id = ru.property_id
         and un.id = ru.unit_id where ru.property_id = r.property_id and ru.resident_id = r.id)))
       from tenant_users u where u.property_id = r.property_id and u.id = r.id`,
    );
    step('residents.search');
    // The word index filter[term] reads: the rows reindexWords (platform/db/search-words.ts) writes for each
    // resident — every suffix (from the first 64 positions) of every letter-and-digit token of its search text —
    // built in bulk: each resident's words made distinct on their own (duplicates only occur within one
    // resident), the primary key dropped during the insert and built once afterwards by one sort.
    // Each resident's words sorted to be made distinct: the hash the planner picks otherwise is sized for its guess
    // of 40,000 words (a 1.5 MB table made and freed per resident: 34 s instead of 10).
    await c.query(`set local enable_hashagg = off`);
    await c.query(`set local enable_memoize = off`);
    await c.query(`set local jit = off`);
    await c.query(`set local maintenance_work_mem = '1GB'`);
    await c.query(`alter table search_words drop constraint ${SEARCH_WORDS_PK}`);
    await c.query(
      `insert into search_words (property_id, entity, entity_id, word)
       select r.property_id, 'residents', r.id, w.word
       from residents r
         cross join lateral (
           select distinct substr(tok, i) as word
           from regexp_split_to_table(lower(r.search), '[^[:alnum:]]+') tok
             cross join lateral generate_series(1, least(length(tok), 64)) i
           where tok <> '') w`,
    );
    step('search_words insert');
    await c.query(
      `alter table search_words add constraint ${SEARCH_WORDS_PK} primary key (property_id, entity, word, entity_id)`,
    );
    step('search_words primary key');
    const withManager = async (p: { id: string; code: string }): Promise<BenchProperty> => {
      const manager = `manager@${p.code}.test`;
      await c.query(
        `insert into tenant_users (property_id, type, full_name, email, password_hash, role_id)
         values ($1, 'tenant-user', 'Bench Manager', $2, $3, (select id from roles where name = 'manager'))`,
        [Number(p.id), manager, hash],
      );
      return { propertyId: Number(p.id), code: p.code, manager };
    };
    const main = await withManager(props.rows[0]!);
    const second = await withManager(props.rows[1]!);
    const big = await withManager(bigProperty.rows[0]!);
    await c.query('commit');
    step('managers, commit');
    return { ...main, second, big };
  } catch (e) {
    await c.query('rollback');
    throw e;
  } finally {
    await c.end();
  }
}

/**
 * A valid 10,000-row residents workbook: a unit each in Tower 1–20 (the first 2,000 already hold a resident); the
 * tag keeps emails and codes unique.
 */
async function importWorkbook(tag: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Residents');
  ws.addRow([...RESIDENTS_IMPORT_HEADERS]);
  for (let i = 0; i < IMPORT_RESIDENTS; i++)
    ws.addRow([
      `Imported Person ${i}`,
      `${tag}.${i}@bench-import.test`,
      '',
      `Tower ${1 + Math.floor(i / UNITS_PER_BUILDING)}`,
      unitName(i % UNITS_PER_BUILDING),
      `${tag.toUpperCase()}-${i}`,
      i % 3 === 0 ? 'es' : 'en',
      '2028-06-30',
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const mb = (n: number) => n / 1024 / 1024;

/**
 * The 10,000-row import, run as the job runs it (runImport), in a process of its own (bench/import-child.ts):
 * wall time, rows/s, that process's peak memory, and when the writing began (reading and checking before it).
 */
export async function benchResidentsImport(
  services: Services,
  bench: ResidentsBench,
  db: { appUrl: string; ownerUrl: string; uploads: string },
) {
  const file = await importWorkbook('imported');
  const storageKey = await services.storage.put('xlsx', file);
  const importId = await services.database.withScope(
    { area: 'tenant', propertyId: bench.propertyId },
    async (tx) =>
      (
        await tx
          .insert(residentImports)
          .values({ propertyId: bench.propertyId, fileName: 'bench.xlsx', storageKey })
          .returning({ id: residentImports.id })
      )[0]!.id,
  );
  const child = fork(
    path.join(here, 'import-child.ts'),
    [JSON.stringify({ ...db, propertyId: bench.propertyId, importId })],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const figures = await new Promise<{
    ms: number;
    rssBefore: number;
    peakRss: number;
    heapBefore: number;
    peakHeap: number;
    chunks: number[];
    error?: string;
  }>((resolve) => child.once('message', (m) => resolve(m as never)));
  child.kill();
  if (figures.error) throw new Error(figures.error);
  const ms = figures.ms;
  const [status] = await services.database.withScope({ area: 'tenant', propertyId: bench.propertyId }, (tx) =>
    tx.select().from(residentImports).where(eq(residentImports.id, importId)),
  );
  // Each committed chunk's end (ms from the start): the first chunk ends one chunk after reading and checking.
  const chunks = figures.chunks;
  const perChunk = chunks.length > 1 ? (chunks.at(-1)! - chunks[0]!) / (chunks.length - 1) : NaN;
  return {
    rows: IMPORT_RESIDENTS,
    bytes: file.length,
    ms,
    rowsPerSecond: (IMPORT_RESIDENTS * 1000) / ms,
    state: status?.state ?? '?',
    imported: status?.imported ?? 0,
    rssBeforeMb: mb(figures.rssBefore),
    peakRssMb: mb(figures.peakRss),
    peakHeapMb: mb(figures.peakHeap),
    peakHeapDeltaMb: mb(figures.peakHeap - figures.heapBefore),
    readCheckMs: chunks.length ? chunks[0]! - perChunk : NaN,
    chunks: chunks.length,
    perChunkMs: perChunk,
  };
}

/**
 * The same import through HTTP, once, into the second property: POST /residents/import (multipart), then
 * GET /residents/import-status/:id every 100 ms until it ends. The job runs in this process, on the server's queue
 * (as `npm start` does): the wait includes the queue's pick-up (pg-boss polls every 2 s).
 */
export async function benchResidentsImportHttp(
  services: Services,
  bench: ResidentsBench,
  opts: { origin: string; token: string },
) {
  await services.jobs.work(IMPORT_QUEUE, async (data) => {
    await importJob(services, Number(data.propertyId), Number(data.importId));
  });
  const target = bench.second;
  const file = await importWorkbook('http');
  const headers = { authorization: `Bearer ${opts.token}`, 'x-tenant': target.code };
  let peakRss = process.memoryUsage().rss;
  const rssBefore = peakRss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  try {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(file)]), 'residents.xlsx');
    const t0 = performance.now();
    const res = await fetch(`${opts.origin}/tenant/api/residents/import`, {
      method: 'POST',
      headers,
      body: fd,
    });
    const answered = performance.now() - t0;
    const started = (await res.json()) as { id?: number };
    if (res.status !== 200 || !started.id)
      throw new Error(`residents import answered ${res.status}: ${JSON.stringify(started).slice(0, 300)}`);
    let pickedUp = NaN;
    let state = 'queued';
    let imported = 0;
    const deadline = Date.now() + 180_000;
    while (!['done', 'rejected', 'failed'].includes(state)) {
      if (Date.now() > deadline) throw new Error(`residents import still ${state} after 180 s`);
      await new Promise((r) => setTimeout(r, 100));
      const s = await fetch(`${opts.origin}/tenant/api/residents/import-status/${started.id}`, { headers });
      const body = (await s.json()) as { state: string; imported: number };
      state = body.state;
      imported = body.imported;
      if (state !== 'queued' && Number.isNaN(pickedUp)) pickedUp = performance.now() - t0;
    }
    const ms = performance.now() - t0;
    return {
      rows: IMPORT_RESIDENTS,
      state,
      imported,
      answeredMs: answered,
      pickedUpMs: pickedUp,
      ms,
      rssBeforeMb: mb(rssBefore),
      peakRssMb: mb(peakRss),
    };
  } finally {
    clearInterval(timer);
  }
}
