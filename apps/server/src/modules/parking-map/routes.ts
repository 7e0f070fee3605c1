import {
  idParams,
  mapAreaCreateBody,
  mapAreaUpdateBody,
  mapBuildingsCreateBody,
  mapLayoutBody,
  mapSpotCreateBody,
  parkingMapSchema,
} from '@parkade/contract';
import { defineRoute } from '../../platform/http';
import * as items from './items';
import * as service from './service';

const tags = ['parking-map'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
const answer = { 200: parkingMapSchema };

export const parkingMapRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/parking-map',
    access: 'spots.map',
    summary:
      'The parking map: buildings, areas and spots with their positions, counts by type, status and area, and the ' +
      'layout version a save must name',
    schema: { response: answer },
    handler: (ctx) => service.loadMap(ctx),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/parking-map/layout',
    access: 'spots.map.edit',
    summary:
      'Saves positions of moved or rotated buildings, areas and spots. 409 when the map was saved by someone else ' +
      'since `version`, or an item was deleted meanwhile; nothing is written then',
    schema: { body: mapLayoutBody, response: answer },
    handler: (ctx, { body }) => service.saveLayout(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/parking-map/areas',
    access: 'spots.map.edit',
    summary:
      'Creates a parking area, empty or with spotsCount spots of one type numbered from startNumber; a number ' +
      'already taken refuses the whole area',
    schema: { body: mapAreaCreateBody, response: answer },
    handler: (ctx, { body }) => items.createArea(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/parking-map/areas/:id',
    access: 'spots.map.edit',
    summary: 'Renames a parking area',
    schema: { params: idParams, body: mapAreaUpdateBody, response: answer },
    handler: (ctx, { params, body }) => items.renameArea(ctx, params.id, body.name),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/parking-map/areas/:id',
    access: 'spots.map.edit',
    summary:
      'Deletes a parking area with its spots; refused (409) while one of them is reserved now or later',
    schema: { params: idParams, response: answer },
    handler: (ctx, { params }) => items.deleteArea(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/parking-map/buildings',
    access: 'spots.map.edit',
    summary:
      'Creates buildings placed side by side on the map, each with generated units (101, 102, …) on request',
    schema: { body: mapBuildingsCreateBody, response: answer },
    handler: (ctx, { body }) => items.createBuildings(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/parking-map/spots',
    access: 'spots.map.edit',
    summary: 'Adds one spot to a parking area',
    schema: { body: mapSpotCreateBody, response: answer },
    handler: (ctx, { body }) => items.createSpot(ctx, body),
  }),
];
