import type { Readable } from 'node:stream';
import {
  EMAIL_MAX,
  LANGUAGES,
  normalizePhone,
  PHONE_PATTERN,
  RESIDENT_CODE_MAX,
  RESIDENT_NAME_MAX,
  RESIDENTS_IMPORT_HEADERS,
  RESIDENTS_IMPORT_MAX_ROWS,
  type ImportReject,
  type Language,
  type ResidentImportStatus,
} from '@parkade/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { query, type Tx } from '../../platform/db';
import { HttpError, notFound } from '../../platform/errors';
import { inScope, type Scope, type Services } from '../../platform/scope';
import { t } from '../../platform/i18n';
import type { UploadedFile } from '../../platform/uploads';
import { buildings } from '../buildings/table';
import { properties } from '../properties/table';
import { importTemplate, readSheetRows } from '../../platform/xlsx';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { NO_PASSWORD, refreshResidentSearch } from './service';
import { residentImports, residents, residentUnits } from './table';

export const IMPORT_QUEUE = 'residents-import';
/** Rows written per transaction; the progress counter moves in the same transaction as the rows. */
export const IMPORT_CHUNK = 500;
/** How often (rows) the checking phase reports progress. */
const CHECK_REPORT_EVERY = 1000;
/** At most this many refused rows are kept and shown. */
const REJECTED_MAX = 1000;

const fileError = (key: string, params?: Record<string, string | number>) =>
  new HttpError(422, key, params, { file: [{ key, params }] });

const header = (c: string) =>
  c
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
export const residentHeadersMatch = (cells: string[]) =>
  RESIDENTS_IMPORT_HEADERS.length <= cells.length &&
  RESIDENTS_IMPORT_HEADERS.every((h, i) => header(cells[i] ?? '') === h) &&
  cells.slice(RESIDENTS_IMPORT_HEADERS.length).every((c) => !c.trim());

/**
 * The template: the first sheet holds the header row only (what is typed under it is imported); an example row
 * stands on a second sheet, which the import never reads, so an example left in is never imported.
 */
export async function residentsTemplate(lang: Language): Promise<Buffer> {
  return importTemplate(lang, {
    sheet: t(lang, 'residents.import.sheet'),
    headers: RESIDENTS_IMPORT_HEADERS,
    example: {
      name: 'Dana Rivera',
      email: 'dana.rivera@example.com',
      phone: '+15035550142',
      building: 'Building A',
      unit: '101',
      code: 'R-0001',
      language: 'en',
      lease_expiration: '2027-06-30',
    },
    dates: ['lease_expiration'],
  });
}

/**
 * POST /residents/import: the headers are checked now (422 `Headers do not match expected format`); the file is
 * kept in storage and a job does the rest. Answers the import's id at once.
 */
export async function startImport(ctx: Scope, file: UploadedFile) {
  let first: string[] | undefined;
  try {
    first = (await readSheetRows(file.buffer))[0]?.[1];
  } catch {
    throw fileError('residents.import.unreadable');
  }
  if (!first || !residentHeadersMatch(first)) throw fileError('residents.import.headers');
  const storage = ctx.services.storage;
  const storageKey = await storage.put('xlsx', file.buffer);
  ctx.onRollback(() => storage.remove(storageKey));
  const propertyId = ctx.propertyId;
  const [row] = await ctx.tx
    .insert(residentImports)
    .values({
      propertyId,
      fileName: file.filename,
      storageKey,
      language: ctx.lang,
      createdBy: ctx.session?.user.id ?? null,
    })
    .returning({ id: residentImports.id });
  const id = row!.id;
  await ctx.audit({
    entity: 'resident_imports',
    entityId: id,
    action: 'create',
    new: { fileName: file.filename },
  });
  ctx.afterCommit(() =>
    ctx.services.jobs.send(IMPORT_QUEUE, { propertyId, importId: id }, { retryLimit: 3 }),
  );
  return { id, state: 'queued' as const };
}

export async function importStatus(ctx: Scope, id: number): Promise<ResidentImportStatus> {
  const [row] = await ctx.tx
    .select()
    .from(residentImports)
    .where(and(eq(residentImports.propertyId, ctx.propertyId), eq(residentImports.id, id)));
  if (!row) throw notFound('resident_imports');
  return {
    id: row.id,
    state: row.state as ResidentImportStatus['state'],
    fileName: row.fileName,
    rowsTotal: row.rowsTotal,
    rowsDone: row.rowsDone,
    imported: row.imported,
    rejected: row.rejected,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

interface GoodRow {
  row: number;
  fullName: string;
  email: string;
  phone: string | null;
  unitId: number;
  code: string | null;
  language: Language;
  leaseExpirationAt: string | null;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const emailSchema = z.email();
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** What the rows are checked against: the property's emails, phones, codes and units. */
async function loadIndex(tx: Tx, propertyId: number) {
  const [p] = await tx
    .select({ languages: properties.languages })
    .from(properties)
    .where(eq(properties.id, propertyId));
  const defaultLanguage = ((p?.languages as string[] | null)?.[0] ?? 'en') as Language;
  const users = await tx
    .select({ email: tenantUsers.email, phone: tenantUsers.phone })
    .from(tenantUsers)
    .where(eq(tenantUsers.propertyId, propertyId));
  const emails = new Set(users.map((x) => x.email?.toLowerCase()).filter(Boolean));
  const phones = new Set(users.map((x) => x.phone).filter(Boolean));
  const codes = new Set(
    (
      await tx
        .select({ code: residents.code })
        .from(residents)
        .where(and(eq(residents.propertyId, propertyId), isNull(residents.deletedAt)))
    )
      .map((x) => x.code?.toLowerCase())
      .filter(Boolean),
  );
  return { defaultLanguage, emails, phones, codes, unitIndex: await unitIndexOf(tx, propertyId) };
}

const unitKey = (building: string, unit: string) => `${building.toLowerCase()}\u0000${unit.toLowerCase()}`;
async function unitIndexOf(tx: Tx, propertyId: number) {
  return new Map(
    (
      await tx
        .select({ id: units.id, unit: units.name, building: buildings.name })
        .from(units)
        .innerJoin(
          buildings,
          and(eq(buildings.propertyId, units.propertyId), eq(buildings.id, units.buildingId)),
        )
        .where(eq(units.propertyId, propertyId))
    ).map((x) => [unitKey(x.building, x.unit), x.id]),
  );
}

/** Every row checked against the file and the property: the good rows, or the refused ones with reasons. */
async function checkRows(
  index: Awaited<ReturnType<typeof loadIndex>>,
  lang: Language,
  rows: [number, string[]][],
  progress: (done: number) => Promise<void>,
): Promise<{ good: GoodRow[]; rejected: ImportReject[] }> {
  const { defaultLanguage, emails, phones, codes, unitIndex } = index;
  const seenEmail = new Map<string, number>();
  const seenPhone = new Map<string, number>();
  const seenCode = new Map<string, number>();
  const good: GoodRow[] = [];
  const rejected: ImportReject[] = [];
  let done = 0;
  for (const [rowNumber, cells] of rows) {
    const [
      name = '',
      email = '',
      phone = '',
      building = '',
      unit = '',
      code = '',
      language = '',
      lease = '',
    ] = cells;
    const errors: ImportReject['errors'] = [];
    const err = (field: string, key: string, params?: Record<string, string | number>) =>
      errors.push({ field, message: t(lang, key, params) });
    if (!name) err('name', 'validation.required');
    else if (name.length > RESIDENT_NAME_MAX) err('name', 'validation.max', { max: RESIDENT_NAME_MAX });
    const lowerEmail = email.toLowerCase();
    if (!email) err('email', 'validation.emailRequired');
    else if (email.length > EMAIL_MAX || !emailSchema.safeParse(email).success)
      err('email', 'validation.email');
    else if (seenEmail.has(lowerEmail))
      err('email', 'residents.import.duplicateInFile', { row: seenEmail.get(lowerEmail)! });
    else if (emails.has(lowerEmail)) err('email', 'residents.import.emailTaken', { email });
    if (email && !seenEmail.has(lowerEmail)) seenEmail.set(lowerEmail, rowNumber);
    if (phone) {
      if (!PHONE_PATTERN.test(phone)) err('phone', 'validation.phone');
      else if (seenPhone.has(phone))
        err('phone', 'residents.import.duplicateInFile', { row: seenPhone.get(phone)! });
      else if (phones.has(phone)) err('phone', 'validation.inUse');
      if (!seenPhone.has(phone)) seenPhone.set(phone, rowNumber);
    }
    let unitId: number | undefined;
    if (!building) err('building', 'validation.required');
    if (!unit) err('unit', 'validation.required');
    if (building && unit) {
      unitId = unitIndex.get(unitKey(building, unit));
      if (unitId === undefined) err('unit', 'residents.import.unitNotFound', { unit, building });
    }
    if (code) {
      const lc = code.toLowerCase();
      if (code.length > RESIDENT_CODE_MAX) err('code', 'validation.max', { max: RESIDENT_CODE_MAX });
      else if (seenCode.has(lc)) err('code', 'residents.import.duplicateInFile', { row: seenCode.get(lc)! });
      else if (codes.has(lc)) err('code', 'validation.inUse');
      if (!seenCode.has(lc)) seenCode.set(lc, rowNumber);
    }
    const lng = (language.toLowerCase() || defaultLanguage) as Language;
    if (!LANGUAGES.includes(lng)) err('language', 'residents.import.language');
    if (lease && !isDate(lease)) err('lease_expiration', 'residents.import.dateFormat');
    if (errors.length) {
      if (rejected.length < REJECTED_MAX) rejected.push({ row: rowNumber, errors });
    } else
      good.push({
        row: rowNumber,
        fullName: name,
        email,
        phone: phone || null,
        unitId: unitId!,
        code: code || null,
        language: lng,
        leaseExpirationAt: lease || null,
      });
    done += 1;
    if (done % CHECK_REPORT_EVERY === 0) await progress(done);
  }
  return { good, rejected };
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
    inTenant((tx) =>
      tx
        .update(residentImports)
        .set({ ...patch, updatedAt: new Date() })
        .where(own),
    );
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
    // A retry of a job that was importing: the rows were checked before; the file is the same.
    good = rows.map(([row, c]) => ({
      row,
      fullName: c[0] ?? '',
      email: c[1] ?? '',
      phone: c[2] || null,
      unitId: 0,
      code: c[5] || null,
      language: (c[6]?.toLowerCase() || 'en') as Language,
      leaseExpirationAt: c[7] || null,
      building: c[3] ?? '',
      unit: c[4] ?? '',
    }));
    const index = await inTenant((tx) => unitIndexOf(tx, propertyId));
    for (const g of good as (GoodRow & { building: string; unit: string })[])
      g.unitId = index.get(unitKey(g.building, g.unit)) ?? 0;
  }

  const progress = await inTenant(async (tx) => (await tx.select().from(residentImports).where(own))[0]!);
  let done = progress.rowsDone;
  while (done < good.length) {
    const chunk = good.slice(done, done + IMPORT_CHUNK);
    const from = done;
    await inTenant(async (tx) => {
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
              insert into ${tenantUsers} (property_id, type, full_name, email, phone, language, password_hash)
              select ${propertyId}::bigint, 'tenant-resident', full_name, email, phone, language, ${NO_PASSWORD}::text
              from rows order by n
              returning id, email),
            linked as (
              select m.id, r.n, r.code, r.lease, r.unit_id from made m join rows r on lower(r.email) = lower(m.email)),
            added as (
              insert into ${residents} (property_id, id, code, lease_expiration_at, import_id, import_row)
              select ${propertyId}::bigint, id, code, lease, ${importId}::bigint, n from linked),
            linked_units as (
              insert into ${residentUnits} (property_id, resident_id, unit_id, position)
              select ${propertyId}::bigint, id, unit_id, 0 from linked)
            select id::int as id from made`,
      );
      await refreshResidentSearch(
        tx,
        propertyId,
        made.map((m) => m.id),
      );
    });
    done = from + chunk.length;
    await hooks.afterChunk?.(done);
  }
  const actor = { userId: job.createdBy, requestId: `job:${IMPORT_QUEUE}:${importId}` };
  await inScope(services, { area: 'tenant', propertyId, lang, actor }, async (scope) => {
    await scope.tx
      .update(residentImports)
      .set({ state: 'done', finishedAt: new Date(), updatedAt: new Date() })
      .where(own);
    await scope.audit({
      entity: 'residents',
      entityId: null,
      action: 'import',
      new: { importId, residents: good.length },
    });
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
      return;
    }
    throw err;
  }
}
