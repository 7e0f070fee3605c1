import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { query } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { reservations } from './table';

/** `2026-03-31` + 1 → `2026-04-01` (dates as the database writes them). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today in the database's calendar: the day every "covers today" of the product compares with. */
export async function today(ctx: Scope): Promise<string> {
  const [row] = await query<{ today: string }>(ctx.tx, sql`select current_date::text as today`);
  return row!.today;
}

/**
 * The first day on or after `from` on which the spot has no reservation holding it (pending or confirmed; but
 * `exceptId`, the one being changed),
 * and the last day of that free run (null: free for good). Reservations of one spot never overlap, so one walk in
 * start order finds it.
 */
export async function freeRun(
  ctx: Scope,
  spotId: number,
  from: string,
  exceptId?: number,
): Promise<{ firstFreeOn: string; freeUntil: string | null }> {
  const rows = await ctx.tx
    .select({ startsOn: reservations.startsOn, endsOn: reservations.endsOn })
    .from(reservations)
    .where(
      and(
        eq(reservations.propertyId, ctx.propertyId),
        eq(reservations.spotId, spotId),
        ne(reservations.status, 'rejected'),
        gte(reservations.endsOn, from),
        exceptId ? ne(reservations.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(reservations.startsOn));
  let day = from;
  for (const r of rows) {
    if (r.startsOn > day) return { firstFreeOn: day, freeUntil: addDays(r.startsOn, -1) };
    if (r.endsOn >= day) day = addDays(r.endsOn, 1);
  }
  return { firstFreeOn: day, freeUntil: null };
}

/**
 * The earliest reservation holding the spot (pending or confirmed; but `exceptId`) sharing a day with
 * `startsOn..endsOn`, or undefined.
 */
export async function firstClash(
  ctx: Scope,
  spotId: number,
  startsOn: string,
  endsOn: string,
  exceptId?: number,
) {
  const [clash] = await ctx.tx
    .select({ id: reservations.id, startsOn: reservations.startsOn, endsOn: reservations.endsOn })
    .from(reservations)
    .where(
      and(
        eq(reservations.propertyId, ctx.propertyId),
        eq(reservations.spotId, spotId),
        ne(reservations.status, 'rejected'),
        lte(reservations.startsOn, endsOn),
        gte(reservations.endsOn, startsOn),
        exceptId ? ne(reservations.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(reservations.startsOn))
    .limit(1);
  return clash;
}
