import {
  idParams,
  publicVisitorLinkSchema,
  publicVisitorPosterBody,
  publicVisitorPosterBodyFor,
  publicVisitorResultSchema,
  publicVisitorSchema,
  publicVisitorTokenQuery,
  publicVisitorUpdateBody,
  publicVisitorUpdateBodyFor,
  visitorTokenSchema,
  type PublicVisitor,
  type PublicVisitorLink,
  type VisitorItem,
} from '@parkade/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { fieldError, HttpError } from '../../platform/errors';
import { defineRoute, sendFile } from '../../platform/http';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { areaOrigin } from '../auth/service';
import { queueMail } from '../outbox/mail';
import { propertySettingsOf } from '../residents/service';
import { residents, residentUnits } from '../residents/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { checkUrlOf, visitorPermitPdf } from './documents';
import { issueReceipt, linkInvalid, linkOf, markUsed, visitorOrigin, type LiveLink } from './links';
import { getVisitor } from './service';
import * as write from './write';

/*
 * Public visitor registration (SPEC §2.1, §7; decision 0023). Every call names its link by token: the path's
 * token (GET /public/visitors/token/{token}) or `token` in the query or body beside an id — an id alone shows
 * nothing. The calls are rate-limited per address (RATE_LIMITS.publicLink).
 */

/** The visitor as their own link shows them: no staff notes, no override reason, no other resident's data. */
async function publicVisitor(ctx: Scope, item: VisitorItem): Promise<PublicVisitor> {
  const held = await ctx.tx
    .select({ id: units.id, name: units.name })
    .from(residentUnits)
    .innerJoin(units, and(eq(units.propertyId, residentUnits.propertyId), eq(units.id, residentUnits.unitId)))
    .where(and(eq(residentUnits.propertyId, ctx.propertyId), eq(residentUnits.residentId, item.residentId)))
    .orderBy(asc(residentUnits.position), asc(units.name));
  return {
    id: item.id,
    name: item.name,
    phone: item.phone,
    email: item.email,
    plate: item.plate,
    color: item.color,
    vehicleType: item.vehicleType,
    temporaryPlates: item.temporaryPlates,
    source: item.source,
    permitCode: item.permitCode,
    shownStatus: item.shownStatus,
    validFrom: item.validFrom,
    validUntil: item.validUntil,
    statusComment: item.statusComment,
    checkUrl: checkUrlOf(ctx, item.permitCode),
    resident: { fullName: item.resident?.fullName ?? '', units: held },
    make: item.make ?? null,
    model: item.model ?? null,
  };
}

async function validityOf(ctx: Scope) {
  const s = (await propertySettingsOf(ctx)).visitorPermits;
  return { amount: s.validityAmount, unit: s.validityUnit };
}

/** GET /public/visitors/token/{token} */
async function openLink(ctx: Scope, token: string): Promise<PublicVisitorLink> {
  const link = await linkOf(ctx, token, { kinds: ['personal', 'poster', 'receipt'] });
  const property = { name: ctx.property?.name ?? '', country: ctx.property?.country ?? null };
  const visitor =
    link.kind === 'poster' ? null : await publicVisitor(ctx, await getVisitor(ctx, link.visitorId!));
  return { kind: link.kind, property, visitor, validity: await validityOf(ctx) };
}

/** The link a token names must be of this visitor (a personal link, used or not, or a receipt). */
async function linkOfVisitor(ctx: Scope, token: string, id: number): Promise<LiveLink> {
  const link = await linkOf(ctx, token, { kinds: ['personal', 'receipt'], allowUsed: true });
  if (link.visitorId !== id) throw linkInvalid();
  return link;
}

/**
 * Whom a poster's visitor visits: an active resident holding the unit named (as written on the door, any case)
 * whose name has the word given (their last name, any case). The refusal never says which part was wrong.
 */
async function residentVisited(ctx: Scope, unit: string, name: string) {
  const word = name.trim().toLowerCase();
  const rows = await ctx.tx
    .select({ residentId: residents.id, unitId: units.id, fullName: tenantUsers.fullName })
    .from(units)
    .innerJoin(
      residentUnits,
      and(eq(residentUnits.propertyId, units.propertyId), eq(residentUnits.unitId, units.id)),
    )
    .innerJoin(
      residents,
      and(eq(residents.propertyId, residentUnits.propertyId), eq(residents.id, residentUnits.residentId)),
    )
    .innerJoin(
      tenantUsers,
      and(eq(tenantUsers.propertyId, residents.propertyId), eq(tenantUsers.id, residents.id)),
    )
    .where(
      and(
        eq(units.propertyId, ctx.propertyId),
        sql`lower(${units.name}) = ${unit.trim().toLowerCase()}`,
        isNull(residents.deletedAt),
        eq(residents.status, 'active'),
      ),
    )
    .orderBy(asc(residents.id));
  const found = rows.find(
    (r) =>
      r.fullName.toLowerCase() === word ||
      r.fullName
        .toLowerCase()
        .split(/[\s,.-]+/)
        .includes(word),
  );
  if (!found) throw fieldError('residentName', 'visitors.public.residentNotFound');
  return found;
}

type PosterBody = z.output<typeof publicVisitorPosterBody>;
type UpdateBody = z.output<typeof publicVisitorUpdateBody>;

const vehicleOf = (b: UpdateBody) => ({
  name: b.name,
  phone: b.phone,
  email: b.email ?? null,
  plate: b.plate,
  color: b.color,
  vehicleType: b.vehicleType ?? null,
  temporaryPlates: b.temporaryPlates,
});

/** Tells the resident a visitor asks to visit them (when they approve poster requests), in their language. */
async function askResident(ctx: Scope, visitor: VisitorItem) {
  const [who] = await ctx.tx
    .select({ email: tenantUsers.email, fullName: tenantUsers.fullName, language: tenantUsers.language })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.propertyId, ctx.propertyId), eq(tenantUsers.id, visitor.residentId)));
  if (!who?.email) return;
  const lang = (who.language as typeof ctx.lang) ?? ctx.lang;
  const wake = await queueMail(ctx.tx, ctx.services.jobs, {
    to: who.email,
    subject: t(lang, 'visitors.public.askSubject', { visitor: visitor.name }),
    text: t(lang, 'visitors.public.askBody', {
      name: who.fullName,
      visitor: visitor.name,
      plate: visitor.plate ?? '',
      place: ctx.property?.name ?? '',
      url: `${areaOrigin(ctx)}/my/visitors/${visitor.id}/show`,
    }),
    kind: 'visitor-request',
    propertyId: ctx.propertyId,
  });
  ctx.afterCommit(wake);
}

/** Mails the visitor their receipt link (to follow the request and keep the permit), when they gave an email. */
async function mailReceipt(ctx: Scope, visitor: VisitorItem, receipt: string) {
  if (!visitor.email) return;
  const place = ctx.property?.name ?? '';
  const wake = await queueMail(ctx.tx, ctx.services.jobs, {
    to: visitor.email,
    subject: t(ctx.lang, 'visitors.public.receiptSubject', { place }),
    text: t(ctx.lang, 'visitors.public.receiptBody', {
      name: visitor.name,
      place,
      code: visitor.permitCode ?? '',
      plate: visitor.plate ?? '',
      url: `${visitorOrigin(ctx)}/register/visitors/${encodeURIComponent(receipt)}`,
    }),
    kind: 'visitor-receipt',
    propertyId: ctx.propertyId,
  });
  ctx.afterCommit(wake);
}

/** POST /public/visitors: a visitor registers through the property's poster. */
async function registerThroughPoster(ctx: Scope, body: PosterBody) {
  await linkOf(ctx, body.token, { kinds: ['poster'] });
  const visited = await residentVisited(ctx, body.unit, body.residentName);
  const approval = (await propertySettingsOf(ctx)).visitorPermits.posterApproval;
  const item = await write.registerVisitor(
    ctx,
    {
      ...vehicleOf(body),
      residentId: visited.residentId,
      unitId: visited.unitId,
      stateId: null,
      makeId: null,
      modelId: null,
      validFrom: null,
      overrideReason: null,
    },
    { canOverride: false, approval: approval === 'none' ? 'valid' : 'pending', source: 'poster' },
  );
  if (approval === 'resident' && item.permitStatus === 'pending') await askResident(ctx, item);
  const receiptToken = await issueReceipt(ctx, item.id);
  await mailReceipt(ctx, item, receiptToken);
  return { receiptToken, visitor: await publicVisitor(ctx, item) };
}

/**
 * PUT /public/visitors/{id}: with an unused personal link, the visitor completes their registration and the permit
 * is issued as if its sender had registered it (a resident's link under the approval setting, staff's valid); the
 * link is then used up. With a receipt, a request still pending is corrected.
 */
async function updateThroughLink(ctx: Scope, id: number, body: UpdateBody) {
  const link = await linkOf(ctx, body.token, {
    kinds: ['personal', 'receipt'],
    forUpdate: true,
    allowUsed: true,
  });
  if (link.visitorId !== id) throw linkInvalid();
  const before = await getVisitor(ctx, id);
  const staffBody = {
    ...vehicleOf(body),
    residentId: before.residentId,
    unitId: before.unitId,
    stateId: before.stateId,
    makeId: before.makeId,
    modelId: before.modelId,
    validFrom: null,
    overrideReason: null,
  };
  if (link.kind === 'personal') {
    if (link.usedAt) throw new HttpError(410, 'visitors.link.used');
    if (before.shownStatus !== 'none') throw new HttpError(410, 'visitors.link.used');
    const approval = before.source === 'staff' ? 'valid' : 'settingsApproval';
    const item = await write.updateVisitor(ctx, id, staffBody, {
      canOverride: false,
      approval,
      source: 'link',
    });
    await markUsed(ctx, link.id);
    const receiptToken = await issueReceipt(ctx, id);
    await mailReceipt(ctx, item, receiptToken);
    return { receiptToken, visitor: await publicVisitor(ctx, item) };
  }
  if (before.shownStatus !== 'pending') throw new HttpError(422, 'visitors.public.notPending');
  // A correction keeps the request's validity; the plate is checked again (bans, limits).
  const item = await write.updateVisitor(ctx, id, staffBody, { canOverride: false, approval: 'pending' });
  return { receiptToken: body.token, visitor: await publicVisitor(ctx, item) };
}

const throughLink = { areas: ['tenant'] as const, tags: ['visitors'], access: 'public' as const };

export const publicVisitorsRoutes = [
  defineRoute({
    ...throughLink,
    method: 'GET',
    url: '/public/visitors/token/:token',
    rateLimit: 'publicLink',
    summary:
      "What a visitor's link opens: the property's poster (register, naming the unit and the resident), a " +
      'personal link (the visitor a resident or staff started, to complete) or a receipt (the request and its ' +
      'permit). Unknown, expired or retired → 404; a personal link already used → 410',
    schema: { params: z.object({ token: visitorTokenSchema }), response: { 200: publicVisitorLinkSchema } },
    handler: (ctx, { params }) => openLink(ctx, params.token),
  }),
  defineRoute({
    ...throughLink,
    method: 'GET',
    url: '/public/visitors/:id',
    rateLimit: 'publicLink',
    summary:
      'One visitor through their link: ?token= (a personal link or a receipt of this visitor) is required',
    schema: {
      params: idParams,
      querystring: publicVisitorTokenQuery,
      response: { 200: publicVisitorSchema },
    },
    handler: async (ctx, { params, query }) => {
      await linkOfVisitor(ctx, query.token, params.id);
      return publicVisitor(ctx, await getVisitor(ctx, params.id));
    },
  }),
  defineRoute({
    ...throughLink,
    method: 'GET',
    url: '/public/visitors/:id/permit.pdf',
    rateLimit: 'document',
    summary:
      "The visitor's permit (PDF, large type) through their link (?token=): only once it is pending or valid",
    schema: { params: idParams, querystring: publicVisitorTokenQuery },
    handler: async (ctx, { params, query }) => {
      await linkOfVisitor(ctx, query.token, params.id);
      return sendFile(ctx.reply, await visitorPermitPdf(ctx, params.id));
    },
  }),
  defineRoute({
    ...throughLink,
    method: 'POST',
    url: '/public/visitors',
    rateLimit: 'publicLink',
    summary:
      "A visitor registers through the property's poster (body.token), naming the unit and the resident's last " +
      'name (no match → 422 that does not say which part). The request is pending for the resident or staff ' +
      '(setting posterApproval), or valid at once; limits and bans apply. Answers a receipt token',
    schema: { body: publicVisitorPosterBody, response: { 200: publicVisitorResultSchema } },
    bodySchema: (ctx) => publicVisitorPosterBodyFor(ctx.property?.country),
    handler: (ctx, { body }) => registerThroughPoster(ctx, body),
  }),
  defineRoute({
    ...throughLink,
    method: 'PUT',
    url: '/public/visitors/:id',
    rateLimit: 'publicLink',
    summary:
      'With a personal link (body.token, single use): the visitor completes their registration and their permit ' +
      'is issued. With a receipt: a request still pending is corrected. Answers a receipt token',
    schema: { params: idParams, body: publicVisitorUpdateBody, response: { 200: publicVisitorResultSchema } },
    bodySchema: (ctx) => publicVisitorUpdateBodyFor(ctx.property?.country),
    handler: (ctx, { params, body }) => updateThroughLink(ctx, params.id, body),
  }),
];
