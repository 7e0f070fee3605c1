import { createHmac, timingSafeEqual } from 'node:crypto';
import { isLanguage, type Language } from '@parkade/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { t } from '../../platform/i18n';
import { areaOrigin } from '../auth/service';
import type { Scope } from '../../platform/scope';
import { escapeHtml } from '../../platform/html';
import { properties } from '../properties/table';
import { residents } from '../residents/table';
import { tenantUsers } from '../users/table';

/**
 * Unsubscribing (decision 0043, RFC 8058). Mail that is not essential (bulk mail, the policies, the reminders)
 * carries `List-Unsubscribe: <https://…/api/unsubscribe?token=…>` and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`: a mail client's "Unsubscribe" POSTs to it and the resident is out, no sign-in. The
 * token names the property and the resident and is signed with the product's secret (HMAC-SHA-256): it cannot be
 * made up for someone else, and it needs no table. Opening the address in a browser (GET) only shows a page with the
 * button — a mail scanner that follows links unsubscribes no one. Mail a person cannot do without (password links,
 * invitations, decisions on their own requests) has no such header and is never held back.
 */
/** Where the unsubscribe page and its one-click POST live (on every host: the link is on the property's domain). */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe';

const mac = (secret: string, propertyId: number, residentId: number) =>
  createHmac('sha256', secret)
    .update(`unsubscribe:${propertyId}:${residentId}`)
    .digest('base64url')
    .slice(0, 32);

export const unsubscribeToken = (secret: string, propertyId: number, residentId: number) =>
  `${propertyId}.${residentId}.${mac(secret, propertyId, residentId)}`;

/** The property and resident a token names, when its signature holds. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { propertyId: number; residentId: number } | null {
  const m = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const propertyId = Number(m[1]);
  const residentId = Number(m[2]);
  const expected = Buffer.from(mac(secret, propertyId, residentId));
  const given = Buffer.from(m[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { propertyId, residentId }
    : null;
}

/** What a scope's mail needs to make its unsubscribe links: the property's origin and the product's secret. */
export const unsubscribeLink = (ctx: Scope) => ({
  origin: areaOrigin(ctx),
  secret: ctx.services.env.secretKey,
});

/** The headers a mail that is not essential carries, and the address of its unsubscribe page. */
export function unsubscribeHeaders(origin: string, secret: string, propertyId: number, residentId: number) {
  const url = `${origin}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(secret, propertyId, residentId)}`;
  return {
    url,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

interface Holder {
  propertyId: number;
  residentId: number;
  place: string;
  language: Language;
  optedOut: boolean;
}

/** Whom a token names (in the central scope the route runs in), or null for a bad or stale token. */
async function holder(ctx: Scope, token: string): Promise<Holder | null> {
  const named = readUnsubscribeToken(ctx.services.env.secretKey, token);
  if (!named) return null;
  const [row] = await ctx.tx
    .select({ place: properties.name, language: tenantUsers.language, optOut: residents.mailOptOutAt })
    .from(residents)
    .innerJoin(
      tenantUsers,
      and(eq(tenantUsers.propertyId, residents.propertyId), eq(tenantUsers.id, residents.id)),
    )
    .innerJoin(properties, eq(properties.id, residents.propertyId))
    .where(
      and(
        eq(residents.propertyId, named.propertyId),
        eq(residents.id, named.residentId),
        isNull(residents.deletedAt),
      ),
    );
  if (!row) return null;
  return {
    ...named,
    place: row.place,
    language: isLanguage(row.language) ? row.language : 'en',
    optedOut: row.optOut !== null,
  };
}

/** A small page in the resident's language (no script; the button is a form posting to the same address). */
function page(lang: Language, title: string, text: string, form?: { token: string; button: string }) {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{margin:0;font:16px/1.55 Arial,'Helvetica Neue',Helvetica,'PingFang SC','Microsoft YaHei',sans-serif;background:#f4f6fa;color:#1a2233}
main{max-width:520px;margin:48px auto;padding:24px;background:#fff;border-radius:8px}h1{font-size:22px;margin:0 0 12px}
button{font:inherit;padding:10px 18px;border:0;border-radius:6px;background:#1565c0;color:#fff;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${
    form
      ? `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(form.token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(form.button)}</button></form>`
      : ''
  }</main></body></html>`;
}

/** GET /api/unsubscribe?token=: the page with the button (nothing changes on a GET). */
export async function unsubscribePage(ctx: Scope, token: string): Promise<{ status: number; html: string }> {
  const h = await holder(ctx, token);
  if (!h)
    return {
      status: 404,
      html: page(ctx.lang, t(ctx.lang, 'unsubscribe.invalidTitle'), t(ctx.lang, 'unsubscribe.invalid')),
    };
  if (h.optedOut)
    return {
      status: 200,
      html: page(
        h.language,
        t(h.language, 'unsubscribe.doneTitle'),
        t(h.language, 'unsubscribe.done', { place: h.place }),
      ),
    };
  return {
    status: 200,
    html: page(
      h.language,
      t(h.language, 'unsubscribe.title'),
      t(h.language, 'unsubscribe.ask', { place: h.place }),
      {
        token,
        button: t(h.language, 'unsubscribe.button'),
      },
    ),
  };
}

/**
 * POST /api/unsubscribe?token=: the resident is out of the property's mail that is not essential (the one-click POST
 * of a mail client, or the page's button). Kept once: a second POST changes nothing. Audited as the resident's act.
 */
export async function unsubscribe(ctx: Scope, token: string): Promise<{ status: number; html: string }> {
  const h = await holder(ctx, token);
  if (!h)
    return {
      status: 404,
      html: page(ctx.lang, t(ctx.lang, 'unsubscribe.invalidTitle'), t(ctx.lang, 'unsubscribe.invalid')),
    };
  if (!h.optedOut) {
    await ctx.tx
      .update(residents)
      .set({ mailOptOutAt: sql`now()` })
      .where(and(eq(residents.propertyId, h.propertyId), eq(residents.id, h.residentId)));
    await ctx.audit({
      entity: 'residents',
      entityId: h.residentId,
      action: 'unsubscribe',
      propertyId: h.propertyId,
      new: { mailOptOut: true },
    });
  }
  return {
    status: 200,
    html: page(
      h.language,
      t(h.language, 'unsubscribe.doneTitle'),
      t(h.language, 'unsubscribe.done', { place: h.place }),
    ),
  };
}
