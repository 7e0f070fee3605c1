import {
  newResidentStatus,
  RESIDENT_SIGN_IN_STATUSES,
  RESIDENT_LIMITS,
  type ResidentItem,
  type ResidentLimit,
  type ResidentStatus,
  type residentBody,
  type residentRestoreBody,
} from '@parkade/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth';
import { guardUnique } from '../../platform/crud';
import { fieldError, HttpError, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { t } from '../../platform/i18n';
import { passwordChanged } from '../auth/service';
import { sessions } from '../auth/table';
import { permits } from '../permits/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { vehicles } from '../vehicles/table';
import { sendAgreement, sendPasswordLink } from './mail';
import { residents, residentUnits } from './table';

/**
 * A password hash that no password verifies (not an argon2 string): residents made by an import or without a
 * password sign in only after choosing one through the emailed link.
 */
import {
  NO_PASSWORD,
  RESIDENT_DEPENDENTS,
  refreshResidentSearch,
  getResident,
  propertySettingsOf,
} from './service';

/** Residents: the writes (create, edit, status, password, delete, restore). The read side is service.ts. */

const u = tenantUsers;
const r = residents;
const own = (ctx: Scope, id: number) => and(eq(r.propertyId, ctx.propertyId), eq(r.id, id))!;

/** The units must be this property's; returns them in the order given, without repeats. */
async function assertUnits(ctx: Scope, ids: number[], field = 'unitIds'): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await ctx.tx
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.propertyId, ctx.propertyId), inArray(units.id, unique)));
  if (found.length !== unique.length) throw fieldError(field, 'residents.unitNotFound');
  return unique;
}

async function setUnits(ctx: Scope, residentId: number, unitList: number[]) {
  const propertyId = ctx.propertyId;
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
async function explainTakenEmail(ctx: Scope, email: string, except?: number) {
  const [taken] = await ctx.tx
    .select({ id: u.id, deletedAt: r.deletedAt })
    .from(u)
    .leftJoin(r, and(eq(r.propertyId, u.propertyId), eq(r.id, u.id)))
    .where(and(eq(u.propertyId, ctx.propertyId), sql`lower(${u.email}) = lower(${email})`));
  if (taken && taken.id !== except && taken.deletedAt)
    throw fieldError('email', 'residents.emailInUseDeleted');
}

/** What the audit log records of a resident (never the password or signature). */
const audited = (x: ResidentItem) => {
  const { units: _u, updatedAt: _t, lastLoginAt: _l, recoveryAt: _r, ...rest } = x;
  return rest;
};

/**
 * The status a new resident starts in when staff chose none (the form's "By the property's rules", the import): the
 * property's rule, newResidentStatus — "Pending parking policies" where the agreement must be signed.
 */
export const startingStatus = async (ctx: Scope): Promise<ResidentStatus> =>
  newResidentStatus(await propertySettingsOf(ctx));

/**
 * The mail a new resident gets, made by hand or imported: one who must sign the agreement gets their own link
 * (details, a first password, the agreement), since signing is the only way out of "Pending parking policies";
 * any other gets the link to choose a password, when they have none.
 */
export async function welcomeResident(
  ctx: Scope,
  id: number,
  status: ResidentStatus,
  opts: { hasPassword: boolean },
) {
  if (status === 'pending-parking-policies') await sendAgreement(ctx, id);
  else if (!opts.hasPassword) await sendPasswordLink(ctx, id);
}

export async function createResident(ctx: Scope, body: Body): Promise<ResidentItem> {
  const propertyId = ctx.propertyId;
  const unitList = await assertUnits(ctx, body.unitIds);
  await explainTakenEmail(ctx, body.email);
  const passwordHash = body.password ? await hashPassword(body.password) : NO_PASSWORD;
  const status = body.status ?? (await startingStatus(ctx));
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
        active: RESIDENT_SIGN_IN_STATUSES.includes(status),
      })
      .returning({ id: u.id });
    await ctx.tx.insert(r).values({
      propertyId,
      id: user!.id,
      code: body.code,
      status,
      leaseExpirationAt: body.leaseExpirationAt ?? null,
      ...limitsOf(body),
    });
    return user!.id;
  });
  await setUnits(ctx, id, unitList);
  await refreshResidentSearch(ctx.tx, ctx.propertyId, [id]);
  const item = await getResident(ctx, id);
  await ctx.audit({ entity: 'residents', entityId: id, action: 'create', new: audited(item) });
  await welcomeResident(ctx, id, status, { hasPassword: !!body.password });
  return item;
}

export async function updateResident(ctx: Scope, id: number, body: Body): Promise<ResidentItem> {
  const before = await getResident(ctx, id);
  const unitList = await assertUnits(ctx, body.unitIds);
  await explainTakenEmail(ctx, body.email, id);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const status = body.status ?? before.status;
  await guardUnique(USER_UNIQUE, async () => {
    await ctx.tx
      .update(u)
      .set({
        fullName: body.fullName,
        email: body.email,
        phone: body.phone,
        language: body.language,
        active: RESIDENT_SIGN_IN_STATUSES.includes(status),
        updatedAt: new Date(),
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(and(eq(u.propertyId, ctx.propertyId), eq(u.id, id)));
    await ctx.tx
      .update(r)
      .set({
        code: body.code,
        status,
        leaseExpirationAt: body.leaseExpirationAt,
        ...limitsOf(body),
        updatedAt: new Date(),
      })
      .where(own(ctx, id));
  });
  await setUnits(ctx, id, unitList);
  await refreshResidentSearch(ctx.tx, ctx.propertyId, [id]);
  if (passwordHash) await passwordChanged(ctx.tx, { area: 'tenant', propertyId: ctx.propertyId, userId: id });
  else if (!RESIDENT_SIGN_IN_STATUSES.includes(status)) await endSessions(ctx, id);
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
async function endSessions(ctx: Scope, id: number) {
  await ctx.tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.area, 'tenant'),
        eq(sessions.propertyId, ctx.propertyId),
        eq(sessions.userId, id),
        isNull(sessions.revokedAt),
      ),
    );
}

export async function setStatus(ctx: Scope, id: number, status: ResidentStatus) {
  const before = await getResident(ctx, id);
  await ctx.tx.update(r).set({ status, updatedAt: new Date() }).where(own(ctx, id));
  const active = RESIDENT_SIGN_IN_STATUSES.includes(status);
  await ctx.tx
    .update(u)
    .set({ active })
    .where(and(eq(u.propertyId, ctx.propertyId), eq(u.id, id)));
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

export async function setPassword(ctx: Scope, id: number, password: string) {
  await getResident(ctx, id);
  await ctx.tx
    .update(u)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(and(eq(u.propertyId, ctx.propertyId), eq(u.id, id)));
  await passwordChanged(ctx.tx, { area: 'tenant', propertyId: ctx.propertyId, userId: id });
  await ctx.audit({ entity: 'residents', entityId: id, action: 'password', new: { password: '(changed)' } });
  return { message: t(ctx.lang, 'residents.passwordSet') };
}

/**
 * Soft delete (see the residents table): the resident, their units kept, their vehicles and permits (and every
 * RESIDENT_DEPENDENTS table) marked deleted at the same instant; the account disabled and signed out.
 */
export async function deleteResident(ctx: Scope, id: number) {
  const before = await getResident(ctx, id);
  const now = new Date();
  const propertyId = ctx.propertyId;
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
export async function restoreResident(ctx: Scope, id: number, body: z.output<typeof residentRestoreBody>) {
  const propertyId = ctx.propertyId;
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
