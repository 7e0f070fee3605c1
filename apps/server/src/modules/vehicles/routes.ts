import crypto from 'node:crypto';
import {
  formBoolean,
  idParams,
  idSchema,
  VEHICLE_DOCUMENTS,
  listResponseSchema,
  messageResponse,
  vehicleBody,
  vehicleBodyFor,
  vehicleItemSchema,
} from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { insertFile } from '../files/service';
import { formRulesOf } from '../form-rules/service';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, type RouteFixture } from '../../platform/http';
import { makeResident } from '../residents/routes';
import * as service from './service';
import { vehicles } from './table';

const tags = ['vehicles'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };

/** Route harness: a vehicle of a new resident of the owner's property. */
export const vehicleFixture: RouteFixture = {
  async create(tx, owner, services) {
    const { id: residentId } = await makeResident(tx, owner.propertyId, services);
    const plate = `FX${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const [row] = await tx
      .insert(vehicles)
      .values({ propertyId: owner.propertyId, residentId, plate, plateNormalized: plate })
      .returning({ id: vehicles.id });
    return { id: row!.id };
  },
  async body(tx, propertyId, services) {
    const { id: residentId } = await makeResident(tx, propertyId, services);
    return { residentId, plate: `B${Math.random().toString(36).slice(2, 8).toUpperCase()}` };
  },
};

/** Route harness: a vehicle with an insurance document. */
const vehicleDocumentFixture: RouteFixture = {
  async create(tx, owner, services) {
    const id = Number((await vehicleFixture.create(tx, owner, services)).id);
    const pdf = Buffer.from('%PDF-1.4\n%fixture\n');
    const file = await insertFile(
      tx,
      services.storage,
      {
        filename: 'insurance.pdf',
        extension: 'pdf',
        mimeType: 'application/pdf',
        size: pdf.length,
        sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
        buffer: pdf,
      },
      { entity: 'vehicles', entityId: String(id), propertyId: owner.propertyId },
      owner.userId,
    );
    await tx
      .update(vehicles)
      .set({ insuranceFileId: file.id })
      .where(and(eq(vehicles.propertyId, owner.propertyId), eq(vehicles.id, id)));
    return { id, document: 'insurance' };
  },
};

export const vehiclesRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/vehicles',
    access: 'vehicles.index',
    summary:
      "Residents' vehicles: filters residentId, makeId, modelId, vehicleType, permitTypeId, plate (normalised); " +
      'filter[term] searches plate, sticker, make, model and owner; sorts plate, createdAt, year, residentName; ' +
      'includes resident, spot, permitType',
    schema: {
      querystring: service.vehiclesList.querystring,
      response: { 200: listResponseSchema(vehicleItemSchema) },
    },
    handler: (ctx) => service.vehiclesList.list(ctx),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/vehicles',
    access: 'vehicles.create',
    summary:
      "Registers a resident's vehicle; the plate (normalised) is unique among the property's vehicles, and the " +
      "resident's vehicles allowed (theirs, else the property's setting) is enforced",
    schema: { body: vehicleBody, response: { 200: vehicleItemSchema } },
    bodySchema: async (ctx) => vehicleBodyFor(await formRulesOf(ctx)),
    handler: (ctx, { body }) => service.createVehicle(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/vehicles/:id',
    access: 'vehicles.show',
    summary: 'One vehicle with its make, model and documents',
    schema: { params: idParams, response: { 200: vehicleItemSchema } },
    fixture: vehicleFixture,
    handler: (ctx, { params }) => service.getVehicle(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/vehicles/:id',
    access: 'vehicles.edit',
    summary: 'Changes a vehicle',
    schema: { params: idParams, body: vehicleBody, response: { 200: vehicleItemSchema } },
    bodySchema: async (ctx) => vehicleBodyFor(await formRulesOf(ctx)),
    fixture: vehicleFixture,
    handler: (ctx, { params, body }) => service.updateVehicle(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/vehicles/:id/documents',
    access: 'vehicles.edit',
    multipart: 'files',
    summary:
      'Uploads the plates photo (field `platesPhoto`) and/or the insurance (field `insurance`): pdf, png, jpg or ' +
      'webp up to 5 MB each; a new file replaces the previous one',
    schema: { params: idParams, response: { 200: vehicleItemSchema } },
    fixture: vehicleFixture,
    handler: (ctx, { params }) => service.saveDocuments(ctx, params.id, ctx.files),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/vehicles/:id/documents/:document',
    access: 'vehicles.show',
    summary:
      "A vehicle's plates photo or insurance (`document`: platesPhoto or insurance): its bytes, images inline, " +
      'other types (or ?download=1) as a download; 404 when the vehicle has none',
    schema: {
      params: z.object({ id: idSchema, document: z.enum(VEHICLE_DOCUMENTS, 'validation.invalidSelection') }),
      querystring: z.object({ download: formBoolean.optional() }),
    },
    fixture: vehicleDocumentFixture,
    handler: (ctx, { params, query }) =>
      service.sendDocument(ctx, params.id, params.document, query.download === true),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/vehicles/:id',
    access: 'vehicles.delete',
    summary: 'Deletes a vehicle (its plate is free again)',
    schema: { params: idParams, response: { 200: messageResponse } },
    fixture: vehicleFixture,
    handler: async (ctx, { params }) => {
      await service.deleteVehicle(ctx, params.id);
      return deletedMessage(ctx, 'vehicles');
    },
  }),
];
