import type { PropertySettings, VisitorLimit } from '@parkade/contract';
import { and, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { HttpError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { properties } from '../properties/table';
import { propertySettingsOf, residentLimit } from '../residents/service';
import { residents } from '../residents/table';
import { tenantUsers } from '../users/table';
import { visitors } from './table';

/*
 * The limits a new visitor permit must keep (decision 0022), each the resident's own value when set, else the
 * property's visitor permit setting:
 * - visitorLimit: permits per resident over a rolling window of `visitorLimitWindowDays` days — the day the new
 *   permit starts and the days before it, as calendar days of the property's time zone. Every permit issued
 *   counts (pending, valid, expired, revoked); a rejected request does not.
 * - visitorVehiclesAllowed: the resident's pending or valid permits whose validity overlaps the new one's.
 * - tempVisitorVehicles: the same, among vehicles on temporary plates (only when the new one is on them).
 */

const v = visitors;

export interface PermitWindow {
  residentId: number;
  validFrom: Date;
  validUntil: Date;
  temporaryPlates: boolean;
  /** The visitor being changed (its own permit does not count). */
  except?: number;
}

export interface LimitBreach {
  limit: VisitorLimit;
  max: number;
  /** When a permit like this one becomes possible; null when the limit is 0 (only staff can allow one). */
  nextPossibleAt: Date | null;
  days?: number;
}

export async function propertyTimeZone(ctx: Scope): Promise<string> {
  const [p] = await ctx.tx
    .select({ tz: properties.timezone })
    .from(properties)
    .where(eq(properties.id, ctx.propertyId));
  return p?.tz ?? 'UTC';
}

/** The resident's limits: their own values, else the property's settings. */
async function limitsOf(ctx: Scope, residentId: number, settings: PropertySettings) {
  // Locks the resident: two requests for the same resident are checked one after the other.
  const [res] = await ctx.tx
    .select({
      visitorLimit: residents.visitorLimit,
      visitorVehiclesAllowed: residents.visitorVehiclesAllowed,
      tempVisitorVehicles: residents.tempVisitorVehicles,
    })
    .from(residents)
    .where(and(eq(residents.propertyId, ctx.propertyId), eq(residents.id, residentId)))
    .for('update');
  const own = res ?? { visitorLimit: null, visitorVehiclesAllowed: null, tempVisitorVehicles: null };
  const of = (l: VisitorLimit) => residentLimit(own as Parameters<typeof residentLimit>[0], settings, l);
  return {
    visitorLimit: of('visitorLimit'),
    visitorVehiclesAllowed: of('visitorVehiclesAllowed'),
    tempVisitorVehicles: of('tempVisitorVehicles'),
  };
}

const mine = (ctx: Scope, w: PermitWindow): SQL =>
  and(
    eq(v.propertyId, ctx.propertyId),
    eq(v.residentId, w.residentId),
    isNull(v.deletedAt),
    isNotNull(v.permitStatus),
    w.except ? ne(v.id, w.except) : undefined,
  )!;

/** The first breached limit of a new permit, or null. Three indexed queries on (property, resident, valid_from). */
export async function firstBreach(ctx: Scope, w: PermitWindow): Promise<LimitBreach | null> {
  const settings = await propertySettingsOf(ctx);
  const limits = await limitsOf(ctx, w.residentId, settings);
  const tz = await propertyTimeZone(ctx);
  const days = settings.visitorPermits.visitorLimitWindowDays;

  // Rolling window: local midnight of the start day, minus days - 1 days, in the property's time zone.
  const startDay = sql`date_trunc('day', ${w.validFrom.toISOString()}::timestamptz at time zone ${tz})`;
  const windowStart = sql`((${startDay} - make_interval(days => ${days - 1})) at time zone ${tz})`;
  const counted = await ctx.tx
    .select({ validFrom: v.validFrom })
    .from(v)
    .where(and(mine(ctx, w), ne(v.permitStatus, 'rejected'), sql`${v.validFrom} >= ${windowStart}`))
    .orderBy(v.validFrom);
  if (counted.length >= limits.visitorLimit) {
    if (limits.visitorLimit === 0) return { limit: 'visitorLimit', max: 0, nextPossibleAt: null, days };
    // Enough of the oldest must leave the window: each does at local midnight `days` days after its start day.
    const leaving = counted[counted.length - limits.visitorLimit]!.validFrom!;
    const [next] = await ctx.tx
      .select({
        at: sql<Date>`((date_trunc('day', ${leaving.toISOString()}::timestamptz at time zone ${tz})
          + make_interval(days => ${days})) at time zone ${tz})`.mapWith(v.validFrom),
      })
      .from(properties)
      .where(eq(properties.id, ctx.propertyId));
    return { limit: 'visitorLimit', max: limits.visitorLimit, nextPossibleAt: next?.at ?? null, days };
  }

  const overlapping = (temporary: boolean) =>
    ctx.tx
      .select({ validUntil: v.validUntil })
      .from(v)
      .where(
        and(
          mine(ctx, w),
          inArray(v.permitStatus, ['pending', 'valid']),
          sql`${v.validUntil} > ${w.validFrom.toISOString()}::timestamptz`,
          sql`${v.validFrom} < ${w.validUntil.toISOString()}::timestamptz`,
          temporary ? eq(v.temporaryPlates, true) : undefined,
        ),
      )
      .orderBy(v.validUntil);
  for (const [limit, temporary] of [
    ['visitorVehiclesAllowed', false],
    ['tempVisitorVehicles', true],
  ] as const) {
    if (temporary && !w.temporaryPlates) continue;
    const max = limits[limit];
    const rows = await overlapping(temporary);
    if (rows.length >= max)
      return {
        limit,
        max,
        // One of them must end first.
        nextPossibleAt: max === 0 ? null : rows[rows.length - max]!.validUntil,
      };
  }
  return null;
}

/** The 422 of a breached limit: which limit, when the next permit is possible, and how to ask staff. */
export async function limitError(ctx: Scope, residentId: number, b: LimitBreach): Promise<HttpError> {
  const tz = await propertyTimeZone(ctx);
  const [who] = await ctx.tx
    .select({ name: tenantUsers.fullName })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.propertyId, ctx.propertyId), eq(tenantUsers.id, residentId)));
  const next = b.nextPossibleAt
    ? new Intl.DateTimeFormat(ctx.lang === 'zh' ? 'zh-CN' : ctx.lang, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: tz,
      }).format(b.nextPossibleAt)
    : null;
  const params = {
    resident: who?.name ?? '',
    max: b.max,
    days: b.days ?? 0,
    next: next ?? '',
    limit: t(ctx.lang, `visitors.limitName.${b.limit}`),
  };
  const key = `visitors.limit.${b.limit}${next ? '' : 'None'}`;
  // 422 like every refused field; the field map carries the limit and the instant for a screen to use.
  return new HttpError(422, key, params, {
    residentId: [
      {
        key,
        params: { ...params, nextPossibleAt: b.nextPossibleAt ? b.nextPossibleAt.toISOString() : '' },
      },
    ],
  });
}
