import {
  formBoolean,
  BULK_MAX,
  bulkIdsBody,
  bulkOutcomeSchema,
  idParams,
  listResponseSchema,
  messageResponse,
  PERMIT_ACTION_PERMISSIONS,
  PERMIT_ACTIONS,
  PERMIT_TRANSITIONS,
  permitBody,
  permitBodyFor,
  permitBulkRevokeBody,
  permitEditQuery,
  permitItemSchema,
  permitPrintQuery,
  permitTransitionBody,
  publicPermitSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { formRulesOf } from '../form-rules/service';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf, type RouteContext, sendFile } from '../../platform/http';
import { bulkTransition } from './bulk';
import { myPermitsRoutes } from './my';
import { permitPdf } from './print';
import * as file from './file';
import * as service from './service';
import * as write from './write';

const tags = ['permits'];
/** The SPEC §5 manager flag: the manager role's permit form has the type-2 rule. */
const isManager = (ctx: RouteContext) => ctx.session?.user.role === 'manager';
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };

const transitionRoutes = PERMIT_ACTIONS.map((action) =>
  defineRoute({
    ...scoped,
    method: 'POST',
    url: `/permits/:id/${action}`,
    access: PERMIT_ACTION_PERMISSIONS[action],
    summary:
      `${action[0]!.toUpperCase()}${action.slice(1)}s a permit: from ${PERMIT_TRANSITIONS[action].from.join(' or ')} ` +
      `to ${PERMIT_TRANSITIONS[action].to}${action === 'reject' ? ' (comment required)' : ''}; any other status → 422`,
    schema: { params: idParams, body: permitTransitionBody, response: { 200: permitItemSchema } },
    handler: (ctx, { params, body }) => write.transition(ctx, params.id, action, body.comment),
  }),
);

/** The list's bulk actions: each row as its one-row action, done or skipped with the reason (platform/bulk.ts). */
const bulkRoutes = [
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/permits/bulk/approve',
    access: PERMIT_ACTION_PERMISSIONS.approve,
    summary:
      `Approves the permits named by \`ids\` (at most ${BULK_MAX}), each as POST /permits/{id}/approve does (audited ` +
      'per permit); answers how many were done and each skipped with the reason, translated (not pending any more, ' +
      'a banned plate, not found in this property). Each permit is done whole or not at all',
    schema: { body: bulkIdsBody, response: { 200: bulkOutcomeSchema } },
    handler: (ctx, { body }) => bulkTransition(ctx, body.ids, 'approve', null),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/permits/bulk/revoke',
    access: PERMIT_ACTION_PERMISSIONS.revoke,
    summary:
      `Revokes the permits named by \`ids\` (at most ${BULK_MAX}) with the one optional comment, each as POST ` +
      '/permits/{id}/revoke does (audited per permit); answers how many were done and each skipped with the reason',
    schema: { body: permitBulkRevokeBody, response: { 200: bulkOutcomeSchema } },
    handler: (ctx, { body }) => bulkTransition(ctx, body.ids, 'revoke', body.comment ?? null),
  }),
];

export const permitsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/permits',
    access: 'permits.index',
    summary:
      'Permits: filter[status] by shown status (pending, approved = valid today, expired, rejected, revoked, ' +
      'inactive), residentId, vehicleId, permitTypeId; filter[term] searches code, plate, owner; sorts code, ' +
      'createdAt, expiresOn, status; includes resident, vehicle, permitType, spot',
    schema: {
      querystring: service.permitsList.querystring,
      response: { 200: listResponseSchema(permitItemSchema) },
    },
    handler: (ctx) => service.permitsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/permits',
    access: 'permits.create',
    summary:
      'Issues a permit (SPEC §3 form; for managers type 2 needs spotId and endDate; a vehicle unless the permit type ' +
      'says otherwise). issueValid=true (needs permits.approve, else 403) issues it valid at once, audited as ' +
      "created and approved; false leaves it pending; left out, pending when the property's settings require " +
      'approval, else valid at once. The resident may hold as many live permits as vehicles allowed',
    schema: { body: permitBody, response: { 200: permitItemSchema } },
    bodySchema: async (ctx) =>
      permitBodyFor({ manager: isManager(ctx), action: null, rules: await formRulesOf(ctx) }),
    handler: (ctx, { body }) => write.createPermit(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/permits/:id',
    access: 'permits.show',
    summary: 'One permit with its shown status and the actions allowed now',
    schema: { params: idParams, response: { 200: permitItemSchema } },
    handler: (ctx, { params }) => service.getPermit(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/permits/:id',
    access: 'permits.edit',
    summary:
      'Changes a permit; ?action=change-vehicle changes its vehicle (counted against changes allowed, exempt from ' +
      'the type-2 rule)',
    schema: {
      params: idParams,
      querystring: permitEditQuery,
      body: permitBody,
      response: { 200: permitItemSchema },
    },
    bodySchema: async (ctx, { query }) =>
      permitBodyFor({ manager: isManager(ctx), action: query.action ?? null, rules: await formRulesOf(ctx) }),
    handler: (ctx, { params, body, query }) => write.updatePermit(ctx, params.id, body, query.action ?? null),
  }),
  ...transitionRoutes,
  ...bulkRoutes,
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/permits/:id/print',
    rateLimit: 'document',
    access: 'permits.show',
    summary:
      'The printable permit (PDF): format ppm1 (top left, perforated) or ppm2 (bottom left, peel), margins in mm; ' +
      "with the property's logo, the code and a QR code to the permit's public check page",
    schema: { params: idParams, querystring: permitPrintQuery },
    handler: async (ctx, { params, query }) => sendFile(ctx.reply, await permitPdf(ctx, params.id, query)),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/permits/:id',
    access: 'permits.delete',
    summary: 'Deletes a permit',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await write.deletePermit(ctx, params.id);
      return deletedMessage(ctx, 'permits');
    },
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/permits/:id/file',
    access: 'permits.edit',
    multipart: 'files',
    summary:
      "Attaches the permit's file (field `file`): pdf, png, jpg or webp up to 5 MB; a new file replaces the " +
      'previous one',
    schema: { params: idParams, response: { 200: permitItemSchema } },
    handler: (ctx, { params }) => file.savePermitFile(ctx, params.id, ctx.files),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/permits/:id/file',
    access: 'permits.show',
    summary:
      "The permit's file: its bytes, images inline, other types (or ?download=1) as a download; 404 when it has none",
    schema: { params: idParams, querystring: z.object({ download: formBoolean.optional() }) },
    handler: async (ctx, { params, query }) =>
      sendFile(ctx.reply, await file.permitFile(ctx, params.id, query.download === true)),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/permits/:id/file',
    access: 'permits.edit',
    summary: "Removes the permit's file (the stored file is deleted)",
    schema: { params: idParams, response: { 200: permitItemSchema } },
    handler: (ctx, { params }) => file.removePermitFile(ctx, params.id),
  }),
  defineRoute({
    areas: ['tenant'] as const,
    tags,
    method: 'GET',
    url: '/public/permits/:token',
    rateLimit: 'publicLink',
    access: 'public',
    summary:
      "A permit's public check (the printed QR code): code, plate, property, shown status and validity only",
    schema: {
      params: z.object({ token: z.string().min(20).max(64) }),
      response: { 200: publicPermitSchema },
    },
    handler: (ctx, { params }) => service.publicPermit(ctx, params.token),
  }),
  ...myPermitsRoutes,
];
