import { listResponseSchema } from '@parkade/contract';
import { z } from 'zod';
import { defineRoute, queryOf } from '../../platform/http';
import { defineListResource } from '../../platform/list-query';
import { propertyInclude, propertySummarySchema } from '../binnacle/service';
import { mailOutbox } from './table';

export const OUTBOX_STATUSES = ['pending', 'queued', 'sent', 'failed', 'stored'] as const;

/**
 * The mail outbox as central staff read it. The body (text, html) is never listed: reset and invitation mails
 * carry single-use links.
 */
export const outboxList = defineListResource({
  table: mailOutbox,
  select: {
    id: mailOutbox.id,
    propertyId: mailOutbox.propertyId,
    to: mailOutbox.to,
    subject: mailOutbox.subject,
    kind: mailOutbox.kind,
    status: mailOutbox.status,
    attempts: mailOutbox.attempts,
    lastError: mailOutbox.lastError,
    createdAt: mailOutbox.createdAt,
    sentAt: mailOutbox.sentAt,
  },
  filters: {
    status: { type: 'enum', column: mailOutbox.status, values: OUTBOX_STATUSES },
    kind: { type: 'string', column: mailOutbox.kind },
    propertyId: { type: 'number', column: mailOutbox.propertyId, nullable: true },
    createdAt: { type: 'dateRange', column: mailOutbox.createdAt },
  },
  term: [mailOutbox.to, mailOutbox.subject],
  sorts: { createdAt: mailOutbox.createdAt, id: mailOutbox.id, status: mailOutbox.status, to: mailOutbox.to },
  defaultSort: '-createdAt',
  allowAll: false,
  includes: { property: propertyInclude() },
});

export const outboxItemSchema = z.object({
  id: z.number().int(),
  propertyId: z.number().int().nullable(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  property: propertySummarySchema.nullable().optional(),
});

export const outboxRoutes = [
  defineRoute({
    method: 'GET',
    url: '/outbox',
    areas: ['central'],
    access: 'outbox.index',
    tags: ['outbox'],
    summary: 'Mail written by the application and its delivery status (never the body)',
    schema: { querystring: outboxList.querystring, response: { 200: listResponseSchema(outboxItemSchema) } },
    handler: (ctx) => outboxList.list(ctx, queryOf(ctx.req)),
  }),
];
