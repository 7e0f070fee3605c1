import {
  RESIDENT_SIGN_IN_STATUSES,
  RESIDENT_LIMITS,
  RESIDENT_STATUSES,
  type ResidentItem,
  type ResidentLimit,
  type ResidentStatus,
  type residentBody,
  type residentRestoreBody,
  type PropertySettings,
} from '@parkade/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth';
import { guardUnique } from '../../platform/crud';
import { query, type Tx } from '../../platform/db';
import { reindexWords } from '../../platform/db/search-words';
import { fieldError, HttpError, invalid, notFound } from '../../platform/errors';
import { propertyIdOf, type RouteContext } from '../../platform/http';
import { t } from '../../platform/i18n';
import { defineListResource, hasMany, type ListResource } from '../../platform/list-query';
import { passwordChanged } from '../auth/service';
import { sessions } from '../auth/table';
import { buildings } from '../buildings/table';
import { makes } from '../makes/table';
import { permits } from '../permits/table';
import { readSettings } from '../properties/write';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { vehicles } from '../vehicles/table';
import { sendPasswordLink } from './mail';
import { residents, residentUnits } from './table';

/**
 * A password hash that no password verifies (not an argon2 string): residents made by an import or without a
 * password sign in only after choosing one through the emailed link.
 */
export const NO_PASSWORD = '!';

/**
 * Tables whose rows belong to a resident and are deleted and restored with them: each has property_id,
 * resident_id and deleted_at. The visitors module adds its table here, and restore brings visitor history back.
 */
export const RESIDENT_DEPENDENTS: { entity: string; table: typeof vehicles | typeof permits }[] = [
  { entity: 'vehicles', table: vehicles },
  { entity: 'permits', table: permits },
];

const u = tenantUsers;
const r = residents;

/**
 * Rewrites residents.search (what filter[term] matches) for these residents of the property, or all of them:
 * after every write that changes a name, email, phone, code or the units (or a unit's name).
 */
export async function refreshResidentSearch(tx: Tx, propertyId: number, ids?: number[]) {
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
    const pid = propertyIdOf(ctx);
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
  scope: (ctx: RouteContext) => eq(r.propertyId, propertyIdOf(ctx)),
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
              eq(vehicles.propertyId, propertyIdOf(ctx)),
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
              eq(permits.propertyId, propertyIdOf(ctx)),
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
export async function withUnits(ctx: RouteContext, items: ResidentItem[]): Promise<void> {
  const missing = items.filter((x) => !x.units);
  if (missing.length) await unitsInclude.load(ctx, missing, 'units', {});
  for (const x of items) {
    const list = x.units ?? [];
    x.unitIds = list.map((u) => u.id);
    x.buildingName = list[0]?.buildingName ?? null;
  }
}

export async function listResidents(ctx: RouteContext) {
  const page = await residentsList.list(ctx, { where: isNull(r.deletedAt) });
  await withUnits(ctx, page.data);
  return page;
}
export async function listDeletedResidents(ctx: RouteContext) {
  const page = await deletedResidentsList.list(ctx, { where: isNotNull(r.deletedAt) });
  await withUnits(ctx, page.data);
  return page;
}

const own = (ctx: RouteContext, id: number) => and(eq(r.propertyId, propertyIdOf(ctx)), eq(r.id, id))!;

/** One resident with their units; deleted ones only when asked (restore). */
export async function getResident(
  ctx: RouteContext,
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
export const propertySettingsOf = (ctx: RouteContext) => readSettings(ctx, propertyIdOf(ctx));

/** The units must be this property's; returns them in the order given, without repeats. */
async function assertUnits(ctx: RouteContext, ids: number[], field = 'unitIds'): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await ctx.tx
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.propertyId, propertyIdOf(ctx)), inArray(units.id, unique)));
  if (found.length !== unique.length) throw fieldError(field, 'residents.unitNotFound');
  return unique;
}

async function setUnits(ctx: RouteContext, residentId: number, unitList: number[]) {
  const propertyId = propertyIdOf(ctx);
  await ctx.tx
    .delete(residentUnits)
    .where(and(eq(residentUnits.propertyId, propertyId), eq(residentUnits.residentId, residentId)));
  if (unitList.length)
    await ctx.tx
      .insert(residentUnits)
      .values(unitList.map((unitId, position) => ({ propertyId, residentId, unitId, position })));
}

export const USER_UNIQUE = {
  tenant_users_email_unique: 'email',
  tenant_users_phone_unique: 'phone',
  residents_code_unique: 'code',
};

type Body = z.output<typeof residentBody>;
const limitsOf = (body: Body) =>
  Object.fromEntries(RESIDENT_LIMITS.map((k) => [k, body[k] ?? null])) as Record<
    ResidentLimit,
    number | null
  >;

/** An email taken by a deleted resident says so: restore them instead of making a second account. */
async function explainTakenEmail(ctx: RouteContext, email: string, except?: number) {
  const [taken] = await ctx.tx
    .select({ id: u.id, deletedAt: r.deletedAt })
    .from(u)
    .leftJoin(r, and(eq(r.propertyId, u.propertyId), eq(r.id, u.id)))
    .where(and(eq(u.propertyId, propertyIdOf(ctx)), sql`lower(${u.email}) = lower(${email})`));
  if (taken && taken.id !== except && taken.deletedAt)
    throw fieldError('email', 'residents.emailInUseDeleted');
}

/** What the audit log records of a resident (never the password or signature). */
const audited = (x: ResidentItem) => {
  const { units: _u, updatedAt: _t, lastLoginAt: _l, recoveryAt: _r, ...rest } = x;
  return rest;
};

export async function createResident(ctx: RouteContext, body: Body): Promise<ResidentItem> {
  const propertyId = propertyIdOf(ctx);
  const unitList = await assertUnits(ctx, body.unitIds);
  await explainTakenEmail(ctx, body.email);
  const passwordHash = body.password ? await hashPassword(body.password) : NO_PASSWORD;
  const id = await guardUnique(USER_UNIQUE, async () => {
    const [user] = await ctx.tx
      .insert(u)
      .values({
        propertyId,
        type: 'tenant-resident',
        fullName: body.fullName,
        email: body.email,
        phone: body.phone ?? null,
        language: body.language,
        passwordHash,
        active: RESIDENT_SIGN_IN_STATUSES.includes(body.status),
      })
      .returning({ id: u.id });
    await ctx.tx.insert(r).values({
      propertyId,
      id: user!.id,
      code: body.code,
      status: body.status,
      leaseExpirationAt: body.leaseExpirationAt ?? null,
      ...limitsOf(body),
    });
    return user!.id;
  });
  await setUnits(ctx, id, unitList);
  await refreshResidentSearch(ctx.tx, propertyIdOf(ctx), [id]);
  const item = await getResident(ctx, id);
  await ctx.audit({ entity: 'residents', entityId: id, action: 'create', new: audited(item) });
  if (!body.password) await sendPasswordLink(ctx, id);
  return item;
}

export async function updateResident(ctx: RouteContext, id: number, body: Body): Promise<ResidentItem> {
  const before = await getResident(ctx, id);
  const unitList = await assertUnits(ctx, body.unitIds);
  await explainTakenEmail(ctx, body.email, id);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  await guardUnique(USER_UNIQUE, async () => {
    await ctx.tx
      .update(u)
      .set({
        fullName: body.fullName,
        email: body.email,
        phone: body.phone,
        language: body.language,
        active: RESIDENT_SIGN_IN_STATUSES.includes(body.status),
        updatedAt: new Date(),
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(and(eq(u.propertyId, propertyIdOf(ctx)), eq(u.id, id)));
    await ctx.tx
      .update(r)
      .set({
        code: body.code,
        status: body.status,
        leaseExpirationAt: body.leaseExpirationAt,
        ...limitsOf(body),
        updatedAt: new Date(),
      })
      .where(own(ctx, id));
  });
  await setUnits(ctx, id, unitList);
  await refreshResidentSearch(ctx.tx, propertyIdOf(ctx), [id]);
  if (passwordHash)
    await passwordChanged(ctx.tx, { area: 'tenant', propertyId: propertyIdOf(ctx), userId: id });
  else if (!RESIDENT_SIGN_IN_STATUSES.includes(body.status)) await endSessions(ctx, id);
  const after = await getResident(ctx, id);
  await ctx.audit({
    entity: 'residents',
    entityId: id,
    action: 'update',
    old: audited(before),
    new: { ...audited(after), ...(passwordHash ? { password: '(changed)' } : {}) },
  });
  return after;
}

/** Signs the resident out everywhere (status that forbids signing in, new password, deletion). */
async function endSessions(ctx: RouteContext, id: number) {
  await ctx.tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.area, 'tenant'),
        eq(sessions.propertyId, propertyIdOf(ctx)),
        eq(sessions.userId, id),
        isNull(sessions.revokedAt),
      ),
    );
}

export async function setStatus(ctx: RouteContext, id: number, status: ResidentStatus) {
  const before = await getResident(ctx, id);
  await ctx.tx.update(r).set({ status, updatedAt: new Date() }).where(own(ctx, id));
  const active = RESIDENT_SIGN_IN_STATUSES.includes(status);
  await ctx.tx
    .update(u)
    .set({ active })
    .where(and(eq(u.propertyId, propertyIdOf(ctx)), eq(u.id, id)));
  if (!active) await endSessions(ctx, id);
  await ctx.audit({
    entity: 'residents',
    entityId: id,
    action: 'status',
    old: { status: before.status },
    new: { status },
  });
  return getResident(ctx, id);
}

export async function setPassword(ctx: RouteContext, id: number, password: string) {
  await getResident(ctx, id);
  await ctx.tx
    .update(u)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(and(eq(u.propertyId, propertyIdOf(ctx)), eq(u.id, id)));
  await passwordChanged(ctx.tx, { area: 'tenant', propertyId: propertyIdOf(ctx), userId: id });
  await ctx.audit({ entity: 'residents', entityId: id, action: 'password', new: { password: '(changed)' } });
  return { message: t(ctx.lang, 'residents.passwordSet') };
}

/**
 * Soft delete (see the residents table): the resident, their units kept, their vehicles and permits (and every
 * RESIDENT_DEPENDENTS table) marked deleted at the same instant; the account disabled and signed out.
 */
export async function deleteResident(ctx: RouteContext, id: number) {
  const before = await getResident(ctx, id);
  const now = new Date();
  const propertyId = propertyIdOf(ctx);
  await ctx.tx.update(r).set({ deletedAt: now, updatedAt: now }).where(own(ctx, id));
  const counts: Record<string, number> = {};
  for (const d of RESIDENT_DEPENDENTS) {
    const rows = await ctx.tx
      .update(d.table)
      .set({ deletedAt: now })
      .where(and(eq(d.table.propertyId, propertyId), eq(d.table.residentId, id), isNull(d.table.deletedAt)))
      .returning({ id: d.table.id });
    counts[d.entity] = rows.length;
  }
  await ctx.tx
    .update(u)
    .set({ active: false })
    .where(and(eq(u.propertyId, propertyId), eq(u.id, id)));
  await endSessions(ctx, id);
  await ctx.audit({ entity: 'residents', entityId: id, action: 'delete', old: audited(before), new: counts });
}

/**
 * Restore: the resident comes back to `unitId` with a new lease end, active, with every dependent row deleted
 * with them (same instant). A vehicle whose plate another active vehicle took meanwhile stays deleted, and so do
 * permits of vehicles that stay deleted.
 */
export async function restoreResident(
  ctx: RouteContext,
  id: number,
  body: z.output<typeof residentRestoreBody>,
) {
  const propertyId = propertyIdOf(ctx);
  const [row] = await ctx.tx.select({ deletedAt: r.deletedAt }).from(r).where(own(ctx, id)).for('update');
  if (!row) throw notFound('residents');
  if (!row.deletedAt) throw new HttpError(409, 'residents.notDeleted');
  const [unitId] = await assertUnits(ctx, [body.unitId], 'unitId');
  const when = row.deletedAt;
  const restoredVehicles = await ctx.tx
    .update(vehicles)
    .set({ deletedAt: null })
    .where(
      and(
        eq(vehicles.propertyId, propertyId),
        eq(vehicles.residentId, id),
        eq(vehicles.deletedAt, when),
        sql`not exists (select 1 from ${vehicles} v2 where v2.property_id = ${vehicles.propertyId}
          and v2.plate_normalized = ${vehicles.plateNormalized} and v2.deleted_at is null)`,
      ),
    )
    .returning({ id: vehicles.id });
  const restoredPermits = await ctx.tx
    .update(permits)
    .set({ deletedAt: null })
    .where(
      and(
        eq(permits.propertyId, propertyId),
        eq(permits.residentId, id),
        eq(permits.deletedAt, when),
        sql`(${permits.vehicleId} is null or exists (select 1 from ${vehicles} v where v.property_id =
          ${permits.propertyId} and v.id = ${permits.vehicleId} and v.deleted_at is null))`,
      ),
    )
    .returning({ id: permits.id });
  const counts: Record<string, number> = {
    vehicles: restoredVehicles.length,
    permits: restoredPermits.length,
  };
  for (const d of RESIDENT_DEPENDENTS.filter((x) => x.entity !== 'vehicles' && x.entity !== 'permits')) {
    const rows = await ctx.tx
      .update(d.table)
      .set({ deletedAt: null })
      .where(and(eq(d.table.propertyId, propertyId), eq(d.table.residentId, id), eq(d.table.deletedAt, when)))
      .returning({ id: d.table.id });
    counts[d.entity] = rows.length;
  }
  await ctx.tx
    .update(r)
    .set({
      deletedAt: null,
      status: 'active',
      leaseExpirationAt: body.leaseExpirationAt,
      updatedAt: new Date(),
    })
    .where(own(ctx, id));
  await setUnits(ctx, id, [unitId!]);
  await refreshResidentSearch(ctx.tx, propertyId, [id]);
  await ctx.tx
    .update(u)
    .set({ active: true })
    .where(and(eq(u.propertyId, propertyId), eq(u.id, id)));
  const after = await getResident(ctx, id);
  await ctx.audit({
    entity: 'residents',
    entityId: id,
    action: 'restore',
    new: { unitId, leaseExpirationAt: body.leaseExpirationAt, ...counts },
  });
  return {
    message: t(ctx.lang, 'residents.restored', {
      name: after.fullName,
      vehicles: counts.vehicles ?? 0,
      permits: counts.permits ?? 0,
    }),
  };
}

/** Refuses a change to a resident that is not this property's or is deleted (used by vehicles and permits). */
export async function assertResident(ctx: RouteContext, id: number, field = 'residentId') {
  const [row] = await ctx.tx
    .select({ id: r.id })
    .from(r)
    .where(and(own(ctx, id), isNull(r.deletedAt)));
  if (!row) throw invalid({ [field]: [{ key: 'vehicles.residentNotFound' }] });
}
