import {
  ERROR_CODES,
  LANGUAGES,
  THROTTLE,
  TWO_FACTOR_CHALLENGE_MINUTES,
  type AuthUser,
  type Language,
  type SessionAnswer,
} from '@parkade/contract';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { languageCodes } from '../langs/table';
import { centralUsers, tenantUsers } from '../users/table';
import { checkSecondFactor, twoFactorCounters } from '../two-factor/service';
import { loginChallenges, passwordResets, sessions } from './table';
import {
  dummyPasswordHash,
  findUserById,
  findUserByLogin,
  hashPassword,
  isStaffType,
  newToken,
  permissionsOf,
  toAuthUser,
  tokenHash,
  verifyPassword,
  type UserRow,
} from '../../platform/auth';

import { fieldError, HttpError } from '../../platform/errors';
import type { Tx } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { t } from '../../platform/i18n';
import { queueMail } from '../outbox/mail';
import { clearThrottle, countAttempt } from '../../platform/throttle';
import { REMEMBER_DAYS, RESET_TOKEN_MINUTES, SESSION_HOURS } from '@parkade/contract';

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/**
 * The languages a user of this request may choose: the property's, or every active code centrally. Only
 * languages the interface ships (LANGUAGES) are offered, so a code added to the catalogue never breaks sign-in.
 */
export async function allowedLanguages(ctx: Scope): Promise<Language[]> {
  if (ctx.property) return ctx.property.languages.filter(isLanguage);
  const rows = await ctx.tx
    .select({ code: languageCodes.code })
    .from(languageCodes)
    .where(eq(languageCodes.active, true))
    .orderBy(languageCodes.position);
  return rows.map((r) => r.code).filter(isLanguage);
}

/** The signed-in user with the languages allowed in this request (the session knows only a default list). */
async function currentUser(ctx: Scope): Promise<AuthUser> {
  const user = ctx.user();
  const languages = await allowedLanguages(ctx);
  const language = languages.includes(user.language) ? user.language : (languages[0] ?? user.language);
  return { ...user, language, languages };
}

const userEntity = (ctx: Scope) => (ctx.area === 'central' ? 'central_users' : 'tenant_users');

type UserPatch = Partial<
  Pick<typeof centralUsers.$inferInsert, 'lastLoginAt' | 'language' | 'passwordHash' | 'recoveryAt'>
>;

/** Updates the request area's user: a central user, or a user of the request's property. */
async function updateUser(ctx: Scope, id: number, patch: UserPatch) {
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
      account.propertyId === null ? isNull(table.propertyId) : eq(table.propertyId, account.propertyId),
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

const accountOf = (ctx: Scope, userId: number): Account => ({
  area: ctx.area,
  propertyId: ctx.property?.id ?? null,
  userId,
});

const accountKey = (ctx: Scope, kind: string, email: string) =>
  `${kind}:acct:${ctx.area}:${ctx.property?.id ?? '-'}:${email.toLowerCase()}`;
/**
 * The login counter of an account. An existing account has one counter whichever identifier (email or phone)
 * is typed, so alternating them gives no extra attempts; an unknown identifier is counted by itself, and
 * behaves the same from outside.
 */
const userLoginKey = (ctx: Scope, userId: number) =>
  `login:acct:${ctx.area}:${ctx.property?.id ?? '-'}:user:${userId}`;
const loginAccountKey = (ctx: Scope, login: string, userId: number | undefined) =>
  userId === undefined ? accountKey(ctx, 'login', login) : userLoginKey(ctx, userId);

export async function login(ctx: Scope, body: { email: string; password: string; remember?: boolean }) {
  const row = await findUserByLogin(ctx.tx, ctx.area, ctx.property?.id ?? null, body.email);
  // Counted before the password is checked: of many attempts at once, at most the limit get a check.
  const attempt = await countAttempt(
    ctx.tx,
    [
      { key: loginAccountKey(ctx, body.email, row?.id), limit: THROTTLE.loginPerAccount, onSuccess: 'clear' },
      { key: `login:ip:${ctx.actor.ip}`, limit: THROTTLE.loginPerAddress, onSuccess: 'undo' },
    ],
    () =>
      ctx.audit({ entity: 'auth', entityId: row?.id, action: 'login.throttled', new: { login: body.email } }),
  );
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!row || !ok || !row.active) {
    const action = row && ok ? 'login.disabled' : 'login.failed';
    await ctx.audit({ entity: 'auth', entityId: row?.id, action, new: { login: body.email } });
    // Committed: the failure and its count are kept.
    throw new HttpError(401, row && ok ? 'auth.accountDisabled' : 'auth.loginFailed', undefined, {}, true);
  }
  await attempt.succeeded();
  if (isStaffType(row.type) && row.twoFactorEnabled) {
    // The password was right; the code comes next, on a challenge that stands for this step.
    const challenge = newToken();
    const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000);
    await ctx.tx.insert(loginChallenges).values({
      tokenHash: tokenHash(challenge),
      area: ctx.area,
      propertyId: ctx.property?.id ?? null,
      userId: row.id,
      remember: body.remember === true,
      expiresAt,
    });
    await ctx.audit({ entity: 'auth', entityId: row.id, action: 'login.two-factor.challenge' });
    return { twoFactorRequired: true as const, challenge, expiresAt: expiresAt.toISOString() };
  }
  return startSession(ctx, row, body.remember === true, {});
}

/** Issues the session of a user who proved who they are, and answers what the login routes answer. */
async function startSession(
  ctx: Scope,
  row: UserRow,
  remember: boolean,
  audited: Record<string, unknown>,
): Promise<SessionAnswer> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (remember ? REMEMBER_DAYS * 24 : SESSION_HOURS) * 3600_000);
  await ctx.tx.insert(sessions).values({
    tokenHash: tokenHash(token),
    area: ctx.area,
    propertyId: ctx.property?.id ?? null,
    userId: row.id,
    remember,
    ip: ctx.actor.ip,
    userAgent: (ctx.actor.userAgent ?? '').slice(0, 512),
    expiresAt,
    lastUsedAt: new Date(),
  });
  const now = new Date();
  await updateUser(ctx, row.id, { lastLoginAt: now });
  const user = toAuthUser({ ...row, lastLoginAt: now }, await allowedLanguages(ctx));
  ctx.actor.userId = row.id;
  ctx.actor.userType = row.type;
  ctx.actor.userName = row.fullName;
  await ctx.audit({
    entity: userEntity(ctx),
    entityId: row.id,
    action: 'login.success',
    new: { remember, ...audited },
  });
  return { user, token, permissions: permissionsOf(row) };
}

/**
 * The code step of a two-factor sign-in: the challenge of a right password, and a code of the app or a recovery
 * code. Counted first like a password (on counters of its own, which the password does not clear); the challenge
 * may be answered again after a wrong code until it expires, and serves one session only.
 */
export async function loginTwoFactor(ctx: Scope, body: LoginTwoFactorInput) {
  const now = new Date();
  // Locked: two answers to one challenge are taken one after the other, and the second finds it used.
  const [challenge] = await ctx.tx
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash(body.challenge)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
        eq(loginChallenges.area, ctx.area),
        ctx.property ? eq(loginChallenges.propertyId, ctx.property.id) : isNull(loginChallenges.propertyId),
      ),
    )
    .for('update');
  const row = challenge
    ? await findUserById(ctx.tx, ctx.area, ctx.property?.id ?? null, challenge.userId)
    : undefined;
  if (!challenge || !row || !row.active || !row.twoFactorEnabled) {
    await ctx.audit({ entity: 'auth', entityId: row?.id, action: 'login.two-factor.expired' });
    throw new HttpError(401, 'twoFactor.challengeInvalid', undefined, {}, true).withCode(
      ERROR_CODES.twoFactorChallengeInvalid,
    );
  }
  const account = { area: ctx.area, propertyId: ctx.property?.id ?? null, userId: row.id };
  const attempt = await countAttempt(ctx.tx, twoFactorCounters(ctx, account), () =>
    ctx.audit({ entity: 'auth', entityId: row.id, action: 'login.two-factor.throttled' }),
  );
  const method = await checkSecondFactor(ctx, account, body);
  if (!method) {
    await ctx.audit({ entity: 'auth', entityId: row.id, action: 'login.two-factor.failed' });
    // Committed: the failure and its count are kept; the challenge stays open for another try.
    throw new HttpError(401, 'twoFactor.codeInvalid', undefined, {}, true);
  }
  await attempt.succeeded();
  await ctx.tx.update(loginChallenges).set({ usedAt: now }).where(eq(loginChallenges.id, challenge.id));
  return startSession(ctx, row, challenge.remember, { twoFactor: method });
}

export async function logout(ctx: Scope) {
  await ctx.tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, ctx.session!.sessionId));
  await ctx.audit({ entity: userEntity(ctx), entityId: ctx.user().id, action: 'logout' });
  return { message: t(ctx.lang, 'auth.logoutSuccess') };
}

export async function setLanguage(ctx: Scope, language: Language) {
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

export async function forgotPassword(ctx: Scope, email: string) {
  // Every request counts (a reset mail is sent or not, the same answer either way).
  await countAttempt(ctx.tx, [
    { key: accountKey(ctx, 'forgot', email), limit: THROTTLE.forgotPerAccount },
    { key: `forgot:ip:${ctx.actor.ip}`, limit: THROTTLE.forgotPerAddress },
  ]);
  const row = await findUserByLogin(ctx.tx, ctx.area, ctx.property?.id ?? null, email);
  await ctx.audit({ entity: 'auth', entityId: row?.id, action: 'password.forgot', new: { email } });
  if (row && row.active && row.email) {
    const token = newToken();
    await ctx.tx.insert(passwordResets).values({
      tokenHash: tokenHash(token),
      area: ctx.area,
      propertyId: ctx.property?.id ?? null,
      userId: row.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    });
    const lang = (row.language as Language) ?? ctx.lang;
    const link = `${areaOrigin(ctx)}/auth/reset-password?email=${encodeURIComponent(row.email)}&token=${encodeURIComponent(token)}`;
    const wake = await queueMail(ctx.tx, ctx.services.jobs, {
      to: row.email,
      subject: t(lang, 'auth.resetMail.subject'),
      text: t(lang, 'auth.resetMail.body', {
        name: row.fullName,
        place: ctx.property?.name ?? 'Parkade',
        link,
      }),
      kind: 'password-reset',
      propertyId: ctx.property?.id ?? null,
    });
    ctx.afterCommit(wake);
  }
  return { message: t(ctx.lang, 'auth.resetLinkSent') };
}

export async function resetPassword(ctx: Scope, body: { email: string; token: string; password: string }) {
  const now = new Date();
  // Consumed in one statement: of two concurrent uses of a token, only one finds it unused. A refusal below
  // rolls the transaction back, so a token offered with the wrong email stays usable.
  const [reset] = await ctx.tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash(body.token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
        eq(passwordResets.area, ctx.area),
        ctx.property ? eq(passwordResets.propertyId, ctx.property.id) : isNull(passwordResets.propertyId),
      ),
    )
    .returning();
  const row = reset
    ? await findUserById(ctx.tx, ctx.area, ctx.property?.id ?? null, reset.userId)
    : undefined;
  if (!reset || !row || !row.active || row.email?.toLowerCase() !== body.email.toLowerCase())
    throw fieldError('token', 'auth.resetInvalid');
  const passwordHash = await hashPassword(body.password);
  await updateUser(ctx, row.id, { passwordHash, recoveryAt: now });
  // A new password ends every session of the account, and any other reset link dies with this one.
  await passwordChanged(ctx.tx, accountOf(ctx, row.id));
  // Whoever proved control of the mailbox may sign in again at once.
  await clearThrottle(ctx.tx, userLoginKey(ctx, row.id));
  await ctx.audit({
    entity: userEntity(ctx),
    entityId: row.id,
    action: 'password.reset',
    old: { password: 'x' },
    new: { password: 'y' },
  });
  return { message: t(ctx.lang, 'auth.passwordReset') };
}

const changePasswordKey = (ctx: Scope, userId: number) =>
  `password:acct:${ctx.area}:${ctx.property?.id ?? '-'}:user:${userId}`;

/**
 * A signed-in user changes their own password, proving the current one. Wrong current passwords are counted
 * (5 in 15 minutes, then 429) so a stolen session cannot guess it. On success the user's other sessions end (this
 * one stays), pending reset links die, and the sign-in lock of the account is lifted.
 */
export async function changePassword(ctx: Scope, body: { currentPassword: string; password: string }) {
  const session = ctx.session!;
  const userId = session.user.id;
  const row = await findUserById(ctx.tx, ctx.area, ctx.property?.id ?? null, userId);
  if (!row) throw new HttpError(401, 'errors.unauthenticated');
  const key = changePasswordKey(ctx, userId);
  const attempt = await countAttempt(ctx.tx, [
    { key, limit: THROTTLE.changePasswordPerAccount, onSuccess: 'clear' },
  ]);
  if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
    await ctx.audit({ entity: userEntity(ctx), entityId: userId, action: 'password.change.failed' });
    // Committed: the failure and its count are kept.
    throw new HttpError(
      422,
      'errors.validation',
      undefined,
      { currentPassword: [{ key: 'auth.currentPasswordInvalid' }] },
      true,
    );
  }
  await updateUser(ctx, userId, { passwordHash: await hashPassword(body.password) });
  await passwordChanged(ctx.tx, accountOf(ctx, userId), session.sessionId);
  await attempt.succeeded();
  await clearThrottle(ctx.tx, userLoginKey(ctx, userId));
  await ctx.audit({
    entity: userEntity(ctx),
    entityId: userId,
    action: 'password.change',
    old: { password: 'x' },
    new: { password: 'y' },
  });
  return { message: t(ctx.lang, 'auth.passwordChanged') };
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
        }
      : null,
    permissions: session.permissions,
    languageCodes: user.languages,
    twoFactor: session.twoFactor,
  };
}

/** What the code step reads of its body (the contract's loginTwoFactorBody, normalised). */
interface LoginTwoFactorInput {
  challenge: string;
  code?: string;
  recoveryCode?: string;
}
