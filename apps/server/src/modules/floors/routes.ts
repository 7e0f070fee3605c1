import { floorBody, floorItemSchema, idParams, listResponseSchema, messageResponse } from '@parkade/contract';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf } from '../../platform/http';
import * as service from './service';

const tags = ['floors'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };

export const floorsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/floors',
    access: 'floors.index',
    summary: 'Floors of the property (filter[buildingId]) with their unit counts, by level then name',
    schema: {
      querystring: service.floorsList.querystring,
      response: { 200: listResponseSchema(floorItemSchema) },
    },
    handler: (ctx) => service.floorsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/floors',
    access: 'floors.create',
    summary: 'Adds a floor to a building; its name is unique in the building, ignoring case',
    schema: { body: floorBody, response: { 200: floorItemSchema } },
    handler: (ctx, { body }) => service.createFloor(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/floors/:id',
    access: 'floors.show',
    summary: 'One floor',
    schema: { params: idParams, response: { 200: floorItemSchema } },
    handler: (ctx, { params }) => service.getFloor(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/floors/:id',
    access: 'floors.edit',
    summary: 'Renames a floor or changes its level',
    schema: { params: idParams, body: floorBody, response: { 200: floorItemSchema } },
    handler: (ctx, { params, body }) => service.updateFloor(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/floors/:id',
    access: 'floors.delete',
    summary: 'Deletes a floor; refused (409) while units are on it',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await service.deleteFloor(ctx, params.id);
      return deletedMessage(ctx, 'floors');
    },
  }),
];
