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
import { z } from 'zod';
import { formRulesOf } from '../form-rules/service';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf, sendFile } from '../../platform/http';
import { myVehiclesRoutes } from './my';
import * as service from './service';

const tags = ['vehicles'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };

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
    handler: (ctx) => service.vehiclesList.list(ctx, queryOf(ctx.req)),
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
    handler: async (ctx, { params, query }) =>
      sendFile(
        ctx.reply,
        await service.vehicleDocument(ctx, params.id, params.document, query.download === true),
      ),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/vehicles/:id',
    access: 'vehicles.delete',
    summary: 'Deletes a vehicle (its plate is free again)',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await service.deleteVehicle(ctx, params.id);
      return deletedMessage(ctx, 'vehicles');
    },
  }),
  ...myVehiclesRoutes,
];
