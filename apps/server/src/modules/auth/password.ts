import { ofArea, areaPropertyId } from '../../platform/db/columns';
import { RESET_TOKEN_MINUTES, THROTTLE, type Language } from '@parkade/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  findUserById,
  findUserByLogin,
  hashPassword,
  newToken,
  tokenHash,
  verifyPassword,
} from '../../platform/auth';
import { fieldError, HttpError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { clearThrottle, countAttempt } from '../../platform/throttle';
import { queueTemplateMail } from '../email-templates/render';
import {
  accountKey,
  accountOf,
  type Account,
  areaOrigin,
  passwordChanged,
  updateUser,
  userEntity,
  userLoginKey,
} from './service';
import { passwordResets } from './table';

export async function forgotPassword(ctx: Scope, email: string) {
  // Every request counts (a reset mail is sent or not, the same answer either way).
  await countAttempt(ctx.tx, [
    { key: accountKey(ctx, 'forgot', email), limit: THROTTLE.forgotPerAccount },
    { key: `forgot:ip:${ctx.actor.ip}`, limit: THROTTLE.forgotPerAddress },
  ]);
  const row = await findUserByLogin(ctx.tx, ctx.area, ctx.property?.id ?? null, email);
  await ctx.audit({ entity: 'auth', entityId: row?.id, action: 'password.forgot', new: { email } });
  if (row && row.active && row.email)
    await sendResetLink(ctx, accountOf(ctx, row.id), { ...row, email: row.email });
  return { message: t(ctx.lang, 'auth.resetLinkSent') };
}

/**
 * Mails an account the standard reset link (RESET_TOKEN_MINUTES, single use) in its own language: the forgotten
 * password, and staff sending a user the link (users module). The link is on the address of the scope's area — the
 * property's own address when the scope has a property (central staff acting on it included), else the central
 * one — so `account` must be of that area.
 */
export async function sendResetLink(
  ctx: Scope,
  account: Account,
  user: { email: string; fullName: string; language: string },
) {
  const token = newToken();
  await ctx.tx.insert(passwordResets).values({
    tokenHash: tokenHash(token),
    area: account.area,
    propertyId: areaPropertyId(account.propertyId),
    userId: account.userId,
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
  });
  const lang = (user.language as Language) ?? ctx.lang;
  const link = `${areaOrigin(ctx)}/auth/reset-password?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
  const place = ctx.property?.name ?? 'Parkade';
  const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
    template: 'password-reset',
    to: user.email,
    language: lang,
    propertyId: account.propertyId,
    place,
    values: { name: user.fullName, place, link },
  });
  ctx.afterCommit(wake);
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
        ofArea(passwordResets.propertyId, ctx.property?.id),
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
