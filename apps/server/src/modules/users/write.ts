import type { UserItem, userBody } from '@parkade/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { NO_PASSWORD } from '../../platform/auth';
import { guardReferenced, guardUnique } from '../../platform/crud';
import { fieldError, HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { passwordResets } from '../auth/table';
import { sendResetLink } from '../auth/password';
import { allowedLanguages } from '../auth/service';
import {
  assertKeeperRemains,
  assertNotSelf,
  assignableRole,
  userForWrite,
  type UserForWrite,
} from './guards';
import { sendInvitation } from './invitations';
import { lockKeepers } from '../roles/service';
import { revokeSessions } from './sessions';
import { getUser, ofStaff, ownStaff, staffOf } from './service';
import { centralUsers, tenantUsers, userInvitations } from './table';

/** Staff users: create (and invite), edit, delete, deactivate and reactivate, send a reset link (decision 0021). */

type Body = z.output<typeof userBody>;

const UNIQUE = {
  central_users_email_unique: 'email',
  central_users_phone_unique: 'phone',
  central_users_username_unique: 'username',
  tenant_users_email_unique: 'email',
  tenant_users_phone_unique: 'phone',
  tenant_users_username_unique: 'username',
};

/** What the audit log records of a user: the fields staff edit, never a password or a two-factor secret. */
const audited = (x: Partial<UserForWrite>) => ({
  username: x.username,
  fullName: x.fullName,
  email: x.email,
  phone: x.phone,
  roleId: x.roleId,
  language: x.language,
  active: x.active,
});

/** The language must be one of the property's active ones (its staff); centrally any active language. */
async function assertLanguage(ctx: Scope, language: string) {
  if (!(await allowedLanguages(ctx)).includes(language))
    throw fieldError('language', 'errors.languageNotAllowed');
}

/** POST /users: a new staff user without a usable password (invited), and the invitation mailed to them. */
export async function createUser(ctx: Scope, body: Body): Promise<UserItem> {
  await assertLanguage(ctx, body.language);
  await assignableRole(ctx, body.roleId);
  const staff = staffOf(ctx);
  const values = {
    username: body.username,
    fullName: body.fullName,
    email: body.email,
    phone: body.phone ?? null,
    roleId: body.roleId,
    language: body.language,
    passwordHash: NO_PASSWORD,
    active: true,
  };
  const [row] = await guardUnique(UNIQUE, () =>
    ctx.property
      ? ctx.tx
          .insert(tenantUsers)
          .values({ ...values, propertyId: ctx.property.id, type: 'tenant-user' })
          .returning({ id: tenantUsers.id })
      : ctx.tx.insert(centralUsers).values(values).returning({ id: centralUsers.id }),
  );
  const id = row!.id;
  await ctx.audit({ entity: staff.entity, entityId: id, action: 'create', new: audited(values) });
  await sendInvitation(ctx, { id, email: body.email, fullName: body.fullName, language: body.language });
  return getUser(ctx, id);
}

/**
 * PUT /users/:id. A role change follows the guard rails (not one's own; a role one may give; a keeper remains) and
 * applies on the user's next request. A new email of a user still invited gets a new invitation (the old link dies).
 */
export async function updateUser(ctx: Scope, id: number, body: Body): Promise<UserItem> {
  await lockKeepers(ctx, staffOf(ctx).propertyId);
  const before = await userForWrite(ctx, id);
  await assertLanguage(ctx, body.language);
  if (body.roleId !== before.roleId) {
    assertNotSelf(ctx, id, 'users.ownRole');
    const role = await assignableRole(ctx, body.roleId);
    await assertKeeperRemains(ctx, before, { active: before.active, permissions: role.permissions });
  }
  const u = staffOf(ctx).table;
  const patch = {
    username: body.username,
    fullName: body.fullName,
    email: body.email,
    ...(body.phone === undefined ? {} : { phone: body.phone }),
    roleId: body.roleId,
    language: body.language,
    updatedAt: new Date(),
  };
  await guardUnique(UNIQUE, () => ctx.tx.update(u).set(patch).where(ownStaff(ctx, id)));
  await ctx.audit({
    entity: staffOf(ctx).entity,
    entityId: id,
    action: 'update',
    old: audited(before),
    new: audited({ ...before, ...patch }),
  });
  const emailChanged = (before.email ?? '').toLowerCase() !== body.email.toLowerCase();
  if (emailChanged && before.passwordHash === NO_PASSWORD && before.active)
    await sendInvitation(ctx, { id, email: body.email, fullName: body.fullName, language: body.language });
  return getUser(ctx, id);
}

/**
 * DELETE /users/:id: only a user who never signed in and never accepted an invitation (a mistaken invitation); anyone
 * else is deactivated instead (409), so the audit log keeps naming who did what.
 */
export async function deleteUser(ctx: Scope, id: number): Promise<void> {
  await lockKeepers(ctx, staffOf(ctx).propertyId);
  const user = await userForWrite(ctx, id);
  assertNotSelf(ctx, id, 'users.notYourself');
  const staff = staffOf(ctx);
  const [accepted] = await ctx.tx
    .select({ id: userInvitations.id })
    .from(userInvitations)
    .where(
      and(
        ofStaff(staff, userInvitations),
        eq(userInvitations.userId, id),
        isNotNull(userInvitations.acceptedAt),
      ),
    )
    .limit(1);
  if (user.lastLoginAt || accepted) throw new HttpError(409, 'users.deleteUsed');
  await assertKeeperRemains(ctx, user, null);
  await ctx.tx
    .delete(userInvitations)
    .where(and(ofStaff(staff, userInvitations), eq(userInvitations.userId, id)));
  await ctx.tx
    .delete(passwordResets)
    .where(and(ofStaff(staff, passwordResets), eq(passwordResets.userId, id)));
  await revokeSessions(ctx, id);
  await guardReferenced({}, () => ctx.tx.delete(staff.table).where(ownStaff(ctx, id)));
  await ctx.audit({ entity: staff.entity, entityId: id, action: 'delete', old: audited(user) });
}

/**
 * PUT /users/:id/status: deactivating ends every session of the user at once and refuses their sign-in (and their
 * invitation link); reactivating lets them sign in again. Not oneself; a keeper must remain.
 */
export async function setUserStatus(ctx: Scope, id: number, active: boolean): Promise<UserItem> {
  await lockKeepers(ctx, staffOf(ctx).propertyId);
  const user = await userForWrite(ctx, id);
  if (user.active !== active) {
    if (!active) {
      assertNotSelf(ctx, id, 'users.notYourself');
      await assertKeeperRemains(ctx, user, { active: false, permissions: user.permissions });
    }
    const u = staffOf(ctx).table;
    await ctx.tx.update(u).set({ active, updatedAt: new Date() }).where(ownStaff(ctx, id));
    if (!active) await revokeSessions(ctx, id);
    await ctx.audit({
      entity: staffOf(ctx).entity,
      entityId: id,
      action: active ? 'activate' : 'deactivate',
      old: { active: user.active },
      new: { active },
    });
  }
  return getUser(ctx, id);
}

/**
 * POST /users/:id/password-reset: mails the user the standard reset link (the forgotten-password flow's). A user
 * still invited has no password to reset (409: resend the invitation); a deactivated one cannot use it (409).
 */
export async function sendPasswordReset(ctx: Scope, id: number): Promise<void> {
  const user = await userForWrite(ctx, id);
  if (user.passwordHash === NO_PASSWORD) throw new HttpError(409, 'users.resetInvited');
  if (!user.active) throw new HttpError(409, 'users.resetInactive');
  if (!user.email) throw new HttpError(422, 'users.noEmail');
  const staff = staffOf(ctx);
  await sendResetLink(
    ctx,
    { area: staff.area, propertyId: staff.propertyId, userId: id },
    { ...user, email: user.email },
  );
  await ctx.audit({
    entity: staff.entity,
    entityId: id,
    action: 'password.reset-link',
    new: { email: user.email },
  });
}
