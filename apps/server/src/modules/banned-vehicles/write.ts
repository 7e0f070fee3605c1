import {
  BANNED_VEHICLE_PHOTO_EXTENSIONS,
  BANNED_VEHICLE_PHOTOS_MAX,
  normalizePlate,
  type bannedVehicleBody,
  type liftBanBody,
} from '@parkade/contract';
import { eq, isNull, and, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, deleteRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError, invalid } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import type { UploadedFile } from '../../platform/uploads';
import { deleteFiles, ownedFile, storeFiles } from '../files/service';
import { assertVehicleRefs } from '../vehicles/refs';
import { reasons } from '../reasons/table';
import { ENTITY, getBannedVehicle, own, reindexBans } from './service';
import { bannedVehicles } from './table';

const b = bannedVehicles;
type Body = z.output<typeof bannedVehicleBody>;

const UNIQUE = { banned_vehicles_plate_unique: { field: 'plate', key: 'bannedVehicles.plateTaken' } };

/** Today as the database counts it (the day `active` is computed for). */
async function today(ctx: Scope): Promise<string> {
  // node-postgres and PGlite both answer { rows }.
  const res: unknown = await ctx.tx.execute(sql`select current_date::text as d`);
  return (res as { rows: { d: string }[] }).rows[0]!.d;
}

/** The state, make, model and reason must exist; the model must be of the make. */
async function assertRefs(ctx: Scope, body: Body) {
  const [reason] = await ctx.tx.select({ id: reasons.id }).from(reasons).where(eq(reasons.id, body.reasonId));
  if (!reason) throw fieldError('reasonId', 'validation.invalidSelection');
  await assertVehicleRefs(ctx, body);
}

async function values(ctx: Scope, body: Body, storedFrom?: string) {
  await assertRefs(ctx, body);
  const bannedFrom = body.bannedFrom ?? storedFrom ?? (await today(ctx));
  if (body.bannedUntil && body.bannedUntil < bannedFrom)
    throw fieldError('bannedUntil', 'bannedVehicles.untilBeforeFrom');
  return {
    plate: body.plate,
    plateNormalized: normalizePlate(body.plate),
    stateId: body.stateId ?? null,
    makeId: body.makeId ?? null,
    modelId: body.modelId ?? null,
    color: body.color,
    reasonId: body.reasonId,
    notes: body.notes,
    bannedFrom,
    bannedUntil: body.bannedUntil ?? null,
  };
}

/** Who acts: the signed-in user's id and name (property staff, or central staff acting on the property). */
const actor = (ctx: Scope) => {
  const user = ctx.user();
  return { id: user.id, name: user.fullName };
};

export async function createBannedVehicle(ctx: Scope, body: Body) {
  const who = actor(ctx);
  const row = await createRow(
    ctx,
    b,
    ENTITY,
    {
      propertyId: ctx.propertyId,
      ...(await values(ctx, body)),
      bannedById: who.id,
      bannedByName: who.name,
    },
    UNIQUE,
  );
  await reindexBans(ctx.tx, ctx.propertyId, [row.id]);
  return getBannedVehicle(ctx, row.id);
}

export async function updateBannedVehicle(ctx: Scope, id: number, body: Body) {
  const before = await getBannedVehicle(ctx, id);
  await updateRow(ctx, b, ENTITY, own(ctx, id), await values(ctx, body, before.bannedFrom), {
    unique: UNIQUE,
  });
  await reindexBans(ctx.tx, ctx.propertyId, [id]);
  return getBannedVehicle(ctx, id);
}

/** PUT /banned-vehicles/:id/lift: the ban ends now; who lifted it, when, and why are kept. Once only. */
export async function liftBan(ctx: Scope, id: number, body: z.output<typeof liftBanBody>) {
  const before = await getBannedVehicle(ctx, id);
  if (before.liftedAt) throw new HttpError(422, 'bannedVehicles.alreadyLifted');
  const who = actor(ctx);
  await updateRow(
    ctx,
    b,
    ENTITY,
    and(own(ctx, id), isNull(b.liftedAt))!,
    { liftedAt: new Date(), liftedById: who.id, liftedByName: who.name, liftNote: body.note },
    { action: 'lift' },
  );
  return getBannedVehicle(ctx, id);
}

/** Deletes a ban, its photos and its search words. */
export async function deleteBannedVehicle(ctx: Scope, id: number) {
  const before = await getBannedVehicle(ctx, id);
  await deleteRow(ctx, b, ENTITY, own(ctx, id));
  await deleteFiles(
    ctx,
    before.photos.map((p) => p.id),
  );
  await reindexBans(ctx.tx, ctx.propertyId, [id]);
}

/** The photo change of a ban in the audit log: the names before and after. */
async function auditPhotos(ctx: Scope, id: number, before: string[], after: string[]) {
  await ctx.tx.update(b).set({ updatedAt: new Date() }).where(own(ctx, id));
  await ctx.audit({
    entity: ENTITY,
    entityId: id,
    action: 'photos',
    old: { photos: before },
    new: { photos: after },
  });
}

/**
 * POST /banned-vehicles/:id/photos (field `photos`, one or more): images under the upload policy, at most
 * BANNED_VEHICLE_PHOTOS_MAX per ban in all.
 */
export async function addPhotos(ctx: Scope, id: number, uploaded: UploadedFile[]) {
  const before = await getBannedVehicle(ctx, id);
  if (!uploaded.length) throw invalid({ photos: [{ key: 'upload.required' }] });
  const images = BANNED_VEHICLE_PHOTO_EXTENSIONS as readonly string[];
  if (uploaded.some((f) => !images.includes(f.extension)))
    throw fieldError('photos', 'upload.unsupportedType', { types: images.join(', ') });
  if (before.photos.length + uploaded.length > BANNED_VEHICLE_PHOTOS_MAX)
    throw fieldError('photos', 'bannedVehicles.photosMax', { max: BANNED_VEHICLE_PHOTOS_MAX });
  const stored = await storeFiles(ctx, uploaded, { entity: ENTITY, entityId: id });
  const names = before.photos.map((p) => p.name);
  await auditPhotos(ctx, id, names, [...names, ...stored.map((f) => f.originalName)]);
  return getBannedVehicle(ctx, id);
}

/** DELETE /banned-vehicles/:id/photos/:fileId: removes one photo of the ban. */
export async function removePhoto(ctx: Scope, id: number, fileId: number) {
  const before = await getBannedVehicle(ctx, id);
  const photo = before.photos.find((p) => p.id === fileId);
  if (!photo) throw new HttpError(404, 'files.notFound');
  await deleteFiles(ctx, [fileId]);
  const names = before.photos.map((p) => p.name);
  await auditPhotos(
    ctx,
    id,
    names,
    before.photos.filter((p) => p.id !== fileId).map((p) => p.name),
  );
  return getBannedVehicle(ctx, id);
}

/** GET /banned-vehicles/:id/photos/:fileId: the photo's bytes, only as this ban's (banned-vehicles.show). */
export async function photo(ctx: Scope, id: number, fileId: number, download: boolean) {
  await getBannedVehicle(ctx, id);
  return ownedFile(ctx, { entity: ENTITY, entityId: id }, fileId, download);
}
