import {
  freeSpotsQuery,
  freeSpotsResponse,
  idParams,
  listResponseSchema,
  messageResponse,
  myReservationBody,
  reservationBody,
  reservationEndResponse,
  reservationItemSchema,
  reservationRejectBody,
  residentOptionSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf } from '../../platform/http';
import { decideReservation } from './decide';
import { askReservation, freeSpots } from './my';
import * as service from './service';

const tags = ['reservations'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };

export const reservationsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/reservations',
    access: 'reservations.index',
    summary:
      'Reservations of spots: filters spotId, residentId, current (1: covering today), status (pending, confirmed, ' +
      'rejected); includes spot, resident',
    schema: {
      querystring: service.reservationsList.querystring,
      response: { 200: listResponseSchema(reservationItemSchema) },
    },
    handler: (ctx) => service.reservationsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/reservations/resident-options',
    access: 'reservations.create',
    summary:
      'Up to 20 active residents whose name or email holds every word of `term`, for the reserve dialog',
    schema: {
      querystring: z.object({ term: z.string().max(100).optional() }),
      response: { 200: z.object({ data: z.array(residentOptionSchema) }) },
    },
    handler: (ctx, { query }) => service.residentOptions(ctx, query.term),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/reservations',
    access: 'reservations.create',
    summary:
      'Reserves a spot for a resident between two dates (inclusive). Overlapping another reservation of the spot ' +
      'is refused by the database (422 on startsOn)',
    schema: { body: reservationBody, response: { 200: reservationItemSchema } },
    handler: (ctx, { body }) => service.createReservation(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/reservations/:id',
    access: 'reservations.show',
    summary: 'One reservation with its spot and resident',
    schema: { params: idParams, response: { 200: reservationItemSchema } },
    handler: (ctx, { params }) => service.getReservation(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/reservations/:id',
    access: 'reservations.edit',
    summary: 'Changes a reservation (same rules as creating one)',
    schema: { params: idParams, body: reservationBody, response: { 200: reservationItemSchema } },
    handler: (ctx, { params, body }) => service.updateReservation(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/reservations/:id',
    access: 'reservations.delete',
    summary: 'Cancels a reservation',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await service.deleteReservation(ctx, params.id);
      return deletedMessage(ctx, 'reservations');
    },
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/reservations/:id/end',
    access: 'reservations.edit',
    summary:
      'Ends or cancels a reservation: one not started yet (or starting today) is cancelled, one under way ends ' +
      'yesterday; either way the spot is available from today at once (audited cancel / end). 409 when already over',
    schema: { params: idParams, response: { 200: reservationEndResponse } },
    handler: (ctx, { params }) => service.endReservation(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/reservations/:id/approve',
    access: 'reservations.approve',
    summary:
      "Approves a resident's pending request: it becomes confirmed and the resident is mailed. Anything but " +
      'pending → 422',
    schema: { params: idParams, response: { 200: reservationItemSchema } },
    handler: (ctx, { params }) => decideReservation(ctx, params.id, 'approve', null),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/reservations/:id/reject',
    access: 'reservations.approve',
    summary:
      "Rejects a resident's pending request with a comment (required, told to the resident by mail): the spot " +
      'is free again for those dates. Anything but pending → 422',
    schema: { params: idParams, body: reservationRejectBody, response: { 200: reservationItemSchema } },
    handler: (ctx, { params, body }) => decideReservation(ctx, params.id, 'reject', body.comment),
  }),
  defineRoute({
    method: 'GET',
    url: '/my/reservations/free-spots',
    areas: ['tenant'],
    access: 'resident',
    tags,
    summary:
      'The reserved spots (type reserved, in service) free on every day from startsOn to endsOn, for the ' +
      "signed-in resident to ask for: id, number and area only. The dates and the resident's reservations " +
      'allowed are checked first (422, as when asking); approvalRequired says whether a request waits for staff',
    schema: { querystring: freeSpotsQuery, response: { 200: freeSpotsResponse } },
    handler: (ctx, { query }) => freeSpots(ctx, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/my/reservations',
    areas: ['tenant'],
    access: 'resident',
    tags,
    summary:
      'The signed-in resident asks for a reserved spot between two dates (inclusive), under the rules staff ' +
      "reserve by plus the resident's own (from today, a spot the property offers, within their reservations " +
      "allowed). Pending when the property's settings require approval (reservedSpaces.approvalRequired), else " +
      'confirmed. A spot taken meanwhile → 422 on spotId',
    schema: { body: myReservationBody, response: { 200: reservationItemSchema } },
    handler: (ctx, { body }) => askReservation(ctx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/my/reservations/:id/end',

    areas: ['tenant'],
    access: 'resident',
    tags,
    summary:
      'The signed-in resident ends or cancels their own current or future reservation, or withdraws a pending ' +
      "request (as POST /reservations/:id/end); another resident's is a 404",
    schema: { params: idParams, response: { 200: reservationEndResponse } },
    handler: (ctx, { params }) => service.endReservation(ctx, params.id, ctx.user().id),
  }),
  defineRoute({
    method: 'GET',
    url: '/my/reservations',
    areas: ['tenant'],
    access: 'resident',
    tags,
    summary:
      "The signed-in resident's reservations and requests (filter current=1 for today's, status); include=spot",
    schema: {
      querystring: service.myReservationsList.querystring,
      response: { 200: listResponseSchema(reservationItemSchema) },
    },
    handler: (ctx) => service.myReservationsList.list(ctx, queryOf(ctx.req)),
  }),
];
