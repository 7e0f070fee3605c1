import {
  idParams,
  listResponseSchema,
  myVisitorBody,
  myVisitorBodyFor,
  VISITOR_PERMIT_TRANSITIONS,
  VISITOR_PERSON_ACTIONS,
  visitorItemSchema,
  visitorTransitionBody,
  visitorValiditySchema,
  type PosterApproval,
  type VisitorItem,
  type VisitorPersonAction,
} from '@parkade/contract';
import type { z } from 'zod';
import { HttpError } from '../../platform/errors';
import { defineRoute, queryOf, sendFile } from '../../platform/http';
import type { Scope } from '../../platform/scope';
import { formRulesOf } from '../form-rules/service';
import { propertySettingsOf } from '../residents/service';
import { visitorPermitPdf, withCheckUrl } from './documents';
import { myVisitorId } from './mine';
import { getVisitor, myVisitorsList } from './service';
import * as write from './write';

/*
 * The resident's own visitors (SPEC §2.3 /my/visitors): the staff writes with the resident visited fixed to the
 * signed-in one. A resident's registration is pending when the property's settings require approval (staff
 * approve it), and no limit can be exceeded (no override). Another resident's visitor is a 404, as if it did not
 * exist. A resident may revoke a valid permit of their own visitor (the visitor left), and approve or reject a
 * request their visitor made from the property's poster when `visitorPermits.posterApproval` is 'resident'.
 */

/** A resident registers like a visitor's host: never beyond a limit, pending when the settings require approval. */
export const RESIDENT = { canOverride: false, approval: 'settingsApproval', source: 'resident' } as const;

type Body = z.output<typeof myVisitorBody>;

/** Whether the resident may take this action on this visitor (within what the workflow allows now). */
function residentMay(item: VisitorItem, action: VisitorPersonAction, posterApproval: PosterApproval) {
  if (action === 'revoke') return true;
  return item.source === 'poster' && posterApproval === 'resident';
}

const posterApprovalOf = async (ctx: Scope) => (await propertySettingsOf(ctx)).visitorPermits.posterApproval;

/** A visitor as the resident sees it: `actions` are the moves the resident may make now. */
const forResident = (item: VisitorItem, posterApproval: PosterApproval): VisitorItem => ({
  ...item,
  actions: item.actions.filter((a) => residentMay(item, a, posterApproval)),
});

export async function myVisitor(ctx: Scope, id: number) {
  await myVisitorId(ctx, id);
  return forResident(withCheckUrl(ctx, await getVisitor(ctx, id)), await posterApprovalOf(ctx));
}

/**
 * A refused limit names the resident visited (`residentId`), a field the resident's form does not have: the
 * resident's answer puts it on `validFrom`, the start they can move to when the next permit is possible.
 */
async function asResident<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof HttpError && e.fields.residentId && e.messageKey.startsWith('visitors.limit.')) {
      const { residentId, ...rest } = e.fields;
      e.fields = { ...rest, validFrom: residentId };
    }
    throw e;
  }
}

export async function registerMyVisitor(ctx: Scope, body: Body) {
  const item = await asResident(() =>
    write.registerVisitor(ctx, { ...body, residentId: ctx.user().id, overrideReason: null }, RESIDENT),
  );
  return forResident(withCheckUrl(ctx, item), await posterApprovalOf(ctx));
}

export async function updateMyVisitor(ctx: Scope, id: number, body: Body) {
  await myVisitorId(ctx, id);
  const item = await asResident(() =>
    write.updateVisitor(ctx, id, { ...body, residentId: ctx.user().id, overrideReason: null }, RESIDENT),
  );
  return forResident(withCheckUrl(ctx, item), await posterApprovalOf(ctx));
}

/**
 * The resident's moves: revoke a valid permit of their visitor; approve or reject their visitor's poster request
 * when the property lets residents approve those. The workflow table (transition) decides the rest.
 */
export async function myTransition(
  ctx: Scope,
  id: number,
  action: VisitorPersonAction,
  comment: string | null,
) {
  await myVisitorId(ctx, id);
  const posterApproval = await posterApprovalOf(ctx);
  if (action !== 'revoke') {
    const before = await getVisitor(ctx, id);
    if (before.source !== 'poster') throw new HttpError(422, 'visitors.my.staffApproves');
    if (posterApproval !== 'resident') throw new HttpError(422, 'visitors.my.posterStaffApproves');
  }
  const item = await write.transition(ctx, id, action, comment);
  return forResident(withCheckUrl(ctx, item), posterApproval);
}

const my = { areas: ['tenant'] as const, access: 'resident' as const, tags: ['visitors'] };
const bodySchema = async (ctx: Scope) => myVisitorBodyFor(await formRulesOf(ctx), ctx.property?.country);

const transitionRoutes = VISITOR_PERSON_ACTIONS.map((action) =>
  defineRoute({
    ...my,
    method: 'POST',
    url: `/my/visitors/:id/${action}`,
    summary:
      action === 'revoke'
        ? "Ends a valid permit of one of the signed-in resident's visitors (the visitor left): valid → revoked"
        : `${action === 'approve' ? 'Approves' : 'Rejects'} the pending request one of the signed-in resident's ` +
          `visitors made from the property's poster (pending → ${VISITOR_PERMIT_TRANSITIONS[action].to}), ` +
          "when the property's posterApproval is 'resident'; any other request is staff's to decide → 422; " +
          'approving beyond a limit (only granted permits count) → 422 naming it',
    schema: { params: idParams, body: visitorTransitionBody, response: { 200: visitorItemSchema } },
    handler: (ctx, { params, body }) => myTransition(ctx, params.id, action, body.comment),
  }),
);

export const myVisitorsRoutes = [
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/visitors',
    summary:
      "The signed-in resident's visitors: filter[status] by shown status, from/to (validity overlapping); " +
      'filter[term] searches name, phone, plate and permit code; `actions` are the moves the resident may make',
    schema: {
      querystring: myVisitorsList.querystring,
      response: { 200: listResponseSchema(visitorItemSchema) },
    },
    handler: async (ctx) => {
      const page = await myVisitorsList.list(ctx, queryOf(ctx.req));
      const posterApproval = await posterApprovalOf(ctx);
      return { ...page, data: page.data.map((x) => forResident(x, posterApproval)) };
    },
  }),
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/visitors/validity',
    summary:
      "How long a new visitor permit lasts: the property's setting, for the resident's form to say, and whether it " +
      'waits for approval (`approval`: the setting approvalRequired) — its time then starts at approval',
    schema: { response: { 200: visitorValiditySchema } },
    handler: async (ctx) => {
      const { validityAmount, validityUnit, approvalRequired } = (await propertySettingsOf(ctx))
        .visitorPermits;
      return { amount: validityAmount, unit: validityUnit, approval: approvalRequired };
    },
  }),
  defineRoute({
    ...my,
    method: 'POST',
    url: '/my/visitors',
    summary:
      'Registers a visitor of the signed-in resident under the form rules: with a plate the visitor gets a permit, ' +
      "pending when the property's settings require approval; a banned plate → 422; a limit reached → 422 on " +
      'validFrom naming the limit and when the next permit is possible (residents cannot override a limit)',
    schema: { body: myVisitorBody, response: { 200: visitorItemSchema } },
    bodySchema,
    handler: (ctx, { body }) => registerMyVisitor(ctx, body),
  }),
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/visitors/:id',
    summary:
      "One of the signed-in resident's visitors with its permit and check page link (another's is 404)",
    schema: { params: idParams, response: { 200: visitorItemSchema } },
    handler: (ctx, { params }) => myVisitor(ctx, params.id),
  }),
  defineRoute({
    ...my,
    method: 'PUT',
    url: '/my/visitors/:id',
    summary:
      "Changes one of the signed-in resident's visitors (another's is 404); limits and bans are checked as on " +
      'registration, with no override',
    schema: { params: idParams, body: myVisitorBody, response: { 200: visitorItemSchema } },
    bodySchema,
    handler: (ctx, { params, body }) => updateMyVisitor(ctx, params.id, body),
  }),
  ...transitionRoutes,
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/visitors/:id/permit.pdf',
    rateLimit: 'document',
    summary:
      "The permit PDF of one of the signed-in resident's visitors, the same as staff print (another's is 404); " +
      '422 for a permit that is not valid (a request waiting for approval is told so)',
    schema: { params: idParams },
    handler: async (ctx, { params }) => {
      await myVisitorId(ctx, params.id);
      return sendFile(ctx.reply, await visitorPermitPdf(ctx, params.id));
    },
  }),
];
