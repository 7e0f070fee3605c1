import {
  SPACE_STATUSES,
  SPOT_TYPES,
  type SpaceStatus,
  type SpotDetail,
  type SpotItem,
  type SpotType,
  type spotBody,
} from '@parkade/contract';
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { deleteRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { belongsTo, defineListResource, type IncludeDef, rowsByIds } from '../../platform/list-query';
import { parkingAreas } from '../parking-map/table';
import { freeRun, today } from '../reservations/free';
import { reservations } from '../reservations/table';
import { tenantUsers } from '../users/table';
import { reservedTodaySql, spotStatusSql } from './status';
import { spots } from './table';

/** The unique number of a spot: the database decides, its message is the spec's. */
export const SPOT_UNIQUE = { spots_number_unique: { field: 'number', key: 'spots.numberTaken' } };

const columns = {
  id: spots.id,
  areaId: spots.areaId,
  number: spots.number,
  name: spots.name,
  type: spots.type,
  status: spotStatusSql(spots.status, reservedTodaySql(spots.id, spots.propertyId)),
  setStatus: spots.status,
  spotGroup: spots.spotGroup,
  notes: spots.notes,
  x: spots.x,
  y: spots.y,
  rotation: spots.rotation,
  createdAt: spots.createdAt,
  updatedAt: spots.updatedAt,
};
type Row = Omit<typeof spots.$inferSelect, 'status'> & { status: string; setStatus: string };

export function toSpotItem(row: Pick<Row, keyof typeof columns>): SpotItem {
  return {
    id: row.id,
    areaId: row.areaId,
    number: row.number,
    name: row.name,
    type: row.type as SpotType,
    status: row.status as SpaceStatus,
    setStatus: row.setStatus as SpaceStatus,
    spotGroup: row.spotGroup,
    notes: row.notes,
    x: row.x,
    y: row.y,
    rotation: row.rotation,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The reservation covering today (or null), with the resident's name. */
const reservationInclude: IncludeDef<SpotItem> = {
  description: 'The reservation covering today, with the resident name, or null',
  async load(ctx, items) {
    const ids = items.map((i) => i.id);
    const rows = ids.length
      ? await ctx.tx
          .select({
            id: reservations.id,
            spotId: reservations.spotId,
            residentId: reservations.residentId,
            residentName: tenantUsers.fullName,
            startsOn: reservations.startsOn,
            endsOn: reservations.endsOn,
          })
          .from(reservations)
          .innerJoin(
            tenantUsers,
            and(
              eq(tenantUsers.propertyId, reservations.propertyId),
              eq(tenantUsers.id, reservations.residentId),
            ),
          )
          .where(
            and(
              eq(reservations.propertyId, ctx.propertyId),
              inArray(reservations.spotId, ids),
              eq(reservations.status, 'confirmed'),
              sql`current_date between ${reservations.startsOn} and ${reservations.endsOn}`,
            ),
          )
      : [];
    const bySpot = new Map(rows.map((r) => [r.spotId, r]));
    for (const item of items) {
      const r = bySpot.get(item.id);
      item.reservation = r
        ? {
            id: r.id,
            residentId: r.residentId,
            residentName: r.residentName,
            startsOn: r.startsOn,
            endsOn: r.endsOn,
          }
        : null;
    }
  },
};

export const spotsList = defineListResource({
  table: spots,
  select: columns,
  scope: (ctx) => eq(spots.propertyId, ctx.propertyId),
  filters: {
    type: { type: 'enum', column: spots.type, values: SPOT_TYPES },
    status: { type: 'enum', column: columns.status, values: SPACE_STATUSES },
    areaId: { type: 'number', column: spots.areaId, nullable: true },
    spotGroup: { type: 'string', column: spots.spotGroup, nullable: true },
  },
  term: [spots.number, spots.name, spots.spotGroup],
  sorts: {
    // Natural order: by the letters, then by the number in it (G2 before G10, every V after every G).
    number: sql`lower(regexp_replace(${spots.number}, '[0-9]+', '', 'g')) || lpad(coalesce(substring(${spots.number} from '[0-9]+'), ''), 20, '0')`,
    name: spots.name,
    type: spots.type,
    status: columns.status,
    spotGroup: spots.spotGroup,
    createdAt: spots.createdAt,
  },
  defaultSort: 'number',
  serialize: toSpotItem,
  includes: {
    area: belongsTo({
      description: 'The parking area (id, name), or null',
      key: (s: SpotItem) => s.areaId,
      load: (ctx, ids) => rowsByIds(ctx, parkingAreas, { id: parkingAreas.id, name: parkingAreas.name }, ids),
    }),
    reservation: reservationInclude,
  },
});

const own = (ctx: Scope, id: number) => and(eq(spots.propertyId, ctx.propertyId), eq(spots.id, id))!;

export async function getSpot(ctx: Scope, id: number): Promise<SpotItem> {
  const [row] = await ctx.tx.select(columns).from(spots).where(own(ctx, id));
  if (!row) throw notFound('spots');
  const item = toSpotItem(row);
  const [area] = row.areaId
    ? await ctx.tx
        .select({ id: parkingAreas.id, name: parkingAreas.name })
        .from(parkingAreas)
        .where(and(eq(parkingAreas.propertyId, ctx.propertyId), eq(parkingAreas.id, row.areaId)))
    : [];
  item.area = area ?? null;
  await reservationInclude.load(ctx, [item], 'reservation', {});
  return item;
}

export async function assertArea(ctx: Scope, areaId: number) {
  const [a] = await ctx.tx
    .select({ id: parkingAreas.id })
    .from(parkingAreas)
    .where(and(eq(parkingAreas.propertyId, ctx.propertyId), eq(parkingAreas.id, areaId)));
  if (!a) throw fieldError('areaId', 'validation.invalidSelection');
}

export async function updateSpot(ctx: Scope, id: number, body: z.output<typeof spotBody>) {
  if (body.areaId) await assertArea(ctx, body.areaId);
  await updateRow(
    ctx,
    spots,
    'spots',
    own(ctx, id),
    {
      number: body.number,
      name: body.name,
      type: body.type,
      status: body.status,
      spotGroup: body.spotGroup,
      notes: body.notes,
      ...(body.areaId !== undefined ? { areaId: body.areaId } : {}),
    },
    { unique: SPOT_UNIQUE },
  );
  return getSpot(ctx, id);
}

/**
 * DELETE /spots/:id. The spot is locked first, so a reservation being created for it at the same moment either
 * commits before (and refuses the delete) or waits and then fails on the missing spot.
 */
export async function deleteSpot(ctx: Scope, id: number) {
  const [spot] = await ctx.tx.select({ id: spots.id }).from(spots).where(own(ctx, id)).for('update');
  if (!spot) throw notFound('spots');
  await refuseIfReserved(ctx, [id], 'spots.deleteReserved');
  await deleteRow(ctx, spots, 'spots', own(ctx, id));
}

/** A spot with a current or future reservation is not deleted (its reservation would vanish with it): 409. */
export async function refuseIfReserved(ctx: Scope, spotIds: number[], key: string) {
  if (!spotIds.length) return;
  const [r] = await ctx.tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.propertyId, ctx.propertyId),
        inArray(reservations.spotId, spotIds),
        ne(reservations.status, 'rejected'),
        gte(reservations.endsOn, sql`current_date`),
      ),
    )
    .limit(1);
  if (r) throw new HttpError(409, key);
}

/** GET /spots/:id/detail: the spot, its area, the reservation covering today (else the next) and its resident. */
export async function spotDetail(ctx: Scope, id: number): Promise<SpotDetail> {
  const spot = await getSpot(ctx, id);
  const [next] = await ctx.tx
    .select({
      id: reservations.id,
      startsOn: reservations.startsOn,
      endsOn: reservations.endsOn,
      notes: reservations.notes,
      status: reservations.status,
      residentId: tenantUsers.id,
      fullName: tenantUsers.fullName,
      email: tenantUsers.email,
      phone: tenantUsers.phone,
    })
    .from(reservations)
    .innerJoin(
      tenantUsers,
      and(eq(tenantUsers.propertyId, reservations.propertyId), eq(tenantUsers.id, reservations.residentId)),
    )
    .where(
      and(
        eq(reservations.propertyId, ctx.propertyId),
        eq(reservations.spotId, id),
        ne(reservations.status, 'rejected'),
        gte(reservations.endsOn, sql`current_date`),
      ),
    )
    .orderBy(reservations.startsOn)
    .limit(1);
  const free = await freeRun(ctx, id, await today(ctx));
  return {
    ...free,
    spot: {
      id: spot.id,
      areaId: spot.areaId,
      number: spot.number,
      name: spot.name,
      type: spot.type,
      status: spot.status,
      setStatus: spot.setStatus,
      spotGroup: spot.spotGroup,
      x: spot.x,
      y: spot.y,
      rotation: spot.rotation,
      reservedNow: !!spot.reservation,
      notes: spot.notes,
    },
    area: spot.area ?? null,
    reservation: next
      ? {
          id: next.id,
          startsOn: next.startsOn,
          endsOn: next.endsOn,
          notes: next.notes,
          status: next.status === 'pending' ? ('pending' as const) : ('confirmed' as const),
        }
      : null,
    resident: next
      ? { id: next.residentId, fullName: next.fullName, email: next.email, phone: next.phone }
      : null,
    permit: null,
    vehicle: null,
  };
}

/** A spot chosen on a form (a vehicle's, a permit's) must be one of the property's: else a field error on `spotId`. */
export async function assertSpotOfProperty(ctx: Scope, spotId: number): Promise<void> {
  const [spot] = await ctx.tx
    .select({ id: spots.id })
    .from(spots)
    .where(and(eq(spots.propertyId, ctx.propertyId), eq(spots.id, spotId)));
  if (!spot) throw fieldError('spotId', 'permits.spotNotFound');
}
