import {
  normalizePlate,
  VEHICLE_TYPES,
  type VehicleDocument,
  type VehicleItem,
  type vehicleBody,
} from '@parkade/contract';
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { nameIn } from '../../platform/db/catalog-table';
import { qualified } from '../../platform/db/columns';
import { assertVehicleRefs } from './refs';
import type { z } from 'zod';
import { createRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { belongsTo, defineListResource, rowsByIds, type ListResourceDef } from '../../platform/list-query';
import type { UploadedFile } from '../../platform/uploads';
import { assertNotBanned } from '../banned-vehicles';
import { deleteFiles, ownedFile, storeFiles } from '../files/service';
import { files } from '../files/table';
import { makes } from '../makes/table';
import { models } from '../models/table';
import { assertPermitType } from '../permit-types/service';
import { permitTypes } from '../permit-types/table';
import { assertSpotOfProperty } from '../spots/service';
import { assertResident, propertySettingsOf, residentLimit } from '../residents/service';
import { residents } from '../residents/table';
import { spots } from '../spots/table';
import { tenantUsers } from '../users/table';
import { vehicles } from './table';

const v = vehicles;
const photo = sql<{ id: number; name: string; mimeType: string } | null>`(select json_build_object('id', f.id,
  'name', f.original_name, 'mimeType', f.mime_type) from ${files} f where f.id = ${v.platesPhotoFileId})`;
const insurance = sql<{ id: number; name: string; mimeType: string } | null>`(select json_build_object('id',
  f.id, 'name', f.original_name, 'mimeType', f.mime_type) from ${files} f where f.id = ${v.insuranceFileId})`;

const columns = {
  id: v.id,
  residentId: v.residentId,
  plate: v.plate,
  plateNormalized: v.plateNormalized,
  vinLast4: v.vinLast4,
  makeId: v.makeId,
  modelId: v.modelId,
  makeName: makes.name,
  modelName: models.name,
  vehicleType: v.vehicleType,
  color: v.color,
  year: v.year,
  stickerNumber: v.stickerNumber,
  temporaryPlates: v.temporaryPlates,
  permitTypeId: v.permitTypeId,
  spotId: v.spotId,
  notes: v.notes,
  platesPhoto: photo,
  insurance,
  createdAt: v.createdAt,
  updatedAt: v.updatedAt,
};

const serialize = (row: Record<string, unknown>): VehicleItem =>
  ({
    ...row,
    platesPhoto: row.platesPhoto
      ? { ...row.platesPhoto, id: Number((row.platesPhoto as { id: number }).id) }
      : null,
    insurance: row.insurance ? { ...row.insurance, id: Number((row.insurance as { id: number }).id) } : null,
    createdAt: (row.createdAt as Date).toISOString(),
    updatedAt: (row.updatedAt as Date).toISOString(),
  }) as VehicleItem;

const residentName = sql<string>`(select u.full_name from ${tenantUsers} u where u.property_id = ${qualified(v.propertyId)}
  and u.id = ${qualified(v.residentId)})`;

const includes = {
  resident: belongsTo({
    description: 'The owner (id, fullName, email)',
    key: (x: VehicleItem) => x.residentId,
    load: (ctx, ids) =>
      rowsByIds(
        ctx,
        tenantUsers,
        { id: tenantUsers.id, fullName: tenantUsers.fullName, email: tenantUsers.email },
        ids,
      ),
  }),
  spot: belongsTo({
    description: 'The spot (id, number)',
    key: (x: VehicleItem) => x.spotId,
    load: (ctx, ids) => rowsByIds(ctx, spots, { id: spots.id, number: spots.number }, ids),
  }),
  permitType: belongsTo({
    description: 'The permit type (id, name)',
    key: (x: VehicleItem) => x.permitTypeId,
    load: (ctx, ids) =>
      rowsByIds(ctx, permitTypes, { id: permitTypes.id, name: nameIn(permitTypes, ctx.lang) }, ids),
  }),
};

const listDef = {
  table: v,
  select: columns,
  joins: (q) => q.leftJoin(makes, eq(makes.id, v.makeId)).leftJoin(models, eq(models.id, v.modelId)),
  scope: (ctx) => and(eq(v.propertyId, ctx.propertyId), isNull(v.deletedAt)),
  filters: {
    residentId: { type: 'number', column: v.residentId },
    makeId: { type: 'number', column: v.makeId, nullable: true },
    modelId: { type: 'number', column: v.modelId, nullable: true },
    vehicleType: { type: 'enum', column: v.vehicleType, values: VEHICLE_TYPES, nullable: true },
    permitTypeId: { type: 'number', column: v.permitTypeId, nullable: true },
    plate: {
      type: 'custom',
      description: 'The plate as written on it, compared normalised (ABC-123 = abc 123)',
      where: (values) =>
        inArray(
          v.plateNormalized,
          values.map((x) => normalizePlate(x)),
        ),
    },
  },
  term: {
    columns: [v.plate, v.stickerNumber, makes.name, models.name, residentName],
    plates: [v.plateNormalized],
  },
  sorts: { plate: v.plateNormalized, createdAt: v.createdAt, year: v.year, residentName },
  defaultSort: 'plate',
  serialize,
  includes,
} satisfies ListResourceDef<typeof columns, VehicleItem>;

export const vehiclesList = defineListResource<typeof columns, VehicleItem>(listDef);

/** GET /my/vehicles: the signed-in resident's own vehicles (the owner filter and include make no sense there). */
export const myVehiclesList = defineListResource<typeof columns, VehicleItem>({
  ...listDef,
  scope: (ctx) => and(eq(v.propertyId, ctx.propertyId), eq(v.residentId, ctx.user().id), isNull(v.deletedAt)),
  filters: {},
  includes: { spot: includes.spot, permitType: includes.permitType },
});

const own = (ctx: Scope, id: number) =>
  and(eq(v.propertyId, ctx.propertyId), eq(v.id, id), isNull(v.deletedAt))!;

export async function getVehicle(ctx: Scope, id: number): Promise<VehicleItem> {
  const [row] = await ctx.tx
    .select(columns)
    .from(v)
    .leftJoin(makes, eq(makes.id, v.makeId))
    .leftJoin(models, eq(models.id, v.modelId))
    .where(own(ctx, id));
  if (!row) throw notFound('vehicles');
  const item = serialize(row);
  for (const [name, def] of Object.entries(includes)) await def.load(ctx, [item], name, {});
  return item;
}

type Body = z.output<typeof vehicleBody>;

/** Make, model, permit type and spot must exist (the spot in this property); the model must be of the make. */
async function assertRefs(ctx: Scope, body: Body) {
  await assertVehicleRefs(ctx, { makeId: body.makeId, modelId: body.modelId });
  if (body.permitTypeId) await assertPermitType(ctx, body.permitTypeId);
  if (body.spotId) await assertSpotOfProperty(ctx, body.spotId);
}

/** How many vehicles the resident may hold (their own limit, else the property's) and how many they hold. */
export async function vehicleAllowance(ctx: Scope, residentId: number, except?: number) {
  const [res] = await ctx.tx
    .select({ vehiclesAllowed: residents.vehiclesAllowed })
    .from(residents)
    .where(and(eq(residents.propertyId, ctx.propertyId), eq(residents.id, residentId)));
  const allowed = residentLimit(
    { vehiclesAllowed: res?.vehiclesAllowed ?? null } as Parameters<typeof residentLimit>[0],
    await propertySettingsOf(ctx),
    'vehiclesAllowed',
  );
  const [{ n }] = (await ctx.tx
    .select({ n: count() })
    .from(v)
    .where(
      and(
        eq(v.propertyId, ctx.propertyId),
        eq(v.residentId, residentId),
        isNull(v.deletedAt),
        except ? ne(v.id, except) : undefined,
      ),
    )) as [{ n: number }];
  return { allowed, registered: Number(n) };
}

/** The resident may not hold more active vehicles than their limit (their own, else the property's setting). */
async function assertVehicleLimit(ctx: Scope, residentId: number, except?: number, self = false) {
  const { allowed: max, registered } = await vehicleAllowance(ctx, residentId, except);
  if (registered >= max)
    throw self
      ? fieldError('plate', 'my.vehicles.limit', { max })
      : fieldError('residentId', 'vehicles.limit', { max });
}

const UNIQUE = { vehicles_plate_unique: { field: 'plate', key: 'vehicles.plateTaken' } };

const values = (body: Body) => ({
  residentId: body.residentId,
  plate: body.plate,
  plateNormalized: normalizePlate(body.plate),
  vinLast4: body.vinLast4,
  makeId: body.makeId,
  modelId: body.modelId,
  vehicleType: body.vehicleType,
  color: body.color,
  year: body.year,
  stickerNumber: body.stickerNumber,
  temporaryPlates: body.temporaryPlates,
  permitTypeId: body.permitTypeId,
  spotId: body.spotId,
  notes: body.notes,
});

/** `self`: the resident registers their own vehicle (/my/vehicles): a refused limit speaks to them. */
export async function createVehicle(ctx: Scope, body: Body, opts: { self?: boolean } = {}) {
  await assertResident(ctx, body.residentId);
  await assertRefs(ctx, body);
  await assertNotBanned(ctx, body.plate, 'plate');
  await assertVehicleLimit(ctx, body.residentId, undefined, opts.self);
  const row = await createRow(ctx, v, 'vehicles', { propertyId: ctx.propertyId, ...values(body) }, UNIQUE);
  return getVehicle(ctx, row.id);
}

export async function updateVehicle(ctx: Scope, id: number, body: Body) {
  const before = await getVehicle(ctx, id);
  await assertResident(ctx, body.residentId);
  await assertRefs(ctx, body);
  // A vehicle registered before its plate was banned keeps its other edits; a new plate must not be banned.
  if (normalizePlate(body.plate) !== before.plateNormalized) await assertNotBanned(ctx, body.plate, 'plate');
  if (before.residentId !== body.residentId) await assertVehicleLimit(ctx, body.residentId, id);
  await updateRow(ctx, v, 'vehicles', own(ctx, id), values(body), { unique: UNIQUE });
  return getVehicle(ctx, id);
}

/** A vehicle is deleted softly (its permits keep pointing at it); its plate becomes free for another. */
export async function deleteVehicle(ctx: Scope, id: number) {
  await updateRow(ctx, v, 'vehicles', own(ctx, id), { deletedAt: new Date() }, { action: 'delete' });
}

const COLUMN: Record<VehicleDocument, 'platesPhotoFileId' | 'insuranceFileId'> = {
  platesPhoto: 'platesPhotoFileId',
  insurance: 'insuranceFileId',
};

/** GET /vehicles/:id/documents/:document: the stored file, only as this vehicle's (vehicles.show). */
export async function vehicleDocument(ctx: Scope, id: number, document: VehicleDocument, download: boolean) {
  const vehicle = await getVehicle(ctx, id);
  return ownedFile(ctx, { entity: 'vehicles', entityId: id }, vehicle[document]?.id, download);
}

/** POST /vehicles/:id/documents: the plates photo and/or the insurance; a new one replaces the old one. */
export async function saveDocuments(ctx: Scope, id: number, uploaded: UploadedFile[]) {
  const before = await getVehicle(ctx, id);
  const patch: Partial<Record<'platesPhotoFileId' | 'insuranceFileId', number>> = {};
  const replaced: number[] = [];
  for (const doc of Object.keys(COLUMN) as VehicleDocument[]) {
    const file = uploaded.find((f) => f.field === doc);
    if (!file) continue;
    const [row] = await storeFiles(ctx, [file], { entity: 'vehicles', entityId: id });
    patch[COLUMN[doc]] = row!.id;
    const old = before[doc];
    if (old) replaced.push(old.id);
  }
  if (!Object.keys(patch).length)
    throw new HttpError(422, 'upload.required', undefined, { platesPhoto: [{ key: 'upload.required' }] });
  await updateRow(ctx, v, 'vehicles', own(ctx, id), patch, { action: 'documents' });
  await deleteFiles(ctx, replaced);
  return getVehicle(ctx, id);
}
