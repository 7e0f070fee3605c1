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
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { HttpError } from '../../platform/errors';
import { defineRoute, sendFile } from '../../platform/http';
import type { Scope } from '../../platform/scope';
import { areaOrigin } from '../auth/service';
import { queueTemplateMail } from '../email-templates/render';
import { propertyTimeZone } from '../properties/dates';
import { propertySettingsOf } from '../residents/service';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { checkUrlOf, visitorPermitPdf } from './documents';
import { issueReceipt, linkInvalid, linkOf, markUsed, visitorOrigin, type LiveLink } from './links';
import { visitorText } from './mail-text';
import { assertUnderPosterCap, refusedNeutrally, residentVisited } from './poster-request';
import { notify } from '../notifications/service';
import { notifyPendingVisitor } from './write';
import { getVisitor } from './service';
import * as write from './write';

/*
 * Public visitor registration (SPEC §2.1, §7; decision 0023). Every call names its link by token: the path's
 * token (GET /public/visitors/token/{token}) or `token` in the query or body beside an id — an id alone shows
 * nothing. The calls are rate-limited per address (RATE_LIMITS.publicLink). What a stranger holding the poster's
 * token may learn, use up and have mailed is bounded as decision 0037 says (poster-request.ts, mail-text.ts).
 */

/**
 * The visitor as their own link shows them: no staff notes, no override reason, and of the resident only the unit
 * of this visit — the one a poster's visitor named — never their name, their other units or their limits.
 */
async function publicVisitor(ctx: Scope, item: VisitorItem): Promise<PublicVisitor> {
  const [unit] = item.unitId
    ? await ctx.tx
        .select({ name: units.name })
        .from(units)
        .where(and(eq(units.propertyId, ctx.propertyId), eq(units.id, item.unitId)))
    : [];
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
    visiting: { unit: unit?.name ?? null },
    make: item.make ?? null,
    model: item.model ?? null,
  };
}

/**
 * How long a permit lasts, and whether a registration through this link waits for approval (the poster: unless
 * `posterApproval` is none; a personal link: as if its sender registered — staff's valid at once, a resident's
 * under `approvalRequired`; a receipt: whether its request still waits).
 */
async function validityOf(ctx: Scope, kind: PublicVisitorLink['kind'], visitor: VisitorItem | null) {
  const s = (await propertySettingsOf(ctx)).visitorPermits;
  const approval =
    kind === 'poster'
      ? s.posterApproval !== 'none'
      : kind === 'receipt'
        ? visitor?.shownStatus === 'pending'
        : visitor?.source !== 'staff' && s.approvalRequired;
  return { amount: s.validityAmount, unit: s.validityUnit, approval };
}

/** GET /public/visitors/token/{token} */
async function openLink(ctx: Scope, token: string): Promise<PublicVisitorLink> {
  const link = await linkOf(ctx, token, { kinds: ['personal', 'poster', 'receipt'] });
  const property = {
    name: ctx.property?.name ?? '',
    country: ctx.property?.country ?? null,
    timezone: await propertyTimeZone(ctx),
  };
  const item = link.kind === 'poster' ? null : await getVisitor(ctx, link.visitorId!);
  const visitor = item ? await publicVisitor(ctx, item) : null;
  return { kind: link.kind, property, visitor, validity: await validityOf(ctx, link.kind, item) };
}

/**
 * A poster's link as GET /public/visitors/token/{token} answers it, for the server to draw the page the poster's QR
 * code opens (decision 0050); null for any other token — a personal link or a receipt names a visitor, and such a
 * page is left to the browser to draw, as is any token the API refuses.
 */
export async function posterLinkForPage(ctx: Scope, token: string): Promise<PublicVisitorLink | null> {
  if (!visitorTokenSchema.safeParse(token).success) return null;
  const link = await openLink(ctx, token).catch((err: unknown) => {
    if (err instanceof HttpError) return null;
    throw err;
  });
  if (link?.kind !== 'poster') return null;
  // As the route sends it: through its response schema, then JSON.
  return JSON.parse(JSON.stringify(publicVisitorLinkSchema.parse(link))) as PublicVisitorLink;
}

/** The link a token names must be of this visitor (a personal link, used or not, or a receipt). */
async function linkOfVisitor(ctx: Scope, token: string, id: number): Promise<LiveLink> {
  const link = await linkOf(ctx, token, { kinds: ['personal', 'receipt'], allowUsed: true });
  if (link.visitorId !== id) throw linkInvalid();
  return link;
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

/**
 * Tells the resident a visitor asks to visit them (when they approve poster requests), in their language. The
 * visitor's name and plate are a stranger's typing: in the body only, quoted, defused (mail-text.ts), and the mail
 * says so; the subject is the product's own words.
 */
async function askResident(ctx: Scope, visitor: VisitorItem) {
  const [who] = await ctx.tx
    .select({ email: tenantUsers.email, fullName: tenantUsers.fullName, language: tenantUsers.language })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.propertyId, ctx.propertyId), eq(tenantUsers.id, visitor.residentId)));
  if (!who?.email) return;
  const lang = (who.language as typeof ctx.lang) ?? ctx.lang;
  const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
    template: 'visitor-request',
    to: who.email,
    language: lang,
    propertyId: ctx.propertyId,
    place: ctx.property?.name,
    values: {
      name: who.fullName,
      visitor: visitorText(visitor.name),
      plate: visitorText(visitor.plate),
      place: ctx.property?.name ?? '',
      url: `${areaOrigin(ctx)}/my/visitors/${visitor.id}/show`,
    },
  });
  ctx.afterCommit(wake);
}

/**
 * Mails the visitor their receipt link (to follow the request and keep the permit), when they gave an email — an
 * address anyone may type, so their name and plate go in defused as for the resident.
 */
async function mailReceipt(ctx: Scope, visitor: VisitorItem, receipt: string) {
  if (!visitor.email) return;
  const place = ctx.property?.name ?? '';
  const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
    template: 'visitor-receipt',
    to: visitor.email,
    language: ctx.lang,
    propertyId: ctx.propertyId,
    place: ctx.property?.name,
    values: {
      name: visitorText(visitor.name),
      place,
      code: visitor.permitCode ?? '',
      plate: visitorText(visitor.plate),
      url: `${visitorOrigin(ctx)}/register/visitors/${encodeURIComponent(receipt)}`,
    },
  });
  ctx.afterCommit(wake);
}

/**
 * POST /public/visitors: a visitor registers through the property's poster. Within the resident's cap of requests
 * nobody granted; a limit breached (only granted permits count) is refused without naming it.
 */
async function registerThroughPoster(ctx: Scope, body: PosterBody) {
  await linkOf(ctx, body.token, { kinds: ['poster'] });
  const visited = await residentVisited(ctx, body.unit, body.residentName);
  const approval = (await propertySettingsOf(ctx)).visitorPermits.posterApproval;
  await assertUnderPosterCap(ctx, visited.residentId);
  const item = await refusedNeutrally(() =>
    write.registerVisitor(
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
    ),
  );
  if (approval === 'resident' && item.permitStatus === 'pending') {
    await askResident(ctx, item);
    await notify(ctx, {
      kind: 'posterRequest',
      recordId: item.id,
      params: { name: item.name, plate: item.plate ?? '' },
      to: { type: 'tenant-resident', id: item.residentId },
    });
  } else if (item.permitStatus === 'pending') await notifyPendingVisitor(ctx, item);
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
    const item = await refusedNeutrally(() =>
      write.updateVisitor(ctx, id, staffBody, { canOverride: false, approval, source: 'link' }),
    );
    await markUsed(ctx, link.id);
    const receiptToken = await issueReceipt(ctx, id);
    await mailReceipt(ctx, item, receiptToken);
    return { receiptToken, visitor: await publicVisitor(ctx, item) };
  }
  if (before.shownStatus !== 'pending') throw new HttpError(422, 'visitors.public.notPending');
  // A correction keeps the request's validity; the plate is checked again (bans, limits).
  const item = await refusedNeutrally(() =>
    write.updateVisitor(ctx, id, staffBody, { canOverride: false, approval: 'pending' }),
  );
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
      "The visitor's permit (PDF, large type) through their link (?token=): only once it is valid; while the " +
      'request waits for approval → 422 saying so',
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
      "A visitor registers through the property's poster (body.token), naming the unit and the resident's full " +
      'last name (no match → 422 that does not say which part). The request is pending for the resident or staff ' +
      '(setting posterApproval), or valid at once; bans apply, and the limits count granted permits only. A ' +
      'resident receives at most POSTER_REQUESTS_PER_DAY requests nobody granted a day; beyond it, or beyond a ' +
      'limit, → 422 with one neutral message. Answers a receipt token and the visitor, with nothing of the ' +
      'resident but the unit named',
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
