import { RESIDENTS_IMPORT_HEADERS, type Language, type ResidentImportStatus } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { HttpError, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { t } from '../../platform/i18n';
import type { UploadedFile } from '../../platform/uploads';
import { importTemplate, readSheetRows } from '../../platform/xlsx';
import { residentImports } from './table';

/*
 * A residents import as the API sees it: the template, the upload (headers checked at once, the rest queued) and
 * its status. The job is import-job.ts; the checks of each row are import-rows.ts.
 */

export const IMPORT_QUEUE = 'residents-import';

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
 * kept in storage and a job does the rest, emailing each new resident their link when `sendLinks`. Answers the
 * import's id at once.
 */
export async function startImport(ctx: Scope, file: UploadedFile, opts: { sendLinks: boolean }) {
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
      sendLinks: opts.sendLinks,
      createdBy: ctx.session?.user.id ?? null,
      createdByType: ctx.session?.user.type ?? null,
    })
    .returning({ id: residentImports.id });
  const id = row!.id;
  await ctx.audit({
    entity: 'resident_imports',
    entityId: id,
    action: 'create',
    new: { fileName: file.filename, sendLinks: opts.sendLinks },
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
    sendLinks: row.sendLinks,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}
