import {
  buildingBody,
  buildingItemSchema,
  idParams,
  listResponseSchema,
  messageResponse,
} from '@parkade/contract';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf } from '../../platform/http';
import * as service from './service';

const tags = ['buildings'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };

export const buildingsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/buildings',
    access: 'buildings.index',
    summary: 'Buildings of the property with their floor and unit counts; filter[term] searches the name',
    schema: {
      querystring: service.buildingsList.querystring,
      response: { 200: listResponseSchema(buildingItemSchema) },
    },
    handler: (ctx) => service.buildingsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/buildings',
    access: 'buildings.create',
    summary: 'Creates a building; its name is unique in the property, ignoring case',
    schema: { body: buildingBody, response: { 200: buildingItemSchema } },
    handler: (ctx, { body }) => service.createBuilding(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/buildings/:id',
    access: 'buildings.show',
    summary: 'One building with its counts',
    schema: { params: idParams, response: { 200: buildingItemSchema } },
    handler: (ctx, { params }) => service.getBuilding(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/buildings/:id',
    access: 'buildings.edit',
    summary: 'Renames a building',
    schema: { params: idParams, body: buildingBody, response: { 200: buildingItemSchema } },
    handler: (ctx, { params, body }) => service.updateBuilding(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/buildings/:id',
    access: 'buildings.delete',
    summary: 'Deletes a building and its floors; refused (409) while it has units',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await service.deleteBuilding(ctx, params.id);
      return deletedMessage(ctx, 'buildings');
    },
  }),
];
