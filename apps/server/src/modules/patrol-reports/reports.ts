import {
  CHECK_IN_LOCATION_STATUSES,
  PATROL_REPORT_EXCERPT_MAX,
  PATROL_REPORT_STATUSES,
  type CheckInLocationStatus,
  type PatrolReport,
  type PatrolReportItem,
  type PatrolReportStatus,
} from '@parkade/contract';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { query } from '../../platform/db';
import { qualified } from '../../platform/db/columns';
import { notFound } from '../../platform/errors';
import { defineListResource, listValueError, type ListParseContext } from '../../platform/list-query';
import type { Scope } from '../../platform/scope';
import { readCheckIns, requireActiveCheckIn } from '../patrolling/checkins';
import { OBSERVATION_ENTITY, readObservations } from '../patrolling/observations';
import { patrolCheckIns, patrolObservations } from '../patrolling/table';
import { files } from '../files/table';
import { permitWarnings } from '../permit-warnings/table';
import { properties } from '../properties/table';
import { REPORT_ENTITY, saveReportSummary } from './service';
import { patrolReports } from './table';

/*
 * Patrol reports (SPEC §2.5, §5; issue 18): one per check-in, opened by the check-in itself. A report is the
 * round: the check-in's start and end (time, position, location status), the officer, their summary and the
 * round's observations (service.ts opens it and writes its summary; the patrol's check-in and check-out call it). Staff of the property, central staff and patrol officers list, read and export them; only
 * an officer with an active check-in at the property writes one (its summary).
 */

const r = patrolReports;
const c = patrolCheckIns;

const statusSql = sql<PatrolReportStatus>`(case when ${c.checkedOutAt} is null then 'open' else 'closed' end)`;
/** The round's observations and the warnings asked from them (outer columns qualified: the subquery has its own). */
const observationsSql = sql<number>`(select count(*)::int from ${patrolObservations} o
  where o.property_id = ${qualified(r.propertyId)} and o.check_in_id = ${qualified(r.checkInId)})`;
const warningsSql = sql<number>`(select count(*)::int from ${permitWarnings} w
  where w.property_id = ${qualified(r.propertyId)} and w.check_in_id = ${qualified(r.checkInId)})`;
/** The day a round started on, in the property's time zone. */
const startDaySql = sql`(${c.checkedInAt} at time zone ${properties.timezone})::date`;

const columns = {
  id: r.id,
  checkInId: r.checkInId,
  userArea: r.userArea,
  userId: r.userId,
  userName: r.userName,
  status: statusSql,
  startedAt: c.checkedInAt,
  endedAt: c.checkedOutAt,
  locationStatus: c.locationStatus,
  distanceMeters: c.distanceMeters,
  observations: observationsSql,
  warnings: warningsSql,
  summary: r.summary,
  updatedAt: r.updatedAt,
};

interface Row {
  id: number;
  checkInId: number;
  userArea: 'central' | 'tenant';
  userId: number;
  userName: string;
  status: PatrolReportStatus;
  startedAt: Date;
  endedAt: Date | null;
  locationStatus: CheckInLocationStatus;
  distanceMeters: number | null;
  observations: number;
  warnings: number;
  summary: string | null;
  updatedAt: Date;
}

const excerpt = (s: string | null) =>
  s && s.length > PATROL_REPORT_EXCERPT_MAX ? `${s.slice(0, PATROL_REPORT_EXCERPT_MAX - 1).trimEnd()}…` : s;

function serialize(row: Row, whole = false): PatrolReportItem {
  return {
    id: row.id,
    checkInId: row.checkInId,
    status: row.status,
    officer: { area: row.userArea, id: Number(row.userId), name: row.userName },
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    locationStatus: row.locationStatus,
    distanceMeters: row.distanceMeters,
    observations: Number(row.observations),
    warnings: Number(row.warnings),
    summary: whole ? row.summary : excerpt(row.summary),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** filter[from] / filter[to]: a day (YYYY-MM-DD) in the property's time zone; rounds started on or after / before. */
function dayFilter(name: 'from' | 'to') {
  return {
    type: 'custom' as const,
    description: `Rounds started on or ${name === 'from' ? 'after' : 'before'} this day (YYYY-MM-DD), in the property's time zone`,
    where: ([value]: string[], q: ListParseContext) => {
      if (!value) return undefined;
      if (!DAY.test(value) || Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()))
        throw listValueError(q, `filter[${name}]`, 'validation.date');
      return name === 'from' ? sql`${startDaySql} >= ${value}::date` : sql`${startDaySql} <= ${value}::date`;
    },
  };
}

/** filter[userId]: the officer's id (either area), or `central:5` / `tenant:5` for one area's user. */
function officerWhere(values: string[], q: ListParseContext): SQL | undefined {
  const conds = values.map((v) => {
    const m = /^(?:(central|tenant):)?(\d{1,15})$/.exec(v.trim());
    if (!m) throw listValueError(q, 'filter[userId]', 'validation.integer');
    const id = Number(m[2]);
    return m[1] ? and(eq(r.userArea, m[1] as 'central' | 'tenant'), eq(r.userId, id))! : eq(r.userId, id);
  });
  return or(...conds);
}

/** GET /patrolling-reports: the property's rounds, newest first. */
export const patrolReportsList = defineListResource<typeof columns, PatrolReportItem>({
  table: r,
  select: columns,
  joins: (q) =>
    q
      .innerJoin(c, and(eq(c.propertyId, r.propertyId), eq(c.id, r.checkInId)))
      .innerJoin(properties, eq(properties.id, r.propertyId)),
  scope: (ctx) => eq(r.propertyId, ctx.propertyId),
  filters: {
    from: dayFilter('from'),
    to: dayFilter('to'),
    status: { type: 'enum', column: statusSql, values: PATROL_REPORT_STATUSES },
    locationStatus: { type: 'enum', column: c.locationStatus, values: CHECK_IN_LOCATION_STATUSES },
    userId: {
      type: 'custom',
      description: "The officer's user id (either area), or central:<id> / tenant:<id>",
      where: officerWhere,
    },
  },
  term: [r.userName, r.summary],
  sorts: { startedAt: c.checkedInAt, observations: observationsSql },
  defaultSort: '-startedAt',
  serialize: (row) => serialize(row),
});

/** The report of the property with this id, as a list row with its whole summary, or 404. */
async function reportRow(ctx: Scope, id: number): Promise<PatrolReportItem> {
  const [row] = await ctx.tx
    .select(columns)
    .from(r)
    .innerJoin(c, and(eq(c.propertyId, r.propertyId), eq(c.id, r.checkInId)))
    .where(and(eq(r.propertyId, ctx.propertyId), eq(r.id, id)));
  if (!row) throw notFound(REPORT_ENTITY);
  return serialize(row, true);
}

/** GET /patrolling-reports/:id: the report, its check-in (start and end) and every observation of the round. */
export async function getReport(ctx: Scope, id: number): Promise<PatrolReport> {
  const item = await reportRow(ctx, id);
  const [checkIn] = await readCheckIns(
    ctx,
    sql`c.property_id = ${ctx.propertyId} and c.id = ${item.checkInId}`,
  );
  if (!checkIn) throw notFound(REPORT_ENTITY);
  const observationList = await readObservations(
    ctx,
    sql`o.property_id = ${ctx.propertyId} and o.check_in_id = ${item.checkInId}`,
  );
  return { ...item, checkIn, observationList };
}

/**
 * POST /patrolling-reports: saves the summary of the caller's round at the property. SPEC §5: a patrol report needs
 * an active check-in — without one it is a 409 "check in first" and nothing is written.
 */
export async function writeReport(ctx: Scope, summary: string): Promise<PatrolReport> {
  const checkIn = await requireActiveCheckIn(ctx);
  const id = await saveReportSummary(ctx, checkIn, summary);
  return getReport(ctx, id);
}

/** Whether a file is a photo of an observation of this report's round (the only photos its routes serve). */
export async function reportPhotoOwner(ctx: Scope, id: number, fileId: number): Promise<number | null> {
  const item = await reportRow(ctx, id);
  const [row] = await query<{ id: string }>(
    ctx.tx,
    sql`select o.id from ${files} f join ${patrolObservations} o
      on o.property_id = f.property_id and f.entity_id = o.id::text
      where f.id = ${fileId} and f.entity = ${OBSERVATION_ENTITY} and o.property_id = ${ctx.propertyId}
        and o.check_in_id = ${item.checkInId}`,
  );
  return row ? Number(row.id) : null;
}
