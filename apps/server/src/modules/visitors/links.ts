import crypto from 'node:crypto';
import {
  VISITOR_LINK_DAYS,
  VISITOR_POSTER_DAYS,
  type VisitorLinkKind,
  type VisitorLinkSent,
  type VisitorPoster,
} from '@parkade/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { newToken, tokenHash } from '../../platform/auth';
import { HttpError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { queueTemplateMail } from '../email-templates/render';
import { visitorText } from './mail-text';
import { getVisitor } from './service';
import type { VisitorItem } from '@parkade/contract';
import { visitorLinks } from './table';

/*
 * The visitor links of decision 0023: personal links, the property's poster and visitors' receipts. Only a
 * token's SHA-256 is stored. Every lookup is inside the property the request reached (its subdomain, its own
 * domain or its visitor registration domain), so a token of one property opens nothing at another.
 */

const l = visitorLinks;
const DAY = 86_400_000;

/** Where a visitor opens their links: the property's visitor registration domain when it has one. */
export function visitorOrigin(ctx: Scope): string {
  const { env } = ctx.services;
  const p = ctx.property;
  const host = p ? p.visitorDomain || p.accessDomain || `${p.code}.${env.appDomain}` : env.appDomain;
  const port = env.publicPort && ![80, 443].includes(env.publicPort) ? `:${env.publicPort}` : '';
  return `${env.publicScheme}://${host}${port}`;
}

export const registrationUrl = (ctx: Scope, token: string) =>
  `${visitorOrigin(ctx)}/register/visitors/${encodeURIComponent(token)}`;

/** The poster's token: derived from the app secret and the link's row, so the poster can be printed again. */
const posterToken = (ctx: Scope, linkId: number) =>
  crypto
    .createHmac('sha256', ctx.services.env.secretKey)
    .update(`visitor-poster:${ctx.propertyId}:${linkId}`)
    .digest('base64url');

export const linkInvalid = () => new HttpError(404, 'visitors.link.invalid');
export const linkUsed = () => new HttpError(410, 'visitors.link.used');

export interface LiveLink {
  id: number;
  kind: VisitorLinkKind;
  visitorId: number | null;
  createdBy: number | null;
  usedAt: Date | null;
}

/**
 * The link a token names in this property, or 404 (unknown, expired, retired). A personal link already used
 * answers 410 unless `allowUsed`. `forUpdate` locks the row: of two registrations through one personal link, the
 * second waits and then finds it used.
 */
export async function linkOf(
  ctx: Scope,
  token: string,
  opts: { kinds: VisitorLinkKind[]; allowUsed?: boolean; forUpdate?: boolean },
): Promise<LiveLink> {
  const q = ctx.tx
    .select({ id: l.id, kind: l.kind, visitorId: l.visitorId, createdBy: l.createdBy, usedAt: l.usedAt })
    .from(l)
    .where(
      and(
        eq(l.propertyId, ctx.propertyId),
        eq(l.tokenHash, tokenHash(token)),
        isNull(l.revokedAt),
        gt(l.expiresAt, new Date()),
      ),
    );
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  if (!row || !(opts.kinds as string[]).includes(row.kind)) throw linkInvalid();
  if (row.usedAt && !opts.allowUsed) throw linkUsed();
  return row as LiveLink;
}

/** A receipt for a visitor: follows their request and fetches their permit, for the link's days. */
export async function issueReceipt(ctx: Scope, visitorId: number): Promise<string> {
  const token = newToken();
  await ctx.tx.insert(l).values({
    propertyId: ctx.propertyId,
    kind: 'receipt',
    tokenHash: tokenHash(token),
    visitorId,
    expiresAt: new Date(Date.now() + VISITOR_LINK_DAYS * DAY),
  });
  return token;
}

export async function markUsed(ctx: Scope, linkId: number) {
  await ctx.tx
    .update(l)
    .set({ usedAt: new Date() })
    .where(and(eq(l.propertyId, ctx.propertyId), eq(l.id, linkId)));
}

/**
 * A personal registration link for a visitor registered without a plate (no permit yet): single use, valid
 * VISITOR_LINK_DAYS days; the visitor's earlier personal links stop working. The answer carries an SMS-ready text;
 * the link is emailed when the visitor has an email.
 */
export async function sendPersonalLink(ctx: Scope, visitorId: number): Promise<VisitorLinkSent> {
  const visitor = await getVisitor(ctx, visitorId);
  if (visitor.shownStatus !== 'none') throw new HttpError(422, 'visitors.link.hasPermit');
  const now = new Date();
  await ctx.tx
    .update(l)
    .set({ revokedAt: now })
    .where(
      and(
        eq(l.propertyId, ctx.propertyId),
        eq(l.visitorId, visitorId),
        eq(l.kind, 'personal'),
        isNull(l.revokedAt),
      ),
    );
  const token = newToken();
  const expiresAt = new Date(now.getTime() + VISITOR_LINK_DAYS * DAY);
  const [link] = await ctx.tx
    .insert(l)
    .values({
      propertyId: ctx.propertyId,
      kind: 'personal',
      tokenHash: tokenHash(token),
      visitorId,
      createdBy: ctx.session?.user.id ?? null,
      expiresAt,
    })
    .returning({ id: l.id });
  const url = registrationUrl(ctx, token);
  const place = ctx.property?.name ?? '';
  const who = visitor.resident?.fullName ?? '';
  const text = t(ctx.lang, 'visitors.link.sms', { place, resident: who, url, days: VISITOR_LINK_DAYS });
  let emailed = false;
  if (visitor.email) {
    const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
      template: 'visitor-link',
      to: visitor.email,
      language: ctx.lang,
      propertyId: ctx.propertyId,
      place: ctx.property?.name,
      values: { name: visitor.name, place, resident: who, url, days: VISITOR_LINK_DAYS },
    });
    ctx.afterCommit(wake);
    emailed = true;
  }
  await ctx.audit({
    entity: 'visitors',
    entityId: visitorId,
    action: 'link',
    new: { linkId: link!.id, emailed, expiresAt: expiresAt.toISOString() },
  });
  return { url, text, emailed, expiresAt: expiresAt.toISOString() };
}

/** The property's live poster link, made on first use (one at a time, VISITOR_POSTER_DAYS days). */
export async function currentPoster(ctx: Scope, renew = false): Promise<VisitorPoster> {
  const now = new Date();
  const live = and(
    eq(l.propertyId, ctx.propertyId),
    eq(l.kind, 'poster'),
    isNull(l.revokedAt),
    gt(l.expiresAt, now),
  );
  if (renew) {
    await ctx.tx.update(l).set({ revokedAt: now }).where(live);
  } else {
    const [row] = await ctx.tx.select().from(l).where(live).orderBy(desc(l.id)).limit(1);
    if (row)
      return {
        url: registrationUrl(ctx, posterToken(ctx, row.id)),
        expiresAt: row.expiresAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
      };
  }
  // The id comes first (the token is derived from it): a placeholder hash, then the real one.
  const [row] = await ctx.tx
    .insert(l)
    .values({
      propertyId: ctx.propertyId,
      kind: 'poster',
      tokenHash: tokenHash(newToken()),
      createdBy: ctx.session?.user.id ?? null,
      expiresAt: new Date(now.getTime() + VISITOR_POSTER_DAYS * DAY),
    })
    .returning();
  const token = posterToken(ctx, row!.id);
  await ctx.tx
    .update(l)
    .set({ tokenHash: tokenHash(token) })
    .where(and(eq(l.propertyId, ctx.propertyId), eq(l.id, row!.id)));
  await ctx.audit({
    entity: 'visitors',
    action: renew ? 'poster.renew' : 'poster.create',
    new: { linkId: row!.id, expiresAt: row!.expiresAt.toISOString() },
  });
  return {
    url: registrationUrl(ctx, token),
    expiresAt: row!.expiresAt.toISOString(),
    createdAt: row!.createdAt.toISOString(),
  };
}

/**
 * Tells a visitor who registered themselves (the poster, a personal link) and gave an email that their request
 * was approved or refused, with a fresh receipt link to the permit (the first one was emailed at registration).
 * Their name and plate are their own typing, to an address they typed: defused (mail-text.ts).
 */
export async function tellVisitorDecision(ctx: Scope, visitor: VisitorItem) {
  if (!visitor.email || (visitor.source !== 'poster' && visitor.source !== 'link')) return;
  if (visitor.shownStatus !== 'valid' && visitor.shownStatus !== 'rejected') return;
  const receipt = await issueReceipt(ctx, visitor.id);
  const place = ctx.property?.name ?? '';
  const approved = visitor.shownStatus === 'valid';
  const common = { to: visitor.email, language: ctx.lang, propertyId: ctx.propertyId, place: ctx.property?.name };
  const name = visitorText(visitor.name);
  const plate = visitorText(visitor.plate);
  const url = registrationUrl(ctx, receipt);
  const wake = approved
    ? await queueTemplateMail(ctx.tx, ctx.services.jobs, {
        ...common,
        template: 'visitor-approved',
        values: { name, place, plate, code: visitor.permitCode ?? '', url },
      })
    : await queueTemplateMail(ctx.tx, ctx.services.jobs, {
        ...common,
        template: 'visitor-rejected',
        values: { name, place, plate, reason: visitor.statusComment ?? '—', url },
      });
  ctx.afterCommit(wake);
}
