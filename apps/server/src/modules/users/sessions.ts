import { REMEMBER_IDLE_DAYS, SESSION_IDLE_MINUTES, type UserSession } from '@parkade/contract';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { sessions } from '../auth/table';
import { isSelf, userForWrite } from './guards';
import { getUser, ofStaff, staffOf } from './service';

/** The user's sessions of the scope's staff area and property. */
const ofUser = (ctx: Scope, userId: number) =>
  and(ofStaff(staffOf(ctx), sessions), eq(sessions.userId, userId))!;

/** Sessions still valid: not revoked, not expired, not idle too long (the rule of platform/auth.ts). */
const valid = () =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}) > now() - case when ${sessions.remember}
      then make_interval(days => ${REMEMBER_IDLE_DAYS}) else make_interval(mins => ${SESSION_IDLE_MINUTES}) end`,
  )!;

/** GET /users/:id/sessions: the user's valid sessions, newest first; `current` marks the caller's own. */
export async function listSessions(ctx: Scope, id: number): Promise<UserSession[]> {
  await getUser(ctx, id);
  const rows = await ctx.tx
    .select()
    .from(sessions)
    .where(and(ofUser(ctx, id), valid()))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map((s) => ({
    id: Number(s.id),
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt ? s.lastUsedAt.toISOString() : null,
    expiresAt: s.expiresAt.toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
    current: s.id === ctx.session?.sessionId,
  }));
}

/** Revokes the user's sessions (one, or all): each ends on its next request. Returns the ids ended. */
export async function revokeSessions(ctx: Scope, userId: number, except?: number): Promise<number[]> {
  const rows = await ctx.tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        ofUser(ctx, userId),
        isNull(sessions.revokedAt),
        except === undefined ? undefined : ne(sessions.id, except),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => Number(r.id));
}

/**
 * DELETE /users/:id/sessions/:sessionId and DELETE /users/:id/sessions: ends one session of the user (404 when it is
 * not theirs or already ended) or all of them — all but the caller's own when a user ends their own sessions.
 */
export async function endSessions(ctx: Scope, id: number, sessionId?: number): Promise<void> {
  await userForWrite(ctx, id);
  let ended: number[];
  if (sessionId === undefined) {
    ended = await revokeSessions(ctx, id, isSelf(ctx, id) ? ctx.session?.sessionId : undefined);
  } else {
    const rows = await ctx.tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(ofUser(ctx, id), eq(sessions.id, sessionId), valid()))
      .returning({ id: sessions.id });
    if (!rows.length) throw new HttpError(404, 'users.sessionNotFound');
    ended = [sessionId];
  }
  await ctx.audit({
    entity: staffOf(ctx).entity,
    entityId: id,
    action: 'sessions.end',
    new: { sessions: ended },
  });
}
