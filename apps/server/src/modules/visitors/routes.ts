import {
  BULK_MAX,
  bulkIdsBody,
  bulkOutcomeSchema,
  idParams,
  listResponseSchema,
  messageResponse,
  VISITOR_PERMIT_TRANSITIONS,
  VISITOR_PERSON_ACTIONS,
  visitorBody,
  visitorBodyFor,
  visitorItemSchema,
  visitorRefreshSchema,
  visitorTransitionBody,
  visitorValiditySchema,
} from '@parkade/contract';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf, sendFile } from '../../platform/http';
import { t } from '../../platform/i18n';
import { formRulesOf } from '../form-rules/service';
import { propertySettingsOf } from '../residents/service';
import { bulkApprove } from './bulk';
import { exportVisitors, visitorPermitPdf, withCheckUrl } from './documents';
import { myVisitorsRoutes } from './my';
import { visitorLinkRoutes } from './poster';
import { publicVisitorsRoutes } from './public';
import * as service from './service';
import * as write from './write';

const tags = ['visitors'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
/** Staff issue valid permits and may exceed a limit with a reason. */
const STAFF = { canOverride: true, approval: 'valid' } as const;

const transitionRoutes = VISITOR_PERSON_ACTIONS.map((action) =>
  defineRoute({
    ...scoped,
    method: 'POST',
    url: `/visitors/:id/${action}`,
    access: 'visitors.edit',
    summary:
      `${action[0]!.toUpperCase()}${action.slice(1)}s a visitor permit: from ` +
      `${VISITOR_PERMIT_TRANSITIONS[action].from.join(' or ')} to ${VISITOR_PERMIT_TRANSITIONS[action].to}; ` +
      'any other status, or a permit past its validity → 422' +
      (action === 'approve'
        ? '; a request counts toward the limits from its approval, so approving one beyond a limit → 422 naming it'
        : ''),
    schema: { params: idParams, body: visitorTransitionBody, response: { 200: visitorItemSchema } },
    handler: async (ctx, { params, body }) =>
      withCheckUrl(ctx, await write.transition(ctx, params.id, action, body.comment)),
  }),
);

export const visitorsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/visitors',
    access: 'visitors.index',
    summary:
      'Visitors: filter[status] by shown status (pending, valid = valid now, expired, revoked, rejected, none = ' +
      'no permit), residentId, unitId, from/to (validity overlapping), plate; filter[term] searches name, phone, ' +
      'plate (any way typed), permit code and resident; includes resident, unit, make, model, state',
    schema: {
      querystring: service.visitorsList.querystring,
      response: { 200: listResponseSchema(visitorItemSchema) },
    },
    handler: (ctx) => service.visitorsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/visitors/validity',
    access: 'visitors.create',
    summary:
      "How long a new visitor permit lasts: the property's setting, for the register form to say; staff's permits " +
      'are valid at once (`approval` false), from the start chosen or now, whichever is later',
    schema: { response: { 200: visitorValiditySchema } },
    handler: async (ctx) => {
      const { validityAmount, validityUnit } = (await propertySettingsOf(ctx)).visitorPermits;
      return { amount: validityAmount, unit: validityUnit, approval: false };
    },
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/visitors/export',
    access: 'visitors.export',
    rateLimit: 'export',
    summary:
      "The visitors the list's parameters select (filters, term, sort), as .xlsx; formula-like text neutralised",
    schema: { querystring: service.visitorsList.querystring },
    handler: async (ctx) => sendFile(ctx.reply, await exportVisitors(ctx, queryOf(ctx.req))),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/visitors/refresh-expired-permits',
    access: 'visitors.refresh',
    summary:
      'Stores `expired` on the pending and valid visitor permits past their validity (a scheduled job does it ' +
      'every 5 minutes too; they already count as expired from the instant they end)',
    schema: { response: { 200: visitorRefreshSchema } },
    handler: async (ctx) => {
      const expired = await write.refreshExpired(ctx);
      return { message: t(ctx.lang, 'visitors.refreshed', { count: expired }), expired };
    },
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/visitors',
    access: 'visitors.create',
    summary:
      'Registers a visitor (SPEC §3; the headers `module: visitors`, `action: create` are accepted, not needed). ' +
      "With a plate the visitor gets a valid permit for the property's visitor validity from validFrom (default " +
      'now); a banned plate → 422; a limit reached → 422 naming it and when the next permit is possible, unless ' +
      'overrideReason is given (audited)',
    schema: { body: visitorBody, response: { 200: visitorItemSchema } },
    bodySchema: async (ctx) => visitorBodyFor(await formRulesOf(ctx), ctx.property?.country),
    handler: async (ctx, { body }) => withCheckUrl(ctx, await write.registerVisitor(ctx, body, STAFF)),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/visitors/:id',
    access: 'visitors.show',
    summary:
      'One visitor with its shown status, the actions allowed now, every include and `checkUrl` (the public ' +
      'check page of its permit, /permit/{token})',
    schema: { params: idParams, response: { 200: visitorItemSchema } },
    handler: async (ctx, { params }) => withCheckUrl(ctx, await service.getVisitor(ctx, params.id)),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/visitors/:id',
    access: 'visitors.edit',
    summary:
      'Changes a visitor (the resident visited stays). A plate given to a visitor without a permit issues one; a ' +
      'new validFrom moves a live permit; limits and bans are checked as on registration',
    schema: { params: idParams, body: visitorBody, response: { 200: visitorItemSchema } },
    bodySchema: async (ctx) => visitorBodyFor(await formRulesOf(ctx), ctx.property?.country),
    handler: async (ctx, { params, body }) =>
      withCheckUrl(ctx, await write.updateVisitor(ctx, params.id, body, STAFF)),
  }),
  ...transitionRoutes,
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/visitors/bulk/approve',
    access: 'visitors.edit',
    summary:
      `Approves the visitor requests named by \`ids\` (at most ${BULK_MAX}), each as POST /visitors/{id}/approve ` +
      'does (its window starts at approval, bans and limits checked, audited, the visitor who registered themselves ' +
      'emailed); answers how many were done and each skipped with the reason, translated',
    schema: { body: bulkIdsBody, response: { 200: bulkOutcomeSchema } },
    handler: (ctx, { body }) => bulkApprove(ctx, body.ids),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/visitors/:id/permit.pdf',
    rateLimit: 'document',
    access: 'visitors.show',
    summary:
      "The visitor permit (PDF, large type): the property's logo, code, plate, validity and a QR code to the " +
      'public check page /permit/{token}; only a valid permit: a request waiting for approval → 422 saying so ' +
      '(its time starts at approval), any other status → 422 naming it',
    schema: { params: idParams },
    handler: async (ctx, { params }) => sendFile(ctx.reply, await visitorPermitPdf(ctx, params.id)),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/visitors/:id',
    access: 'visitors.delete',
    summary: 'Deletes a visitor',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await write.deleteVisitor(ctx, params.id);
      return deletedMessage(ctx, 'visitors');
    },
  }),
  ...myVisitorsRoutes,
  ...visitorLinkRoutes,
  ...publicVisitorsRoutes,
];
