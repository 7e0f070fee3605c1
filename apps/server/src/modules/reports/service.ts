import {
  isoDayIn,
  REPORT_NEAREST_LIMIT,
  REPORT_STATUS_SERIES,
  SPACE_STATUSES,
  SPOT_TYPES,
  VISITOR_GRANTED_STATUSES,
  type EnforcementReport,
  type OccupancyReport,
  type OccupancyRow,
  type PermitsReport,
  type ReportGroup,
  type SpotType,
  type VisitorsReport,
} from '@parkade/contract';
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { nameIn } from '../../platform/db/catalog-table';
import { query } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { parkingAreas } from '../parking-map/table';
import { permitTypes } from '../permit-types/table';
import { permitWarnings } from '../permit-warnings/table';
import { shownStatusSql as permitShownStatus } from '../permits/service';
import { permits } from '../permits/table';
import { propertyTimeZone } from '../properties/dates';
import { propertySettingsOf } from '../residents/service';
import { residents, residentUnits } from '../residents/table';
import { reservedTodaySql, spotStatusSql } from '../spots/status';
import { spots } from '../spots/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { vehicleTows } from '../vehicle-tows/table';
import { shownStatusSql as visitorShownStatus } from '../visitors/service';
import { visitors } from '../visitors/table';
import { periodOf, resolvePeriod, toSeries, within, type Period } from './period';

/*
 * The reports (decision 0047): each one or two aggregate statements on the property's own rows (property_id first,
 * as every index), grouped in SQL by period and status. A status is the one the lists show (the modules' own
 * derivations: permits/service, visitors/service, spots/status), so a report's figure is the count its list
 * filtered the same way would give.
 */

export interface ReportFilters {
  from?: string;
  to?: string;
  groupBy?: ReportGroup;
  buildingId?: number;
  permitTypeId?: number;
}

interface Counted {
  period: string;
  key: string;
  n: number;
}

const statusOrder = (chart: keyof typeof REPORT_STATUS_SERIES) => REPORT_STATUS_SERIES[chart].map(([s]) => s);

export async function periodFor(ctx: Scope, filters: ReportFilters): Promise<Period> {
  return resolvePeriod(filters, await propertyTimeZone(ctx));
}

/** The condition: the row's resident has a unit in the building. */
const inBuilding = (ctx: Scope, residentId: AnyPgColumn, buildingId: number | undefined): SQL | undefined =>
  buildingId === undefined
    ? undefined
    : sql`${residentId} in (select ${residentUnits.residentId} from ${residentUnits}
        join ${units} on ${units.propertyId} = ${residentUnits.propertyId} and ${units.id} = ${residentUnits.unitId}
        where ${residentUnits.propertyId} = ${ctx.propertyId} and ${units.buildingId} = ${buildingId})`;

/** Counts of a table's rows per period and key, the period of `at`, within the period. */
async function countedBy(
  ctx: Scope,
  table: PgTable,
  at: AnyPgColumn,
  key: SQL,
  where: SQL | undefined,
  p: Period,
): Promise<Counted[]> {
  return query<Counted>(
    ctx.tx,
    sql`select ${periodOf(at, p)} as period, ${key} as key, count(*)::int as n from ${table}
        where ${and(within(at, p), where)} group by 1, 2`,
  );
}

/** Permits by the status they show and by type, per period of their creation. */
export async function permitsReport(ctx: Scope, filters: ReportFilters): Promise<PermitsReport> {
  const p = await periodFor(ctx, filters);
  const where = and(
    eq(permits.propertyId, ctx.propertyId),
    isNull(permits.deletedAt),
    within(permits.createdAt, p),
    filters.permitTypeId !== undefined ? eq(permits.permitTypeId, filters.permitTypeId) : undefined,
    inBuilding(ctx, permits.residentId, filters.buildingId),
  );
  // One pass over the permits, both groupings at once.
  const rows = await query<{ period: string; status: string | null; type: string | null; n: number }>(
    ctx.tx,
    sql`select period, status, type, count(*)::int as n from (
          select ${periodOf(permits.createdAt, p)} as period, ${permitShownStatus} as status,
                 ${permits.permitTypeId}::text as type
          from ${permits} where ${where}) s
        group by grouping sets ((period, status), (period, type))`,
  );
  const typeIds = [...new Set(rows.flatMap((r) => (r.type ? [Number(r.type)] : [])))];
  const names = typeIds.length
    ? await ctx.tx
        .select({ id: permitTypes.id, name: nameIn(permitTypes, ctx.lang) })
        .from(permitTypes)
        .where(inArray(permitTypes.id, typeIds))
    : [];
  const byType = toSeries(
    p.periods,
    rows.flatMap((r) => (r.type ? [{ period: r.period, key: r.type, n: r.n }] : [])),
    [],
    new Map(names.map((x) => [String(x.id), x.name])),
  ).sort((a, b) => b.total - a.total || (a.name ?? '').localeCompare(b.name ?? ''));
  return {
    ...periodOut(p),
    byStatus: toSeries(
      p.periods,
      rows.flatMap((r) => (r.status ? [{ period: r.period, key: r.status, n: r.n }] : [])),
      statusOrder('permits'),
    ),
    byType,
  };
}

export const periodOut = (p: Period) => ({
  from: p.from,
  to: p.to,
  groupBy: p.groupBy,
  timeZone: p.timeZone,
  periods: p.periods,
});

/** Visitor permits per period of their start, by status; and the residents nearest their visitor limit today. */
export async function visitorsReport(ctx: Scope, filters: ReportFilters): Promise<VisitorsReport> {
  const p = await periodFor(ctx, filters);
  const building = inBuilding(ctx, visitors.residentId, filters.buildingId);
  const counted = await countedBy(
    ctx,
    visitors,
    visitors.validFrom,
    visitorShownStatus,
    and(
      eq(visitors.propertyId, ctx.propertyId),
      isNull(visitors.deletedAt),
      isNotNull(visitors.permitStatus),
      building,
    ),
    p,
  );
  const { visitorLimit, visitorLimitWindowDays: days } = (await propertySettingsOf(ctx)).visitorPermits;
  const tz = p.timeZone;
  // The rolling window of the limit (modules/visitors/limits.ts) as it stands today: today and the days before it.
  const windowStart = sql`((date_trunc('day', now() at time zone ${tz}) - make_interval(days => ${days - 1}))
    at time zone ${tz})`;
  const limitOf = sql`coalesce(${residents.visitorLimit}, ${visitorLimit})`;
  const nearest = await query<{
    residentId: string;
    name: string;
    units: string | null;
    used: number;
    limit: number;
  }>(
    ctx.tx,
    sql`select ${residents.id} as "residentId", ${tenantUsers.fullName} as name, u.used, ${limitOf}::int as "limit",
          (select string_agg(${units.name}, ', ' order by ${units.name}) from ${residentUnits}
            join ${units} on ${units.propertyId} = ${residentUnits.propertyId} and ${units.id} = ${residentUnits.unitId}
            where ${residentUnits.propertyId} = ${residents.propertyId}
              and ${residentUnits.residentId} = ${residents.id}) as units
        from (select ${visitors.residentId} as resident_id, count(*)::int as used from ${visitors}
              where ${and(
                eq(visitors.propertyId, ctx.propertyId),
                isNull(visitors.deletedAt),
                inArray(visitors.permitStatus, [...VISITOR_GRANTED_STATUSES]),
                sql`${visitors.validFrom} >= ${windowStart}`,
                building,
              )}
              group by 1) u
        join ${residents} on ${residents.propertyId} = ${ctx.propertyId} and ${residents.id} = u.resident_id
          and ${residents.deletedAt} is null
        join ${tenantUsers} on ${tenantUsers.propertyId} = ${residents.propertyId} and ${tenantUsers.id} = ${residents.id}
        order by ${limitOf} - u.used, u.used desc, ${tenantUsers.fullName}, ${residents.id}
        limit ${REPORT_NEAREST_LIMIT}`,
  );
  return {
    ...periodOut(p),
    byStatus: toSeries(p.periods, counted, statusOrder('visitors')),
    nearest: nearest.map((r) => ({ ...r, residentId: Number(r.residentId), used: Number(r.used) })),
    windowDays: days,
  };
}

/** Warnings and tows per period of their creation, by the status they reached. */
export async function enforcementReport(ctx: Scope, filters: ReportFilters): Promise<EnforcementReport> {
  const p = await periodFor(ctx, filters);
  const warnings = await countedBy(
    ctx,
    permitWarnings,
    permitWarnings.createdAt,
    sql`${permitWarnings.status}`,
    eq(permitWarnings.propertyId, ctx.propertyId),
    p,
  );
  const tows = await countedBy(
    ctx,
    vehicleTows,
    vehicleTows.createdAt,
    sql`${vehicleTows.status}`,
    eq(vehicleTows.propertyId, ctx.propertyId),
    p,
  );
  return {
    ...periodOut(p),
    warnings: toSeries(p.periods, warnings, statusOrder('warnings')),
    tows: toSeries(p.periods, tows, statusOrder('tows')),
  };
}

type Counts = Pick<OccupancyRow, 'total' | 'available' | 'assigned' | 'reserved' | 'outOfService'>;
const zero = (): Counts => ({ total: 0, available: 0, assigned: 0, reserved: 0, outOfService: 0 });
const add = (into: Counts, status: string, n: number) => {
  into.total += n;
  if ((SPACE_STATUSES as readonly string[]).includes(status)) into[status as keyof Counts] += n;
};

/** The spots of each parking area and type by the status they show today. */
export async function occupancyReport(ctx: Scope): Promise<OccupancyReport> {
  const tz = await propertyTimeZone(ctx);
  const status = spotStatusSql(spots.status, reservedTodaySql(spots.id, ctx.propertyId));
  const rows = await query<{
    areaId: string | null;
    area: string | null;
    type: string;
    status: string;
    n: number;
  }>(
    ctx.tx,
    sql`select ${spots.areaId} as "areaId", ${parkingAreas.name} as area, ${spots.type} as type,
          ${status} as status, count(*)::int as n
        from ${spots} left join ${parkingAreas} on ${parkingAreas.propertyId} = ${spots.propertyId}
          and ${parkingAreas.id} = ${spots.areaId}
        where ${spots.propertyId} = ${ctx.propertyId}
        group by 1, 2, 3, 4`,
  );
  const cells = new Map<string, OccupancyRow>();
  const areas = new Map<string, OccupancyReport['byArea'][number]>();
  const types = new Map<string, OccupancyReport['byType'][number]>();
  const totals = zero();
  for (const r of rows) {
    const areaId = r.areaId === null ? null : Number(r.areaId);
    const type = r.type as SpotType;
    const cell = cells.get(`${areaId}:${type}`) ?? { areaId, area: r.area, type, ...zero() };
    const area = areas.get(String(areaId)) ?? { areaId, area: r.area, ...zero() };
    const byType = types.get(type) ?? { type, ...zero() };
    for (const into of [cell, area, byType, totals]) add(into, r.status, Number(r.n));
    cells.set(`${areaId}:${type}`, cell);
    areas.set(String(areaId), area);
    types.set(type, byType);
  }
  // Areas by name, the spots outside any area last; types in the catalogue's order.
  const byAreaName = (a: { area: string | null }, b: { area: string | null }) =>
    a.area === null ? 1 : b.area === null ? -1 : a.area.localeCompare(b.area);
  const typeIndex = (t: SpotType) => SPOT_TYPES.indexOf(t);
  return {
    day: isoDayIn(new Date(), tz),
    rows: [...cells.values()].sort((a, b) => byAreaName(a, b) || typeIndex(a.type) - typeIndex(b.type)),
    byArea: [...areas.values()].sort(byAreaName),
    byType: [...types.values()].sort((a, b) => typeIndex(a.type) - typeIndex(b.type)),
    totals,
  };
}
