import { RESIDENTS_IMPORT_HEADERS } from '@parkade/contract';
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { residentImports } from '../apps/server/src/modules/residents/table';
import type { Services } from '../apps/server/src/platform/http';
import { hashPassword } from '../apps/server/src/platform/auth';
import { BENCH_PASSWORD } from './data';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Issue 5: 50 properties × 2,000 residents (100,000), half of them with a vehicle; a 10,000-row import. */
export const RESIDENT_PROPERTIES = 50;
export const RESIDENTS_PER_PROPERTY = 2_000;
export const IMPORT_RESIDENTS = 10_000;

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
/** Terms a manager types: a surname, a first name, a unit, an email fragment, a name and surname. */
export const RESIDENT_TERMS = ['okafor', 'grace', '1207', 'kenji.chen', 'elena rossi'];

export interface ResidentsBench {
  propertyId: number;
  code: string;
  manager: string;
  buildingName: string;
}

/**
 * Seeds with the owner connection (a superuser here, so row-level security does not apply to the seeding):
 * properties, one building of 40 units each, residents as tenant users + residents + resident_units, vehicles.
 */
export async function seedResidentsBench(ownerUrl: string): Promise<ResidentsBench> {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  try {
    const hash = await hashPassword(BENCH_PASSWORD);
    const first = `array[${FIRST.map((f) => `'${f}'`).join(',')}]`;
    const last = `array[${LAST.map((f) => `'${f}'`).join(',')}]`;
    await c.query('begin');
    const props = await c.query<{ id: string; code: string }>(
      `insert into properties (code, name) select 'bench-r' || g, 'Bench Residences ' || g
       from generate_series(1, $1) g returning id, code`,
      [RESIDENT_PROPERTIES],
    );
    for (const p of props.rows) {
      const pid = Number(p.id);
      await c.query(`insert into buildings (property_id, name) values ($1, 'Tower')`, [pid]);
      await c.query(
        `insert into units (property_id, building_id, name)
         select $1, b.id, (1000 + g)::text from buildings b, generate_series(1, 40) g where b.property_id = $1`,
        [pid],
      );
      await c.query(
        `insert into tenant_users (property_id, type, full_name, email, phone, password_hash, language)
         select $1::bigint, 'tenant-resident',
                (${first})[1 + g % ${FIRST.length}] || ' ' || (${last})[1 + (g / ${FIRST.length}) % ${LAST.length}],
                lower((${first})[1 + g % ${FIRST.length}] || '.' || (${last})[1 + (g / ${FIRST.length}) % ${LAST.length}])
                  || '.' || g || '@p' || $1::bigint || '.test',
                '+1' || lpad(($1::bigint * 10000 + g)::text, 10, '0'), '!', 'en'
         from generate_series(1, $2) g`,
        [pid, RESIDENTS_PER_PROPERTY],
      );
      await c.query(
        `insert into residents (property_id, id, code, lease_expiration_at)
         select $1, u.id, 'R' || u.id, current_date + (u.id % 400)::int
         from tenant_users u where u.property_id = $1 and u.type = 'tenant-resident'`,
        [pid],
      );
      await c.query(
        `insert into resident_units (property_id, resident_id, unit_id)
         select $1, r.id, (select un.id from units un where un.property_id = $1
                           order by un.id offset (r.id % 40) limit 1)
         from residents r where r.property_id = $1`,
        [pid],
      );
      await c.query(
        `insert into vehicles (property_id, resident_id, plate, plate_normalized)
         select $1, r.id, 'B' || r.id, 'B' || r.id from residents r where r.property_id = $1 and r.id % 2 = 0`,
        [pid],
      );
    }
    await c.query(
      `update residents r set search = lower(concat_ws(' ', u.full_name, u.email, u.phone, r.code, (
         select string_agg(un.name, ' ') from resident_units ru join units un on un.property_id = ru.property_id
         and un.id = ru.unit_id where ru.property_id = r.property_id and ru.resident_id = r.id)))
       from tenant_users u where u.property_id = r.property_id and u.id = r.id`,
    );
    const first0 = props.rows[0]!;
    const manager = 'manager@bench-r1.test';
    await c.query(
      `insert into tenant_users (property_id, type, full_name, email, password_hash, role_id)
       values ($1, 'tenant-user', 'Bench Manager', $2, $3, (select id from roles where name = 'manager'))`,
      [Number(first0.id), manager, hash],
    );
    await c.query('commit');
    return { propertyId: Number(first0.id), code: first0.code, manager, buildingName: 'Tower' };
  } catch (e) {
    await c.query('rollback');
    throw e;
  } finally {
    await c.end();
  }
}

/**
 * The 10,000-row import, run as the job runs it, in a process of its own (bench/import-child.ts): wall time, rows/s
 * and that process's peak memory.
 */
export async function benchResidentsImport(
  services: Services,
  bench: ResidentsBench,
  db: { appUrl: string; ownerUrl: string; uploads: string },
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Residents');
  ws.addRow([...RESIDENTS_IMPORT_HEADERS]);
  for (let i = 0; i < IMPORT_RESIDENTS; i++)
    ws.addRow([
      `Imported Person ${i}`,
      `imported.${i}@bench-import.test`,
      '',
      bench.buildingName,
      String(1001 + (i % 40)),
      `IMP-${i}`,
      i % 3 === 0 ? 'es' : 'en',
      '2028-06-30',
    ]);
  const file = Buffer.from(await wb.xlsx.writeBuffer());
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
    error?: string;
  }>((resolve) => child.once('message', (m) => resolve(m as never)));
  child.kill();
  if (figures.error) throw new Error(figures.error);
  const ms = figures.ms;
  const mb = (n: number) => n / 1024 / 1024;
  const [status] = await services.database.withScope({ area: 'tenant', propertyId: bench.propertyId }, (tx) =>
    tx.select().from(residentImports).where(eq(residentImports.id, importId)),
  );
  return {
    rows: IMPORT_RESIDENTS,
    bytes: file.length,
    ms,
    rowsPerSecond: (IMPORT_RESIDENTS * 1000) / ms,
    state: status?.state ?? '?',
    imported: status?.imported ?? 0,
    rssBeforeMb: mb(figures.rssBefore),
    peakRssMb: mb(figures.peakRss),
    peakHeapDeltaMb: mb(figures.peakHeap - figures.heapBefore),
  };
}
