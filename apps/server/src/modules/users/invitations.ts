import { areaPropertyId } from '../../platform/db/columns';
import {
  INVITATION_DAYS,
  INVITATIONS_PER_HOUR,
  type InvitationInfo,
  type InvitationLink,
  type Language,
  type UserItem,
} from '@parkade/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashPassword, newToken, NO_PASSWORD, tokenHash } from '../../platform/auth';
import { HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { clearThrottle } from '../../platform/throttle';
import { areaOrigin, passwordChanged, userLoginKey } from '../auth/service';
import { queueTemplateMail } from '../email-templates/render';
import { linksOf } from '../outbox/read';
import { mailOutbox } from '../outbox/table';
import { userForWrite } from './guards';
import { getUser, INVITATION_MAIL_KIND, ofStaff, ownStaff, staffOf, unsentInvitationMail } from './service';
import { userInvitations } from './table';

/*
 * Invitations (decision 0021): a new staff user has no usable password and receives a link,
 * `/auth/invitation/{token}` on their area's address, to choose one. 256-bit token kept as its SHA-256, valid
 * INVITATION_DAYS, single use; a new invitation retires the previous one; at most INVITATIONS_PER_HOUR per user.
 */

const i = userInvitations;
const invalid = () => new HttpError(404, 'users.invitationInvalid');

/** Retires the user's open invitations (not accepted, not retired): their links stop working. */
export async function retireInvitations(ctx: Scope, userId: number) {
  await ctx.tx
    .update(i)
    .set({ retiredAt: new Date() })
    .where(and(ofStaff(staffOf(ctx), i), eq(i.userId, userId), isNull(i.acceptedAt), isNull(i.retiredAt)));
}

/**
 * Writes a new invitation of the user (retiring the previous one) and its mail, in the user's language, sent
 * through the property's mail settings for its staff; the link is on the user's area address. Audited.
 */
export async function sendInvitation(
  ctx: Scope,
  user: { id: number; email: string; fullName: string; language: string },
) {
  const staff = staffOf(ctx);
  await retireInvitations(ctx, user.id);
  const token = newToken();
  await ctx.tx.insert(i).values({
    area: staff.area,
    propertyId: areaPropertyId(staff.propertyId),
    userId: user.id,
    tokenHash: tokenHash(token),
    sentBy: ctx.session?.user.id ?? null,
    sentByType: ctx.session?.user.type ?? null,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
  });
  const lang = user.language as Language;
  const place = ctx.property?.name ?? 'Parkade';
  const link = `${areaOrigin(ctx)}/auth/invitation/${token}`;
  const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
    template: INVITATION_MAIL_KIND,
    to: user.email,
    language: lang,
    propertyId: staff.propertyId,
    place,
    values: {
      name: user.fullName,
      inviter: ctx.session?.user.fullName ?? place,
      place,
      link,
      days: INVITATION_DAYS,
    },
  });
  ctx.afterCommit(wake);
  await ctx.audit({
    entity: staff.entity,
    entityId: user.id,
    action: 'invitation.send',
    new: { email: user.email },
  });
}

/**
 * POST /users/:id/invitation: a new link for a user still invited (409 once they have a password, or while they
 * are deactivated); 429 past INVITATIONS_PER_HOUR invitations of the user in the last hour.
 */
export async function resendInvitation(ctx: Scope, id: number): Promise<UserItem> {
  const user = await userForWrite(ctx, id);
  if (user.passwordHash !== NO_PASSWORD) throw new HttpError(409, 'users.invitationAccepted');
  if (!user.active) throw new HttpError(409, 'users.invitationInactive');
  if (!user.email) throw new HttpError(422, 'users.noEmail');
  // The user's row is locked (userForWrite): two resends at once are counted one after the other.
  const [sent] = await ctx.tx
    .select({
      n: count(),
      retry: sql<number>`ceil(extract(epoch from (min(${i.createdAt}) + interval '1 hour' - now())))::int`,
    })
    .from(i)
    .where(and(ofStaff(staffOf(ctx), i), eq(i.userId, id), gt(i.createdAt, sql`now() - interval '1 hour'`)));
  if (Number(sent?.n ?? 0) >= INVITATIONS_PER_HOUR) {
    const seconds = Math.max(1, Number(sent?.retry ?? 3600));
    throw new HttpError(429, 'users.invitationsTooMany', { minutes: Math.ceil(seconds / 60) }, {}, false, {
      'retry-after': String(seconds),
    });
  }
  await sendInvitation(ctx, { ...user, email: user.email });
  return getUser(ctx, id);
}

/**
 * The open invitation of a token on this address, with its user: not accepted, not retired, not expired, of this
 * area and property, for a user of the scope's staff who is active and still without a password. Anything else is
 * the same 404, so a token cannot be probed. `lock` takes the invitation row for the acceptance.
 */
async function openInvitation(ctx: Scope, token: string, lock = false) {
  const staff = staffOf(ctx);
  const q = ctx.tx
    .select({ id: i.id, userId: i.userId, expiresAt: i.expiresAt })
    .from(i)
    .where(
      and(
        eq(i.tokenHash, tokenHash(token)),
        ofStaff(staff, i),
        isNull(i.acceptedAt),
        isNull(i.retiredAt),
        gt(i.expiresAt, new Date()),
      ),
    );
  const [invitation] = lock ? await q.for('update') : await q;
  if (!invitation) throw invalid();
  const u = staff.table;
  const [user] = await ctx.tx
    .select({
      id: u.id,
      fullName: u.fullName,
      email: u.email,
      language: u.language,
      active: u.active,
      passwordHash: u.passwordHash,
    })
    .from(u)
    .where(ownStaff(ctx, invitation.userId));
  if (!user || !user.active || user.passwordHash !== NO_PASSWORD || !user.email) throw invalid();
  return { invitation, user: { ...user, email: user.email } };
}

/** GET /auth/invitation/:token (public): whom the link invites. */
export async function invitationInfo(ctx: Scope, token: string): Promise<InvitationInfo> {
  const { invitation, user } = await openInvitation(ctx, token);
  return {
    fullName: user.fullName,
    email: user.email,
    language: user.language,
    propertyName: ctx.property?.name ?? null,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * POST /auth/invitation (public): sets the user's first password and uses the invitation up; the user is active
 * from now on and signs in with their email. Of two acceptances at once, the second finds the invitation used.
 */
export async function acceptInvitation(ctx: Scope, body: { token: string; password: string }) {
  const { invitation, user } = await openInvitation(ctx, body.token, true);
  const staff = staffOf(ctx);
  const now = new Date();
  const u = staff.table;
  await ctx.tx
    .update(u)
    .set({ passwordHash: await hashPassword(body.password), updatedAt: now })
    .where(ownStaff(ctx, user.id));
  await ctx.tx
    .update(i)
    .set({ acceptedAt: now })
    .where(and(ofStaff(staff, i), eq(i.id, invitation.id)));
  await retireInvitations(ctx, user.id);
  await passwordChanged(ctx.tx, { area: staff.area, propertyId: staff.propertyId, userId: user.id });
  await clearThrottle(ctx.tx, userLoginKey(ctx, user.id));
  ctx.actor.userId = user.id;
  ctx.actor.userType = staff.area === 'central' ? 'central-user' : 'tenant-user';
  ctx.actor.userName = user.fullName;
  await ctx.audit({
    entity: staff.entity,
    entityId: user.id,
    action: 'invitation.accept',
    old: { password: null },
    new: { password: 'set' },
  });
  return { email: user.email };
}

/**
 * GET /users/:id/invitation/link ("Copy invitation link", decision 0039 §4): the link of the user's pending
 * invitation, read back from its mail while that mail was not sent — no SMTP server is configured, or delivery is
 * failing or under way. Held to the rules of inviting that user (users.create, and nobody above the caller: 403);
 * 409 once they have a password or are deactivated, when the invitation expired or was replaced, and once its mail
 * was sent (the link is not kept then). The link found must hash to the invitation's token. Audited.
 */
export async function invitationLink(ctx: Scope, id: number): Promise<InvitationLink> {
  const user = await userForWrite(ctx, id, { lock: false });
  if (user.passwordHash !== NO_PASSWORD) throw new HttpError(409, 'users.invitationAccepted');
  if (!user.active) throw new HttpError(409, 'users.invitationInactive');
  const staff = staffOf(ctx);
  const [open] = await ctx.tx
    .select({ id: i.id, tokenHash: i.tokenHash })
    .from(i)
    .where(
      and(
        ofStaff(staff, i),
        eq(i.userId, id),
        isNull(i.acceptedAt),
        isNull(i.retiredAt),
        gt(i.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(1);
  if (!open) throw new HttpError(409, 'users.invitationLinkExpired');
  const mails = await ctx.tx
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    // Its time compared in SQL: a JavaScript Date would drop the microseconds PostgreSQL keeps.
    .where(unsentInvitationMail(staff, sql`(select ${i.createdAt} from ${i} where ${i.id} = ${open.id})`));
  const link = mails
    .flatMap((m) => linksOf(m.text))
    .find((l) => {
      const token = /\/auth\/invitation\/([^/?#]+)$/.exec(l)?.[1];
      return token !== undefined && tokenHash(token) === open.tokenHash;
    });
  if (!link) throw new HttpError(409, 'users.invitationLinkSent', { email: user.email ?? '' });
  await ctx.audit({ entity: staff.entity, entityId: id, action: 'invitation.link' });
  return { link };
}
