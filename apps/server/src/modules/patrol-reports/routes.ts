import {
  formBoolean,
  idParams,
  listResponseSchema,
  patrolReportBody,
  patrolReportExportQuery,
  patrolReportItemSchema,
  patrolReportPhotoParams,
  patrolReportSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute, queryOf, sendFile } from '../../platform/http';
import { exportReport, reportPhoto } from './documents';
import { getReport, patrolReportsList, writeReport } from './reports';

const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags: ['patrolling-reports'] };

export const patrolReportsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/patrolling-reports',
    access: 'patrolling-reports.index',
    summary:
      "The property's patrol reports (one per check-in), newest first: filter[from] / filter[to] (days the round " +
      "started, YYYY-MM-DD in the property's time zone), status (open: still checked in; closed), locationStatus, " +
      'userId (an id, or central:<id> / tenant:<id>); filter[term] searches the officer and the summary; sorts ' +
      'startedAt, observations. Each row: the round, its observation and warning counts, the summary (excerpt)',
    schema: {
      querystring: patrolReportsList.querystring,
      response: { 200: listResponseSchema(patrolReportItemSchema) },
    },
    handler: (ctx) => patrolReportsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/patrolling-reports',
    access: 'patrolling-reports.create',
    roundOnly: true,
    summary:
      "Saves the summary of the caller's round at the property (its report). A patrol report needs an active " +
      'check-in (SPEC §5): without one, 409 "check in first" (code check-in-required) and nothing is written',
    schema: { body: patrolReportBody, response: { 200: patrolReportSchema } },
    handler: (ctx, { body }) => writeReport(ctx, body.summary),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/patrolling-reports/:id',
    access: 'patrolling-reports.show',
    roundOnly: true,
    summary:
      'One report: the round (start and end with their positions, distances and location status), the officer, ' +
      'the whole summary, and every observation of the round (oldest first) with its photos and the lookup kept then',
    schema: { params: idParams, response: { 200: patrolReportSchema } },
    handler: (ctx, { params }) => getReport(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/patrolling-reports/:id/export',
    access: 'patrolling-reports.export',
    roundOnly: true,
    rateLimit: 'document',
    summary:
      "The report as a file in the caller's language, times in the property's time zone: format=xlsx (one row per " +
      "observation with the round's columns) or format=pdf, the default (the round, then each observation with " +
      'its photos)',
    schema: { params: idParams, querystring: patrolReportExportQuery },
    handler: async (ctx, { params, query }) =>
      sendFile(ctx.reply, await exportReport(ctx, params.id, query.format)),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/patrolling-reports/:id/photos/:fileId',
    access: 'patrolling-reports.show',
    summary:
      "A photo of an observation of the report's round: its bytes inline (or ?download=1); 404 when it is not one",
    schema: { params: patrolReportPhotoParams, querystring: z.object({ download: formBoolean.optional() }) },
    handler: async (ctx, { params, query }) =>
      sendFile(ctx.reply, await reportPhoto(ctx, params.id, params.fileId, query.download === true)),
  }),
];
