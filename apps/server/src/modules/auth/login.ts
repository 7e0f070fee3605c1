import { ofArea, areaPropertyId } from '../../platform/db/columns';
import {
  ERROR_CODES,
  REMEMBER_DAYS,
  SESSION_HOURS,
  SIGN_IN_WINDOW_MINUTES,
  THROTTLE,
  TWO_FACTOR_CHALLENGE_MINUTES,
  type SessionAnswer,
} from '@parkade/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  dummyPasswordHash,
  findUserById,
  findUserByLogin,
  isStaffType,
  newToken,
  NO_PASSWORD,
  permissionsOf,
  toAuthUser,
  tokenHash,
  verifyPassword,
  type UserRow,
} from '../../platform/auth';
import { HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { countAttempt, type Counter } from '../../platform/throttle';
import { checkSecondFactor, twoFactorCounters } from '../two-factor/service';
import { accountKey, allowedLanguages, updateUser, userEntity, userLoginKey } from './service';
import { loginChallenges, sessions } from './table';

/** The login counter of what was typed: the account's own counter when it exists (see userLoginKey). */
const loginAccountKey = (ctx: Scope, login: string, userId: number | undefined) =>
  userId === undefined ? accountKey(ctx, 'login', login) : userLoginKey(ctx, userId);

/** The counter of every sign-in from the request's address, when the limit is on (SIGN_IN_LIMIT_PER_ADDRESS). */
function signInsOfAddress(ctx: Scope): Counter[] {
  const max = ctx.services.env.signInLimitPerAddress;
  return max > 0
    ? [{ key: `login-all:ip:${ctx.actor.ip}`, limit: { max, windowMinutes: SIGN_IN_WINDOW_MINUTES } }]
    : [];
}

export async function login(ctx: Scope, body: { email: string; password: string; remember?: boolean }) {
  const row = await findUserByLogin(ctx.tx, ctx.area, ctx.property?.id ?? null, body.email);
  // Counted before the password is checked: of many attempts at once, at most the limit get a check.
  const attempt = await countAttempt(
    ctx.tx,
    [
      { key: loginAccountKey(ctx, body.email, row?.id), limit: THROTTLE.loginPerAccount, onSuccess: 'clear' },
      { key: `login:ip:${ctx.actor.ip}`, limit: THROTTLE.loginPerAddress, onSuccess: 'undo' },
      // Every sign-in, successful ones too (issue 35): one address cannot sign in without end.
      ...signInsOfAddress(ctx),
    ],
    () =>
      ctx.audit({ entity: 'auth', entityId: row?.id, action: 'login.throttled', new: { login: body.email } }),
  );
  // An account without a usable password (an invited user, a resident who has not chosen one) is checked against
  // the dummy hash, like an unknown account: it answers as a wrong password, in the same time.
  const usable = row && row.passwordHash !== NO_PASSWORD ? row.passwordHash : undefined;
  const ok = (await verifyPassword(usable ?? (await dummyPasswordHash()), body.password)) && !!usable;
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
      propertyId: areaPropertyId(ctx.property?.id),
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
    propertyId: areaPropertyId(ctx.property?.id),
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
        ofArea(loginChallenges.propertyId, ctx.property?.id),
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
  await ctx.tx
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(ofArea(loginChallenges.propertyId, ctx.property?.id), eq(loginChallenges.id, challenge.id)));
  return startSession(ctx, row, challenge.remember, { twoFactor: method });
}

/** What the code step reads of its body (the contract's loginTwoFactorBody, normalised). */
interface LoginTwoFactorInput {
  challenge: string;
  code?: string;
  recoveryCode?: string;
}
