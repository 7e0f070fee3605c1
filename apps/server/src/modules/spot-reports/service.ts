import { SPOT_REPORT_STATUSES, type SpotReportItem, type SpotReportStatus } from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../platform/errors';
import { belongsTo, defineListResource, listValueError, rowsByIds } from '../../platform/list-query';
import type { Scope } from '../../platform/scope';
import { bannedVehicles } from '../banned-vehicles/table';
import { files } from '../files/table';
import { permits } from '../permits/table';
import { spots } from '../spots/table';
import { tenantUsers } from '../users/table';
import { vehicles } from '../vehicles/table';
import { spotReports } from './table';

/** The audit log's name of a report, and the owner entity of its photo. */
export const ENTITY = 'spot_reports';

const r = spotReports;

const statusSql = sql<SpotReportStatus>`(case when ${r.resolvedAt} is null then 'open' else 'resolved' end)`;
/** The report's photo (one at most): the first file it owns. */
const photoSql = sql<{
  id: number;
  name: string;
  mimeType: string;
} | null>`(select json_build_object('id', f.id,
  'name', f.original_name, 'mimeType', f.mime_type) from ${files} f where f.property_id = ${r.propertyId}
  and f.entity = ${ENTITY} and f.entity_id = ${r.id}::text order by f.id limit 1)`;
/** The plate has an active ban at the property now (as banned-vehicles' activeSql). */
const bannedSql = sql<boolean>`(${r.plateNormalized} is not null and exists (select 1 from ${bannedVehicles} b
  where b.property_id = ${r.propertyId} and b.plate_normalized = ${r.plateNormalized} and b.lifted_at is null
  and b.banned_from <= current_date and (b.banned_until is null or b.banned_until >= current_date)))`;
/** A vehicle of that plate holds an approved permit that has not expired. */
const permittedSql = sql<boolean>`(${r.plateNormalized} is not null and exists (select 1 from ${vehicles} v
  join ${permits} p on p.property_id = v.property_id and p.vehicle_id = v.id
  where v.property_id = ${r.propertyId} and v.plate_normalized = ${r.plateNormalized} and v.deleted_at is null
  and p.deleted_at is null and p.status = 'approved' and (p.expires_on is null or p.expires_on >= current_date)))`;

const columns = {
  id: r.id,
  spotId: r.spotId,
  spotNumber: spots.number,
  residentId: r.residentId,
  plate: r.plate,
  plateNormalized: r.plateNormalized,
  note: r.note,
  photo: photoSql,
  status: statusSql,
  resolvedAt: r.resolvedAt,
  resolvedById: r.resolvedById,
  resolvedByName: r.resolvedByName,
  resolution: r.resolution,
  banned: bannedSql,
  permitted: permittedSql,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
};

type Row = Record<string, unknown>;

/** Staff see what the plate matches at the property; the resident who reported does not (another's permit). */
const serializer =
  (staff: boolean) =>
  (row: Row): SpotReportItem => {
    const { resolvedById, resolvedByName, banned, permitted, photo, ...rest } = row;
    const p = photo as { id: number; name: string; mimeType: string } | null;
    return {
      ...rest,
      photo: p ? { ...p, id: Number(p.id) } : null,
      resolvedBy:
        typeof resolvedByName === 'string'
          ? { id: resolvedById === null ? null : Number(resolvedById), name: resolvedByName }
          : null,
      resolvedAt: row.resolvedAt ? (row.resolvedAt as Date).toISOString() : null,
      plateMatch: staff && row.plateNormalized ? { banned: !!banned, permitted: !!permitted } : null,
      createdAt: (row.createdAt as Date).toISOString(),
      updatedAt: (row.updatedAt as Date).toISOString(),
    } as SpotReportItem;
  };

const includes = {
  resident: belongsTo({
    description: 'The resident who reported (id, fullName)',
    key: (x: SpotReportItem) => x.residentId,
    load: (ctx, ids) =>
      rowsByIds(ctx, tenantUsers, { id: tenantUsers.id, fullName: tenantUsers.fullName }, ids),
  }),
  spot: belongsTo({
    description: 'The spot (id, number)',
    key: (x: SpotReportItem) => x.spotId,
    load: (ctx, ids) => rowsByIds(ctx, spots, { id: spots.id, number: spots.number }, ids),
  }),
};

/** filter[from] / filter[to]: an ISO date; reports made on or after from, on or before to (whole days). */
const day = (value: string, end: boolean) => {
  const d = new Date(`${value}T00:00:00Z`);
  if (end) d.setUTCDate(d.getUTCDate() + 1);
  return d;
};
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(new Date(v).getTime());

function listOf(staff: boolean, scope: (ctx: Scope) => ReturnType<typeof and>) {
  return defineListResource<typeof columns, SpotReportItem>({
    table: r,
    select: columns,
    joins: (q) => q.innerJoin(spots, and(eq(spots.propertyId, r.propertyId), eq(spots.id, r.spotId))),
    scope,
    filters: {
      status: { type: 'enum', column: statusSql, values: SPOT_REPORT_STATUSES },
      spotId: { type: 'number', column: r.spotId },
      from: {
        type: 'custom',
        description: 'Reported on or after this ISO date (the whole day, UTC)',
        where: ([value], q) => {
          if (!value) return undefined;
          if (!isDay(value)) throw listValueErrorOf(q, 'from');
          return sql`${r.createdAt} >= ${day(value, false)}`;
        },
      },
      to: {
        type: 'custom',
        description: 'Reported on or before this ISO date (the whole day, UTC)',
        where: ([value], q) => {
          if (!value) return undefined;
          if (!isDay(value)) throw listValueErrorOf(q, 'to');
          return sql`${r.createdAt} < ${day(value, true)}`;
        },
      },
    },
    term: { columns: [r.plate, spots.number, r.note], plates: [r.plateNormalized] },
    sorts: { createdAt: r.createdAt, status: statusSql },
    defaultSort: '-createdAt',
    serialize: serializer(staff),
    includes,
  });
}

const listValueErrorOf = (q: Parameters<typeof listValueError>[0], name: string) =>
  listValueError(q, `filter[${name}]`, 'validation.date');

/** GET /spot-reports: every report of the property. */
export const spotReportsList = listOf(true, (ctx) => eq(r.propertyId, ctx.propertyId));
/** GET /my/spot-reports: the signed-in resident's own reports. */
export const mySpotReportsList = listOf(false, (ctx) =>
  and(eq(r.propertyId, ctx.propertyId), eq(r.residentId, ctx.user().id)),
);

export const own = (ctx: Scope, id: number) => and(eq(r.propertyId, ctx.propertyId), eq(r.id, id))!;

/** One report with its resident and spot (staff: with what its plate matches); 404 when not this property's. */
export async function getSpotReport(
  ctx: Scope,
  id: number,
  opts: { residentId?: number } = {},
): Promise<SpotReportItem> {
  const [row] = await ctx.tx
    .select(columns)
    .from(r)
    .innerJoin(spots, and(eq(spots.propertyId, r.propertyId), eq(spots.id, r.spotId)))
    .where(and(own(ctx, id), opts.residentId ? eq(r.residentId, opts.residentId) : undefined));
  if (!row) throw notFound(ENTITY);
  const item = serializer(opts.residentId === undefined)(row);
  for (const [name, def] of Object.entries(includes)) await def.load(ctx, [item], name, {});
  return item;
}
