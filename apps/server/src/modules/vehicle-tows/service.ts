import {
  type Language,
  VEHICLE_TOW_ACTION_PERMISSIONS,
  VEHICLE_TOW_ACTIONS,
  VEHICLE_TOW_STATUS_ORDER,
  VEHICLE_TOW_STATUSES,
  VEHICLE_TOW_TRANSITIONS,
  type EnforcementPhoto,
  type VehicleTowAction,
  type VehicleTowItem,
  type VehicleTowStatus,
} from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { nameIn } from '../../platform/db/catalog-table';
import { notFound } from '../../platform/errors';
import { defineListResource } from '../../platform/list-query';
import type { Scope } from '../../platform/scope';
import {
  checkInPosition,
  dayFilter,
  laterPhotos,
  observationOf,
  person,
  placementPhotos,
  plateFilter,
} from '../permit-warnings/service';
import { permitWarnings } from '../permit-warnings/table';
import { reasons } from '../reasons/table';
import { tows } from '../tows/table';
import { warnings } from '../warnings/table';
import { vehicleTows } from './table';

/** The audit log's name of a tow. */
export const ENTITY = 'vehicle_tows';

const v = vehicleTows;

const statusRank = sql<number>`(case ${v.status} ${sql.join(
  VEHICLE_TOW_STATUS_ORDER.map((s, i) => sql`when ${s} then ${i}`),
  sql` `,
)} else ${VEHICLE_TOW_STATUS_ORDER.length} end)`;

const columns = {
  id: v.id,
  status: v.status,
  plate: v.plate,
  plateNormalized: v.plateNormalized,
  permitWarningId: v.permitWarningId,
  towId: v.towId,
  towAuthorizationDate: v.towAuthorizationDate,
  readyToTowAt: v.readyToTowAt,
  authorizedById: v.authorizedById,
  authorizedByName: v.authorizedByName,
  note: v.note,
  photoFileIds: v.photoFileIds,
  closedAt: v.closedAt,
  closedById: v.closedById,
  closedByName: v.closedByName,
  closeNote: v.closeNote,
  createdAt: v.createdAt,
  updatedAt: v.updatedAt,
};

/** The tow type's name in the reader's language (issue 36 §9). */
const namesIn = (lang: Language) => ({ towName: nameIn(tows, lang) });

const iso = (d: unknown) =>
  d instanceof Date ? d.toISOString() : typeof d === 'string' ? new Date(d).toISOString() : null;

function serialize(row: Record<string, unknown>): VehicleTowItem {
  const { authorizedById, authorizedByName, closedById, closedByName, ...rest } = row;
  return {
    ...rest,
    authorizedBy: person(authorizedById, authorizedByName),
    closedBy: person(closedById, closedByName),
    photoFileIds: (row.photoFileIds as number[]).map(Number),
    towAuthorizationDate: iso(row.towAuthorizationDate)!,
    readyToTowAt: iso(row.readyToTowAt)!,
    closedAt: iso(row.closedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  } as VehicleTowItem;
}

/** GET /vehicle-tows: the property's tows, those still to do first. */
export const vehicleTowsList = defineListResource<typeof columns, VehicleTowItem>({
  table: v,
  select: columns,
  selectInLanguage: namesIn,
  joins: (q) => q.innerJoin(tows, eq(tows.id, v.towId)),
  scope: (ctx) => eq(v.propertyId, ctx.propertyId),
  filters: {
    status: { type: 'enum', column: v.status, values: VEHICLE_TOW_STATUSES },
    plate: plateFilter(v.plateNormalized),
    from: dayFilter(v.createdAt, false, 'Authorised on or after this ISO date (the whole day, UTC)'),
    to: dayFilter(v.createdAt, true, 'Authorised on or before this ISO date (the whole day, UTC)'),
  },
  term: { columns: [v.plate], plates: [v.plateNormalized] },
  sorts: { status: statusRank, createdAt: v.createdAt, readyToTowAt: v.readyToTowAt },
  defaultSort: ['status', '-createdAt'],
  serialize,
});

export const own = (ctx: Scope, id: number) => and(eq(v.propertyId, ctx.propertyId), eq(v.id, id))!;

export type TowRow = typeof vehicleTows.$inferSelect;

/** What the caller may do with the tow now: the transitions its status allows and their permissions. */
function actionsOf(ctx: Scope, status: VehicleTowStatus): VehicleTowAction[] {
  const held = ctx.session?.permissions ?? [];
  return VEHICLE_TOW_ACTIONS.filter(
    (a) =>
      (VEHICLE_TOW_TRANSITIONS[a].from as readonly VehicleTowStatus[]).includes(status) &&
      held.includes(VEHICLE_TOW_ACTION_PERMISSIONS[a]),
  );
}

/**
 * The photos the tow rests on (its photoFileIds): the warning's placement photos and those of later observations
 * of the plate, as they were found at authorisation.
 */
export async function towPhotos(ctx: Scope, tow: TowRow): Promise<EnforcementPhoto[]> {
  const [warning] = await ctx.tx
    .select()
    .from(permitWarnings)
    .where(and(eq(permitWarnings.propertyId, ctx.propertyId), eq(permitWarnings.id, tow.permitWarningId)));
  if (!warning) return [];
  const ids = new Set(tow.photoFileIds.map(Number));
  const all = [...(await placementPhotos(ctx, warning)), ...(await laterPhotos(ctx, warning))];
  return all.filter((p) => ids.has(p.id));
}

/**
 * One tow with everything its record shows: the warning (type, reason, who asked, approved and placed it, when),
 * where (the observation's spot or place, the check-in's position), the photos, the lookup at authorisation, and
 * the actions the caller may take now. 404 when it is not this property's.
 */
export async function getVehicleTow(ctx: Scope, id: number): Promise<VehicleTowItem> {
  const [row] = await ctx.tx
    .select({ ...columns, ...namesIn(ctx.lang) })
    .from(v)
    .innerJoin(tows, eq(tows.id, v.towId))
    .where(own(ctx, id));
  if (!row) throw notFound(ENTITY);
  const [stored] = await ctx.tx.select().from(v).where(own(ctx, id));
  const tow = stored!;
  const item = serialize(row);
  const [w] = await ctx.tx
    .select({
      id: permitWarnings.id,
      status: permitWarnings.status,
      warningName: nameIn(warnings, ctx.lang),
      reasonName: nameIn(reasons, ctx.lang),
      note: permitWarnings.note,
      createdAt: permitWarnings.createdAt,
      requestedById: permitWarnings.requestedById,
      requestedByName: permitWarnings.requestedByName,
      decidedAt: permitWarnings.decidedAt,
      decidedById: permitWarnings.decidedById,
      decidedByName: permitWarnings.decidedByName,
      placedAt: permitWarnings.placedAt,
      placedById: permitWarnings.placedById,
      placedByName: permitWarnings.placedByName,
      observationId: permitWarnings.observationId,
      checkInId: permitWarnings.checkInId,
    })
    .from(permitWarnings)
    .innerJoin(warnings, eq(warnings.id, permitWarnings.warningId))
    .innerJoin(reasons, eq(reasons.id, permitWarnings.reasonId))
    .where(and(eq(permitWarnings.propertyId, ctx.propertyId), eq(permitWarnings.id, tow.permitWarningId)));
  const observation = await observationOf(ctx, w!.observationId);
  return {
    ...item,
    lookup: tow.lookup ?? null,
    photos: await towPhotos(ctx, tow),
    warning: {
      id: w!.id,
      status: w!.status,
      warningName: w!.warningName,
      reasonName: w!.reasonName,
      note: w!.note,
      requestedAt: w!.createdAt.toISOString(),
      requestedBy: person(w!.requestedById, w!.requestedByName),
      decidedAt: iso(w!.decidedAt),
      decidedBy: person(w!.decidedById, w!.decidedByName),
      placedAt: iso(w!.placedAt),
      placedBy: person(w!.placedById, w!.placedByName),
      observation: { ...observation, observedAt: observation.observedAt.toISOString() },
      checkIn: await checkInPosition(ctx, w!.checkInId),
    },
    actions: actionsOf(ctx, item.status),
  };
}
