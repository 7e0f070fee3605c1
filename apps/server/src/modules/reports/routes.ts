import {
  enforcementReportSchema,
  mailReportSchema,
  occupancyReportSchema,
  patrolCoverageSchema,
  permitsReportSchema,
  REPORT_NAMES,
  reportExportQuery,
  reportQuery,
  visitorsReportSchema,
  type ReportName,
} from '@parkade/contract';
import type { z } from 'zod';
import { defineRoute, sendFile } from '../../platform/http';
import { exportReport } from './export';
import { mailReport } from './mail';
import { patrolReport } from './patrol';
import * as reports from './service';

const tags = ['reports'];
/** Staff of the property, and central staff with the property selected (decision 0009). */
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };

const PERIOD =
  'from/to: days of the property (both included; default the last 90 days), groupBy day or month (default: per day ' +
  'up to 92 days, else per month)';

const SUMMARIES: Record<ReportName, string> = {
  permits:
    `Permits created in the period, per period by the status they show (byStatus) and by type (byType). ${PERIOD}; ` +
    'buildingId (the resident has a unit there), permitTypeId',
  visitors:
    `Visitor permits starting in the period, per period by status; and the residents nearest their visitor limit ` +
    `today (granted permits in the rolling window against their limit). ${PERIOD}; buildingId`,
  enforcement: `Warnings and tows created in the period, per period by the status they reached. ${PERIOD}`,
  occupancy:
    'The spots of each parking area and type by the status they show today (the filters do not apply)',
  patrol:
    `Patrol rounds (check-ins) started in the period, per period checked out or open, their time on site (seconds; ` +
    `an open round has none), and the plate lookups of their observations by verdict; per officer. ${PERIOD}`,
  mail:
    `Imports and mail: the residents and units imports started in the period (rows imported and refused per ` +
    `period, each import listed newest first) and the mail the property wrote in it, per period by delivery status ` +
    `and per kind. ${PERIOD}`,
};

const reportRoute = <R extends ReportName, S extends z.ZodType>(
  name: R,
  response: S,
  run: (ctx: Parameters<typeof reports.permitsReport>[0], q: reports.ReportFilters) => Promise<z.infer<S>>,
) =>
  defineRoute({
    ...scoped,
    method: 'GET',
    url: `/reports/${name}`,
    access: 'reports.index',
    summary: SUMMARIES[name],
    schema: { querystring: reportQuery, response: { 200: response } },
    handler: (ctx, { query }) => run(ctx, query),
  });

export const reportsRoutes = [
  reportRoute('permits', permitsReportSchema, reports.permitsReport),
  reportRoute('visitors', visitorsReportSchema, reports.visitorsReport),
  reportRoute('enforcement', enforcementReportSchema, reports.enforcementReport),
  reportRoute('occupancy', occupancyReportSchema, (ctx) => reports.occupancyReport(ctx)),
  reportRoute('patrol', patrolCoverageSchema, patrolReport),
  reportRoute('mail', mailReportSchema, (ctx, q) => mailReport(ctx, q)),
  ...REPORT_NAMES.map((name) =>
    defineRoute({
      ...scoped,
      method: 'GET',
      url: `/reports/${name}/export`,
      access: 'reports.export',
      rateLimit: 'export',
      summary:
        `The ${name} report in the reader's language: format=xlsx (default) — a sheet saying what it covers, then ` +
        'a sheet per table with every figure; format=pdf — its title, what it covers, each chart with its table',
      schema: { querystring: reportExportQuery },
      handler: async (ctx, { query }) => sendFile(ctx.reply, await exportReport(ctx, name, query)),
    }),
  ),
];
