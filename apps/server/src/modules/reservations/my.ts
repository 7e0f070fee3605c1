import type { FreeSpotsResponse, myReservationBody, ReservationItem } from '@parkade/contract';
import type { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { createRow } from '../../platform/crud';
import type { Scope } from '../../platform/scope';
import { parkingAreas } from '../parking-map/table';
import { propertySettingsOf } from '../residents/service';
import { spots } from '../spots/table';
import { checkDates, checkReservation, checkResidentLimit } from './rules';
import { getReservation, guardReservation } from './service';
import { reservations } from './table';

/*
 * The resident asks for a reserved spot (/my/reservations, decision 0039 §5): they choose dates, see the reserved
 * spots free for all of them (numbers and areas only: nothing of who holds the others), and ask for one. The rules
 * are staff's (rules.ts) with the resident's own; the request is pending when the property's settings say staff
 * approve reservations, else confirmed at once.
 */

/**
 * GET /my/reservations/free-spots: the spots the property offers (type `reserved`, in service) that no pending or
 * confirmed reservation holds on any of the dates. The dates and the resident's limit are checked first (the same
 * rules as asking), so a resident who may not ask learns it before choosing a spot.
 */
export async function freeSpots(
  ctx: Scope,
  dates: { startsOn: string; endsOn: string },
): Promise<FreeSpotsResponse> {
  const settings = await propertySettingsOf(ctx);
  await checkDates(ctx, dates, settings, 'resident');
  await checkResidentLimit(ctx, ctx.user().id, settings, { lock: false });
  const data = await ctx.tx
    .select({ id: spots.id, number: spots.number, area: parkingAreas.name })
    .from(spots)
    .leftJoin(
      parkingAreas,
      and(eq(parkingAreas.propertyId, spots.propertyId), eq(parkingAreas.id, spots.areaId)),
    )
    .where(
      and(
        eq(spots.propertyId, ctx.propertyId),
        eq(spots.type, 'reserved'),
        eq(spots.status, 'available'),
        sql`not exists (select 1 from ${reservations} r where r.property_id = ${spots.propertyId}
          and r.spot_id = ${spots.id} and r.status <> 'rejected'
          and r.starts_on <= ${dates.endsOn} and r.ends_on >= ${dates.startsOn})`,
      ),
    )
    .orderBy(
      sql`lower(regexp_replace(${spots.number}, '[0-9]+', '', 'g')) || lpad(coalesce(substring(${spots.number} from '[0-9]+'), ''), 20, '0')`,
    );
  return { data, approvalRequired: settings.reservedSpaces.approvalRequired };
}

/** POST /my/reservations: the request, pending or confirmed by the settings. */
export async function askReservation(
  ctx: Scope,
  body: z.output<typeof myReservationBody>,
): Promise<ReservationItem> {
  const residentId = ctx.user().id;
  const ask = { spotId: body.spotId, residentId, startsOn: body.startsOn, endsOn: body.endsOn };
  await checkReservation(ctx, ask, { asker: 'resident' });
  const settings = await propertySettingsOf(ctx);
  const row = await guardReservation(
    () =>
      createRow(ctx, reservations, 'reservations', {
        propertyId: ctx.propertyId,
        ...ask,
        notes: body.notes,
        status: settings.reservedSpaces.approvalRequired ? 'pending' : 'confirmed',
        createdBy: residentId,
      }),
    'resident',
  );
  return getReservation(ctx, row.id);
}
