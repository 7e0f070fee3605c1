import {
  formBoolean,
  idParams,
  listResponseSchema,
  optionsResponseSchema,
  requestAssignBody,
  requestBody,
  requestCommentBody,
  requestCountsSchema,
  requestItemSchema,
  requestStatusBody,
  staffRequestBody,
  type Permission,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute, queryOf, sendFile, type RouteDef } from '../../platform/http';
import type { Access } from '../../platform/admission';
import { OPTION_LISTS } from '../options/sources';
import { counts, getRequest, myRequestsList, requesterOf, requestsList } from './service';
import * as write from './write';

const tags = ['requests'];
const staff = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
const download = z.object({ download: formBoolean.optional() });
const fileParams = idParams.extend({ fileId: z.coerce.number().int().positive() });

/**
 * The requester's own requests, the same calls in two places: residents on the /my API (`/my/requests`), staff
 * holding my-requests.* (`/my-requests`, what they asked of their property). Another's request is a 404.
 */
function ownRoutes(base: string, read: Access, create: Access, who: string): RouteDef[] {
  const common = { areas: ['tenant'] as const, tags };
  return [
    defineRoute({
      ...common,
      access: read,
      method: 'GET',
      url: base,
      summary: `${who}'s own requests, newest first: filter[status], typeId, open (1/0); filter[term] searches the subject`,
      schema: {
        querystring: myRequestsList.querystring,
        response: { 200: listResponseSchema(requestItemSchema) },
      },
      handler: (ctx) => myRequestsList.list(ctx, queryOf(ctx.req)),
    }),
    defineRoute({
      ...common,
      access: create,
      method: 'GET',
      url: `${base}/types`,
      summary:
        `The request types ${who} picks from (the catalog, named in the reader's language, in its order): ` +
        '{ id, label, detail }; filter[term] searches',
      schema: {
        querystring: OPTION_LISTS['request-types'].querystring,
        response: { 200: optionsResponseSchema },
      },
      handler: (ctx) => OPTION_LISTS['request-types'].list(ctx, queryOf(ctx.req)),
    }),
    defineRoute({
      ...common,
      access: create,
      method: 'POST',
      url: base,
      multipart: 'files',
      summary:
        `${who} asks the property (multipart: typeId, subject, description, and up to 5 files in \`files\`: pdf, ` +
        'jpg, png or webp). It starts created; the office is told',
      schema: { body: requestBody, response: { 200: requestItemSchema } },
      handler: async (ctx, { body }) =>
        getRequest(ctx, await write.createRequest(ctx, body, ctx.files), requesterOf(ctx)),
    }),
    defineRoute({
      ...common,
      access: read,
      method: 'GET',
      url: `${base}/:id`,
      summary: `One of ${who}'s requests with its thread (staff replies and changes; never internal notes)`,
      schema: { params: idParams, response: { 200: requestItemSchema } },
      handler: (ctx, { params }) => getRequest(ctx, params.id, requesterOf(ctx)),
    }),
    defineRoute({
      ...common,
      access: create,
      method: 'POST',
      url: `${base}/:id/comments`,
      multipart: 'files',
      summary: `${who} replies to their open request (multipart: body and files); the assignee is told`,
      schema: { params: idParams, body: requestCommentBody, response: { 200: requestItemSchema } },
      handler: (ctx, { params, body }) => write.comment(ctx, params.id, body, ctx.files, requesterOf(ctx)),
    }),
    defineRoute({
      ...common,
      access: create,
      method: 'POST',
      url: `${base}/:id/cancel`,
      summary: `${who} withdraws their open request (canceled); a closed one → 422`,
      schema: { params: idParams, response: { 200: requestItemSchema } },
      handler: (ctx, { params }) => write.cancelOwn(ctx, params.id, requesterOf(ctx)),
    }),
    defineRoute({
      ...common,
      access: read,
      method: 'GET',
      url: `${base}/:id/files/:fileId`,
      summary: `A file of ${who}'s request or of a reply they can see`,
      schema: { params: fileParams, querystring: download },
      handler: async (ctx, { params, query }) =>
        sendFile(
          ctx.reply,
          await write.requestFile(ctx, params.id, params.fileId, query.download === true, requesterOf(ctx)),
        ),
    }),
  ];
}

const asStaff = { staff: true };

export const requestsRoutes = [
  ...ownRoutes('/my/requests', 'resident', 'resident', 'The signed-in resident'),
  ...ownRoutes(
    '/my-requests',
    'my-requests.index' satisfies Permission,
    'my-requests.create' satisfies Permission,
    'The signed-in staff member',
  ),
  defineRoute({
    ...staff,
    method: 'GET',
    url: '/requests',
    access: 'requests.index',
    summary:
      "The property's requests: filter[status], typeId, assigneeId (null: nobody), open (1/0); filter[term] searches " +
      'subject, description and requester; sorts createdAt, updatedAt, status',
    schema: {
      querystring: requestsList.querystring,
      response: { 200: listResponseSchema(requestItemSchema) },
    },
    handler: (ctx) => requestsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...staff,
    method: 'GET',
    url: '/requests/counts',
    access: 'requests.index',
    summary: 'How many requests per status, open ones assigned to the reader, open ones assigned to nobody',
    schema: { response: { 200: requestCountsSchema } },
    handler: (ctx) => counts(ctx),
  }),
  defineRoute({
    ...staff,
    method: 'POST',
    url: '/requests',
    access: 'requests.create',
    multipart: 'files',
    summary:
      'Staff write down a resident’s request made by phone or at the desk (multipart: residentId, typeId, subject, ' +
      'description, files): the resident follows it in their own requests',
    schema: { body: staffRequestBody, response: { 200: requestItemSchema } },
    handler: async (ctx, { body }) =>
      getRequest(ctx, await write.createRequest(ctx, body, ctx.files, body.residentId), asStaff),
  }),
  defineRoute({
    ...staff,
    method: 'GET',
    url: '/requests/:id',
    access: 'requests.show',
    summary: 'One request with its whole thread: replies, internal notes, changes of status and assignee',
    schema: { params: idParams, response: { 200: requestItemSchema } },
    handler: (ctx, { params }) => getRequest(ctx, params.id, asStaff),
  }),
  defineRoute({
    ...staff,
    method: 'POST',
    url: '/requests/:id/comments',
    access: 'requests.edit',
    multipart: 'files',
    summary:
      'A reply to the requester (told), or with internal=1 a note only staff see (multipart: body, internal, files)',
    schema: { params: idParams, body: requestCommentBody, response: { 200: requestItemSchema } },
    handler: (ctx, { params, body }) => write.comment(ctx, params.id, body, ctx.files, asStaff),
  }),
  defineRoute({
    ...staff,
    method: 'POST',
    url: '/requests/:id/status',
    access: 'requests.edit',
    summary:
      'Moves the request (created → in process → done, or paused, or canceled; a closed one reopens in process), ' +
      'with an optional word to the requester, who is told; another move → 422 naming both statuses',
    schema: { params: idParams, body: requestStatusBody, response: { 200: requestItemSchema } },
    handler: (ctx, { params, body }) => write.setStatus(ctx, params.id, body.status, body.comment),
  }),
  defineRoute({
    ...staff,
    method: 'POST',
    url: '/requests/:id/assign',
    access: 'requests.edit',
    summary: 'Assigns the request to a staff user of the property (told), or to nobody (null)',
    schema: { params: idParams, body: requestAssignBody, response: { 200: requestItemSchema } },
    handler: (ctx, { params, body }) => write.assign(ctx, params.id, body.assigneeId),
  }),
  defineRoute({
    ...staff,
    method: 'GET',
    url: '/requests/:id/files/:fileId',
    access: 'requests.show',
    summary: 'A file of the request or of one of its replies or notes',
    schema: { params: fileParams, querystring: download },
    handler: async (ctx, { params, query }) =>
      sendFile(
        ctx.reply,
        await write.requestFile(ctx, params.id, params.fileId, query.download === true, asStaff),
      ),
  }),
];
