import {
  normalizePlate,
  VISITOR_SHOWN_STATUSES,
  visitorActionsFrom,
  type VisitorItem,
  type VisitorPermitStatus,
  type VisitorShownStatus,
  type VisitorSource,
} from '@parkade/contract';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { nameIn } from '../../platform/db/catalog-table';
import { tokenHash } from '../../platform/auth';
import { qualified } from '../../platform/db/columns';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import {
  belongsTo,
  defineListResource,
  listValueError,
  rowsByIds,
  type ListResourceDef,
} from '../../platform/list-query';
import { makes } from '../makes/table';
import { models } from '../models/table';
import { propertyTimeZone } from '../properties/dates';
import { states } from '../states/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { visitors } from './table';

/*
 * The read side of visitors: the list with its filters and includes, one visitor, and the public check of a
 * visitor permit's QR code. The writes are write.ts, the limits limits.ts.
 */

const v = visitors;

/**
 * What a visitor's permit counts as at the instant `at` (decision 0022): no permit is `none`; a pending or valid
 * permit whose `valid_until` is at or before `at` is expired from that very instant, whatever is stored.
 */
export const shownStatusAt = (at: SQL) =>
  sql<VisitorShownStatus>`(case when ${v.permitStatus} is null then 'none'
    when ${v.permitStatus} in ('pending', 'valid') and ${v.validUntil} <= ${at} then 'expired'
    else ${v.permitStatus} end)`;
/** The shown status now (the statement's time). */
export const shownStatusSql = shownStatusAt(sql`now()`);

const columns = {
  id: v.id,
  name: v.name,
  phone: v.phone,
  email: v.email,
  plate: v.plate,
  plateNormalized: v.plateNormalized,
  stateId: v.stateId,
  makeId: v.makeId,
  modelId: v.modelId,
  color: v.color,
  vehicleType: v.vehicleType,
  temporaryPlates: v.temporaryPlates,
  residentId: v.residentId,
  unitId: v.unitId,
  permitCode: v.permitCode,
  permitStatus: v.permitStatus,
  shownStatus: shownStatusSql,
  validFrom: v.validFrom,
  validUntil: v.validUntil,
  statusComment: v.statusComment,
  overrideReason: v.overrideReason,
  source: v.source,
  createdBy: v.createdBy,
  createdAt: v.createdAt,
  updatedAt: v.updatedAt,
};
type Row = SelectResultFields<typeof columns>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function serialize(row: Row): VisitorItem {
  return {
    ...row,
    vehicleType: row.vehicleType as VisitorItem['vehicleType'],
    permitStatus: row.permitStatus as VisitorPermitStatus | null,
    source: row.source as VisitorSource,
    actions: visitorActionsFrom(row.shownStatus),
    validFrom: iso(row.validFrom),
    validUntil: iso(row.validUntil),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** filter[status]: shown statuses; `valid` means valid now, `expired` includes valid permits past their end. */
function statusWhere(values: string[], q: Parameters<typeof listValueError>[0]): SQL | undefined {
  const parts: SQL[] = [];
  for (const s of values) {
    if (!(VISITOR_SHOWN_STATUSES as readonly string[]).includes(s))
      throw listValueError(q, 'filter[status]', 'validation.invalidSelection');
    parts.push(sql`${shownStatusSql} = ${s}`);
  }
  return parts.length ? or(...parts) : undefined;
}

/** filter[from] / filter[to]: an ISO date (a whole day, UTC) or date-time; visitors whose validity overlaps. */
function instantOf(value: string, end: boolean, q: Parameters<typeof listValueError>[0], name: string) {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) throw listValueError(q, `filter[${name}]`, 'validation.date');
  if (dateOnly && end) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

const residentName = sql<string>`(select u.full_name from ${tenantUsers} u where u.property_id = ${qualified(v.propertyId)}
  and u.id = ${qualified(v.residentId)})`;

const includes = {
  resident: belongsTo({
    description: 'The resident visited (id, fullName, email)',
    key: (x: VisitorItem) => x.residentId,
    load: (ctx, ids) =>
      rowsByIds(
        ctx,
        tenantUsers,
        { id: tenantUsers.id, fullName: tenantUsers.fullName, email: tenantUsers.email },
        ids,
      ),
  }),
  unit: belongsTo({
    description: 'The unit visited (id, name)',
    key: (x: VisitorItem) => x.unitId,
    load: (ctx, ids) => rowsByIds(ctx, units, { id: units.id, name: units.name }, ids),
  }),
  make: belongsTo({
    description: 'The make (id, name)',
    key: (x: VisitorItem) => x.makeId,
    load: (ctx, ids) => rowsByIds(ctx, makes, { id: makes.id, name: makes.name }, ids),
  }),
  model: belongsTo({
    description: 'The model (id, name)',
    key: (x: VisitorItem) => x.modelId,
    load: (ctx, ids) => rowsByIds(ctx, models, { id: models.id, name: models.name }, ids),
  }),
  state: belongsTo({
    description: 'The state of the plate (id, name)',
    key: (x: VisitorItem) => x.stateId,
    load: (ctx, ids) => rowsByIds(ctx, states, { id: states.id, name: nameIn(states, ctx.lang) }, ids),
  }),
};

const listDef = {
  table: v,
  select: columns,
  scope: (ctx) => and(eq(v.propertyId, ctx.propertyId), isNull(v.deletedAt)),
  filters: {
    status: {
      type: 'custom',
      description: `Shown statuses: ${VISITOR_SHOWN_STATUSES.join(', ')} (none: no permit)`,
      where: statusWhere,
    },
    residentId: { type: 'number', column: v.residentId },
    unitId: { type: 'number', column: v.unitId, nullable: true },
    from: {
      type: 'custom',
      description: 'Validity ending after this ISO date (the whole day) or date-time',
      where: ([value], q) =>
        value ? sql`${v.validUntil} > ${instantOf(value, false, q, 'from')}` : undefined,
    },
    to: {
      type: 'custom',
      description: 'Validity starting before the end of this ISO date or at this date-time',
      where: ([value], q) => (value ? sql`${v.validFrom} < ${instantOf(value, true, q, 'to')}` : undefined),
    },
    plate: {
      type: 'custom',
      description: 'The plate as written on it, compared normalised (ABC-123 = abc 123)',
      where: (values) => or(...values.map((x) => eq(v.plateNormalized, normalizePlate(x)))) ?? undefined,
    },
  },
  term: { columns: [v.name, v.phone, v.permitCode, v.plate, residentName], plates: [v.plateNormalized] },
  sorts: {
    name: v.name,
    createdAt: v.createdAt,
    validFrom: v.validFrom,
    validUntil: v.validUntil,
    permitCode: v.permitCode,
  },
  defaultSort: '-createdAt',
  serialize,
  includes,
} satisfies ListResourceDef<typeof columns, VisitorItem>;

export const visitorsList = defineListResource<typeof columns, VisitorItem>(listDef);

/**
 * GET /my/visitors: the signed-in resident's own visitors, with the staff list's status and validity filters, term
 * and sorts; the resident include is left out (it is always the caller).
 */
export const myVisitorsList = defineListResource<typeof columns, VisitorItem>({
  ...listDef,
  scope: (ctx) => and(eq(v.propertyId, ctx.propertyId), eq(v.residentId, ctx.user().id), isNull(v.deletedAt)),
  filters: { status: listDef.filters.status, from: listDef.filters.from, to: listDef.filters.to },
  term: { columns: [v.name, v.phone, v.permitCode, v.plate], plates: [v.plateNormalized] },
  includes: { unit: includes.unit, make: includes.make, model: includes.model, state: includes.state },
});

export const own = (ctx: Scope, id: number) =>
  and(eq(v.propertyId, ctx.propertyId), eq(v.id, id), isNull(v.deletedAt))!;

/** One visitor with every include (resident, unit, make, model, state). */
export async function getVisitor(ctx: Scope, id: number): Promise<VisitorItem> {
  const [row] = await ctx.tx.select(columns).from(v).where(own(ctx, id));
  if (!row) throw notFound('visitors');
  const item = serialize(row);
  for (const [name, def] of Object.entries(includes)) await def.load(ctx, [item], name, {});
  return item;
}

/** The visitor permit statuses as the public check page shows them (the resident permit's labels). */
const PUBLIC_STATUS = {
  pending: 'pending',
  valid: 'approved',
  expired: 'expired',
  revoked: 'revoked',
  rejected: 'rejected',
} as const;

/**
 * The visitor permit a printed QR code names (GET /public/permits/:token after the resident permits): the
 * plate, the property, the status and the validity only; nothing about the visitor or the resident. Null when
 * no visitor permit has this token.
 */
export async function publicVisitorPermit(ctx: Scope, token: string) {
  const [row] = await ctx.tx
    .select({
      code: v.permitCode,
      plate: v.plate,
      shownStatus: shownStatusSql,
      validFrom: v.validFrom,
      validUntil: v.validUntil,
    })
    .from(v)
    .where(
      and(eq(v.propertyId, ctx.propertyId), eq(v.publicTokenHash, tokenHash(token)), isNull(v.deletedAt)),
    );
  if (!row || row.shownStatus === 'none' || !row.code) return null;
  const shownStatus = PUBLIC_STATUS[row.shownStatus];
  return {
    code: row.code,
    plate: row.plate,
    propertyName: ctx.property?.name ?? '',
    shownStatus,
    validFrom: iso(row.validFrom),
    validTo: iso(row.validUntil),
    valid: shownStatus === 'approved',
    kind: 'visitor' as const,
    timezone: await propertyTimeZone(ctx),
  };
}
