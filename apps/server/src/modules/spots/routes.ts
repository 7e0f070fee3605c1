import {
  idParams,
  listResponseSchema,
  messageResponse,
  spotBody,
  spotDetailSchema,
  spotItemSchema,
} from '@parkade/contract';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf } from '../../platform/http';
import * as service from './service';

const tags = ['spots'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };

export const spotsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/spots',
    access: 'spots.index',
    summary:
      'Spots of the property: filters type, status, areaId (null: no area), spotGroup; filter[term] searches ' +
      'number, name and group; includes area, reservation (the one covering today)',
    schema: {
      querystring: service.spotsList.querystring,
      response: { 200: listResponseSchema(spotItemSchema) },
    },
    handler: (ctx) => service.spotsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/spots/:id',
    access: 'spots.show',
    summary: 'One spot with its area and the reservation covering today',
    schema: { params: idParams, response: { 200: spotItemSchema } },
    handler: (ctx, { params }) => service.getSpot(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/spots/:id/detail',
    access: 'spots.show',
    summary: 'The spot detail dialog: the spot, its area, its current or next reservation and resident',
    schema: { params: idParams, response: { 200: spotDetailSchema } },
    handler: (ctx, { params }) => service.spotDetail(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/spots/:id',
    access: 'spots.edit',
    summary:
      "Edits a spot. Its number is unique in the property, ignoring case ('A spot with this number already exists')",
    schema: { params: idParams, body: spotBody, response: { 200: spotItemSchema } },
    handler: (ctx, { params, body }) => service.updateSpot(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/spots/:id',
    access: 'spots.delete',
    summary: 'Deletes a spot; refused (409) while it has a current or future reservation',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await service.deleteSpot(ctx, params.id);
      return deletedMessage(ctx, 'spots');
    },
  }),
];
