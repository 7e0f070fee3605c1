import { CENTRAL_AREA_ID } from '../../platform/db/columns';
import {
  idParams,
  listResponseSchema,
  OUTBOX_STATUSES,
  outboxItemSchema,
  outboxListQuery,
  outboxMailSchema,
} from '@parkade/contract';
import { defineRoute, queryOf } from '../../platform/http';
import { defineListResource } from '../../platform/list-query';
import { propertyInclude } from '../binnacle/service';
import { outboxMail } from './read';
import { mailOutbox } from './table';

/**
 * The mail outbox as central staff read it (decision 0039 §4). The list never carries a body (text, html): reset
 * and invitation mails hold single-use links. One mail (outbox.show) carries its text and links while unsent.
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
    propertyId: {
      type: 'number',
      column: mailOutbox.propertyId,
      nullable: true,
      nullStored: CENTRAL_AREA_ID,
    },
    createdAt: { type: 'dateRange', column: mailOutbox.createdAt },
  },
  term: [mailOutbox.to, mailOutbox.subject],
  sorts: { createdAt: mailOutbox.createdAt, id: mailOutbox.id, status: mailOutbox.status, to: mailOutbox.to },
  defaultSort: outboxListQuery.defaultSort,
  allowAll: false,
  includes: { property: propertyInclude() },
});

// The server's list is the contract's (outboxListQuery), or the start fails here.
{
  const def = outboxList.def;
  const same = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();
  if (
    !same(Object.keys(def.filters ?? {}), outboxListQuery.filters) ||
    !same(Object.keys(def.sorts), outboxListQuery.sorts) ||
    !same(Object.keys(def.includes ?? {}), outboxListQuery.includes)
  )
    throw new Error('outbox: the list differs from outboxListQuery');
}

export const outboxRoutes = [
  defineRoute({
    method: 'GET',
    url: '/outbox',
    areas: ['central'],
    access: 'outbox.index',
    tags: ['outbox'],
    summary:
      'Mail written by the application and its delivery status (never the body): filter[term] searches the ' +
      'recipient and the subject; filter[status], filter[kind], filter[propertyId] (null: central mail), ' +
      'filter[createdAt]; include=property',
    schema: { querystring: outboxList.querystring, response: { 200: listResponseSchema(outboxItemSchema) } },
    handler: (ctx) => outboxList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    method: 'GET',
    url: '/outbox/:id',
    areas: ['central'],
    access: 'outbox.show',
    tags: ['outbox'],
    summary:
      'One mail with its text and the links in it while it was not sent (no SMTP server, failing or under way); ' +
      'a sent mail keeps its envelope only (text null, no links)',
    schema: { params: idParams, response: { 200: outboxMailSchema } },
    handler: (ctx, { params }) => outboxMail(ctx, params.id),
  }),
];
