import type { Readable } from 'node:stream';
import {
  normalizePhone,
  RESIDENT_SIGN_IN_STATUSES,
  RESIDENTS_IMPORT_MAX_ROWS,
  type Language,
} from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { query, type Tx } from '../../platform/db';
import { analyzeGrown } from '../../platform/db/statistics';
import { inScope, type Services } from '../../platform/scope';
import { t } from '../../platform/i18n';
import { properties } from '../properties/table';
import { readSheetRows } from '../../platform/xlsx';
import { tenantUsers } from '../users/table';
import { IMPORT_QUEUE, residentHeadersMatch } from './import';
import { checkRows, defaultLanguageOf, loadIndex, unitIndexOf, unitKey, type GoodRow } from './import-rows';
import { NO_PASSWORD, refreshResidentSearch } from './service';
import { notifyIn } from '../notifications/service';
import { residentImports, residents, residentUnits } from './table';
import { startingStatus, welcomeResident } from './write';

/** Rows written per transaction; the progress counter moves in the same transaction as the rows. */
export const IMPORT_CHUNK = 500;
/** The tables an import writes in bulk, analysed as they grow (decision 0039 §17). */
const IMPORT_TABLES = [
  'tenant_users',
  'residents',
  'resident_units',
  'search_words',
  'mail_outbox',
  'binnacle',
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export interface ImportHooks {
  /** Called after each committed chunk (tests stop the worker here to prove a retry adds no duplicate). */
  afterChunk?(rowsDone: number): Promise<void> | void;
}

/**
 * The job. Phase 1 (`checking`) reads and checks every row; one bad row ends the import as `rejected` with nothing
 * written. Phase 2 (`importing`) writes the rows in chunks; each chunk's residents and the progress counter
 * commit together, and the counter only moves from the value this worker read, so a worker killed midway and the
 * retried job resume exactly after the last committed chunk: no resident is written twice.
 */
export async function runImport(
  services: Services,
  propertyId: number,
  importId: number,
  hooks: ImportHooks = {},
): Promise<void> {
  const { database, storage } = services;
  const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => database.withScope({ area: 'tenant', propertyId }, fn);
  const own = and(eq(residentImports.propertyId, propertyId), eq(residentImports.id, importId))!;
  const job = await inTenant(async (tx) => (await tx.select().from(residentImports).where(own))[0]);
  if (!job || ['done', 'rejected', 'failed'].includes(job.state)) return;
  const lang = job.language as Language;
  const setState = (patch: Partial<typeof residentImports.$inferInsert>) =>
    inTenant(async (tx) => {
      await tx
        .update(residentImports)
        .set({ ...patch, updatedAt: new Date() })
        .where(own);
      if (patch.state === 'rejected' || patch.state === 'failed') await tellImporter(tx, job, patch.state);
    });
  const fail = (key: string, params?: Record<string, string | number>) =>
    setState({ state: 'failed', message: t(lang, key, params), finishedAt: new Date() });

  const rows: [number, string[]][] = [];
  try {
    let first = true;
    for (const [n, cells] of await readSheetRows(await readAll(storage.read(job.storageKey)))) {
      if (first) {
        first = false;
        if (!residentHeadersMatch(cells)) return void (await fail('residents.import.headers'));
        continue;
      }
      if (cells.every((c) => !c)) continue;
      rows.push([n, cells]);
      if (rows.length > RESIDENTS_IMPORT_MAX_ROWS)
        return void (await fail('residents.import.tooManyRows', { max: RESIDENTS_IMPORT_MAX_ROWS }));
    }
  } catch {
    return void (await fail('residents.import.unreadable'));
  }
  if (!rows.length) return void (await fail('residents.import.empty'));
  // Phones as people write them, national ones in the property's country, are stored in E.164 (contract phone.ts):
  // both the check and a retry read the normalised cell; one that is no phone stays as written and is refused.
  const [property] = await inTenant((tx) =>
    tx.select({ country: properties.country }).from(properties).where(eq(properties.id, propertyId)),
  );
  for (const [, cells] of rows) {
    const e164 = cells[2] ? normalizePhone(cells[2], property?.country) : null;
    if (e164) cells[2] = e164;
  }

  let good: GoodRow[];
  if (job.state === 'queued' || job.state === 'checking') {
    await setState({ state: 'checking', rowsTotal: rows.length, rowsDone: 0 });
    const index = await inTenant((tx) => loadIndex(tx, propertyId));
    const checked = await checkRows(index, lang, rows, async (done) => {
      await setState({ rowsDone: done });
    });
    if (checked.rejected.length) {
      await setState({
        state: 'rejected',
        rowsDone: rows.length,
        rejected: checked.rejected,
        finishedAt: new Date(),
      });
      return;
    }
    good = checked.good;
    await setState({ state: 'importing', rowsTotal: good.length, rowsDone: 0, imported: 0 });
  } else {
    // A retry of a job that was importing: the rows were checked before; the file is the same. A blank language
    // is the property's first, as the check read it.
    const defaultLanguage = await inTenant((tx) => defaultLanguageOf(tx, propertyId));
    good = rows.map(([row, c]) => ({
      row,
      fullName: c[0] ?? '',
      email: c[1] ?? '',
      phone: c[2] || null,
      unitId: 0,
      code: c[5] || null,
      language: (c[6]?.toLowerCase() || defaultLanguage) as Language,
      leaseExpirationAt: c[7] || null,
      building: c[3] ?? '',
      unit: c[4] ?? '',
    }));
    const index = await inTenant((tx) => unitIndexOf(tx, propertyId));
    for (const g of good as (GoodRow & { building: string; unit: string })[])
      g.unitId = index.get(unitKey(g.building, g.unit)) ?? 0;
  }

  const progress = await inTenant(async (tx) => (await tx.select().from(residentImports).where(own))[0]!);
  const actor = { userId: job.createdBy, requestId: `job:${IMPORT_QUEUE}:${importId}` };
  const work = { area: 'tenant' as const, propertyId, lang, actor };
  // The form's rule for a resident whose status nobody chose (write.ts): pending where the agreement is signed. The
  // tables are analysed first if something grew them since their last analysis, so the first chunk is planned on
  // their real sizes too.
  const status = await inScope(services, work, async (scope) => {
    await analyzeGrown(scope.tx, IMPORT_TABLES);
    return startingStatus(scope);
  });
  let done = progress.rowsDone;
  while (done < good.length) {
    const chunk = good.slice(done, done + IMPORT_CHUNK);
    const from = done;
    await inScope(services, work, async (scope) => {
      const { tx } = scope;
      const moved = await tx
        .update(residentImports)
        .set({
          rowsDone: from + chunk.length,
          imported: sql`${residentImports.imported} + ${chunk.length}`,
          updatedAt: new Date(),
        })
        .where(and(own, eq(residentImports.rowsDone, from)))
        .returning({ id: residentImports.id });
      if (!moved.length) throw new Error('another worker advanced this import');
      // One statement for the chunk's users, residents and unit links, its rows one JSON parameter: built by
      // Drizzle value by value, the query text of 3 × 500 rows cost more CPU than the database's work (bench).
      const rows = JSON.stringify(
        chunk.map((g) => ({
          n: g.row,
          full_name: g.fullName,
          email: g.email,
          phone: g.phone,
          language: g.language,
          code: g.code,
          lease: g.leaseExpirationAt,
          unit_id: g.unitId,
        })),
      );
      const made = await query<{ id: number }>(
        tx,
        sql`with rows as materialized (
              select * from jsonb_to_recordset(${rows}::jsonb) as x(n int, full_name text, email text, phone text,
                language text, code text, lease date, unit_id bigint)),
            made as (
              insert into ${tenantUsers} (property_id, type, full_name, email, phone, language, password_hash, active)
              select ${propertyId}::bigint, 'tenant-resident', full_name, email, phone, language, ${NO_PASSWORD}::text,
                ${RESIDENT_SIGN_IN_STATUSES.includes(status)}
              from rows order by n
              returning id, email),
            linked as (
              select m.id, r.n, r.code, r.lease, r.unit_id from made m join rows r on lower(r.email) = lower(m.email)),
            added as (
              insert into ${residents} (property_id, id, code, status, lease_expiration_at, import_id, import_row)
              select ${propertyId}::bigint, id, code, ${status}, lease, ${importId}::bigint, n from linked),
            linked_units as (
              insert into ${residentUnits} (property_id, resident_id, unit_id, position)
              select ${propertyId}::bigint, id, unit_id, 0 from linked)
            select id::int as id from made order by id`,
      );
      const ids = made.map((m) => m.id);
      // New residents have no words yet: nothing to delete first.
      await refreshResidentSearch(tx, propertyId, ids, { fresh: true });
      // Each their own link, in the transaction that writes them: a retried chunk sends nothing twice.
      if (job.sendLinks)
        for (const id of ids) await welcomeResident(scope, id, status, { hasPassword: false });
      // A bulk write: the tables it grew are analysed before the next chunk is planned on them.
      await analyzeGrown(tx, IMPORT_TABLES);
    });
    done = from + chunk.length;
    await hooks.afterChunk?.(done);
  }
  await inScope(services, work, async (scope) => {
    await scope.tx
      .update(residentImports)
      .set({ state: 'done', finishedAt: new Date(), updatedAt: new Date() })
      .where(own);
    await tellImporter(scope.tx, job, 'done');
    await scope.audit({
      entity: 'residents',
      entityId: null,
      action: 'import',
      new: { importId, residents: good.length },
    });
  });
}

/** Tells whoever started the import how it ended (the bell, decision 0048). */
async function tellImporter(
  tx: Tx,
  job: typeof residentImports.$inferSelect,
  outcome: 'done' | 'rejected' | 'failed',
) {
  if (!job.createdBy || !job.createdByType) return;
  await notifyIn(tx, job.propertyId, null, {
    kind: 'importFinished',
    recordId: job.id,
    params: { outcome, file: job.fileName },
    to: { type: job.createdByType, id: job.createdBy },
  });
}

/** The worker: a data problem (a unique value taken meanwhile) ends the import as failed; others are retried. */
export async function importJob(services: Services, propertyId: number, importId: number) {
  try {
    await runImport(services, propertyId, importId);
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505' || code === '23503') {
      await services.database.withScope({ area: 'tenant', propertyId }, (tx) =>
        tx
          .update(residentImports)
          .set({
            state: 'failed',
            message: t('en', 'residents.import.failed', { reason: (err as Error).message }),
            finishedAt: new Date(),
          })
          .where(and(eq(residentImports.propertyId, propertyId), eq(residentImports.id, importId))),
      );
      const [job] = await services.database.withScope({ area: 'tenant', propertyId }, (tx) =>
        tx
          .select()
          .from(residentImports)
          .where(and(eq(residentImports.propertyId, propertyId), eq(residentImports.id, importId))),
      );
      if (job)
        await services.database.withScope({ area: 'tenant', propertyId }, (tx) =>
          tellImporter(tx, job, 'failed'),
        );
      return;
    }
    throw err;
  }
}
