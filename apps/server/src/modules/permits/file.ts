import { updateRow } from '../../platform/crud';
import { HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import type { UploadedFile } from '../../platform/uploads';
import { deleteFiles, ownedFile, storeFiles } from '../files/service';
import { getPermit, own } from './service';
import { permits } from './table';

/*
 * A permit's file (SPEC §3 Permit "file (optional attachment)", decision 0044): one file by the upload policy (pdf,
 * png, jpg or webp up to 5 MB), stored as the permit's (files.entity = permits), read only as this permit's. A new
 * one replaces the old one; removing it deletes the stored file. Each change is in the permit's audit log.
 */

const owner = (id: number) => ({ entity: 'permits', entityId: id });

/** POST /permits/:id/file (field `file`). */
export async function savePermitFile(ctx: Scope, id: number, uploaded: UploadedFile[]) {
  const before = await getPermit(ctx, id);
  const file = uploaded.find((f) => f.field === 'file');
  if (!file) throw new HttpError(422, 'upload.required', undefined, { file: [{ key: 'upload.required' }] });
  const [row] = await storeFiles(ctx, [file], owner(id));
  await updateRow(ctx, permits, 'permits', own(ctx, id), { fileId: row!.id }, { action: 'documents' });
  if (before.file) await deleteFiles(ctx, [before.file.id]);
  return getPermit(ctx, id);
}

/** GET /permits/:id/file: its bytes (images inline, others or ?download=1 as a download); 404 when it has none. */
export async function permitFile(ctx: Scope, id: number, download: boolean) {
  const permit = await getPermit(ctx, id);
  return ownedFile(ctx, owner(id), permit.file?.id, download);
}

/** DELETE /permits/:id/file: the permit keeps no file (nothing to remove is not an error). */
export async function removePermitFile(ctx: Scope, id: number) {
  const before = await getPermit(ctx, id);
  if (!before.file) return before;
  await updateRow(ctx, permits, 'permits', own(ctx, id), { fileId: null }, { action: 'documents' });
  await deleteFiles(ctx, [before.file.id]);
  return getPermit(ctx, id);
}
