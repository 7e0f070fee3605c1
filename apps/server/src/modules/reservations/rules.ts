import type { PropertySettings } from '@parkade/contract';
import { and, count, eq, gte, inArray, ne } from 'drizzle-orm';
import { fieldError, HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { datesFor } from '../properties/dates';
import { propertySettingsOf, residentLimit } from '../residents/service';
import { residents } from '../residents/table';
import { spots } from '../spots/table';
import { tenantUsers } from '../users/table';
import { firstClash, freeRun, today } from './free';
import { reservations } from './table';

/*
 * The rules of a reservation, in one place (decision 0039 §5): staff's reserve dialog (POST/PUT /reservations) and a
 * resident's request (POST /my/reservations, and the free spots they choose from) run these same functions.
 *
 * For everyone: the spot and the resident are this property's; the end is not before the start (the contract);
 * the length is within the property's `reservedSpaces.maxReservationDays`; no day is shared with another
 * reservation of the spot that holds it (pending or confirmed; the exclusion constraint backs this when two are
 * written at once).
 * For a resident asking for themselves, also: the dates start today or later; the spot is one the property offers
 * (type `reserved`, in service); and they stay within their reservations allowed (their own value, else the
 * property's `reservedSpaces.reservationsAllowed`), counting their pending and confirmed reservations not over yet.
 * Staff may reserve past dates, any spot and beyond the limit: they decide.
 */

/** Who asks: staff reserve for a resident; a resident asks for themselves. */
export type Asker = 'staff' | 'resident';

/** The statuses that hold a spot for their dates (a rejected request does not). */
export const HOLDING: ('pending' | 'confirmed')[] = ['pending', 'confirmed'];

interface Dates {
  startsOn: string;
  endsOn: string;
}
export interface ReservationAsk extends Dates {
  spotId: number;
  residentId: number;
}

const daysOf = (d: Dates) => (Date.parse(d.endsOn) - Date.parse(d.startsOn)) / 86_400_000 + 1;

/** The dates: within the longest reservation; a resident's from today on. */
export async function checkDates(ctx: Scope, d: Dates, settings: PropertySettings, asker: Asker) {
  if (asker === 'resident' && d.startsOn < (await today(ctx)))
    throw fieldError('startsOn', 'reservations.startsInPast');
  const max = settings.reservedSpaces.maxReservationDays;
  if (daysOf(d) > max) throw fieldError('endsOn', 'reservations.tooLong', { days: max });
}

/**
 * The resident may hold another reservation: fewer pending or confirmed ones not over yet (but `exceptId`) than
 * they are allowed. Locks the resident's user row first (unless `lock: false`, for a read), so two requests of one
 * resident are counted one after the other.
 */
export async function checkResidentLimit(
  ctx: Scope,
  residentId: number,
  settings: PropertySettings,
  opts: { exceptId?: number; lock?: boolean } = {},
) {
  if (opts.lock !== false)
    await ctx.tx
      .select({ id: tenantUsers.id })
      .from(tenantUsers)
      .where(and(eq(tenantUsers.propertyId, ctx.propertyId), eq(tenantUsers.id, residentId)))
      .for('update');
  const [own] = await ctx.tx
    .select({ reservationsAllowed: residents.reservationsAllowed })
    .from(residents)
    .where(and(eq(residents.propertyId, ctx.propertyId), eq(residents.id, residentId)));
  const max = residentLimit(
    { reservationsAllowed: own?.reservationsAllowed ?? null } as Parameters<typeof residentLimit>[0],
    settings,
    'reservationsAllowed',
  );
  if (max === 0) throw new HttpError(422, 'reservations.notOffered');
  const [held] = await ctx.tx
    .select({ n: count() })
    .from(reservations)
    .where(
      and(
        eq(reservations.propertyId, ctx.propertyId),
        eq(reservations.residentId, residentId),
        inArray(reservations.status, HOLDING),
        gte(reservations.endsOn, await today(ctx)),
        opts.exceptId ? ne(reservations.id, opts.exceptId) : undefined,
      ),
    );
  if ((held?.n ?? 0) >= max) throw new HttpError(422, 'reservations.limit', { max });
}

/**
 * Every rule of one reservation (see above); throws the first one broken as a 422 in the caller's language. An
 * overlap names, for staff, the reservation in the way and the spot's first free day after it; a resident is told
 * only that the spot is taken for those dates.
 */
export async function checkReservation(
  ctx: Scope,
  ask: ReservationAsk,
  opts: { asker: Asker; exceptId?: number },
) {
  const settings = await propertySettingsOf(ctx);
  const [spot] = await ctx.tx
    .select({ id: spots.id, type: spots.type, status: spots.status })
    .from(spots)
    .where(and(eq(spots.propertyId, ctx.propertyId), eq(spots.id, ask.spotId)));
  if (!spot) throw fieldError('spotId', 'validation.invalidSelection');
  if (opts.asker === 'resident' && (spot.type !== 'reserved' || spot.status !== 'available'))
    throw fieldError('spotId', 'reservations.spotNotOffered');
  const [resident] = await ctx.tx
    .select({ id: tenantUsers.id })
    .from(tenantUsers)
    .where(
      and(
        eq(tenantUsers.propertyId, ctx.propertyId),
        eq(tenantUsers.id, ask.residentId),
        eq(tenantUsers.type, 'tenant-resident'),
      ),
    );
  if (!resident) throw fieldError('residentId', 'reservations.notResident');
  await checkDates(ctx, ask, settings, opts.asker);
  if (opts.asker === 'resident')
    await checkResidentLimit(ctx, ask.residentId, settings, { exceptId: opts.exceptId });
  const clash = await firstClash(ctx, ask.spotId, ask.startsOn, ask.endsOn, opts.exceptId);
  if (clash && opts.asker === 'resident') throw fieldError('spotId', 'reservations.taken');
  if (clash) {
    const { firstFreeOn } = await freeRun(ctx, ask.spotId, clash.startsOn, opts.exceptId);
    const dates = await datesFor(ctx);
    throw fieldError('startsOn', 'reservations.overlapFreeFrom', {
      from: dates.day(clash.startsOn),
      to: dates.day(clash.endsOn),
      date: dates.day(firstFreeOn),
    });
  }
}
