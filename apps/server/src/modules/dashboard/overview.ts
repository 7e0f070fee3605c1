import {
  OVERVIEW_PERMIT_DAYS,
  OVERVIEW_SUMMED,
  OVERVIEW_VISITOR_DAYS,
  REPORT_STATUS_SERIES,
  type OverviewFigures,
  type OverviewProperty,
  type OverviewResponse,
  type OverviewZone,
} from '@parkade/contract';
import { asc, eq, isNull, sql, type Column, type SQL } from 'drizzle-orm';
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
 * zone's), each figure one statement for all of them, grouped by property (figuresOf). A zone's figures and the
 * totals are the sums of its properties'. Statuses are the lists' own derivations, days the property's time zone,
 * as in the reports.
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

/** Rows of one statement keyed by property. */
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
    for (const k of OVERVIEW_SUMMED) out[k] += p[k];
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
      // The property's days, as instants: the bounds every figure reads from.
      bounds: {
        permitsFrom: sql<string>`${dayStart(OVERVIEW_PERMIT_DAYS - 1)}::text`,
        visitorsFrom: sql<string>`${dayStart(OVERVIEW_VISITOR_DAYS - 1)}::text`,
        today: sql<string>`${dayStart(0)}::text`,
        tomorrow: sql<string>`${dayStart(-1)}::text`,
        month: sql<string>`${monthStart}::text`,
      },
    })
    .from(properties)
    .leftJoin(zones, eq(zones.id, properties.zoneId))
    .where(shown)
    .orderBy(sql`${nameIn(zones, ctx.lang)} nulls last`, asc(properties.name), asc(properties.id));
  const figures = list.length ? await figuresOf(ctx, list) : new Map<number, OverviewFigures>();
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

/** Each property's bounds, as the properties statement computed them (its days in its time zone). */
interface Bounds {
  id: number;
  bounds: { permitsFrom: string; visitorsFrom: string; today: string; tomorrow: string; month: string };
}

/**
 * Every figure of the properties: one statement per figure, each a LATERAL subquery run for each property on its
 * table's `(property_id, …)` index. The property's bounds come in as parameters (`b`, an unnest of arrays): under
 * row-level security a condition is an index condition only when it is leakproof, and an instant computed in the
 * statement from the property's time zone (`timezone()`) is not — `created_at >= b.permits_from` is.
 */
async function figuresOf(ctx: Scope, list: Bounds[]): Promise<Map<number, OverviewFigures>> {
  const array = (xs: (string | number)[]) => `{${xs.map((x) => `"${x}"`).join(',')}}`;
  const column = (k: keyof Bounds['bounds']) => array(list.map((p) => p.bounds[k]));
  const b = sql`unnest(${array(list.map((p) => p.id))}::bigint[], ${column('permitsFrom')}::timestamptz[],
    ${column('visitorsFrom')}::timestamptz[], ${column('today')}::timestamptz[], ${column('tomorrow')}::timestamptz[],
    ${column('month')}::timestamptz[]) as b(id, permits_from, visitors_from, today, tomorrow, month)`;
  const eachProperty = <T>(columns: SQL, inner: SQL) =>
    query<Row & T>(
      ctx.tx,
      sql`select b.id as "propertyId", ${columns} from ${b} cross join lateral (${inner}) s`,
    );
  const own = (propertyId: Column) => sql`${propertyId} = b.id`;

  // The permits chart: created in the last OVERVIEW_PERMIT_DAYS days (today included), by the status they show.
  const permitsChart = await eachProperty<{ status: string; n: number }>(
    sql`s.status, s.n`,
    sql`select ${permitShownStatus} as status, count(*)::int as n from ${permits}
        where ${own(permits.propertyId)} and ${isNull(permits.deletedAt)}
          and ${permits.createdAt} >= b.permits_from and ${permits.createdAt} < b.tomorrow
        group by 1`,
  );
  // Pending (the "Waiting for you" count) and valid now (shown approved): each by the status index.
  const permitsNow = await eachProperty<{ pending: number; valid: number }>(
    sql`s.pending, s.valid`,
    sql`select (select count(*)::int from ${permits} where ${own(permits.propertyId)} and ${isNull(permits.deletedAt)}
                  and ${permits.status} = 'pending') as pending,
               (select count(*)::int from ${permits} where ${own(permits.propertyId)} and ${isNull(permits.deletedAt)}
                  and ${permitShows('approved')}) as valid`,
  );
  // The visitors chart: visitor permits starting in the last OVERVIEW_VISITOR_DAYS days, by status; today's of them.
  const visitorsChart = await eachProperty<{ status: string; n: number; today: number }>(
    sql`s.status, s.n, s.today`,
    sql`select ${visitorShownStatus} as status, count(*)::int as n,
          count(*) filter (where ${visitors.validFrom} >= b.today)::int as today
        from ${visitors}
        where ${own(visitors.propertyId)} and ${isNull(visitors.deletedAt)} and ${visitors.permitStatus} is not null
          and ${visitors.validFrom} >= b.visitors_from and ${visitors.validFrom} < b.tomorrow
        group by 1`,
  );
  // Warnings and tows created since the first of the property's month.
  const thisMonth = (table: typeof permitWarnings | typeof vehicleTows) =>
    eachProperty<{ n: number }>(
      sql`s.n`,
      sql`select count(*)::int as n from ${table}
          where ${own(table.propertyId)} and ${table.createdAt} >= b.month`,
    );
  const warnings = await thisMonth(permitWarnings);
  const tows = await thisMonth(vehicleTows);
  // Occupancy: the spots by the status they show today (the occupancy report's derivation); today's reservations
  // of every property read once, as a hashed set.
  const status = spotStatusSql(spots.status, reservedTodayAnySql(spots.propertyId, spots.id));
  const spotRows = await eachProperty<{ total: number; inUse: number; outOfService: number }>(
    sql`s.total, s."inUse", s."outOfService"`,
    sql`select count(*)::int as total,
          count(*) filter (where status in ('assigned', 'reserved'))::int as "inUse",
          count(*) filter (where status = 'outOfService')::int as "outOfService"
        from (select ${status} as status from ${spots} where ${own(spots.propertyId)}) x`,
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
