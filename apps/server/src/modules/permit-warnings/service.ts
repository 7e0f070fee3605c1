import {
  type Language,
  normalizePlate,
  PERMIT_WARNING_ACTION_PERMISSIONS,
  PERMIT_WARNING_ACTIONS,
  PERMIT_WARNING_STATUS_ORDER,
  PERMIT_WARNING_STATUSES,
  PERMIT_WARNING_TRANSITIONS,
  type EnforcementPhoto,
  type PermitWarningItem,
  type PermitWarningShowAction,
  type PermitWarningStatus,
  type TowCheck,
  type VehicleTowStatus,
} from '@parkade/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { query } from '../../platform/db';
import { nameIn } from '../../platform/db/catalog-table';
import { notFound } from '../../platform/errors';
import { defineListResource, listValueError, type ListParseContext } from '../../platform/list-query';
import type { Scope } from '../../platform/scope';
import { files } from '../files/table';
import { OBSERVATION_ENTITY } from '../patrolling/observations';
import { patrolCheckIns, patrolObservations } from '../patrolling/table';
import { reasons } from '../reasons/table';
import { propertySettingsOf } from '../residents/service';
import { vehicleTows } from '../vehicle-tows/table';
import { warnings } from '../warnings/table';
import { permitWarnings } from './table';

/** The audit log's name of a warning, and the owner entity of its placement photos. */
export const ENTITY = 'permit_warnings';

const w = permitWarnings;
const o = patrolObservations;

const rank = (order: readonly string[], column: unknown) =>
  sql<number>`(case ${column} ${sql.join(
    order.map((s, i) => sql`when ${s} then ${i}`),
    sql` `,
  )} else ${order.length} end)`;
/** The list's `status` sort: what waits for someone first (PERMIT_WARNING_STATUS_ORDER). */
const statusRank = rank(PERMIT_WARNING_STATUS_ORDER, w.status);

/** The warning's tow, if any (one per warning). */
const towSql = sql<{ id: number; status: VehicleTowStatus } | null>`(select json_build_object('id', t.id,
  'status', t.status) from ${vehicleTows} t where t.property_id = ${w.propertyId}
  and t.permit_warning_id = ${w.id})`;

const columns = {
  id: w.id,
  status: w.status,
  plate: w.plate,
  plateNormalized: w.plateNormalized,
  observationId: w.observationId,
  checkInId: w.checkInId,
  warningId: w.warningId,
  reasonId: w.reasonId,
  spotNumber: o.spotNumber,
  place: o.place,
  note: w.note,
  requestedById: w.requestedById,
  requestedByName: w.requestedByName,
  decidedAt: w.decidedAt,
  decidedById: w.decidedById,
  decidedByName: w.decidedByName,
  decisionNote: w.decisionNote,
  placedAt: w.placedAt,
  placedById: w.placedById,
  placedByName: w.placedByName,
  cancelledAt: w.cancelledAt,
  tow: towSql,
  createdAt: w.createdAt,
  updatedAt: w.updatedAt,
};

/** The warning type's and the reason's names in the reader's language (issue 36 §9). */
const namesIn = (lang: Language) => ({
  warningName: nameIn(warnings, lang),
  reasonName: nameIn(reasons, lang),
});

type Row = Record<string, unknown>;
const iso = (d: unknown) =>
  d instanceof Date ? d.toISOString() : typeof d === 'string' ? new Date(d).toISOString() : null;
export const person = (id: unknown, name: unknown) =>
  typeof name === 'string' ? { id: id === null || id === undefined ? null : Number(id), name } : null;

function serialize(row: Row): PermitWarningItem {
  const {
    requestedById,
    requestedByName,
    decidedById,
    decidedByName,
    placedById,
    placedByName,
    tow,
    ...rest
  } = row;
  const t = tow as { id: number; status: VehicleTowStatus } | null;
  return {
    ...rest,
    requestedBy: person(requestedById, requestedByName),
    decidedBy: person(decidedById, decidedByName),
    placedBy: person(placedById, placedByName),
    decidedAt: iso(row.decidedAt),
    placedAt: iso(row.placedAt),
    cancelledAt: iso(row.cancelledAt),
    tow: t ? { id: Number(t.id), status: t.status } : null,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  } as PermitWarningItem;
}

/** filter[from] / filter[to]: an ISO date; warnings asked on or after from, on or before to (whole days, UTC). */
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(new Date(v).getTime());
export function dayFilter(column: unknown, end: boolean, description: string) {
  return {
    type: 'custom' as const,
    description,
    where: ([value]: string[], q: ListParseContext) => {
      if (!value) return undefined;
      if (!isDay(value)) throw listValueError(q, `filter[${end ? 'to' : 'from'}]`, 'validation.date');
      const d = new Date(`${value}T00:00:00Z`);
      if (end) {
        d.setUTCDate(d.getUTCDate() + 1);
        return sql`${column} < ${d}`;
      }
      return sql`${column} >= ${d}`;
    },
  };
}
/** filter[plate]: plates as written on them, compared normalised (BZP-4471 = bzp 4471). */
export const plateFilter = (column: unknown) => ({
  type: 'custom' as const,
  description: 'The plate as written on it, compared normalised (BZP-4471 = bzp 4471)',
  where: (values: string[]) => {
    const plates = values.map((x) => normalizePlate(x)).filter(Boolean);
    return plates.length
      ? sql`${column} in (${sql.join(
          plates.map((p) => sql`${p}`),
          sql`, `,
        )})`
      : sql`false`;
  },
});

/** GET /permit-warnings: the property's warnings, pending first. */
export const permitWarningsList = defineListResource<typeof columns, PermitWarningItem>({
  table: w,
  select: columns,
  selectInLanguage: namesIn,
  joins: (q) =>
    q
      .innerJoin(warnings, eq(warnings.id, w.warningId))
      .innerJoin(reasons, eq(reasons.id, w.reasonId))
      .innerJoin(o, and(eq(o.propertyId, w.propertyId), eq(o.id, w.observationId))),
  scope: (ctx) => eq(w.propertyId, ctx.propertyId),
  filters: {
    status: { type: 'enum', column: w.status, values: PERMIT_WARNING_STATUSES },
    plate: plateFilter(w.plateNormalized),
    from: dayFilter(w.createdAt, false, 'Asked on or after this ISO date (the whole day, UTC)'),
    to: dayFilter(w.createdAt, true, 'Asked on or before this ISO date (the whole day, UTC)'),
  },
  term: { columns: [w.plate, o.spotNumber, o.place], plates: [w.plateNormalized] },
  sorts: { status: statusRank, createdAt: w.createdAt },
  defaultSort: ['status', '-createdAt'],
  serialize,
});

export const own = (ctx: Scope, id: number) => and(eq(w.propertyId, ctx.propertyId), eq(w.id, id))!;

export type WarningRow = typeof permitWarnings.$inferSelect;

/**
 * The warning row, locked for the rest of the transaction (FOR UPDATE): two decisions on one warning run one after
 * the other, the second seeing the first's status. 404 when it is not this property's.
 */
export async function lockWarning(ctx: Scope, id: number): Promise<WarningRow> {
  const [row] = await ctx.tx.select().from(w).where(own(ctx, id)).for('update');
  if (!row) throw notFound(ENTITY);
  return row;
}

/** The database's clock (the transaction's instant): placements and tow times are measured on it. */
export async function dbNow(ctx: Scope): Promise<Date> {
  const [row] = await query<{ now: Date | string }>(ctx.tx, sql`select now() as now`);
  return new Date(row!.now);
}

type PhotoRow = { id: number; name: string; mimeType: string };
const photoColumns = { id: files.id, name: files.originalName, mimeType: files.mimeType };

/** The photos of one observation (taken when it was observed). */
export async function observationPhotos(
  ctx: Scope,
  observationId: number,
  observedAt: Date,
): Promise<EnforcementPhoto[]> {
  const rows: PhotoRow[] = await ctx.tx
    .select(photoColumns)
    .from(files)
    .where(
      and(
        eq(files.propertyId, ctx.propertyId),
        eq(files.entity, OBSERVATION_ENTITY),
        eq(files.entityId, String(observationId)),
      ),
    )
    .orderBy(asc(files.id));
  return rows.map((f) => ({
    ...f,
    takenAt: observedAt.toISOString(),
    source: 'observation',
    observationId,
  }));
}

/** The photos of the placed warning (stored by the placement, in its transaction). */
export async function placementPhotos(ctx: Scope, warning: WarningRow): Promise<EnforcementPhoto[]> {
  const rows = await ctx.tx
    .select({ ...photoColumns, createdAt: files.createdAt })
    .from(files)
    .where(
      and(
        eq(files.propertyId, ctx.propertyId),
        eq(files.entity, ENTITY),
        eq(files.entityId, String(warning.id)),
      ),
    )
    .orderBy(asc(files.id));
  return rows.map(({ createdAt, ...f }) => ({
    ...f,
    takenAt: (warning.placedAt ?? createdAt).toISOString(),
    source: 'placement',
    observationId: null,
  }));
}

/**
 * Photos of observations of the same plate at the property made at or after the placement (the officer came back
 * and photographed the car still there), other than the observation the warning was asked from.
 */
export async function laterPhotos(ctx: Scope, warning: WarningRow): Promise<EnforcementPhoto[]> {
  if (!warning.placedAt) return [];
  const rows = await ctx.tx
    .select({ ...photoColumns, observationId: o.id, observedAt: o.observedAt })
    .from(files)
    .innerJoin(
      o,
      and(
        eq(o.propertyId, files.propertyId),
        eq(files.entity, OBSERVATION_ENTITY),
        eq(files.entityId, sql`${o.id}::text`),
      ),
    )
    .where(
      and(
        eq(files.propertyId, ctx.propertyId),
        eq(o.propertyId, ctx.propertyId),
        eq(o.plateNormalized, warning.plateNormalized),
        sql`${o.observedAt} >= ${warning.placedAt}`,
        ne(o.id, warning.observationId),
      ),
    )
    .orderBy(asc(o.observedAt), asc(files.id));
  return rows.map(({ observedAt, ...f }) => ({
    ...f,
    takenAt: observedAt.toISOString(),
    source: 'observation',
  }));
}

/** NO PHOTO, NO TOW: the photos a tow may rest on — the placement's, and those of later observations. */
export async function towEvidence(ctx: Scope, warning: WarningRow): Promise<EnforcementPhoto[]> {
  if (warning.status !== 'placed' || !warning.placedAt) return [];
  return [...(await placementPhotos(ctx, warning)), ...(await laterPhotos(ctx, warning))];
}

/** When the warning's grace time ends: the placement plus the property's tow grace hours now. */
export async function towReadiness(ctx: Scope, placedAt: Date) {
  const graceHours = (await propertySettingsOf(ctx)).other.towGraceHours;
  const readyAt = new Date(placedAt.getTime() + graceHours * 3_600_000);
  return { graceHours, readyAt, graceOver: (await dbNow(ctx)).getTime() >= readyAt.getTime() };
}

/** What the caller may do with the warning now (their permissions and its status; never cancel with a live tow). */
function actionsOf(ctx: Scope, item: PermitWarningItem): PermitWarningShowAction[] {
  const held = ctx.session?.permissions ?? [];
  const out: PermitWarningShowAction[] = [];
  for (const action of PERMIT_WARNING_ACTIONS) {
    if (!(PERMIT_WARNING_TRANSITIONS[action].from as readonly PermitWarningStatus[]).includes(item.status))
      continue;
    if (!held.includes(PERMIT_WARNING_ACTION_PERMISSIONS[action])) continue;
    if (action === 'cancel' && item.tow && item.tow.status !== 'cancelled') continue;
    out.push(action);
  }
  if (item.status === 'placed' && !item.tow && held.includes('vehicle-tows.authorize')) out.push('tow');
  return out;
}

/** A check-in as a record shows where it was made. */
export async function checkInPosition(ctx: Scope, checkInId: number) {
  const [c] = await ctx.tx
    .select({
      id: patrolCheckIns.id,
      checkedInAt: patrolCheckIns.checkedInAt,
      latitude: patrolCheckIns.latitude,
      longitude: patrolCheckIns.longitude,
      distanceMeters: patrolCheckIns.distanceMeters,
      locationStatus: patrolCheckIns.locationStatus,
    })
    .from(patrolCheckIns)
    .where(and(eq(patrolCheckIns.propertyId, ctx.propertyId), eq(patrolCheckIns.id, checkInId)));
  return c ? { ...c, checkedInAt: c.checkedInAt.toISOString() } : null;
}

/** The observation a warning was asked from (what the officer saw), without its photos. */
export async function observationOf(ctx: Scope, id: number) {
  const [row] = await ctx.tx
    .select({
      id: o.id,
      observedAt: o.observedAt,
      officer: o.userName,
      spotId: o.spotId,
      spotNumber: o.spotNumber,
      place: o.place,
      notes: o.notes,
    })
    .from(o)
    .where(and(eq(o.propertyId, ctx.propertyId), eq(o.id, id)));
  if (!row) throw notFound(ENTITY);
  return row;
}

/**
 * One warning with everything its page shows: the observation (with photos), the check-in's position, the lookup
 * when it was asked, the placement's and later photos, when a tow becomes possible and whether a photo allows it,
 * and the actions the caller may take now. 404 when it is not this property's.
 */
export async function getPermitWarning(ctx: Scope, id: number): Promise<PermitWarningItem> {
  const [row] = await ctx.tx
    .select({ ...columns, ...namesIn(ctx.lang), lookup: w.lookup })
    .from(w)
    .innerJoin(warnings, eq(warnings.id, w.warningId))
    .innerJoin(reasons, eq(reasons.id, w.reasonId))
    .innerJoin(o, and(eq(o.propertyId, w.propertyId), eq(o.id, w.observationId)))
    .where(own(ctx, id));
  if (!row) throw notFound(ENTITY);
  const { lookup, ...rest } = row;
  const item = serialize(rest);
  const [stored] = await ctx.tx.select().from(w).where(own(ctx, id));
  const warning = stored!;
  const observation = await observationOf(ctx, warning.observationId);
  const placement = await placementPhotos(ctx, warning);
  const later = await laterPhotos(ctx, warning);
  let towCheck: TowCheck | null = null;
  if (warning.status === 'placed' && warning.placedAt) {
    const ready = await towReadiness(ctx, warning.placedAt);
    towCheck = {
      graceHours: ready.graceHours,
      readyAt: ready.readyAt.toISOString(),
      graceOver: ready.graceOver,
      hasPhoto: placement.length + later.length > 0,
    };
  }
  return {
    ...item,
    lookup: lookup ?? null,
    observation: {
      ...observation,
      observedAt: observation.observedAt.toISOString(),
      photos: await observationPhotos(ctx, observation.id, observation.observedAt),
    },
    checkIn: await checkInPosition(ctx, warning.checkInId),
    placementPhotos: placement,
    laterPhotos: later,
    towCheck,
    actions: actionsOf(ctx, item),
  };
}

/** The ids of the live warnings (pending, approved or placed) asked from an observation. */
export async function liveWarningsOf(ctx: Scope, observationId: number) {
  return ctx.tx
    .select({ id: w.id })
    .from(w)
    .where(
      and(
        eq(w.propertyId, ctx.propertyId),
        eq(w.observationId, observationId),
        inArray(w.status, ['pending', 'approved', 'placed']),
      ),
    );
}
