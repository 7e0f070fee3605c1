import {
  isoDayIn,
  PERMIT_SHOWN_STATUSES,
  PERMIT_STATUS_GROUPS,
  permitActionsFrom,
  RESERVED_SPOT_PERMIT_TYPE_ID,
  type PermitItem,
  type PermitShownStatus,
  type PermitStatus,
  type PermitStatusGroup,
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
import { files } from '../files/table';
import { makes } from '../makes/table';
import { permitTypes } from '../permit-types/table';
import { propertyTimeZone } from '../properties/dates';
import { residents } from '../residents/table';
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

/*
 * What a permit shows today (PERMIT_SHOWN_STATUSES, the contract's permitShownStatus; decision 0044 "Permit labels"),
 * each as a condition on the stored row, so that filter[status] reads the same index as the stored status does.
 */
const agreementPending = sql`exists (select 1 from ${residents} r where r.property_id = ${qualified(p.propertyId)}
  and r.id = ${qualified(p.residentId)} and r.status = 'pending-parking-policies')`;
const spotMissing = sql`(${p.permitTypeId} = ${RESERVED_SPOT_PERMIT_TYPE_ID} and ${p.spotId} is null)`;
const SHOWN: Record<Exclude<PermitShownStatus, 'pending' | 'rejected' | 'revoked' | 'inactive'>, SQL> = {
  expired: sql`(${p.status} = 'approved' and ${p.expiresOn} < current_date)`,
  later: sql`(${p.status} = 'approved' and ${p.startDate} > current_date
    and (${p.expiresOn} is null or ${p.expiresOn} >= current_date))`,
  approved: sql`(${p.status} = 'approved' and (${p.expiresOn} is null or ${p.expiresOn} >= current_date)
    and (${p.startDate} is null or ${p.startDate} <= current_date))`,
  'awaiting-spot': sql`(${p.status} = 'pending' and ${spotMissing})`,
  'to-complete': sql`(${p.status} = 'pending' and not ${spotMissing} and ${agreementPending})`,
};

/** The shown status as a column. */
export const shownStatusSql = sql<PermitShownStatus>`(case
  when ${SHOWN.expired} then 'expired' when ${SHOWN.later} then 'later'
  when ${SHOWN['awaiting-spot']} then 'awaiting-spot' when ${SHOWN['to-complete']} then 'to-complete'
  else ${p.status} end)`;

/** The condition: the permit shows `v` today (the list's filter[status] and the dashboards' counts). */
export const shownWhere = (v: PermitShownStatus): SQL =>
  v in SHOWN ? SHOWN[v as keyof typeof SHOWN] : sql`${p.status} = ${v}`;

const fileOf = sql<{
  id: number;
  name: string;
  mimeType: string;
} | null>`(select json_build_object('id', f.id,
  'name', f.original_name, 'mimeType', f.mime_type) from ${files} f where f.id = ${p.fileId})`;

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
  file: fileOf,
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
    file: row.file ? { ...row.file, id: Number(row.file.id) } : null,
    approvedAt: row.approvedAt ? row.approvedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * filter[status]: shown statuses (`approved` is valid today, `later` approved and not started, `expired` approved and
 * past its end…) and the views `current` and `archived` (PERMIT_STATUS_GROUPS). `pending` is every permit waiting for
 * approval, those `to-complete` and `awaiting-spot` included (the approval queue); those two narrow it.
 */
function statusWhere(values: string[], q: Parameters<typeof listValueError>[0]): SQL | undefined {
  const shown = new Set<PermitShownStatus>();
  for (const v of values) {
    if (v in PERMIT_STATUS_GROUPS) for (const s of PERMIT_STATUS_GROUPS[v as PermitStatusGroup]) shown.add(s);
    else if ((PERMIT_SHOWN_STATUSES as readonly string[]).includes(v)) shown.add(v as PermitShownStatus);
    else throw listValueError(q, 'filter[status]', 'validation.invalidSelection');
  }
  return shown.size ? or(...[...shown].map(shownWhere)) : undefined;
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
      description: `Shown statuses (${PERMIT_SHOWN_STATUSES.join(', ')}) and views (${Object.keys(PERMIT_STATUS_GROUPS).join(', ')})`,
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
  // A permit approved for later is printed before its first day, to be on the windscreen from then.
  if (permit.shownStatus !== 'approved' && permit.shownStatus !== 'later')
    throw new HttpError(422, 'permits.print.notPrintable');
  const [extra] = await ctx.tx
    .select({ token: p.publicToken, plate: vehicles.plate, typeName: nameIn(permitTypes, ctx.lang) })
    .from(p)
    .leftJoin(vehicles, and(eq(vehicles.propertyId, p.propertyId), eq(vehicles.id, p.vehicleId)))
    .innerJoin(permitTypes, eq(permitTypes.id, p.permitTypeId))
    .where(own(ctx, id));
  return { permit, token: extra!.token, plate: extra!.plate, typeName: extra!.typeName };
}
