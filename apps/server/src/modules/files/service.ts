import { areaPropertyId } from '../../platform/db/columns';
import type { Readable } from 'node:stream';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import type { FileAnswer } from '../../platform/file-answer';
import type { Scope } from '../../platform/scope';
import type { Storage } from '../../platform/storage';
import type { UploadedFile } from '../../platform/uploads';
import { files } from './table';

export type FileRow = typeof files.$inferSelect;

/** What the API says about a stored file; its bytes are at GET /files/:id of the same area. */
export const storedFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  extension: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  entity: z.string(),
  entityId: z.string().nullable(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const toStoredFile = (row: FileRow): StoredFile => ({
  id: row.id,
  name: row.originalName,
  extension: row.extension,
  mimeType: row.mimeType,
  size: row.size,
  entity: row.entity,
  entityId: row.entityId,
  createdAt: row.createdAt.toISOString(),
});

export interface FileOwner {
  /** What the files belong to: a table or resource name ('residents', 'documents') and its id. */
  entity: string;
  entityId: string | number | null;
  /**
   * The property that owns them. Defaults to the request's property; central requests own files with no property
   * (global templates) unless they act on one property and say so.
   */
  propertyId?: number | null;
}

/**
 * Writes one file's bytes to storage and its row, in the caller's transaction. Bytes are written first, so there
 * is never a row without bytes; `onRollback` (the request's) removes the bytes again if the transaction fails.
 */
export async function insertFile(
  tx: Tx,
  storage: Storage,
  file: Pick<UploadedFile, 'filename' | 'extension' | 'mimeType' | 'size' | 'sha256' | 'buffer'>,
  owner: Required<FileOwner>,
  createdBy: number | null,
  onRollback?: (fn: () => unknown) => void,
): Promise<FileRow> {
  const storageKey = await storage.put(file.extension, file.buffer);
  onRollback?.(() => storage.remove(storageKey));
  const [row] = await tx
    .insert(files)
    .values({
      propertyId: areaPropertyId(owner.propertyId),
      entity: owner.entity,
      entityId: owner.entityId === null ? null : String(owner.entityId),
      originalName: file.filename,
      extension: file.extension,
      mimeType: file.mimeType,
      size: file.size,
      storageKey,
      sha256: file.sha256,
      createdBy,
    })
    .returning();
  return row!;
}

/**
 * Stores uploaded files (already checked by the upload policy) for one owner entity: bytes through the storage
 * service, a row each in `files`, and an audit entry each, all in the request's transaction.
 */
export async function storeFiles(ctx: Scope, uploaded: UploadedFile[], owner: FileOwner): Promise<FileRow[]> {
  const full: Required<FileOwner> = {
    entity: owner.entity,
    entityId: owner.entityId,
    propertyId: owner.propertyId !== undefined ? owner.propertyId : (ctx.property?.id ?? null),
  };
  if (ctx.property && full.propertyId !== ctx.property.id)
    throw new Error('A tenant request stores files only for its own property');
  const createdBy = ctx.session?.user.id ?? null;
  const rows: FileRow[] = [];
  for (const file of uploaded) {
    const row = await insertFile(ctx.tx, ctx.services.storage, file, full, createdBy, (fn) =>
      ctx.onRollback(fn),
    );
    await ctx.audit({
      entity: 'files',
      entityId: row.id,
      action: 'create',
      propertyId: full.propertyId,
      new: {
        originalName: row.originalName,
        mimeType: row.mimeType,
        size: row.size,
        sha256: row.sha256,
        entity: row.entity,
        entityId: row.entityId,
      },
    });
    rows.push(row);
  }
  return rows;
}

/** The request's own rows only: its property on a tenant request (RLS enforces the same), any on central. */
function visible(ctx: Scope, where: SQL): SQL {
  return ctx.property ? and(where, eq(files.propertyId, ctx.property.id))! : where;
}

/** A file visible to the request, or 404. */
export async function findFile(ctx: Scope, id: number): Promise<FileRow> {
  const [row] = await ctx.tx
    .select()
    .from(files)
    .where(visible(ctx, eq(files.id, id)));
  if (!row) throw new HttpError(404, 'files.notFound');
  return row;
}

/** The files of one owner entity, oldest first. */
export async function filesOf(
  ctx: Scope,
  entity: string,
  entityId: string | number | null,
): Promise<FileRow[]> {
  const owner =
    entityId === null
      ? and(eq(files.entity, entity), isNull(files.entityId))!
      : and(eq(files.entity, entity), eq(files.entityId, String(entityId)))!;
  return ctx.tx.select().from(files).where(visible(ctx, owner)).orderBy(files.id);
}

/**
 * Deletes file rows visible to the request (audited); their bytes are removed after the transaction commits,
 * so a rollback keeps both. Returns the deleted rows.
 */
export async function deleteFiles(ctx: Scope, ids: number[]): Promise<FileRow[]> {
  if (!ids.length) return [];
  const rows = await ctx.tx
    .delete(files)
    .where(visible(ctx, inArray(files.id, ids)))
    .returning();
  for (const row of rows) {
    await ctx.audit({
      entity: 'files',
      entityId: row.id,
      action: 'delete',
      propertyId: row.propertyId,
      old: { originalName: row.originalName, entity: row.entity, entityId: row.entityId },
    });
  }
  const { storage } = ctx.services;
  ctx.afterCommit(() => Promise.all(rows.map((r) => storage.remove(r.storageKey))));
  return rows;
}

/** Types a browser may show in place; everything else is offered as a download. */
const INLINE = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * A Content-Disposition that cannot break the header or steer the path: an ASCII fallback name with quotes,
 * backslashes, separators and control characters replaced, and the exact name in RFC 8187 form.
 */
export function contentDisposition(name: string, type: 'inline' | 'attachment'): string {
  const clean =
    [...name]
      .map((c) => (c.charCodeAt(0) < 0x20 || c === '\x7f' || c === '/' || c === '\\' ? '_' : c))
      .join('')
      .trim() || 'file';
  const ascii = [...clean]
    .map((c) => (c < ' ' || c > '~' || c === '"' || c === '%' || c === ';' ? '_' : c))
    .join('');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The bytes of a file that belongs to the given record, with its type and a safe Content-Disposition; 404
 * when the file is not that record's, is hidden, or its bytes are gone. Files are served only through the route of
 * the record that owns them (a vehicle's insurance through GET /vehicles/:id/documents/insurance, which needs
 * vehicles.show), never by file id alone.
 */
export async function ownedFile(
  ctx: Scope,
  owner: { entity: string; entityId: string | number | null },
  id: number | null | undefined,
  download: boolean,
): Promise<FileAnswer<Readable>> {
  if (!id) throw new HttpError(404, 'files.notFound');
  const row = await findFile(ctx, id);
  if (
    row.entity !== owner.entity ||
    row.entityId !== (owner.entityId === null ? null : String(owner.entityId))
  )
    throw new HttpError(404, 'files.notFound');
  const { storage } = ctx.services;
  if (!(await storage.exists(row.storageKey))) throw new HttpError(404, 'files.notFound');
  const disposition = download || !INLINE.has(row.mimeType) ? 'attachment' : 'inline';
  return {
    body: storage.read(row.storageKey),
    contentType: row.mimeType,
    size: row.size,
    disposition: contentDisposition(row.originalName, disposition),
  };
}
