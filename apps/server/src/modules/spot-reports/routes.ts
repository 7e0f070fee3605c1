import {
  formBoolean,
  idParams,
  listResponseSchema,
  resolveSpotReportBody,
  spotReportBody,
  spotReportItemSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute, queryOf, sendFile } from '../../platform/http';
import { getSpotReport, mySpotReportsList, spotReportsList } from './service';
import * as write from './write';

const tags = ['spot-reports'];
const staff = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
const my = { areas: ['tenant'] as const, access: 'resident' as const, tags };
const download = z.object({ download: formBoolean.optional() });

export const spotReportsRoutes = [
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/spot-reports',
    summary:
      "The signed-in resident's reports of cars in their reserved spots, newest first: filter[status] open or " +
      'resolved, spotId, from/to (days reported); include spot',
    schema: {
      querystring: mySpotReportsList.querystring,
      response: { 200: listResponseSchema(spotReportItemSchema) },
    },
    handler: (ctx) => mySpotReportsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...my,
    method: 'POST',
    url: '/my/spot-reports',
    multipart: 'files',
    summary:
      'The signed-in resident reports a car parked in a spot they hold a reservation of today (fields spotId, ' +
      'plate and note; an optional `photo`: png, jpg or webp up to 5 MB). Another spot is a 422 on spotId. The ' +
      'report is open until the office or patrol resolve it',
    schema: { body: spotReportBody, response: { 200: spotReportItemSchema } },
    handler: (ctx, { body }) => write.createSpotReport(ctx, body, ctx.files),
  }),
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/spot-reports/:id/photo',
    summary: "The photo of one of the signed-in resident's reports (another's report, or none, is 404)",
    schema: { params: idParams, querystring: download },
    handler: async (ctx, { params, query }) =>
      sendFile(ctx.reply, await write.reportPhoto(ctx, params.id, query.download === true, ctx.user().id)),
  }),
  defineRoute({
    ...staff,
    method: 'GET',
    url: '/spot-reports',
    access: 'spot-reports.index',
    summary:
      "Residents' reports of cars in their reserved spots: filters status (open, resolved), spotId, from/to (days " +
      'reported); filter[term] searches the plate (typed or normalised), the spot number and the note; sorts ' +
      'createdAt, status; includes resident, spot. plateMatch says whether the plate is banned or permitted here',
    schema: {
      querystring: spotReportsList.querystring,
      response: { 200: listResponseSchema(spotReportItemSchema) },
    },
    handler: (ctx) => spotReportsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...staff,
    method: 'GET',
    url: '/spot-reports/:id',
    access: 'spot-reports.show',
    summary: 'One report with its resident, spot, photo and what its plate matches at the property',
    schema: { params: idParams, response: { 200: spotReportItemSchema } },
    handler: (ctx, { params }) => getSpotReport(ctx, params.id),
  }),
  defineRoute({
    ...staff,
    method: 'POST',
    url: '/spot-reports/:id/resolve',
    access: 'spot-reports.edit',
    summary:
      'Resolves an open report now, with an optional note of what was done (once; who and when are kept)',
    schema: { params: idParams, body: resolveSpotReportBody, response: { 200: spotReportItemSchema } },
    handler: (ctx, { params, body }) => write.resolveSpotReport(ctx, params.id, body),
  }),
  defineRoute({
    ...staff,
    method: 'GET',
    url: '/spot-reports/:id/photo',
    access: 'spot-reports.show',
    summary: "A report's photo: its bytes inline (or ?download=1 as a download); 404 when it has none",
    schema: { params: idParams, querystring: download },
    handler: async (ctx, { params, query }) =>
      sendFile(ctx.reply, await write.reportPhoto(ctx, params.id, query.download === true)),
  }),
];
