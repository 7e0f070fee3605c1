import { ROLE_KEEPER_PERMISSIONS } from '@parkade/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { NO_PASSWORD } from '../../platform/auth';
import { fieldError, HttpError, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { roles, unheld, visibleRoles } from '../roles';
import { ownStaff, staffOf } from './service';

/*
 * The guard rails of staff users (decision 0021), checked before any write: nobody gives a role holding more than
 * they hold, nor acts on a user whose role holds more; nobody changes their own role or deactivates or deletes
 * themselves; an area or property keeps an active user able to manage users and roles.
 */

/** Whether the user `id` of the scope's staff is the caller themselves (same area, same account). */
export function isSelf(ctx: Scope, id: number): boolean {
  const me = ctx.session?.user;
  if (!me || me.id !== id) return false;
  return ctx.property ? me.type === 'tenant-user' : me.type === 'central-user';
}

/** Refuses (403) what a user may not do to themselves: change their own role, deactivate or delete themselves. */
export function assertNotSelf(ctx: Scope, id: number, key: 'users.ownRole' | 'users.notYourself') {
  if (isSelf(ctx, id)) throw new HttpError(403, key);
}

async function permissionsOfRole(ctx: Scope, roleId: number | null): Promise<string[]> {
  if (roleId === null) return [];
  const [role] = await ctx.tx
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.id, roleId));
  return role?.permissions ?? [];
}

/**
 * The user as a write may touch them, locked until the transaction ends: one of the scope's staff (else 404) whose
 * role holds nothing the caller lacks (else 403: nobody edits, resets or signs out someone above them), with their
 * role's permissions. `lock: false` for a read held to the same rule (an invitation's link).
 */
export async function userForWrite(ctx: Scope, id: number, { lock = true } = {}) {
  const u = staffOf(ctx).table;
  const q = ctx.tx.select().from(u).where(ownStaff(ctx, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('users');
  const permissions = await permissionsOfRole(ctx, row.roleId);
  const missing = unheld(ctx, permissions);
  if (missing.length) throw new HttpError(403, 'users.holdsMore', { permissions: missing.join(', ') });
  return { ...row, permissions };
}
export type UserForWrite = Awaited<ReturnType<typeof userForWrite>>;

/**
 * The role a user of the scope may be given: one of `visibleRoles` (the built-in ones and the area's or the
 * property's own; else 422 on roleId), holding nothing the caller lacks (else 403).
 */
export async function assignableRole(ctx: Scope, roleId: number) {
  const [role] = await ctx.tx
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(and(visibleRoles(ctx), eq(roles.id, roleId)));
  if (!role) throw fieldError('roleId', 'users.roleUnavailable');
  const missing = unheld(ctx, role.permissions);
  if (missing.length) throw new HttpError(403, 'users.cannotAssign', { permissions: missing.join(', ') });
  return role;
}

const KEEPERS: readonly string[] = ROLE_KEEPER_PERMISSIONS;
const keeps = (permissions: readonly string[]) => KEEPERS.every((p) => permissions.includes(p));

/**
 * An area or property must keep an active user who can sign in (a password set: not still invited) and holds every
 * ROLE_KEEPER_PERMISSIONS. When the user is such a keeper now and would not be after the change (deactivated,
 * deleted, or given a role without them), another keeper must remain: else 409. The other keepers are locked, so
 * two admins taking each other's rights away at once cannot both succeed.
 */
export async function assertKeeperRemains(
  ctx: Scope,
  user: UserForWrite,
  after: { active: boolean; permissions: readonly string[] } | null,
) {
  const keeperNow = user.active && user.passwordHash !== NO_PASSWORD && keeps(user.permissions);
  if (!keeperNow) return;
  if (after && after.active && keeps(after.permissions)) return;
  const u = staffOf(ctx).table;
  const held = sql`${roles.permissions} @> array[${sql.join(
    KEEPERS.map((p) => sql`${p}`),
    sql`, `,
  )}]::text[]`;
  const others = await ctx.tx
    .select({ id: u.id })
    .from(u)
    .innerJoin(roles, eq(roles.id, u.roleId))
    .where(and(ownStaff(ctx), ne(u.id, user.id), eq(u.active, true), ne(u.passwordHash, NO_PASSWORD), held))
    .for('update', { of: u });
  if (!others.length) throw new HttpError(409, 'users.lastKeeper');
}
