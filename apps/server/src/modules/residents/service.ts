import {
  RESIDENT_STATUSES,
  type ResidentItem,
  type ResidentLimit,
  type ResidentStatus,
  type PropertySettings,
} from '@parkade/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { query, type Tx } from '../../platform/db';
import { reindexWords } from '../../platform/db/search-words';
import { invalid, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { defineListResource, hasMany, type ListResource } from '../../platform/list-query';
import { buildings } from '../buildings/table';
import { makes } from '../makes/table';
import { permits } from '../permits/table';
import { readSettings } from '../properties/write';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { vehicles } from '../vehicles/table';
import { visitors } from '../visitors/table';
import { caregivers } from '../caregivers/table';
import { residents, residentUnits } from './table';

/**
 * A password hash that no password verifies (platform/auth.ts): residents made by an import or without a
 * password sign in only after choosing one through the emailed link.
 */
export { NO_PASSWORD } from '../../platform/auth';

/**
 * Tables whose rows belong to a resident and are deleted and restored with them: each has property_id,
 * resident_id and deleted_at. Visitors are here too, so a restore brings visitor history back (SPEC §4).
 */
export const RESIDENT_DEPENDENTS: {
  entity: string;
  table: typeof vehicles | typeof permits | typeof visitors | typeof caregivers;
}[] = [
  { entity: 'vehicles', table: vehicles },
  { entity: 'permits', table: permits },
  { entity: 'visitors', table: visitors },
  { entity: 'caregivers', table: caregivers },
];

const u = tenantUsers;
const r = residents;

/**
 * Rewrites residents.search (what filter[term] matches) for these residents of the property, or all of them:
 * after every write that changes a name, email, phone, code or the units (or a unit's name). `fresh`: the residents
 * were just made and have no words to replace (an import).
 */
export async function refreshResidentSearch(
  tx: Tx,
  propertyId: number,
  ids?: number[],
  opts: { fresh?: boolean } = {},
) {
  if (ids && !ids.length) return;
  const only = ids
    ? sql`and r.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : sql``;
  await tx.execute(sql`
    update ${residents} r set search = lower(concat_ws(' ', u.full_name, u.email, u.phone, r.code, (
      select string_agg(un.name, ' ') from ${residentUnits} ru
      join ${units} un on un.property_id = ru.property_id and un.id = ru.unit_id
      where ru.property_id = r.property_id and ru.resident_id = r.id)))
    from ${tenantUsers} u
    where u.property_id = r.property_id and u.id = r.id and r.property_id = ${propertyId} ${only}`);
  // The same text into the word index filter[term] searches (platform/db/search-words.ts).
  await reindexWords(
    tx,
    'residents',
    propertyId,
    sql`select r.id, r.search from ${residents} r where r.property_id = ${propertyId} ${only}`,
    ids,
    opts,
  );
}

const columns = {
  id: r.id,
  fullName: u.fullName,
  email: u.email,
  phone: u.phone,
  code: r.code,
  language: u.language,
  status: r.status,
  leaseExpirationAt: r.leaseExpirationAt,
  vehiclesAllowed: r.vehiclesAllowed,
  visitorVehiclesAllowed: r.visitorVehiclesAllowed,
  changesAllowed: r.changesAllowed,
  reservationsAllowed: r.reservationsAllowed,
  reservedPermitChanges: r.reservedPermitChanges,
  tempVisitorVehicles: r.tempVisitorVehicles,
  visitorLimit: r.visitorLimit,
  signedAt: r.signedAt,
  recoveryAt: u.recoveryAt,
  lastLoginAt: u.lastLoginAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  deletedAt: r.deletedAt,
};
type Row = SelectResultFields<typeof columns>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export function serializeResident(row: Row): ResidentItem {
  return {
    ...row,
    status: row.status as ResidentStatus,
    // Filled from the units (withUnits): one query for the page, not two subqueries per row.
    buildingName: null,
    unitIds: [],
    signedAt: iso(row.signedAt),
    recoveryAt: iso(row.recoveryAt),
    lastLoginAt: iso(row.lastLoginAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: iso(row.deletedAt),
  };
}

/**
 * Every resident has its user row (the foreign key), so a left join returns the same rows as an inner one — and
 * it lets the planner filter residents first (term, deleted) and then look up only the matching users by key,
 * instead of walking every user of the property (a 2,000-resident property: 50 ms → a few ms).
 */
const joinUser = (q: Parameters<NonNullable<Parameters<typeof defineListResource>[0]['joins']>>[0]) =>
  q.leftJoin(u, and(eq(u.propertyId, r.propertyId), eq(u.id, r.id)));

/**
 * The residents' links to units are read first (a materialized CTE), then their units and buildings by key. Joined
 * in one step, the planner misjudges the links under row-level security (it expects one row) and walks every unit
 * of the property instead: 7.5 ms for a page of 50 in a 2,000-unit property, 0.65 ms this way (decision 0012).
 */
const unitsInclude = hasMany({
  description: 'The units (id, name, buildingId, buildingName), first unit first',
  key: (p: ResidentItem) => p.id,
  foreignKey: (x: { residentId: number }) => x.residentId,
  load: (ctx, ids) => {
    const pid = ctx.propertyId;
    return query<{ residentId: number; id: number; name: string; buildingId: number; buildingName: string }>(
      ctx.tx,
      sql`with links as materialized (
            select resident_id, unit_id, position from ${residentUnits}
            where property_id = ${pid} and resident_id in (${sql.join(
              ids.map((i) => sql`${Number(i)}`),
              sql`, `,
            )}))
          select l.resident_id::int as "residentId", un.id::int as id, un.name,
                 un.building_id::int as "buildingId", b.name as "buildingName"
          from links l
          join ${units} un on un.property_id = ${pid} and un.id = l.unit_id
          join ${buildings} b on b.property_id = ${pid} and b.id = un.building_id
          order by l.position, l.unit_id`,
    );
  },
});

const listBase = {
  table: r,
  select: columns,
  joins: joinUser,
  scope: (ctx: Scope) => eq(r.propertyId, ctx.propertyId),
  serialize: serializeResident,
  tiebreak: r.id,
};

export const residentsList: ListResource<ResidentItem> = defineListResource({
  ...listBase,
  filters: {
    status: { type: 'enum', column: r.status, values: RESIDENT_STATUSES },
    unitId: {
      type: 'custom',
      description: 'Residents holding any of these units',
      where: (values) =>
        sql`exists (select 1 from ${residentUnits} ru where ru.property_id = ${r.propertyId}
          and ru.resident_id = ${r.id} and ru.unit_id in (${sql.join(
            values.map((v) => sql`${Number(v) || 0}`),
            sql`, `,
          )}))`,
    },
    buildingId: {
      type: 'custom',
      description: 'Residents holding a unit in any of these buildings',
      where: (values) =>
        sql`exists (select 1 from ${residentUnits} ru join ${units} un on un.property_id = ru.property_id
          and un.id = ru.unit_id where ru.property_id = ${r.propertyId} and ru.resident_id = ${r.id}
          and un.building_id in (${sql.join(
            values.map((v) => sql`${Number(v) || 0}`),
            sql`, `,
          )}))`,
    },
    leaseExpired: {
      type: 'custom',
      description: '1: the lease has ended; 0: it has not (or has no end)',
      where: (values) =>
        values[0] === '1' || values[0] === 'true'
          ? sql`${r.leaseExpirationAt} < current_date`
          : sql`(${r.leaseExpirationAt} is null or ${r.leaseExpirationAt} >= current_date)`,
    },
  },
  term: { words: { entity: 'residents', key: r.id } },
  keysFirst: true,
  sorts: {
    fullName: u.fullName,
    email: u.email,
    createdAt: r.createdAt,
    leaseExpirationAt: r.leaseExpirationAt,
    code: r.code,
    status: r.status,
  },
  defaultSort: 'fullName',
  includes: {
    units: unitsInclude,
    vehicles: hasMany({
      description: "The resident's vehicles (id, plate, makeName)",
      key: (p: ResidentItem) => p.id,
      foreignKey: (x: { residentId: number }) => x.residentId,
      load: (ctx, ids) =>
        ctx.tx
          .select({
            residentId: vehicles.residentId,
            id: vehicles.id,
            plate: vehicles.plate,
            makeName: makes.name,
          })
          .from(vehicles)
          .leftJoin(makes, eq(makes.id, vehicles.makeId))
          .where(
            and(
              eq(vehicles.propertyId, ctx.propertyId),
              inArray(vehicles.residentId, ids.map(Number)),
              isNull(vehicles.deletedAt),
            ),
          )
          .orderBy(asc(vehicles.id)),
    }),
    permits: hasMany({
      description: "The resident's permits (id, code, status as shown: expired when past its end)",
      key: (p: ResidentItem) => p.id,
      foreignKey: (x: { residentId: number }) => x.residentId,
      load: (ctx, ids) =>
        ctx.tx
          .select({
            residentId: permits.residentId,
            id: permits.id,
            code: permits.code,
            status: sql<string>`case when ${permits.status} = 'approved' and ${permits.expiresOn} < current_date
              then 'expired' else ${permits.status} end`,
          })
          .from(permits)
          .where(
            and(
              eq(permits.propertyId, ctx.propertyId),
              inArray(permits.residentId, ids.map(Number)),
              isNull(permits.deletedAt),
            ),
          )
          .orderBy(asc(permits.id)),
    }),
  },
});

export const deletedResidentsList: ListResource<ResidentItem> = defineListResource({
  ...listBase,
  filters: {},
  term: { words: { entity: 'residents', key: r.id } },
  sorts: { fullName: u.fullName, deletedAt: r.deletedAt },
  defaultSort: '-deletedAt',
  includes: { units: unitsInclude },
});

/**
 * Each resident's unit ids and first unit's building, from their units: those the `units` include loaded, or one
 * query for the whole page (so `units` is always in the answer).
 */
export async function withUnits(ctx: Scope, items: ResidentItem[]): Promise<void> {
  const missing = items.filter((x) => !x.units);
  if (missing.length) await unitsInclude.load(ctx, missing, 'units', {});
  for (const x of items) {
    const list = x.units ?? [];
    x.unitIds = list.map((u) => u.id);
    x.buildingName = list[0]?.buildingName ?? null;
  }
}

export async function listResidents(ctx: Scope, query: string) {
  const page = await residentsList.list(ctx, query, { where: isNull(r.deletedAt) });
  await withUnits(ctx, page.data);
  return page;
}
export async function listDeletedResidents(ctx: Scope, query: string) {
  const page = await deletedResidentsList.list(ctx, query, { where: isNotNull(r.deletedAt) });
  await withUnits(ctx, page.data);
  return page;
}

const own = (ctx: Scope, id: number) => and(eq(r.propertyId, ctx.propertyId), eq(r.id, id))!;

/** One resident with their units; deleted ones only when asked (restore). */
export async function getResident(
  ctx: Scope,
  id: number,
  opts: { deleted?: boolean } = {},
): Promise<ResidentItem> {
  const [row] = await joinUser(ctx.tx.select(columns).from(r).$dynamic()).where(
    and(own(ctx, id), opts.deleted ? isNotNull(r.deletedAt) : isNull(r.deletedAt)),
  );
  if (!row) throw notFound('residents');
  const item = serializeResident(row as Row);
  await unitsInclude.load(ctx, [item], 'units', {});
  await withUnits(ctx, [item]);
  return item;
}

/** The limit a resident works with: their own, else the property's setting. */
export function residentLimit(
  resident: Pick<ResidentItem, ResidentLimit>,
  settings: PropertySettings,
  limit: ResidentLimit,
): number {
  const own = resident[limit];
  if (own !== null && own !== undefined) return own;
  const s = settings;
  const defaults: Record<ResidentLimit, number> = {
    vehiclesAllowed: s.residentPermits.vehiclesAllowed,
    changesAllowed: s.residentPermits.changesAllowed,
    reservationsAllowed: s.reservedSpaces.reservationsAllowed,
    reservedPermitChanges: s.reservedSpaces.reservedPermitChanges,
    visitorVehiclesAllowed: s.visitorPermits.visitorVehiclesAllowed,
    tempVisitorVehicles: s.visitorPermits.tempVisitorVehicles,
    visitorLimit: s.visitorPermits.visitorLimit,
  };
  return defaults[limit];
}
export const propertySettingsOf = (ctx: Scope) => readSettings(ctx, ctx.propertyId);

/** Refuses a change to a resident that is not this property's or is deleted (used by vehicles and permits). */
export async function assertResident(ctx: Scope, id: number, field = 'residentId') {
  const [row] = await ctx.tx
    .select({ id: r.id })
    .from(r)
    .where(and(own(ctx, id), isNull(r.deletedAt)));
  if (!row) throw invalid({ [field]: [{ key: 'vehicles.residentNotFound' }] });
}
