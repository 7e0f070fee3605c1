import {
  activeCheckInSchema,
  checkInSchema,
  checkOutBody,
  idParams,
  observationBody,
  observationSchema,
  offlineLookupSchema,
  positionBody,
  listResponseSchema,
  patrollingPropertySchema,
  plateLookupQuery,
  plateLookupSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute, queryOf } from '../../platform/http';
import { checkIn, checkOut, myActiveCheckIn } from './checkins';
import { createObservation, myRoundObservations } from './observations';
import { offlineData } from './offline';
import { lookupPlate, sameFoldRead } from './lookup';
import { patrollingPropertiesList } from './service';

export const patrollingRoutes = [
  defineRoute({
    method: 'GET',
    url: '/patrolling/properties',
    areas: ['central'],
    access: 'patrolling.index',
    tags: ['patrolling'],
    summary:
      'The active properties a patrol officer can pick, with their zone and counters ([{ key, value }], label ' +
      'dashboard.counters.<key>). filter[term] searches name, code, city and address; filter[zoneId]; sorts ' +
      'name, code, city.',
    schema: {
      querystring: patrollingPropertiesList.querystring,
      response: { 200: listResponseSchema(patrollingPropertySchema) },
    },
    handler: (ctx) => patrollingPropertiesList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    method: 'GET',
    url: '/patrolling/lookup',
    areas: ['tenant', 'central'],
    propertyScoped: true,
    access: 'patrolling.lookup',
    roundOnly: true,
    tags: ['patrolling'],
    summary:
      "A plate as typed (any case, spaces, dashes) → the property's plates that match it: the exact one first, " +
      'then readings of its confusable characters (O/0, I/1, Z/2, S/5, B/8, G/6), then plates one character ' +
      'away; each with its verdict (banned, permitted, visitor, pending, expired, none), active ban, vehicle, the ' +
      'permit that decides (and whether it holds another spot than spotId) and the visitor permit that decides, ' +
      'as of this instant',
    schema: { querystring: plateLookupQuery, response: { 200: plateLookupSchema } },
    read: ({ query }) => sameFoldRead(query.plate),
    handler: (ctx, { query, read }) => lookupPlate(ctx, query.plate, query.spotId, read),
  }),
  defineRoute({
    method: 'GET',
    url: '/patrolling/check-ins/active',
    areas: ['tenant', 'central'],
    access: 'patrolling.index',
    tags: ['patrolling'],
    summary:
      "The signed-in officer's open check-in, wherever it is (centrally: any property; on a property's host: " +
      'that property), with its property, distance, status and observation count; null when checked out',
    schema: { response: { 200: activeCheckInSchema } },
    handler: async (ctx) => ({ checkIn: await myActiveCheckIn(ctx) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/patrolling/check-ins',
    areas: ['tenant', 'central'],
    propertyScoped: true,
    access: 'patrolling.check-in',
    tags: ['patrolling'],
    summary:
      "Checks the officer in at the property with the browser's position (latitude, longitude, accuracy) or why " +
      'there is none (failure: permission-denied, unavailable). The distance to the property is computed in SQL; ' +
      'no position (no-gps) and farther than settings.other.checkInRadiusMeters (out-of-range) are 422 with their ' +
      'message, the attempt audited; a property without coordinates is allowed, flagged no-coordinates. An open ' +
      "check-in of the officer, here or elsewhere, is a 409. Opens the round's patrol report",
    schema: { body: positionBody, response: { 200: checkInSchema } },
    handler: (ctx, { body }) => checkIn(ctx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/patrolling/check-out',
    areas: ['tenant', 'central'],
    propertyScoped: true,
    access: 'patrolling.check-out',
    tags: ['patrolling'],
    summary:
      "Closes the officer's open check-in at the property (409 when there is none), with the position at " +
      "check-out when given; `summary` is saved in the round's patrol report",
    schema: { body: checkOutBody, response: { 200: checkInSchema } },
    handler: (ctx, { body }) => checkOut(ctx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/patrolling/observations',
    areas: ['tenant', 'central'],
    propertyScoped: true,
    access: 'patrolling.observe',
    roundOnly: true,
    multipart: 'files',
    tags: ['patrolling'],
    summary:
      'Records what the officer saw in their round (multipart: clientKey, plate, spotId, place, notes, observedAt, ' +
      'checkInId, shownVerdict and up to 5 `photos`): the plate lookup at arrival is kept with it. Needs an open ' +
      'check-in, or names the check-in it was taken in (sent late from the phone); then the same clientKey again ' +
      'in that round answers the stored observation (duplicate: true) and stores nothing, and a clientKey another ' +
      'round holds is 409 observation-key-taken',
    schema: { body: observationBody, response: { 200: observationSchema } },
    handler: (ctx, { body }) => createObservation(ctx, body, ctx.files),
  }),
  defineRoute({
    method: 'GET',
    url: '/patrolling/check-ins/:id/observations',
    areas: ['tenant', 'central'],
    propertyScoped: true,
    access: 'patrolling.observe',
    roundOnly: true,
    tags: ['patrolling'],
    summary: "The observations of one of the officer's own check-ins at the property, oldest first",
    schema: { params: idParams, response: { 200: z.array(observationSchema) } },
    handler: (ctx, { params }) => myRoundObservations(ctx, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/patrolling/offline-data',
    areas: ['tenant', 'central'],
    propertyScoped: true,
    access: 'patrolling.lookup',
    roundOnly: true,
    tags: ['patrolling'],
    summary:
      "The property's plates for the phone's offline lookup, read at one instant: per plate (p) its active ban's " +
      'last day (b, "" for none), the deciding permit [status, last day, spot] (r) and the deciding visitor permit ' +
      '[status, end] (x); nothing about people. The phone computes the verdict when asked (decision 0029)',
    schema: { response: { 200: offlineLookupSchema } },
    handler: (ctx) => offlineData(ctx),
  }),
];
