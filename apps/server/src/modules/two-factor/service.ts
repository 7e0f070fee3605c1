import { normaliseTotpCode, THROTTLE, type TwoFactorStatus } from '@parkade/contract';
import { sql, type SQL } from 'drizzle-orm';
import { verifyPassword } from '../../platform/auth';
import { query, type Tx } from '../../platform/db';
import { HttpError, type FieldMessage } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { t } from '../../platform/i18n';
import { decryptSecret, encryptSecret } from '../../platform/secrets';
import { countAttempt, type Counter } from '../../platform/throttle';
import { readSystemSettings } from '../system-settings/service';
import { newRecoveryCodes, newTotpSecret, provisioning, recoveryCodeHash, verifyTotp } from './totp';

/**
 * Two-factor sign-in of staff (decision 0014): the enrolment calls of the signed-in user, and the check of a second
 * factor that the sign-in's code step uses. One account's state is five columns of its user row (users/table.ts).
 */

/** An account: a central user, or a user of one property. */
export interface Account {
  area: 'central' | 'tenant';
  propertyId: number | null;
  userId: number;
}

const accountOf = (ctx: Scope): Account => ({
  area: ctx.area,
  propertyId: ctx.area === 'tenant' ? ctx.property!.id : null,
  userId: ctx.user().id,
});

/** The account's row: its user table, and the condition that names it (the property too, on a tenant). */
function row(a: Account): { table: SQL; where: SQL } {
  return a.area === 'central'
    ? { table: sql.raw('central_users'), where: sql`id = ${a.userId}` }
    : { table: sql.raw('tenant_users'), where: sql`property_id = ${a.propertyId} and id = ${a.userId}` };
}

interface State {
  email: string | null;
  username: string | null;
  passwordHash: string;
  secret: string | null;
  pending: string | null;
  enabledAt: Date | string | null;
  lastStep: number | null;
  codesLeft: number;
}

async function readState(tx: Tx, a: Account): Promise<State> {
  const r = row(a);
  const [found] = await query<State>(
    tx,
    sql`select email, username, password_hash as "passwordHash", two_factor_secret as secret,
          two_factor_pending_secret as pending, two_factor_enabled_at as "enabledAt",
          two_factor_last_step::float8 as "lastStep", cardinality(two_factor_recovery_codes)::int as "codesLeft"
        from ${r.table} where ${r.where}`,
  );
  if (!found) throw new HttpError(401, 'errors.unauthenticated');
  return found;
}

const entityOf = (a: Account) => (a.area === 'central' ? 'central_users' : 'tenant_users');

/**
 * The counters of wrong codes of an account and of the request's address: the sign-in's code step and the
 * enrolment calls share them, so a stolen session cannot guess codes faster than a stolen password could.
 */
export function twoFactorCounters(ctx: Scope, a: Account): Counter[] {
  return [
    {
      key: `two-factor:acct:${a.area}:${a.propertyId ?? '-'}:user:${a.userId}`,
      limit: THROTTLE.twoFactorPerAccount,
      onSuccess: 'clear',
    },
    { key: `two-factor:ip:${ctx.actor.ip}`, limit: THROTTLE.twoFactorPerAddress, onSuccess: 'undo' },
  ];
}

const open = (ctx: Scope, sealed: string) => decryptSecret(ctx.services.env.secretKey, sealed);

/**
 * Accepts a code of the account's confirmed secret once: the code's time step is stored in the same statement that
 * checks it is later than the last accepted one, so of two requests with the same code only one gets through.
 */
async function acceptTotp(ctx: Scope, a: Account, state: State, code: string): Promise<boolean> {
  if (!state.secret) return false;
  const step = await verifyTotp(open(ctx, state.secret), normaliseTotpCode(code), state.lastStep);
  if (step === null) return false;
  const r = row(a);
  const updated = await query(
    ctx.tx,
    sql`update ${r.table} set two_factor_last_step = ${step}
        where ${r.where} and (two_factor_last_step is null or two_factor_last_step < ${step}) returning id`,
  );
  return updated.length === 1;
}

/** Uses up one recovery code: it is removed from the account in the statement that finds it. */
async function acceptRecoveryCode(ctx: Scope, a: Account, code: string): Promise<boolean> {
  const hash = recoveryCodeHash(code);
  const r = row(a);
  const updated = await query(
    ctx.tx,
    sql`update ${r.table} set two_factor_recovery_codes = array_remove(two_factor_recovery_codes, ${hash})
        where ${r.where} and two_factor_enabled_at is not null and ${hash} = any(two_factor_recovery_codes)
        returning id`,
  );
  return updated.length === 1;
}

/**
 * The second factor of a sign-in (the caller counts the attempt first): a code of the app or a recovery code.
 * Answers how the user proved it, or null.
 */
export async function checkSecondFactor(
  ctx: Scope,
  a: Account,
  input: { code?: string; recoveryCode?: string },
): Promise<'code' | 'recovery-code' | null> {
  const state = await readState(ctx.tx, a);
  if (!state.enabledAt) return null;
  if (input.code !== undefined) return (await acceptTotp(ctx, a, state, input.code)) ? 'code' : null;
  if (input.recoveryCode !== undefined)
    return (await acceptRecoveryCode(ctx, a, input.recoveryCode)) ? 'recovery-code' : null;
  return null;
}

async function statusOf(ctx: Scope, a: Account, state?: State): Promise<TwoFactorStatus> {
  const s = state ?? (await readState(ctx.tx, a));
  const required = a.area === 'central' && (await readSystemSettings(ctx.tx)).requireTwoFactorForCentralStaff;
  return {
    enabled: s.enabledAt !== null,
    enabledAt: s.enabledAt ? new Date(s.enabledAt).toISOString() : null,
    recoveryCodesLeft: s.enabledAt ? s.codesLeft : 0,
    required,
  };
}

/** GET /auth/two-factor */
export const status = (ctx: Scope) => statusOf(ctx, accountOf(ctx));

/** `Parkade` centrally, `Parkade (Oakridge Apartments)` on a property: what the app shows above the code. */
function issuerOf(ctx: Scope): string {
  const clean = (s: string) => s.replace(/:/g, ' ').trim();
  return ctx.area === 'tenant' && ctx.property ? `Parkade (${clean(ctx.property.name)})` : 'Parkade';
}

/**
 * POST /auth/two-factor/setup: a new secret, kept sealed as pending until a code of it is confirmed (a second
 * setup replaces it). Refused while two-factor is on: turn it off first.
 */
export async function setup(ctx: Scope) {
  const a = accountOf(ctx);
  const state = await readState(ctx.tx, a);
  if (state.enabledAt) throw new HttpError(409, 'twoFactor.alreadyEnabled');
  const secret = newTotpSecret();
  const r = row(a);
  await ctx.tx.execute(
    sql`update ${r.table} set two_factor_pending_secret = ${encryptSecret(ctx.services.env.secretKey, secret)}
        where ${r.where}`,
  );
  const label = (state.email ?? state.username ?? `user-${a.userId}`).replace(/:/g, ' ');
  const { otpauthUri, qrDataUrl } = await provisioning(secret, issuerOf(ctx), label);
  await ctx.audit({ entity: entityOf(a), entityId: a.userId, action: 'two-factor.setup' });
  return { secret, otpauthUri, qrDataUrl };
}

/** A wrong code (or password) of an enrolment call: 422 on the field, committed so that the count stays. */
const wrong = (field: string, key: string) =>
  new HttpError(422, 'errors.validation', undefined, { [field]: [{ key }] }, true);

/** Stores ten new recovery codes (their hashes) and answers them in clear, this once. */
async function replaceRecoveryCodes(ctx: Scope, a: Account): Promise<string[]> {
  const codes = newRecoveryCodes();
  const hashes = codes.map(recoveryCodeHash);
  const r = row(a);
  await ctx.tx.execute(
    sql`update ${r.table} set two_factor_recovery_codes = ${sql`array[${sql.join(
      hashes.map((h) => sql`${h}`),
      sql`, `,
    )}]::text[]`} where ${r.where}`,
  );
  return codes;
}

/**
 * POST /auth/two-factor/confirm: a code of the pending secret turns two-factor on (the code's step is remembered,
 * so it cannot sign in again) and answers the ten recovery codes. The session goes on unrestricted.
 */
export async function confirm(ctx: Scope, body: { password: string; code: string }) {
  const a = accountOf(ctx);
  const state = await readState(ctx.tx, a);
  if (state.enabledAt) throw new HttpError(409, 'twoFactor.alreadyEnabled');
  if (!state.pending) throw new HttpError(409, 'twoFactor.noSetup');
  const attempt = await countAttempt(ctx.tx, twoFactorCounters(ctx, a));
  // The password first (a wrong one counts like a wrong code): a session alone cannot turn two-factor on.
  if (!(await verifyPassword(state.passwordHash, body.password))) {
    await ctx.audit({ entity: entityOf(a), entityId: a.userId, action: 'two-factor.confirm.failed' });
    throw wrong('password', 'auth.currentPasswordInvalid');
  }
  const step = await verifyTotp(open(ctx, state.pending), normaliseTotpCode(body.code), null);
  if (step === null) {
    await ctx.audit({ entity: entityOf(a), entityId: a.userId, action: 'two-factor.confirm.failed' });
    throw wrong('code', 'twoFactor.codeInvalid');
  }
  await attempt.succeeded();
  const r = row(a);
  await ctx.tx.execute(
    sql`update ${r.table} set two_factor_secret = two_factor_pending_secret, two_factor_pending_secret = null,
          two_factor_enabled_at = now(), two_factor_last_step = ${step} where ${r.where}`,
  );
  const recoveryCodes = await replaceRecoveryCodes(ctx, a);
  await ctx.audit({
    entity: entityOf(a),
    entityId: a.userId,
    action: 'two-factor.enable',
    old: { twoFactor: false },
    new: { twoFactor: true },
  });
  return { status: await statusOf(ctx, a), recoveryCodes, message: t(ctx.lang, 'twoFactor.enabledMessage') };
}

/**
 * POST /auth/two-factor/disable: the password and a code of the app (or a recovery code) turn two-factor off and
 * forget the secret and the recovery codes. Wrong ones count like wrong codes.
 */
export async function disable(ctx: Scope, body: { password: string; code: string }) {
  const a = accountOf(ctx);
  const state = await readState(ctx.tx, a);
  if (!state.enabledAt) throw new HttpError(409, 'twoFactor.notEnabled');
  const attempt = await countAttempt(ctx.tx, twoFactorCounters(ctx, a));
  const fields: Record<string, FieldMessage[]> = {};
  if (!(await verifyPassword(state.passwordHash, body.password)))
    fields.password = [{ key: 'auth.currentPasswordInvalid' }];
  else {
    const code = body.code.trim();
    const ok = /^\d{6}$/.test(normaliseTotpCode(code))
      ? await acceptTotp(ctx, a, state, code)
      : await acceptRecoveryCode(ctx, a, code);
    if (!ok) fields.code = [{ key: 'twoFactor.codeInvalid' }];
  }
  if (Object.keys(fields).length) {
    await ctx.audit({ entity: entityOf(a), entityId: a.userId, action: 'two-factor.disable.failed' });
    throw new HttpError(422, 'errors.validation', undefined, fields, true);
  }
  await attempt.succeeded();
  await resetTwoFactor(ctx, a);
  await ctx.audit({
    entity: entityOf(a),
    entityId: a.userId,
    action: 'two-factor.disable',
    old: { twoFactor: true },
    new: { twoFactor: false },
  });
  return { status: await statusOf(ctx, a), message: t(ctx.lang, 'twoFactor.disabledMessage') };
}

/** POST /auth/two-factor/recovery-codes: a code of the app replaces every recovery code with ten new ones. */
export async function regenerateRecoveryCodes(ctx: Scope, code: string) {
  const a = accountOf(ctx);
  const state = await readState(ctx.tx, a);
  if (!state.enabledAt) throw new HttpError(409, 'twoFactor.notEnabled');
  const attempt = await countAttempt(ctx.tx, twoFactorCounters(ctx, a));
  if (!(await acceptTotp(ctx, a, state, code))) {
    await ctx.audit({ entity: entityOf(a), entityId: a.userId, action: 'two-factor.recovery-codes.failed' });
    throw wrong('code', 'twoFactor.codeInvalid');
  }
  await attempt.succeeded();
  const recoveryCodes = await replaceRecoveryCodes(ctx, a);
  await ctx.audit({ entity: entityOf(a), entityId: a.userId, action: 'two-factor.recovery-codes' });
  return {
    status: await statusOf(ctx, a),
    recoveryCodes,
    message: t(ctx.lang, 'twoFactor.recoveryCodesMessage'),
  };
}

/**
 * Turns another staff user's two-factor off (the caller checked they may edit that user: `users.edit` over them, or
 * the central admin over central staff): the secret, the pending one and the recovery codes are forgotten, so the
 * person can sign in with their password and enrol again. Answers whether it was on (or being set up).
 */
export async function resetTwoFactor(ctx: Scope, a: Account): Promise<boolean> {
  const r = row(a);
  const changed = await query(
    ctx.tx,
    sql`update ${r.table} set two_factor_secret = null, two_factor_pending_secret = null,
          two_factor_enabled_at = null, two_factor_last_step = null, two_factor_recovery_codes = '{}'
        where ${r.where} and (two_factor_enabled_at is not null or two_factor_pending_secret is not null)
        returning id`,
  );
  return changed.length === 1;
}
