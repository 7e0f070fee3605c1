import { SYSTEM_SETTINGS_DEFAULTS, type SystemSettings } from '@parkade/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { systemSettings } from './table';

/** The platform settings, every default filled in. */
export async function readSystemSettings(tx: Tx): Promise<SystemSettings> {
  const [row] = await tx.select().from(systemSettings).where(eq(systemSettings.id, 1));
  if (!row) return { ...SYSTEM_SETTINGS_DEFAULTS };
  return { requireTwoFactorForCentralStaff: row.requireTwoFactorCentral };
}

/**
 * Saves every key (the one row is created on the first save) and records old → new in the audit log. Two-factor
 * sign-in is made mandatory only by someone who uses it: otherwise the change would shut its author out at once.
 */
export async function writeSystemSettings(ctx: Scope, next: SystemSettings): Promise<SystemSettings> {
  const before = await readSystemSettings(ctx.tx);
  if (
    next.requireTwoFactorForCentralStaff &&
    !before.requireTwoFactorForCentralStaff &&
    !ctx.session?.twoFactor?.enabled
  )
    throw fieldError('requireTwoFactorForCentralStaff', 'twoFactor.enrolYourselfFirst');
  const values = { requireTwoFactorCentral: next.requireTwoFactorForCentralStaff, updatedAt: new Date() };
  await ctx.tx
    .insert(systemSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: systemSettings.id, set: values });
  await ctx.audit({ entity: 'system_settings', entityId: 1, action: 'update', old: before, new: next });
  return next;
}
