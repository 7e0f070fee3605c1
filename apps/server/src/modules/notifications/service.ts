import {
  hasAllPermissions,
  NOTIFICATION_DAYS,
  NOTIFICATION_KIND_KEYS,
  NOTIFICATION_KINDS,
  NOTIFICATION_LIST_MAX,
  notificationHref,
  type NotificationKind,
  type NotificationsResponse,
} from '@parkade/contract';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Scope, Services } from '../../platform/scope';
import { notificationReads, notifications as n } from './table';

export interface NotifyInput {
  kind: NotificationKind;
  recordId?: number | null;
  params?: Record<string, string | number>;
  /** The one user it is for; left out, the kind's audience (the property's staff holding its permissions). */
  to?: { type: string; id: number };
}

/**
 * Records a notification in the scope's transaction: it exists exactly when what it tells of was committed. Nobody
 * is told of their own act (an addressed one to its actor is not written; an audience one hides from its actor).
 */
export async function notify(ctx: Scope, input: NotifyInput): Promise<void> {
  await notifyIn(ctx.tx, ctx.propertyId, ctx.session?.user ?? null, input);
}

/** `notify` for work without a Scope (a job's own transaction): the property and who acted given. */
export async function notifyIn(
  tx: Tx,
  propertyId: number,
  actor: { type: string; id: number } | null,
  input: NotifyInput,
): Promise<void> {
  if (input.to && actor && input.to.type === actor.type && input.to.id === actor.id) return;
  await tx.insert(n).values({
    propertyId,
    kind: input.kind,
    userType: input.to?.type ?? null,
    userId: input.to?.id ?? null,
    recordId: input.recordId ?? null,
    params: input.params ?? {},
    actorType: actor?.type ?? null,
    actorId: actor?.id ?? null,
  });
}

/** The audience kinds the signed-in user may open: every permission of the kind held (staff of the property). */
function audienceKinds(ctx: Scope): NotificationKind[] {
  const user = ctx.session?.user;
  if (!user || user.type !== 'tenant-user' || ctx.area !== 'tenant') return [];
  const held = ctx.session?.permissions ?? [];
  return NOTIFICATION_KIND_KEYS.filter((k) => {
    const needs = NOTIFICATION_KINDS[k].needs;
    return needs !== null && hasAllPermissions(held, needs);
  });
}

/**
 * The notifications the signed-in user sees: those addressed to them (on a property's host, of that property;
 * centrally, of every property), and the audience ones of the property their permissions open, not their own acts;
 * of the last NOTIFICATION_DAYS days.
 */
function visible(ctx: Scope): SQL {
  const user = ctx.user();
  const kinds = audienceKinds(ctx);
  const mine = and(eq(n.userType, user.type), eq(n.userId, user.id));
  const audience = kinds.length
    ? and(
        isNull(n.userId),
        inArray(n.kind, kinds),
        sql`not (${n.actorType} is not distinct from ${user.type} and ${n.actorId} is not distinct from ${user.id})`,
      )
    : undefined;
  return and(
    ctx.area === 'tenant' ? eq(n.propertyId, ctx.propertyId) : undefined,
    sql`${n.createdAt} > now() - make_interval(days => ${NOTIFICATION_DAYS})`,
    audience ? sql`(${mine} or ${audience})` : mine,
  )!;
}

const readByMe = (ctx: Scope) => {
  const user = ctx.user();
  return sql<boolean>`exists (select 1 from ${notificationReads} r where r.property_id = ${n.propertyId} and r.notification_id = ${n.id} and r.user_type = ${user.type} and r.user_id = ${user.id})`;
};

/** `GET /notifications/unread`: how many the user has not read. */
export async function unread(ctx: Scope): Promise<{ unread: number }> {
  const [row] = await ctx.tx
    .select({ count: sql<number>`count(*)::int` })
    .from(n)
    .where(and(visible(ctx), sql`not ${readByMe(ctx)}`));
  return { unread: Number(row?.count ?? 0) };
}

/** `GET /notifications`: the newest NOTIFICATION_LIST_MAX, each with its link and whether it is read. */
export async function list(ctx: Scope): Promise<NotificationsResponse> {
  const rows = await ctx.tx
    .select({
      id: n.id,
      kind: n.kind,
      recordId: n.recordId,
      params: n.params,
      createdAt: n.createdAt,
      read: readByMe(ctx),
    })
    .from(n)
    .where(visible(ctx))
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(NOTIFICATION_LIST_MAX);
  const items = rows.map((r) => {
    const kind = r.kind as NotificationKind;
    return {
      id: r.id,
      kind,
      recordId: r.recordId,
      params: r.params,
      href: notificationHref(kind, r.recordId, ctx.session?.user.type !== 'tenant-resident'),
      createdAt: r.createdAt.toISOString(),
      read: Boolean(r.read),
    };
  });
  return { items, ...(await unread(ctx)) };
}

/** Marks as read, for the signed-in user, the visible notifications matching `where` and not read yet. */
async function markRead(ctx: Scope, where: SQL | undefined): Promise<number> {
  const user = ctx.user();
  const rows = await ctx.tx
    .select({ propertyId: n.propertyId, id: n.id })
    .from(n)
    .where(and(visible(ctx), where, sql`not ${readByMe(ctx)}`));
  if (rows.length)
    await ctx.tx
      .insert(notificationReads)
      .values(
        rows.map((r) => ({
          propertyId: r.propertyId,
          notificationId: r.id,
          userType: user.type,
          userId: user.id,
        })),
      )
      .onConflictDoNothing();
  return rows.length;
}

/** `POST /notifications/:id/read`: one of the user's own; another's (or one too old) is a 404. */
export async function readOne(ctx: Scope, id: number): Promise<{ unread: number }> {
  const [seen] = await ctx.tx
    .select({ id: n.id })
    .from(n)
    .where(and(visible(ctx), eq(n.id, id)));
  if (!seen) throw notFound('notifications');
  await markRead(ctx, eq(n.id, id));
  return unread(ctx);
}

/** `POST /notifications/read-all`. */
export async function readAll(ctx: Scope): Promise<{ unread: number }> {
  await markRead(ctx, undefined);
  return unread(ctx);
}

/** The scheduled job that forgets notifications older than NOTIFICATION_DAYS days, every property. */
export const NOTIFICATIONS_PURGE_QUEUE = 'notifications-purge';
export const NOTIFICATIONS_PURGE_CRON = '17 3 * * *';

export async function purgeNotifications(services: Services): Promise<number> {
  return services.database.withScope({ area: 'central' }, async (tx) => {
    const gone = await tx
      .delete(n)
      .where(sql`${n.createdAt} <= now() - make_interval(days => ${NOTIFICATION_DAYS})`)
      .returning({ id: n.id });
    return gone.length;
  });
}
