import {
  caregiverActionsFrom,
  CAREGIVER_STATUSES,
  type CaregiverItem,
  type CaregiverStatus,
  type ListResponse,
} from '@parkade/contract';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { belongsTo, defineListResource, listValueError, rowsByIds } from '../../platform/list-query';
import type { Scope } from '../../platform/scope';
import { tenantUsers } from '../users/table';
import { datesFor } from '../properties/dates';
import { visitors } from '../visitors/table';
import { caregivers, type StoredRefusal } from './table';

/* The read side of caregivers (decision 0024): the staff list, the resident's own list, one caregiver. */

const c = caregivers;

/** The latest pass issued to the caregiver (a visitors row of theirs); the outer columns named in full, as Drizzle
 * writes a single table's columns unqualified (they would resolve to the subquery's own). */
const lastPass = sql<{ id: number; code: string | null; from: string | null; until: string | null } | null>`(
  select json_build_object('id', p.id, 'code', p.permit_code, 'from', p.valid_from, 'until', p.valid_until)
  from ${visitors} p
  where p.property_id = "caregivers"."property_id" and p.caregiver_id = "caregivers"."id" and p.deleted_at is null
  order by p.valid_from desc nulls last limit 1)`;

const columns = {
  id: c.id,
  residentId: c.residentId,
  name: c.name,
  phone: c.phone,
  plate: c.plate,
  plateNormalized: c.plateNormalized,
  stateId: c.stateId,
  makeId: c.makeId,
  modelId: c.modelId,
  color: c.color,
  vehicleType: c.vehicleType,
  days: c.days,
  status: c.status,
  lastRefusal: c.lastRefusal,
  lastPass,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
};
type Row = SelectResultFields<typeof columns>;

/** The stored refusal of each item, rendered in the reader's language by `present`. */
const refusals = new WeakMap<CaregiverItem, StoredRefusal>();
const iso = (d: string | null) => (d ? new Date(d).toISOString() : null);

function serialize(row: Row): CaregiverItem {
  const status = row.status as CaregiverStatus;
  const item: CaregiverItem = {
    ...row,
    vehicleType: row.vehicleType as CaregiverItem['vehicleType'],
    status,
    actions: caregiverActionsFrom(status),
    lastRefusal: row.lastRefusal ? { message: '', key: row.lastRefusal.key, at: row.lastRefusal.at } : null,
    lastPass: row.lastPass
      ? {
          visitorId: Number(row.lastPass.id),
          permitCode: row.lastPass.code,
          validFrom: iso(row.lastPass.from),
          validUntil: iso(row.lastPass.until),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.lastRefusal) refusals.set(item, row.lastRefusal);
  return item;
}

/**
 * The refusal's message in the reader's language: a limit's name, its next possible instant (in the property's
 * time zone) and a ban's day are rendered now, so a resident reading in Chinese sees Chinese whatever language the
 * job ran in.
 */
export async function present<T extends CaregiverItem>(ctx: Scope, items: T[]): Promise<T[]> {
  const stored = items.map((i) => refusals.get(i));
  if (!stored.some(Boolean)) return items;
  const dates = await datesFor(ctx);
  items.forEach((item, i) => {
    const r = stored[i];
    if (!r || !item.lastRefusal) return;
    const params = { ...r.params };
    // A ban's day in the reader's language (kept as bannedFrom; a refusal stored before kept the day in since).
    const banDay =
      params.bannedFrom ?? (/^\d{4}-\d{2}-\d{2}$/.test(String(params.since)) ? params.since : null);
    if (banDay) params.since = dates.day(String(banDay));
    if (r.limit) {
      params.limit = t(ctx.lang, `visitors.limitName.${r.limit}`);
      params.next = params.nextPossibleAt ? dates.instant(String(params.nextPossibleAt)) : '';
    }
    item.lastRefusal = { ...item.lastRefusal, message: t(ctx.lang, r.key, params) };
  });
  return items;
}

export async function presentPage(ctx: Scope, page: ListResponse<CaregiverItem>) {
  await present(ctx, page.data);
  return page;
}

function statusWhere(values: string[], q: Parameters<typeof listValueError>[0]): SQL | undefined {
  for (const s of values)
    if (!(CAREGIVER_STATUSES as readonly string[]).includes(s))
      throw listValueError(q, 'filter[status]', 'validation.invalidSelection');
  return values.length ? or(...values.map((s) => eq(c.status, s))) : undefined;
}

const includes = {
  resident: belongsTo({
    description: 'The resident (id, fullName)',
    key: (x: CaregiverItem) => x.residentId,
    load: (ctx, ids) =>
      rowsByIds(ctx, tenantUsers, { id: tenantUsers.id, fullName: tenantUsers.fullName }, ids),
  }),
};

const listDef = {
  table: c,
  select: columns,
  filters: {
    residentId: { type: 'number' as const, column: c.residentId },
    status: {
      type: 'custom' as const,
      description: `Statuses: ${CAREGIVER_STATUSES.join(', ')}`,
      where: statusWhere,
    },
  },
  term: { columns: [c.name, c.phone, c.plate], plates: [c.plateNormalized] },
  sorts: { name: c.name, createdAt: c.createdAt },
  defaultSort: 'name',
  serialize,
  includes,
};

export const caregiversList = defineListResource<typeof columns, CaregiverItem>({
  ...listDef,
  scope: (ctx) => and(eq(c.propertyId, ctx.propertyId), isNull(c.deletedAt)),
});

/** GET /my/caregivers: the signed-in resident's only. */
export const myCaregiversList = defineListResource<typeof columns, CaregiverItem>({
  ...listDef,
  scope: (ctx) => and(eq(c.propertyId, ctx.propertyId), eq(c.residentId, ctx.user().id), isNull(c.deletedAt)),
});

export const own = (ctx: Scope, id: number) =>
  and(eq(c.propertyId, ctx.propertyId), eq(c.id, id), isNull(c.deletedAt))!;

/** One caregiver (with the resident); `residentId` narrows to one resident's (the /my calls: another's is 404). */
export async function getCaregiver(ctx: Scope, id: number, residentId?: number): Promise<CaregiverItem> {
  const [row] = await ctx.tx
    .select(columns)
    .from(c)
    .where(and(own(ctx, id), residentId === undefined ? undefined : eq(c.residentId, residentId)));
  if (!row) throw notFound('caregivers');
  const item = serialize(row);
  await includes.resident.load(ctx, [item], 'resident', {});
  return (await present(ctx, [item]))[0]!;
}
