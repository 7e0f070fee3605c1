import {
  isoDayIn,
  PERMIT_SHOWN_STATUSES,
  permitActionsFrom,
  type PermitItem,
  type PermitShownStatus,
  type PermitStatus,
} from '@parkade/contract';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { nameIn } from '../../platform/db/catalog-table';
import { qualified } from '../../platform/db/columns';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { HttpError, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import {
  belongsTo,
  defineListResource,
  listValueError,
  rowsByIds,
  type ListResourceDef,
} from '../../platform/list-query';
import { makes } from '../makes/table';
import { permitTypes } from '../permit-types/table';
import { propertyTimeZone } from '../properties/dates';
import { spots } from '../spots/table';
import { tenantUsers } from '../users/table';
import { vehicles } from '../vehicles/table';
import { publicVisitorPermit } from '../visitors/service';
import { permits } from './table';

/*
 * The read side of permits: the list with its filters and includes, one permit, the public view of a printed QR
 * code and the printed permit's data. The writes are write.ts.
 */

const p = permits;

/** What a permit counts as today (PERMIT_DISPLAY): approved and past its end date is expired, from that day. */
export const shownStatusSql = sql<PermitShownStatus>`(case when ${p.status} = 'approved' and ${p.expiresOn} <
  current_date then 'expired' else ${p.status} end)`;

const columns = {
  id: p.id,
  code: p.code,
  residentId: p.residentId,
  vehicleId: p.vehicleId,
  permitTypeId: p.permitTypeId,
  spotId: p.spotId,
  name: p.name,
  email: p.email,
  unit: p.unit,
  startDate: p.startDate,
  endDate: p.endDate,
  expiresOn: p.expiresOn,
  status: p.status,
  shownStatus: shownStatusSql,
  rejectionComment: p.rejectionComment,
  vehicleChanges: p.vehicleChanges,
  year: p.year,
  approvedAt: p.approvedAt,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
};
type Row = SelectResultFields<typeof columns>;

function serialize(row: Row): PermitItem {
  const status = row.status as PermitStatus;
  return {
    ...row,
    status,
    actions: permitActionsFrom(status, row.shownStatus === 'expired'),
    approvedAt: row.approvedAt ? row.approvedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** filter[status]: shown statuses; `approved` means valid today, `expired` approved and past its end. */
function statusWhere(values: string[], q: Parameters<typeof listValueError>[0]): SQL | undefined {
  const parts: SQL[] = [];
  for (const v of values) {
    if (!(PERMIT_SHOWN_STATUSES as readonly string[]).includes(v))
      throw listValueError(q, 'filter[status]', 'validation.invalidSelection');
    if (v === 'expired') parts.push(sql`(${p.status} = 'approved' and ${p.expiresOn} < current_date)`);
    else if (v === 'approved')
      parts.push(
        sql`(${p.status} = 'approved' and (${p.expiresOn} is null or ${p.expiresOn} >= current_date))`,
      );
    else parts.push(sql`${p.status} = ${v}`);
  }
  return parts.length ? or(...parts) : undefined;
}

const plateOf = sql<string>`(select v.plate_normalized from ${vehicles} v where v.property_id = ${qualified(p.propertyId)}
  and v.id = ${qualified(p.vehicleId)})`;
const ownerName = sql<string>`(select u.full_name from ${tenantUsers} u where u.property_id = ${qualified(p.propertyId)}
  and u.id = ${qualified(p.residentId)})`;

const includes = {
  resident: belongsTo({
    description: 'The resident (id, fullName, email)',
    key: (x: PermitItem) => x.residentId,
    load: (ctx, ids) =>
      rowsByIds(
        ctx,
        tenantUsers,
        { id: tenantUsers.id, fullName: tenantUsers.fullName, email: tenantUsers.email },
        ids,
      ),
  }),
  vehicle: belongsTo({
    description: 'The vehicle (id, plate, makeName, color)',
    key: (x: PermitItem) => x.vehicleId,
    load: (ctx, ids) =>
      ctx.tx
        .select({ id: vehicles.id, plate: vehicles.plate, makeName: makes.name, color: vehicles.color })
        .from(vehicles)
        .leftJoin(makes, eq(makes.id, vehicles.makeId))
        .where(and(eq(vehicles.propertyId, ctx.propertyId), inArray(vehicles.id, ids.map(Number)))),
  }),
  permitType: belongsTo({
    description: 'The permit type (id, name)',
    key: (x: PermitItem) => x.permitTypeId,
    load: (ctx, ids) =>
      rowsByIds(ctx, permitTypes, { id: permitTypes.id, name: nameIn(permitTypes, ctx.lang) }, ids),
  }),
  spot: belongsTo({
    description: 'The spot (id, number)',
    key: (x: PermitItem) => x.spotId,
    load: (ctx, ids) => rowsByIds(ctx, spots, { id: spots.id, number: spots.number }, ids),
  }),
};

const listDef = {
  table: p,
  select: columns,
  scope: (ctx) => and(eq(p.propertyId, ctx.propertyId), isNull(p.deletedAt)),
  filters: {
    status: {
      type: 'custom',
      description: `Shown statuses: ${PERMIT_SHOWN_STATUSES.join(', ')}`,
      where: statusWhere,
    },
    residentId: { type: 'number', column: p.residentId },
    vehicleId: { type: 'number', column: p.vehicleId, nullable: true },
    permitTypeId: { type: 'number', column: p.permitTypeId },
  },
  term: { columns: [p.code, ownerName, p.name], plates: [plateOf] },
  sorts: { code: p.code, createdAt: p.createdAt, expiresOn: p.expiresOn, status: p.status },
  defaultSort: '-createdAt',
  serialize,
  includes,
} satisfies ListResourceDef<typeof columns, PermitItem>;

export const permitsList = defineListResource<typeof columns, PermitItem>(listDef);

/** GET /my/permits: the signed-in resident's own permits, by shown status; includes vehicle, permitType, spot. */
export const myPermitsList = defineListResource<typeof columns, PermitItem>({
  ...listDef,
  scope: (ctx) => and(eq(p.propertyId, ctx.propertyId), eq(p.residentId, ctx.user().id), isNull(p.deletedAt)),
  filters: { status: listDef.filters.status, vehicleId: listDef.filters.vehicleId },
  includes: { vehicle: includes.vehicle, permitType: includes.permitType, spot: includes.spot },
});

export const own = (ctx: Scope, id: number) =>
  and(eq(p.propertyId, ctx.propertyId), eq(p.id, id), isNull(p.deletedAt))!;

export async function getPermit(ctx: Scope, id: number): Promise<PermitItem> {
  const [row] = await ctx.tx.select(columns).from(p).where(own(ctx, id));
  if (!row) throw notFound('permits');
  const item = serialize(row);
  for (const [name, def] of Object.entries(includes)) await def.load(ctx, [item], name, {});
  return item;
}

/** The permit a printed QR code names, by its token; only what a passer-by may see. */
export async function publicPermit(ctx: Scope, token: string) {
  const [row] = await ctx.tx
    .select({
      code: p.code,
      plate: vehicles.plate,
      shownStatus: shownStatusSql,
      startDate: p.startDate,
      approvedAt: p.approvedAt,
      expiresOn: p.expiresOn,
    })
    .from(p)
    .leftJoin(vehicles, and(eq(vehicles.propertyId, p.propertyId), eq(vehicles.id, p.vehicleId)))
    .where(and(eq(p.propertyId, ctx.propertyId), eq(p.publicToken, token), isNull(p.deletedAt)));
  if (!row) {
    // Not a resident's permit: a visitor permit's QR code carries the same kind of token (visitors/service.ts).
    const visitor = await publicVisitorPermit(ctx, token);
    if (visitor) return visitor;
    throw notFound('permits');
  }
  const timezone = await propertyTimeZone(ctx);
  return {
    code: row.code,
    plate: row.plate,
    propertyName: ctx.property?.name ?? '',
    shownStatus: row.shownStatus,
    // Without a start date, the day it was approved at the property.
    validFrom: row.startDate ?? (row.approvedAt ? isoDayIn(row.approvedAt, timezone) : null),
    validTo: row.expiresOn,
    valid: row.shownStatus === 'approved',
    kind: 'resident' as const,
    timezone,
  };
}

/** The printed permit's data: code, token, plate, type, dates. */
export async function printable(ctx: Scope, id: number) {
  const permit = await getPermit(ctx, id);
  if (permit.shownStatus !== 'approved') throw new HttpError(422, 'permits.print.notPrintable');
  const [extra] = await ctx.tx
    .select({ token: p.publicToken, plate: vehicles.plate, typeName: nameIn(permitTypes, ctx.lang) })
    .from(p)
    .leftJoin(vehicles, and(eq(vehicles.propertyId, p.propertyId), eq(vehicles.id, p.vehicleId)))
    .innerJoin(permitTypes, eq(permitTypes.id, p.permitTypeId))
    .where(own(ctx, id));
  return { permit, token: extra!.token, plate: extra!.plate, typeName: extra!.typeName };
}
