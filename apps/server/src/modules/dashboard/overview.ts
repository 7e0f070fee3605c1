import {
  OVERVIEW_PERMIT_DAYS,
  OVERVIEW_VISITOR_DAYS,
  REPORT_STATUS_SERIES,
  type OverviewFigures,
  type OverviewProperty,
  type OverviewResponse,
  type OverviewZone,
} from '@parkade/contract';
import { asc, eq, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { nameIn } from '../../platform/db/catalog-table';
import { query } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { permitWarnings } from '../permit-warnings/table';
import { shownStatusSql as permitShownStatus, shownWhere as permitShows } from '../permits/service';
import { permits } from '../permits/table';
import { properties } from '../properties/table';
import { reservedTodayAnySql, spotStatusSql } from '../spots/status';
import { spots } from '../spots/table';
import { vehicleTows } from '../vehicle-tows/table';
import { shownStatusSql as visitorShownStatus } from '../visitors/service';
import { visitors } from '../visitors/table';
import { zones } from '../zones/table';

/*
 * The central dashboard's comparison (issue 38 §4, decision 0052): the figures of every active property (or of one
 * zone's), each figure one statement over all of them grouped by property — a join from `properties` (the scope:
 * active, the zone) to the figure's table by its property_id, so each property's rows are read through the table's
 * (property_id, …) index with the property's own day as the bound. A zone's figures and the totals are the sums of
 * its properties'. Statuses are the lists' own derivations, days the property's time zone, as in the reports.
 */

const tz = sql`${properties.timezone}`;
/** The instant the property's day `back` days before today starts (−1: tomorrow). */
const dayStart = (back: number) =>
  sql`(((now() at time zone ${tz})::date - ${back}::int)::timestamp at time zone ${tz})`;
/** The instant the property's current month started. */
const monthStart = sql`(date_trunc('month', now() at time zone ${tz}) at time zone ${tz})`;

interface Row {
  propertyId: string;
}

/** Rows of one statement keyed by property, their counts as numbers. */
function byProperty<R extends Row>(rows: R[]): Map<number, R[]> {
  const out = new Map<number, R[]>();
  for (const r of rows) {
    const id = Number(r.propertyId);
    const of = out.get(id) ?? [];
    of.push(r);
    out.set(id, of);
  }
  return out;
}

const empty = (): OverviewFigures => ({
  permitsPending: 0,
  permitsValid: 0,
  visitorsToday: 0,
  warningsThisMonth: 0,
  towsThisMonth: 0,
  spots: 0,
  spotsInUse: 0,
  spotsOutOfService: 0,
  occupancy: null,
  permits: [],
  visitors: [],
});

const rate = (f: Pick<OverviewFigures, 'spots' | 'spotsInUse' | 'spotsOutOfService'>) => {
  const usable = f.spots - f.spotsOutOfService;
  return usable > 0 ? f.spotsInUse / usable : null;
};

/** Status counts in the chart's status order (unknown ones after, by code), none of them zero. */
function ordered(counts: Map<string, number>, chart: 'permits' | 'visitors') {
  const order: readonly string[] = REPORT_STATUS_SERIES[chart].map(([s]) => s);
  const at = (s: string) => (order.includes(s) ? order.indexOf(s) : Infinity);
  return [...counts.entries()]
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => at(a) - at(b) || a.localeCompare(b))
    .map(([status, count]) => ({ status, count }));
}

/** Sums figures (a zone's properties, or all of them). */
function sum(parts: OverviewFigures[]): OverviewFigures {
  const out = empty();
  const statuses = { permits: new Map<string, number>(), visitors: new Map<string, number>() };
  for (const p of parts) {
    for (const k of [
      'permitsPending',
      'permitsValid',
      'visitorsToday',
      'warningsThisMonth',
      'towsThisMonth',
      'spots',
      'spotsInUse',
      'spotsOutOfService',
    ] as const)
      out[k] += p[k];
    for (const chart of ['permits', 'visitors'] as const)
      for (const s of p[chart]) statuses[chart].set(s.status, (statuses[chart].get(s.status) ?? 0) + s.count);
  }
  return {
    ...out,
    occupancy: rate(out),
    permits: ordered(statuses.permits, 'permits'),
    visitors: ordered(statuses.visitors, 'visitors'),
  };
}

/** `GET /dashboard/overview`: each active property's figures (of one zone with `zoneId`), per zone and in total. */
export async function overview(ctx: Scope, q: { zoneId?: number }): Promise<OverviewResponse> {
  const shown =
    q.zoneId !== undefined
      ? sql`${properties.active} and ${properties.zoneId} = ${q.zoneId}`
      : sql`${properties.active}`;
  const list = await ctx.tx
    .select({
      id: properties.id,
      code: properties.code,
      name: properties.name,
      zoneId: properties.zoneId,
      zone: nameIn(zones, ctx.lang),
    })
    .from(properties)
    .leftJoin(zones, eq(zones.id, properties.zoneId))
    .where(shown)
    .orderBy(sql`${nameIn(zones, ctx.lang)} nulls last`, asc(properties.name), asc(properties.id));
  const figures = await figuresOf(ctx, shown);
  const rows: OverviewProperty[] = list.map((p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    zoneId: p.zoneId,
    zone: p.zoneId === null ? null : p.zone,
    ...(figures.get(p.id) ?? empty()),
  }));
  const zoneRows = new Map<string, { id: number | null; name: string | null; of: OverviewFigures[] }>();
  for (const p of rows) {
    const key = String(p.zoneId);
    const z = zoneRows.get(key) ?? { id: p.zoneId, name: p.zone, of: [] };
    z.of.push(p);
    zoneRows.set(key, z);
  }
  const byZone: OverviewZone[] = [...zoneRows.values()].map((z) => ({
    id: z.id,
    name: z.name,
    properties: z.of.length,
    ...sum(z.of),
  }));
  return {
    permitDays: OVERVIEW_PERMIT_DAYS,
    visitorDays: OVERVIEW_VISITOR_DAYS,
    zones: byZone,
    properties: rows,
    totals: { properties: rows.length, ...sum(rows) },
  };
}

/** Every figure of the shown properties: one statement per table, each grouped by property. */
async function figuresOf(ctx: Scope, shown: SQL): Promise<Map<number, OverviewFigures>> {
  const of = (table: PgTable, propertyId: Column) =>
    sql`${table} join ${properties} on ${properties.id} = ${propertyId} and ${shown}`;

  // The permits chart: created in the last OVERVIEW_PERMIT_DAYS days (today included), by the status they show.
  const permitsChart = await query<Row & { status: string; n: number }>(
    ctx.tx,
    sql`select ${permits.propertyId} as "propertyId", ${permitShownStatus} as status, count(*)::int as n
        from ${of(permits, permits.propertyId)}
        where ${isNull(permits.deletedAt)} and ${permits.createdAt} >= ${dayStart(OVERVIEW_PERMIT_DAYS - 1)}
          and ${permits.createdAt} < ${dayStart(-1)}
        group by 1, 2`,
  );
  // Pending (the "Waiting for you" count) and valid now (shown approved), read by the status index.
  const permitsNow = await query<Row & { pending: number; valid: number }>(
    ctx.tx,
    sql`select ${permits.propertyId} as "propertyId",
          count(*) filter (where ${permits.status} = 'pending')::int as pending,
          count(*) filter (where ${permitShows('approved')})::int as valid
        from ${of(permits, permits.propertyId)}
        where ${isNull(permits.deletedAt)} and ${permits.status} in ('pending', 'approved')
        group by 1`,
  );
  // The visitors chart: visitor permits starting in the last OVERVIEW_VISITOR_DAYS days, by status; today's of them.
  const visitorsChart = await query<Row & { status: string; n: number; today: number }>(
    ctx.tx,
    sql`select ${visitors.propertyId} as "propertyId", ${visitorShownStatus} as status, count(*)::int as n,
          count(*) filter (where ${visitors.validFrom} >= ${dayStart(0)})::int as today
        from ${of(visitors, visitors.propertyId)}
        where ${isNull(visitors.deletedAt)} and ${visitors.permitStatus} is not null
          and ${visitors.validFrom} >= ${dayStart(OVERVIEW_VISITOR_DAYS - 1)} and ${visitors.validFrom} < ${dayStart(-1)}
        group by 1, 2`,
  );
  // Warnings and tows created since the first of the property's month.
  const thisMonth = (table: typeof permitWarnings | typeof vehicleTows) =>
    query<Row & { n: number }>(
      ctx.tx,
      sql`select ${table.propertyId} as "propertyId", count(*)::int as n
          from ${of(table, table.propertyId)}
          where ${table.createdAt} >= ${monthStart}
          group by 1`,
    );
  const warnings = await thisMonth(permitWarnings);
  const tows = await thisMonth(vehicleTows);
  // Occupancy: the spots by the status they show today (the occupancy report's derivation).
  const status = spotStatusSql(spots.status, reservedTodayAnySql(spots.propertyId, spots.id));
  const spotRows = await query<Row & { total: number; inUse: number; outOfService: number }>(
    ctx.tx,
    sql`select "propertyId", count(*)::int as total,
          count(*) filter (where status in ('assigned', 'reserved'))::int as "inUse",
          count(*) filter (where status = 'outOfService')::int as "outOfService"
        from (select ${spots.propertyId} as "propertyId", ${status} as status
              from ${of(spots, spots.propertyId)}) s
        group by 1`,
  );

  const out = new Map<number, OverviewFigures>();
  const at = (id: number) => {
    const f = out.get(id) ?? empty();
    out.set(id, f);
    return f;
  };
  for (const [id, rs] of byProperty(permitsChart))
    at(id).permits = ordered(new Map(rs.map((r) => [r.status, Number(r.n)])), 'permits');
  for (const r of permitsNow)
    Object.assign(at(Number(r.propertyId)), {
      permitsPending: Number(r.pending),
      permitsValid: Number(r.valid),
    });
  for (const [id, rs] of byProperty(visitorsChart)) {
    const f = at(id);
    f.visitors = ordered(new Map(rs.map((r) => [r.status, Number(r.n)])), 'visitors');
    f.visitorsToday = rs.reduce((n, r) => n + Number(r.today), 0);
  }
  for (const r of warnings) at(Number(r.propertyId)).warningsThisMonth = Number(r.n);
  for (const r of tows) at(Number(r.propertyId)).towsThisMonth = Number(r.n);
  for (const r of spotRows) {
    const f = at(Number(r.propertyId));
    Object.assign(f, {
      spots: Number(r.total),
      spotsInUse: Number(r.inUse),
      spotsOutOfService: Number(r.outOfService),
    });
    f.occupancy = rate(f);
  }
  return out;
}
