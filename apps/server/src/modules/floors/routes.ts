import { floorBody, floorItemSchema, idParams, listResponseSchema, messageResponse } from '@parkade/contract';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, type RouteFixture } from '../../platform/http';
import { buildingFixture } from '../buildings/routes';
import { floors } from './table';
import * as service from './service';

const tags = ['floors'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };

/** Route harness: a floor in a new building of the owner's property. */
const floorFixture: RouteFixture = {
  async create(tx, owner, services) {
    const { id: buildingId } = await buildingFixture.create(tx, owner, services);
    const [row] = await tx
      .insert(floors)
      .values({ propertyId: owner.propertyId, buildingId: Number(buildingId), name: 'Ground', level: 0 })
      .returning();
    return { id: row!.id, buildingId: Number(buildingId) };
  },
  async body(tx, propertyId, services) {
    const { id } = await buildingFixture.create(tx, { propertyId, userId: 0 }, services);
    return { buildingId: Number(id), name: 'First', level: 1 };
  },
};

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
    handler: (ctx) => service.floorsList.list(ctx),
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
    fixture: floorFixture,
    handler: (ctx, { params }) => service.getFloor(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/floors/:id',
    access: 'floors.edit',
    summary: 'Renames a floor or changes its level',
    schema: { params: idParams, body: floorBody, response: { 200: floorItemSchema } },
    fixture: floorFixture,
    handler: (ctx, { params, body }) => service.updateFloor(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/floors/:id',
    access: 'floors.delete',
    summary: 'Deletes a floor; refused (409) while units are on it',
    schema: { params: idParams, response: { 200: messageResponse } },
    fixture: floorFixture,
    handler: async (ctx, { params }) => {
      await service.deleteFloor(ctx, params.id);
      return deletedMessage(ctx, 'floors');
    },
  }),
];
