import {
  formBoolean,
  idParams,
  idSchema,
  listResponseSchema,
  VEHICLE_TOW_ACTION_PERMISSIONS,
  VEHICLE_TOW_ACTIONS,
  VEHICLE_TOW_TRANSITIONS,
  vehicleTowBody,
  vehicleTowCloseBody,
  vehicleTowItemSchema,
  vehicleTowListItemSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute, queryOf, sendFile } from '../../platform/http';
import { towRecordPdf } from './record';
import { getVehicleTow, vehicleTowsList } from './service';
import * as write from './write';

const tags = ['vehicle-tows'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
const photoParams = z.object({ id: idSchema, fileId: idSchema });

const transitions = VEHICLE_TOW_ACTIONS.map((action) =>
  defineRoute({
    ...scoped,
    method: 'POST',
    url: `/vehicle-tows/:id/${action}`,
    access: VEHICLE_TOW_ACTION_PERMISSIONS[action],
    roundOnly: true,
    summary:
      `${action === 'towed' ? 'Marks a tow done' : 'Cancels a tow'} (optional note; who and when are kept): from ` +
      `${VEHICLE_TOW_TRANSITIONS[action].from.join(' or ')} to ${VEHICLE_TOW_TRANSITIONS[action].to}; any other ` +
      'status → 409 naming it',
    schema: { params: idParams, body: vehicleTowCloseBody, response: { 200: vehicleTowItemSchema } },
    handler: (ctx, { params, body }) => write.closeTow(ctx, params.id, action, body.note),
  }),
);

export const vehicleTowsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/vehicle-tows',
    access: 'vehicle-tows.index',
    summary:
      'Tows of the property, those still to do first: filters status, plate (normalised), from/to (days ' +
      'authorised); filter[term] searches the plate; sorts status, createdAt, readyToTowAt',
    schema: {
      querystring: vehicleTowsList.querystring,
      response: { 200: listResponseSchema(vehicleTowListItemSchema) },
    },
    handler: (ctx) => vehicleTowsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/vehicle-tows',
    access: 'vehicle-tows.authorize',
    roundOnly: true,
    summary:
      'A manager authorises the tow of the car of a placed warning (tow company of the tows catalog, note). ' +
      'Refused: warning not placed (409), before placement + towGraceHours (422 saying when), without a photo ' +
      'taken at or after the placement — no photo, no tow (422), a second tow of a warning (409). Keeps who and ' +
      'when, readyToTowAt, the photos and a fresh plate lookup; status pending-to-tow',
    schema: { body: vehicleTowBody, response: { 200: vehicleTowItemSchema } },
    handler: (ctx, { body }) => write.authorizeTow(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/vehicle-tows/:id',
    access: 'vehicle-tows.show',
    roundOnly: true,
    summary:
      'One tow: its warning (type, reason, who asked, approved and placed it), where (spot, place, check-in ' +
      'position), the photos, the lookup at authorisation, who authorised and closed it and when, the actions now',
    schema: { params: idParams, response: { 200: vehicleTowItemSchema } },
    handler: (ctx, { params }) => getVehicleTow(ctx, params.id),
  }),
  ...transitions,
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/vehicle-tows/:id/photos/:fileId',
    access: 'vehicle-tows.show',
    summary: 'One of the photos a tow rests on: bytes inline (or ?download=1); any other file → 404',
    schema: { params: photoParams, querystring: z.object({ download: formBoolean.optional() }) },
    handler: async (ctx, { params, query }) =>
      sendFile(ctx.reply, await write.towPhoto(ctx, params.id, params.fileId, query.download === true)),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/vehicle-tows/:id/record.pdf',
    access: 'vehicle-tows.show',
    roundOnly: true,
    rateLimit: 'document',
    summary:
      "The printable tow record (PDF, the caller's language): property, plate, vehicle as looked up, the " +
      'warning and who did what when, where, the authorisation, status and the photos, to show the owner',
    schema: { params: idParams },
    handler: async (ctx, { params }) => sendFile(ctx.reply, await towRecordPdf(ctx, params.id)),
  }),
];
