import {
  customTemplateListSchema,
  emailRecipientListSchema,
  emailSendBody,
  emailSendListSchema,
  emailSendPreviewBody,
  emailSendSchema,
  recipientCountSchema,
  recipientFiltersSchema,
  renderedMailSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute } from '../../platform/http';
import { listCustomTemplates } from '../email-templates/custom';
import { countRecipients } from './recipients';
import {
  cancelSend,
  createSend,
  listRecipients,
  listSends,
  previewBulkMail,
  resendFailed,
  showSend,
} from './service';
import { unsubscribe, unsubscribePage, UNSUBSCRIBE_PATH } from './unsubscribe';

const tags = ['emails-sender'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
const idParams = z.object({ id: z.coerce.number().int().positive() });
const paging = z.object({
  page: z.coerce.number().int().positive().optional(),
  pageSize: z.coerce.number().int().positive().max(200).optional(),
  state: z.string().max(12).optional(),
});
const tokenQuery = z.object({ token: z.string().max(100) });

export const emailsSenderRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/emails-sender/templates',
    access: 'emails-sender.send',
    summary:
      "The property's own email templates with their texts, to start a mail from (under the sender's own " +
      'permission: writing a mail does not need the templates pages)',
    schema: { response: { 200: customTemplateListSchema } },
    handler: (ctx) => listCustomTemplates(ctx),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/emails-sender/count',
    access: 'emails-sender.index',
    summary:
      'How many residents the filters choose, how many a mail reaches (an address, not unsubscribed), and by language',
    schema: { body: z.object({ filters: recipientFiltersSchema }), response: { 200: recipientCountSchema } },
    handler: (ctx, { body }) => countRecipients(ctx, body.filters),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/emails-sender/preview',
    access: 'emails-sender.index',
    summary:
      'A bulk mail as one resident (or the sample) gets it in a language: subject, plain text, HTML, the unsubscribe ' +
      'line, the attachments by name. Writes nothing',
    schema: {
      body: emailSendPreviewBody,
      response: {
        200: renderedMailSchema.extend({
          attachments: z.array(z.object({ name: z.string(), size: z.number().int() })),
        }),
      },
    },
    handler: (ctx, { body }) => previewBulkMail(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/emails-sender',
    access: 'emails-sender.send',
    summary:
      'Sends a mail to the residents the filters choose, each in their language, at the property’s rate: the send and ' +
      'its recipients are written now, a job sends. 422 when no resident is reachable',
    schema: { body: emailSendBody, response: { 200: emailSendSchema } },
    handler: (ctx, { body }) => createSend(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/emails-sender',
    access: 'emails-sender.index',
    summary: 'The property’s sends, newest first, each with who sent it, when, and its counts by state',
    schema: { querystring: paging, response: { 200: emailSendListSchema } },
    handler: (ctx, { query }) => listSends(ctx, query),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/emails-sender/:id',
    access: 'emails-sender.index',
    summary: 'One send with its counts (queued, sending, sent, failed, cancelled, retried)',
    schema: { params: idParams, response: { 200: emailSendSchema } },
    handler: (ctx, { params }) => showSend(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/emails-sender/:id/recipients',
    access: 'emails-sender.index',
    summary:
      'A send’s recipients with their state and, for a failure, the mail server’s answer (filter by state)',
    schema: { params: idParams, querystring: paging, response: { 200: emailRecipientListSchema } },
    handler: (ctx, { params, query }) => listRecipients(ctx, params.id, query),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/emails-sender/:id/cancel',
    access: 'emails-sender.send',
    summary: 'Stops a send: its recipients not yet sent to are not sent to (409 when it is not running)',
    schema: { params: idParams, response: { 200: emailSendSchema } },
    handler: (ctx, { params }) => cancelSend(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/emails-sender/:id/resend-failed',
    access: 'emails-sender.send',
    summary:
      'Queues a finished send’s failed recipients again and runs it (409 when none failed or it is running)',
    schema: { params: idParams, response: { 200: emailSendSchema } },
    handler: (ctx, { params }) => resendFailed(ctx, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/unsubscribe',
    areas: ['central'],
    mountAt: UNSUBSCRIBE_PATH,
    access: 'public',
    rateLimit: 'publicLink',
    tags,
    summary:
      'The unsubscribe page of a mail that is not essential (HTML, in the resident’s language): a button; a GET ' +
      'changes nothing (mail scanners follow links)',
    schema: { querystring: tokenQuery },
    handler: async (ctx, { query }) => {
      const answer = await unsubscribePage(ctx, query.token);
      // Returned, not sent: the platform answers once the transaction has committed.
      ctx.reply.code(answer.status).type('text/html; charset=utf-8');
      return answer.html;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/unsubscribe',
    areas: ['central'],
    mountAt: UNSUBSCRIBE_PATH,
    access: 'public',
    rateLimit: 'publicLink',
    tags,
    summary:
      'One-click unsubscribe (RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click`), also the page’s button: ' +
      'the resident gets no more mail from the property that is not essential',
    schema: { querystring: tokenQuery },
    handler: async (ctx, { query }) => {
      const answer = await unsubscribe(ctx, query.token);
      // Returned, not sent: the platform answers once the transaction has committed.
      ctx.reply.code(answer.status).type('text/html; charset=utf-8');
      return answer.html;
    },
  }),
];
