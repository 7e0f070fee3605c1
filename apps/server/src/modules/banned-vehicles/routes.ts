import {
  bannedVehicleBody,
  bannedVehicleItemSchema,
  formBoolean,
  idParams,
  idSchema,
  liftBanBody,
  listResponseSchema,
  messageResponse,
} from '@parkade/contract';
import { z } from 'zod';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf, sendFile } from '../../platform/http';
import { bannedVehiclesList, getBannedVehicle } from './service';
import * as write from './write';

const tags = ['banned-vehicles'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
const photoParams = z.object({ id: idSchema, fileId: idSchema });

export const bannedVehiclesRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/banned-vehicles',
    access: 'banned-vehicles.index',
    summary:
      'Plates banned at the property: filters plate (normalised), reasonId, stateId, makeId, active (1: not lifted ' +
      'and covering today); filter[term] searches plate, colour and notes; sorts plate, bannedFrom, bannedUntil, ' +
      'createdAt; include reason',
    schema: {
      querystring: bannedVehiclesList.querystring,
      response: { 200: listResponseSchema(bannedVehicleItemSchema) },
    },
    handler: (ctx) => bannedVehiclesList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/banned-vehicles',
    access: 'banned-vehicles.create',
    summary:
      'Bans a plate (kept as typed, compared normalised) from a day (today by default) until a day or until lifted; ' +
      'a plate has at most one ban that is not lifted. While active, the plate is refused to vehicles and permits',
    schema: { body: bannedVehicleBody, response: { 200: bannedVehicleItemSchema } },
    handler: (ctx, { body }) => write.createBannedVehicle(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/banned-vehicles/:id',
    access: 'banned-vehicles.show',
    summary: 'One ban with its reason, who banned and lifted it, and its photos',
    schema: { params: idParams, response: { 200: bannedVehicleItemSchema } },
    handler: (ctx, { params }) => getBannedVehicle(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/banned-vehicles/:id',
    access: 'banned-vehicles.edit',
    summary: 'Changes a ban',
    schema: { params: idParams, body: bannedVehicleBody, response: { 200: bannedVehicleItemSchema } },
    handler: (ctx, { params, body }) => write.updateBannedVehicle(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/banned-vehicles/:id/lift',
    access: 'banned-vehicles.lift',
    summary:
      'Lifts a ban now, with an optional note; who lifted it and when are kept. A lifted ban stays lifted',
    schema: { params: idParams, body: liftBanBody, response: { 200: bannedVehicleItemSchema } },
    handler: (ctx, { params, body }) => write.liftBan(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/banned-vehicles/:id/photos',
    access: 'banned-vehicles.edit',
    multipart: 'files',
    summary:
      'Adds photos (field `photos`, one or more): png, jpg or webp up to 5 MB each, at most 5 per ban in all',
    schema: { params: idParams, response: { 200: bannedVehicleItemSchema } },
    handler: (ctx, { params }) => write.addPhotos(ctx, params.id, ctx.files),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/banned-vehicles/:id/photos/:fileId',
    access: 'banned-vehicles.show',
    summary: "A ban's photo: its bytes inline (or ?download=1 as a download); 404 when it is not this ban's",
    schema: { params: photoParams, querystring: z.object({ download: formBoolean.optional() }) },
    handler: async (ctx, { params, query }) =>
      sendFile(ctx.reply, await write.photo(ctx, params.id, params.fileId, query.download === true)),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/banned-vehicles/:id/photos/:fileId',
    access: 'banned-vehicles.edit',
    summary: 'Removes one photo of a ban',
    schema: { params: photoParams, response: { 200: bannedVehicleItemSchema } },
    handler: (ctx, { params }) => write.removePhoto(ctx, params.id, params.fileId),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/banned-vehicles/:id',
    access: 'banned-vehicles.delete',
    summary: 'Deletes a ban and its photos (to end a ban and keep its record, lift it)',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await write.deleteBannedVehicle(ctx, params.id);
      return deletedMessage(ctx, 'banned_vehicles');
    },
  }),
];
