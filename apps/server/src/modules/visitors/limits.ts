import { VISITOR_GRANTED_STATUSES, type PropertySettings, type VisitorLimit } from '@parkade/contract';
import { and, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { HttpError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { datesFor, propertyTimeZone } from '../properties/dates';
import { properties } from '../properties/table';
import { propertySettingsOf, residentLimit } from '../residents/service';
import { residents } from '../residents/table';
import { tenantUsers } from '../users/table';
import { visitors } from './table';

/*
 * The limits a new visitor permit must keep (decision 0022), each the resident's own value when set, else the
 * property's visitor permit setting. Only permits someone granted count (VISITOR_GRANTED_STATUSES: valid, and
 * expired or revoked after being valid; decision 0037): a request awaiting approval — a stranger's from the poster
 * above all — uses nothing of the resident's allowance, and is checked again when it is approved.
 * - visitorLimit: permits per resident over a rolling window of `visitorLimitWindowDays` days — the day the new
 *   permit starts and the days before it, as calendar days of the property's time zone.
 * - visitorVehiclesAllowed: the resident's valid permits whose validity overlaps the new one's.
 * - tempVisitorVehicles: the same, among vehicles on temporary plates (only when the new one is on them).
 * - nightsInRow: per plate, any resident (nightsInRow below).
 */

const v = visitors;

export interface PermitWindow {
  residentId: number;
  validFrom: Date;
  validUntil: Date;
  temporaryPlates: boolean;
  /** The new permit's plate, normalized (the nights-in-a-row limit is per plate); none → not checked. */
  plateNormalized?: string | null;
  /** The visitor being changed (its own permit does not count). */
  except?: number;
  /** Check only these limits (a plate changed on a live permit: only the per-plate limit moves). */
  only?: readonly VisitorLimit[];
}

export interface LimitBreach {
  limit: VisitorLimit;
  max: number;
  /** When a permit like this one becomes possible; null when the limit is 0 (only staff can allow one). */
  nextPossibleAt: Date | null;
  days?: number;
  /** nightsInRow: the plate, as the message names it. */
  plate?: string;
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
  const of = (l: Exclude<VisitorLimit, 'nightsInRow'>) =>
    residentLimit(own as Parameters<typeof residentLimit>[0], settings, l);
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
  const checks = (l: VisitorLimit) => !w.only || w.only.includes(l);
  if (checks('visitorLimit')) {
    const b = await rollingWindow(ctx, w, settings, limits.visitorLimit, tz);
    if (b) return b;
  }
  for (const [limit, temporary] of [
    ['visitorVehiclesAllowed', false],
    ['tempVisitorVehicles', true],
  ] as const) {
    if (!checks(limit) || (temporary && !w.temporaryPlates)) continue;
    const b = await atOnce(ctx, w, limit, temporary, limits[limit]);
    if (b) return b;
  }
  if (checks('nightsInRow') && w.plateNormalized && settings.visitorPermits.maxNightsInRow > 0)
    return nightsInRow(ctx, w, settings.visitorPermits.maxNightsInRow, tz);
  return null;
}

/** visitorLimit: permits per resident over the rolling window of calendar days. */
async function rollingWindow(
  ctx: Scope,
  w: PermitWindow,
  settings: PropertySettings,
  max: number,
  tz: string,
): Promise<LimitBreach | null> {
  const limits = { visitorLimit: max };
  const days = settings.visitorPermits.visitorLimitWindowDays;

  // Rolling window: local midnight of the start day, minus days - 1 days, in the property's time zone.
  const startDay = sql`date_trunc('day', ${w.validFrom.toISOString()}::timestamptz at time zone ${tz})`;
  const windowStart = sql`((${startDay} - make_interval(days => ${days - 1})) at time zone ${tz})`;
  const counted = await ctx.tx
    .select({ validFrom: v.validFrom })
    .from(v)
    .where(
      and(
        mine(ctx, w),
        inArray(v.permitStatus, [...VISITOR_GRANTED_STATUSES]),
        sql`${v.validFrom} >= ${windowStart}`,
      ),
    )
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
  return null;
}

/** visitorVehiclesAllowed / tempVisitorVehicles: the resident's valid permits overlapping the new one. */
async function atOnce(
  ctx: Scope,
  w: PermitWindow,
  limit: 'visitorVehiclesAllowed' | 'tempVisitorVehicles',
  temporary: boolean,
  max: number,
): Promise<LimitBreach | null> {
  const rows = await ctx.tx
    .select({ validUntil: v.validUntil })
    .from(v)
    .where(
      and(
        mine(ctx, w),
        eq(v.permitStatus, 'valid'),
        sql`${v.validUntil} > ${w.validFrom.toISOString()}::timestamptz`,
        sql`${v.validFrom} < ${w.validUntil.toISOString()}::timestamptz`,
        temporary ? eq(v.temporaryPlates, true) : undefined,
      ),
    )
    .orderBy(v.validUntil);
  if (rows.length < max) return null;
  // One of them must end first.
  return { limit, max, nextPossibleAt: max === 0 ? null : rows[rows.length - max]!.validUntil };
}

const DAY_MS = 86_400_000;
/** A start this long after a night's 03:00 no longer covers that night (the messages show minutes). */
const AFTER_NIGHT_MS = 60_000;

/**
 * nightsInRow (decision 0022): a night is a calendar date D of the property's time zone whose 03:00 local lies
 * inside a permit's validity [validFrom, validUntil). The plate's permits at the property (any resident; valid or
 * expired — the nights they granted; not pending, revoked or rejected, not deleted, not the one changed) give the
 * occupied nights. The new permit's nights, with the occupied nights next to them, form a run; a run longer
 * than `max` is refused. A permit covering no night never breaches.
 *
 * nextPossibleAt: the earliest start at or after the requested one for a permit as long as this one that keeps the
 * limit. Moving the start later only adds nights at the end until the start passes a night's 03:00 and drops it
 * from the front, so the candidates are the requested start and one minute past each later night's 03:00; the
 * first that keeps the limit is the answer. None (null) when even a permit standing alone covers more than `max`
 * nights. The plate is locked for the transaction (advisory lock), so two residents cannot both take the last
 * night.
 */
async function nightsInRow(
  ctx: Scope,
  w: PermitWindow,
  max: number,
  tz: string,
): Promise<LimitBreach | null> {
  const plate = w.plateNormalized!;
  await ctx.tx.execute(
    sql`select pg_advisory_xact_lock(${ctx.propertyId}::int, hashtext(${`visitor-plate:${plate}`}))`,
  );
  const length = w.validUntil.getTime() - w.validFrom.getTime();
  // Nights before the new start further back than max + 1 cannot change the answer (the run is already longer).
  const earliest = new Date(w.validFrom.getTime() - (max + 2) * DAY_MS);
  const permits = await ctx.tx
    .select({ from: v.validFrom, until: v.validUntil })
    .from(v)
    .where(
      and(
        eq(v.propertyId, ctx.propertyId),
        eq(v.plateNormalized, plate),
        isNull(v.deletedAt),
        inArray(v.permitStatus, ['valid', 'expired']),
        sql`${v.validUntil} > ${earliest.toISOString()}::timestamptz`,
        w.except ? ne(v.id, w.except) : undefined,
      ),
    );
  // Beyond the last permit's end plus this permit's length, the new permit stands alone.
  const last = Math.max(w.validUntil.getTime(), ...permits.map((p) => p.until!.getTime()));
  const horizon = new Date(last + length + 2 * DAY_MS);
  // The night instants (03:00 local) of every local date from `earliest` to the horizon, in order.
  const rows: unknown = await ctx.tx.execute(sql`
    select (extract(epoch from (d + time '03:00') at time zone ${tz}) * 1000)::float8 as at
    from generate_series(
      (${earliest.toISOString()}::timestamptz at time zone ${tz})::date::timestamp,
      (${horizon.toISOString()}::timestamptz at time zone ${tz})::date::timestamp,
      interval '1 day') d
    order by d`);
  const nights = (rows as { rows: { at: number | string }[] }).rows.map((r) => Number(r.at));
  const occupied = nights.map((at) =>
    permits.some((p) => p.from!.getTime() <= at && at < p.until!.getTime()),
  );
  // The first night at or after an instant (nights are in order).
  const firstFrom = (at: number) => {
    let lo = 0;
    let hi = nights.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (nights[mid]! < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // Whether a permit from `start` makes a run longer than max; stops counting once it does.
  const breaches = (start: number) => {
    const first = firstFrom(start);
    const after = firstFrom(start + length);
    if (first >= after) return false;
    let count = after - first;
    // Reaching the first night looked at means the run is already longer than max (it lies max + 2 days back).
    for (let i = first - 1; count <= max && i >= 0 && occupied[i]; i -= 1) count += i === 0 ? max + 1 : 1;
    for (let i = after; count <= max && i < nights.length && occupied[i]; i += 1) count += 1;
    return count > max;
  };
  const requested = w.validFrom.getTime();
  if (!breaches(requested)) return null;
  // Only starts whose whole validity lies within the nights looked at (the horizon leaves room for one alone).
  const candidates = nights
    .filter((at) => at >= requested)
    .map((at) => at + AFTER_NIGHT_MS)
    .filter((start) => start + length <= nights[nights.length - 1]!);
  const next = candidates.find((start) => !breaches(start));
  return {
    limit: 'nightsInRow',
    max,
    nextPossibleAt: next === undefined ? null : new Date(next),
    plate,
  };
}

/** The 422 of a breached limit: which limit, when the next permit is possible, and how to ask staff. */
export async function limitError(ctx: Scope, residentId: number, b: LimitBreach): Promise<HttpError> {
  const dates = await datesFor(ctx);
  const [who] = await ctx.tx
    .select({ name: tenantUsers.fullName })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.propertyId, ctx.propertyId), eq(tenantUsers.id, residentId)));
  const next = b.nextPossibleAt ? dates.instant(b.nextPossibleAt) : null;
  const params = {
    resident: who?.name ?? '',
    max: b.max,
    days: b.days ?? 0,
    next: next ?? '',
    limit: t(ctx.lang, `visitors.limitName.${b.limit}`),
    plate: b.plate ?? '',
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
