import {
  RESERVATION_STATUSES,
  type ReservationItem,
  type ResidentOption,
  type reservationBody,
} from '@parkade/contract';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, deleteRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError, notFound, pgError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { belongsTo, defineListResource, rowsByIds } from '../../platform/list-query';
import { spots } from '../spots/table';
import { tenantUsers } from '../users/table';
import { addDays, today } from './free';
import { checkReservation, type Asker } from './rules';
import { reservations } from './table';

const columns = {
  id: reservations.id,
  spotId: reservations.spotId,
  residentId: reservations.residentId,
  startsOn: reservations.startsOn,
  endsOn: reservations.endsOn,
  notes: reservations.notes,
  status: reservations.status,
  decisionComment: reservations.decisionComment,
  decidedAt: reservations.decidedAt,
  createdAt: reservations.createdAt,
  updatedAt: reservations.updatedAt,
};

const includes = {
  spot: belongsTo({
    description: 'The spot (id, number, type)',
    key: (r: ReservationItem) => r.spotId,
    load: (ctx, ids) => rowsByIds(ctx, spots, { id: spots.id, number: spots.number, type: spots.type }, ids),
  }),
  resident: belongsTo({
    description: 'The resident (id, fullName, email)',
    key: (r: ReservationItem) => r.residentId,
    load: (ctx, ids) =>
      rowsByIds(
        ctx,
        tenantUsers,
        { id: tenantUsers.id, fullName: tenantUsers.fullName, email: tenantUsers.email },
        ids,
      ),
  }),
};

const filters = {
  spotId: { type: 'number' as const, column: reservations.spotId },
  residentId: { type: 'number' as const, column: reservations.residentId },
  status: { type: 'enum' as const, column: reservations.status, values: RESERVATION_STATUSES },
  current: {
    type: 'custom' as const,
    description: '1: covering today; 0: not covering today',
    where: (values: string[]) =>
      values[0] === '1' || values[0] === 'true'
        ? sql`current_date between ${reservations.startsOn} and ${reservations.endsOn}`
        : sql`not (current_date between ${reservations.startsOn} and ${reservations.endsOn})`,
  },
};
const sorts = {
  startsOn: reservations.startsOn,
  endsOn: reservations.endsOn,
  createdAt: reservations.createdAt,
};

/** What the staff list's search looks in: the spot's number and the resident's name and email. */
const term = [
  sql`(select s.number from spots s where s.property_id = ${reservations.propertyId} and s.id = ${reservations.spotId})`,
  sql`(select u.full_name from tenant_users u where u.property_id = ${reservations.propertyId} and u.id = ${reservations.residentId})`,
  sql`(select u.email from tenant_users u where u.property_id = ${reservations.propertyId} and u.id = ${reservations.residentId})`,
];

export const reservationsList = defineListResource({
  table: reservations,
  select: columns,
  scope: (ctx) => eq(reservations.propertyId, ctx.propertyId),
  filters,
  term,
  sorts,
  defaultSort: '-startsOn',
  includes,
});

/** The signed-in resident's own reservations. */
export const myReservationsList = defineListResource({
  table: reservations,
  select: columns,
  scope: (ctx) =>
    and(eq(reservations.propertyId, ctx.propertyId), eq(reservations.residentId, ctx.user().id)),
  filters: { current: filters.current, status: filters.status },
  sorts,
  defaultSort: '-startsOn',
  includes: { spot: includes.spot },
});

const own = (ctx: Scope, id: number) =>
  and(eq(reservations.propertyId, ctx.propertyId), eq(reservations.id, id))!;

export async function getReservation(ctx: Scope, id: number): Promise<ReservationItem> {
  const [row] = await ctx.tx.select(columns).from(reservations).where(own(ctx, id));
  if (!row) throw notFound('reservations');
  const item: ReservationItem = {
    ...row,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  await includes.spot.load(ctx, [item], 'spot', {});
  await includes.resident.load(ctx, [item], 'resident', {});
  return item;
}

type Body = z.output<typeof reservationBody>;

function constraintOf(err: unknown): string | undefined {
  const e = pgError(err);
  return e?.constraint ?? e?.constraint_name ?? /constraint "([^"]+)"/.exec(e?.message ?? '')?.[1];
}

/**
 * Runs a write; the database's refusals become field errors: the exclusion constraint `reservations_no_overlap`
 * (another reservation of the spot shares a day: 422 on startsOn, also when both are written at the same
 * moment; a resident is told on spotId that the spot was just taken) and the check `reservations_dates_order` (422
 * on endsOn; the contract refuses it first).
 */
export async function guardReservation<R>(fn: () => Promise<R>, asker: Asker = 'staff'): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    const code = pgError(err)?.code;
    const constraint = constraintOf(err);
    if (code === '23P01' && constraint === 'reservations_no_overlap')
      throw asker === 'resident'
        ? fieldError('spotId', 'reservations.taken')
        : fieldError('startsOn', 'reservations.overlap');
    if (code === '23514' && constraint === 'reservations_dates_order')
      throw fieldError('endsOn', 'reservations.endBeforeStart');
    throw err;
  }
}

/** POST /reservations: staff reserve a spot for a resident, confirmed at once (rules.ts, as staff). */
export async function createReservation(ctx: Scope, body: Body) {
  await checkReservation(ctx, body, { asker: 'staff' });
  const row = await guardReservation(() =>
    createRow(ctx, reservations, 'reservations', {
      propertyId: ctx.propertyId,
      spotId: body.spotId,
      residentId: body.residentId,
      startsOn: body.startsOn,
      endsOn: body.endsOn,
      notes: body.notes,
      createdBy: ctx.session?.user.id ?? null,
    }),
  );
  return getReservation(ctx, row.id);
}

export async function updateReservation(ctx: Scope, id: number, body: Body) {
  const [existing] = await ctx.tx.select({ id: reservations.id }).from(reservations).where(own(ctx, id));
  if (!existing) throw notFound('reservations');
  await checkReservation(ctx, body, { asker: 'staff', exceptId: id });
  await guardReservation(() =>
    updateRow(ctx, reservations, 'reservations', own(ctx, id), {
      spotId: body.spotId,
      residentId: body.residentId,
      startsOn: body.startsOn,
      endsOn: body.endsOn,
      notes: body.notes,
    }),
  );
  return getReservation(ctx, id);
}

export async function deleteReservation(ctx: Scope, id: number) {
  await deleteRow(ctx, reservations, 'reservations', own(ctx, id));
}

/**
 * POST /reservations/:id/end (staff, any reservation) and POST /my/reservations/:id/end (the resident, their own):
 * a reservation that has not started yet (or starts today) is cancelled (the row goes, audited `cancel`); one that
 * started before today ends yesterday (audited `end`), so either way the spot is free from today at once. A pending
 * request is withdrawn the same way (cancelled, whatever its dates). One that is already over is left alone: 409
 * `reservations.alreadyOver`; a rejected request holds nothing to end: 409. Another resident's reservation is a 404.
 */
export async function endReservation(
  ctx: Scope,
  id: number,
  residentId?: number,
): Promise<{ message: string; outcome: 'cancelled' | 'ended' }> {
  const where = residentId ? and(own(ctx, id), eq(reservations.residentId, residentId))! : own(ctx, id);
  const [row] = await ctx.tx.select().from(reservations).where(where).for('update');
  if (!row) throw notFound('reservations');
  if (row.status === 'rejected') throw new HttpError(409, 'reservations.notHeld');
  const day = await today(ctx);
  if (row.endsOn < day && row.status !== 'pending') throw new HttpError(409, 'reservations.alreadyOver');
  if (row.startsOn >= day || row.status === 'pending') {
    await ctx.tx.delete(reservations).where(where);
    await ctx.audit({ entity: 'reservations', entityId: id, action: 'cancel', old: row });
    return { message: t(ctx.lang, 'reservations.cancelled'), outcome: 'cancelled' };
  }
  await updateRow(ctx, reservations, 'reservations', where, { endsOn: addDays(day, -1) }, { action: 'end' });
  return { message: t(ctx.lang, 'reservations.ended'), outcome: 'ended' };
}

/** GET /reservations/resident-options?term=: at most 20 residents whose name or email holds the term. */
export async function residentOptions(
  ctx: Scope,
  term: string | undefined,
): Promise<{ data: ResidentOption[] }> {
  const words = (term ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const data = await ctx.tx
    .select({ id: tenantUsers.id, fullName: tenantUsers.fullName, email: tenantUsers.email })
    .from(tenantUsers)
    .where(
      and(
        eq(tenantUsers.propertyId, ctx.propertyId),
        eq(tenantUsers.type, 'tenant-resident'),
        eq(tenantUsers.active, true),
        ...words.map((w) => {
          const like = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          return or(ilike(tenantUsers.fullName, like), ilike(tenantUsers.email, like))!;
        }),
      ),
    )
    .orderBy(asc(tenantUsers.fullName))
    .limit(20);
  return { data };
}
