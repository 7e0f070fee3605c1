import { ofArea } from '../../platform/db/columns';
import { DEFAULT_LANGUAGE, type AuthUser, type LanguageCode } from '@parkade/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { activeCodes } from '../langs/service';
import { centralUsers, tenantUsers } from '../users/table';
import { passwordResets, sessions } from './table';
import { fieldError } from '../../platform/errors';
import type { Tx } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { t } from '../../platform/i18n';

/*
 * The auth module in three files: this one holds what the account and its session share (the languages a user
 * may choose, the user's row, the end of other sessions after a new password, the area's web address) with
 * logout, language and bootstrap; login.ts signs in (password, then the two-factor code); password.ts handles
 * forgotten, reset and changed passwords.
 */

/**
 * The languages a user of this request may choose: the property's that are active, or every active code
 * centrally (decision 0051: a language added in the language codes view is offered once active; one deactivated
 * is no longer offered, even by a property that lists it). English when nothing is left.
 */
export async function allowedLanguages(ctx: Scope): Promise<LanguageCode[]> {
  const allowed = await activeCodes(ctx);
  return allowed.length ? allowed : [DEFAULT_LANGUAGE];
}

/** The signed-in user with the languages allowed in this request (the session knows only a default list). */
async function currentUser(ctx: Scope): Promise<AuthUser> {
  const user = ctx.user();
  const languages = await allowedLanguages(ctx);
  const language = languages.includes(user.language) ? user.language : (languages[0] ?? user.language);
  return { ...user, language, languages };
}

export const userEntity = (ctx: Scope) => (ctx.area === 'central' ? 'central_users' : 'tenant_users');

type UserPatch = Partial<
  Pick<typeof centralUsers.$inferInsert, 'lastLoginAt' | 'language' | 'passwordHash' | 'recoveryAt'>
>;

/** Updates the request area's user: a central user, or a user of the request's property. */
export async function updateUser(ctx: Scope, id: number, patch: UserPatch) {
  if (ctx.area === 'central') await ctx.tx.update(centralUsers).set(patch).where(eq(centralUsers.id, id));
  else
    await ctx.tx
      .update(tenantUsers)
      .set(patch)
      .where(and(eq(tenantUsers.propertyId, ctx.property!.id), eq(tenantUsers.id, id)));
}

/** One account: its area, its property (null centrally) and its id. */
export interface Account {
  area: 'central' | 'tenant';
  propertyId: number | null;
  userId: number;
}

/**
 * After any new password, whoever set it: every other session of the account ends (`keepSessionId`, the session that
 * changed it, stays) and every pending reset link dies. Every path that writes a password calls this.
 */
export async function passwordChanged(tx: Tx, account: Account, keepSessionId?: number) {
  const now = new Date();
  const of = (table: typeof sessions | typeof passwordResets) =>
    and(
      eq(table.area, account.area),
      ofArea(table.propertyId, account.propertyId),
      eq(table.userId, account.userId),
    );
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        of(sessions),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(of(passwordResets), isNull(passwordResets.usedAt)));
}

export const accountOf = (ctx: Scope, userId: number): Account => ({
  area: ctx.area,
  propertyId: ctx.property?.id ?? null,
  userId,
});

export const accountKey = (ctx: Scope, kind: string, email: string) =>
  `${kind}:acct:${ctx.area}:${ctx.property?.id ?? '-'}:${email.toLowerCase()}`;
/**
 * The login counter of an account. An existing account has one counter whichever identifier (email or phone)
 * is typed, so alternating them gives no extra attempts; an unknown identifier is counted by itself, and
 * behaves the same from outside.
 */
export const userLoginKey = (ctx: Scope, userId: number) =>
  `login:acct:${ctx.area}:${ctx.property?.id ?? '-'}:user:${userId}`;

export async function logout(ctx: Scope) {
  await ctx.tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(ofArea(sessions.propertyId, ctx.property?.id), eq(sessions.id, ctx.session!.sessionId)));
  await ctx.audit({ entity: userEntity(ctx), entityId: ctx.user().id, action: 'logout' });
  return { message: t(ctx.lang, 'auth.logoutSuccess') };
}

export async function setLanguage(ctx: Scope, language: LanguageCode) {
  const user = await currentUser(ctx);
  if (!user.languages.includes(language)) throw fieldError('language', 'errors.languageNotAllowed');
  await updateUser(ctx, user.id, { language });
  await ctx.audit({
    entity: userEntity(ctx),
    entityId: user.id,
    action: 'update',
    old: { language: user.language },
    new: { language },
  });
  return { user: { ...user, language }, message: t(language, 'auth.languageChanged') };
}

/** The web address of the area that issued the request: the tenant's own domain, never the Host header. */
export function areaOrigin(ctx: Scope): string {
  const { env } = ctx.services;
  const host = ctx.property
    ? ctx.property.accessDomain || `${ctx.property.code}.${env.appDomain}`
    : env.appDomain;
  const port = env.publicPort && ![80, 443].includes(env.publicPort) ? `:${env.publicPort}` : '';
  return `${env.publicScheme}://${host}${port}`;
}

export async function bootstrap(ctx: Scope) {
  const session = ctx.session!;
  const user = await currentUser(ctx);
  return {
    user,
    property: ctx.property
      ? {
          id: ctx.property.id,
          code: ctx.property.code,
          name: ctx.property.name,
          languages: user.languages,
          country: ctx.property.country,
          timezone: ctx.property.timeZone,
        }
      : null,
    permissions: session.permissions,
    languageCodes: user.languages,
    twoFactor: session.twoFactor,
  };
}
