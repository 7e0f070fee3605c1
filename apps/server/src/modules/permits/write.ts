import {
  PERMIT_DISPLAY,
  PERMIT_TRANSITIONS,
  RESERVED_SPOT_PERMIT_TYPE_ID,
  ruleOf,
  type PermitAction,
  type PermitEditAction,
  type PermitStatus,
  type permitBody,
} from '@parkade/contract';
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { newToken } from '../../platform/auth';
import { createRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { t } from '../../platform/i18n';
import { assertNotBanned } from '../banned-vehicles';
import { formRulesOf } from '../form-rules/service';
import { assertPermitType } from '../permit-types/service';
import { assertSpotOfProperty } from '../spots/service';
import { assertResident, propertySettingsOf, residentLimit } from '../residents/service';
import { residents } from '../residents/table';
import { vehicles } from '../vehicles/table';
import { getPermit, own } from './service';
import { permits } from './table';
import { closeLinkedRequest } from '../requests/linked';
import { tellPermitDecision } from './mail';
import { notify } from '../notifications/service';

/*
 * The writes of permits: create, edit, the workflow's transitions and delete. The read side (list, one permit,
 * the public and printed views) is service.ts.
 */

const p = permits;

type Body = z.output<typeof permitBody>;

/**
 * The resident's vehicle, type and spot must exist here; returns the permit type, throws field errors. A permit is
 * not issued to a vehicle whose plate has an active ban (`checkBan`: on create, and on edit when the vehicle changes).
 */
async function assertRefs(ctx: Scope, body: Body, checkBan = true) {
  await assertResident(ctx, body.residentId);
  if (body.vehicleId) {
    const [v] = await ctx.tx
      .select({ residentId: vehicles.residentId, plate: vehicles.plate })
      .from(vehicles)
      .where(
        and(
          eq(vehicles.propertyId, ctx.propertyId),
          eq(vehicles.id, body.vehicleId),
          isNull(vehicles.deletedAt),
        ),
      );
    if (!v || v.residentId !== body.residentId) throw fieldError('vehicleId', 'permits.vehicleNotResident');
    if (checkBan) await assertNotBanned(ctx, v.plate, 'vehicleId');
  }
  const type = await assertPermitType(ctx, body.permitTypeId);
  if (body.spotId) await assertSpotOfProperty(ctx, body.spotId);
  return type;
}

/**
 * A permit of a type that needs a vehicle names one (decision 0039 §11): else a field error on `vehicleId`. Two
 * exceptions keep what exists usable: a permit saved without a vehicle before the rule may be edited as long as it
 * keeps its type, and a property whose form rules hide the vehicle field issues its permits without one.
 */
async function assertVehicleOfType(
  ctx: Scope,
  body: Body,
  type: { vehicleRequired: boolean },
  before: { vehicleId: number | null; permitTypeId: number } | null,
) {
  if (!type.vehicleRequired || body.vehicleId) return;
  if (before && before.vehicleId === null && before.permitTypeId === body.permitTypeId) return;
  if (!ruleOf(await formRulesOf(ctx), 'permits', 'vehicleId').visible) return;
  throw fieldError('vehicleId', 'permits.vehicleRequired');
}

const addMonths = (isoDate: string, months: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** The last valid day: the end date; else the settings' validity from the start; else the resident's lease end. */
async function expiryOf(ctx: Scope, body: Body, months: number): Promise<string | null> {
  if (body.endDate) return body.endDate;
  if (months > 0) return addMonths(body.startDate ?? todayIso(), months);
  const [r] = await ctx.tx
    .select({ lease: residents.leaseExpirationAt })
    .from(residents)
    .where(and(eq(residents.propertyId, ctx.propertyId), eq(residents.id, body.residentId)));
  return r?.lease ?? null;
}

/** Live permits (pending, valid or paused, not expired) the resident holds, apart from `except`. */
async function livePermits(ctx: Scope, residentId: number, except?: number) {
  const [row] = await ctx.tx
    .select({ n: count() })
    .from(p)
    .where(
      and(
        eq(p.propertyId, ctx.propertyId),
        eq(p.residentId, residentId),
        isNull(p.deletedAt),
        inArray(p.status, ['pending', 'approved', 'inactive']),
        sql`(${p.expiresOn} is null or ${p.expiresOn} >= current_date)`,
        except ? ne(p.id, except) : undefined,
      ),
    );
  return row?.n ?? 0;
}

async function resident(ctx: Scope, id: number) {
  const [r] = await ctx.tx
    .select()
    .from(residents)
    .where(and(eq(residents.propertyId, ctx.propertyId), eq(residents.id, id)));
  return r!;
}

const UNIQUE = {
  permits_code_unique: 'code',
  permits_vehicle_live_unique: { field: 'vehicleId', key: 'permits.vehicleHasPermit' },
};

/** A field hidden by the form rules arrives undefined: left out, so an edit keeps what is stored. */
const values = (body: Body) => ({
  code: body.code,
  residentId: body.residentId,
  vehicleId: body.vehicleId,
  permitTypeId: body.permitTypeId,
  spotId: body.spotId === 0 ? null : body.spotId,
  name: body.name,
  email: body.email,
  unit: body.unit,
  startDate: body.startDate,
  endDate: body.endDate,
});

/**
 * Issues a permit. `requested`: the resident asks for it (/my/permits): it starts pending whatever the settings say,
 * for staff to approve in the workflow, and a refused limit names the vehicle (the resident's form has no owner).
 * `issueValid` (staff holding `permits.approve`, else 403): true issues it valid at once — created pending, then
 * approved by the same workflow step in the same transaction (audited as create, then approve, by the caller);
 * false leaves it pending; left out, the property's settings decide (decision 0039 §11).
 */
export async function createPermit(ctx: Scope, body: Body, opts: { requested?: boolean } = {}) {
  if (body.issueValid && !ctx.session?.permissions.includes('permits.approve'))
    throw new HttpError(403, 'permits.issueValidForbidden');
  const type = await assertRefs(ctx, body);
  await assertVehicleOfType(ctx, body, type, null);
  const settings = await propertySettingsOf(ctx);
  const res = await resident(ctx, body.residentId);
  const max = residentLimit(res, settings, 'vehiclesAllowed');
  if ((await livePermits(ctx, body.residentId)) >= max)
    throw opts.requested
      ? fieldError('vehicleId', 'my.permits.limit', { max })
      : fieldError('residentId', 'vehicles.limit', { max });
  const approved =
    !opts.requested && body.issueValid === undefined && !settings.residentPermits.approvalRequired;
  const row = await createRow(
    ctx,
    p,
    'permits',
    {
      propertyId: ctx.propertyId,
      ...values(body),
      expiresOn: await expiryOf(ctx, body, settings.residentPermits.validityMonths),
      status: approved ? (body.active === false ? 'inactive' : 'approved') : 'pending',
      approvedAt: approved ? new Date() : null,
      approvedBy: approved ? (ctx.session?.user.id ?? null) : null,
      year: Number((body.startDate ?? todayIso()).slice(0, 4)),
      publicToken: newToken(),
    },
    UNIQUE,
    ({ publicToken: _t, ...rest }) => rest,
  );
  if (body.issueValid) return transition(ctx, row.id, 'approve', null);
  const item = await getPermit(ctx, row.id);
  if (item.status === 'pending')
    await notify(ctx, { kind: 'permitPending', recordId: row.id, params: permitParams(item) });
  return item;
}

/**
 * PUT /permits/:id. Any change of vehicle counts against the resident's changes allowed (reserved permit changes
 * for a reserved-spot permit); `action=change-vehicle` is that change alone, exempt from the type-2 rule.
 */
export async function updatePermit(
  ctx: Scope,
  id: number,
  body: Body,
  action: PermitEditAction | null,
  opts: { self?: boolean } = {},
) {
  const before = await getPermit(ctx, id);
  // Fields the form rules hide arrive undefined: they keep their stored values.
  const kept = body as Record<string, unknown>;
  for (const k of ['vehicleId', 'spotId', 'name', 'email', 'unit', 'startDate', 'endDate'] as const)
    if (kept[k] === undefined) kept[k] = before[k];
  if (before.residentId !== body.residentId) throw fieldError('residentId', 'validation.invalidSelection');
  const type = await assertRefs(ctx, body, (body.vehicleId ?? null) !== before.vehicleId);
  await assertVehicleOfType(ctx, body, type, before);
  const changesVehicle = (body.vehicleId ?? null) !== before.vehicleId && before.vehicleId !== null;
  if (action === 'change-vehicle' && (!body.vehicleId || !changesVehicle))
    throw fieldError('vehicleId', 'permits.changeNeedsVehicle');
  let vehicleChanges = before.vehicleChanges;
  if (changesVehicle) {
    const settings = await propertySettingsOf(ctx);
    const res = await resident(ctx, before.residentId);
    const max = residentLimit(
      res,
      settings,
      before.permitTypeId === RESERVED_SPOT_PERMIT_TYPE_ID ? 'reservedPermitChanges' : 'changesAllowed',
    );
    if (vehicleChanges >= max)
      throw fieldError('vehicleId', opts.self ? 'my.permits.changesExceeded' : 'permits.changesExceeded', {
        max,
      });
    vehicleChanges += 1;
  }
  const settings = await propertySettingsOf(ctx);
  await updateRow(
    ctx,
    p,
    'permits',
    own(ctx, id),
    {
      ...values(body),
      expiresOn: await expiryOf(ctx, body, settings.residentPermits.validityMonths),
      vehicleChanges,
    },
    { unique: UNIQUE, action: action ?? 'update', redact: ({ publicToken: _t, ...rest }) => rest },
  );
  return getPermit(ctx, id);
}

/** What a permit's notification names: its resident and plate. */
const permitParams = (permit: Awaited<ReturnType<typeof getPermit>>) => ({
  name: permit.resident?.fullName ?? permit.name ?? '',
  plate: permit.vehicle?.plate ?? '',
});

/** The one workflow (PERMIT_TRANSITIONS): anything else is refused with the status and action named. */
export async function transition(ctx: Scope, id: number, action: PermitAction, comment: string | null) {
  const before = await getPermit(ctx, id);
  const rule = PERMIT_TRANSITIONS[action];
  if (before.shownStatus === 'expired' && action !== 'revoke')
    throw new HttpError(422, 'permits.expiredAction');
  if (!(rule.from as readonly PermitStatus[]).includes(before.status))
    throw new HttpError(422, 'permits.transition', {
      status: t(ctx.lang, PERMIT_DISPLAY[before.shownStatus]),
      action: t(ctx.lang, `permits.action.${action}`),
    });
  if (action === 'reject' && !comment) throw fieldError('comment', 'permits.commentRequired');
  if ((action === 'approve' || action === 'restore') && before.vehicleId) {
    // Approving (or restoring) issues the permit: not to a vehicle whose plate is banned now.
    const [v] = await ctx.tx
      .select({ plate: vehicles.plate })
      .from(vehicles)
      .where(and(eq(vehicles.propertyId, ctx.propertyId), eq(vehicles.id, before.vehicleId)));
    if (v) await assertNotBanned(ctx, v.plate, 'vehicleId');
  }
  const patch: Partial<typeof p.$inferInsert> = { status: rule.to };
  if (action === 'approve')
    Object.assign(patch, { approvedAt: new Date(), approvedBy: ctx.session?.user.id ?? null });
  if (action === 'approve' || action === 'restore') patch.rejectionComment = null;
  if (action === 'reject') patch.rejectionComment = comment;
  await updateRow(ctx, p, 'permits', and(own(ctx, id), eq(p.status, before.status))!, patch, {
    unique: UNIQUE,
    action,
    redact: ({ publicToken: _t, ...rest }) => rest,
    // The comment asked for (a revocation's reason) is the audit's: only a rejection's is kept on the permit.
    note: { comment },
  });
  const after = await getPermit(ctx, id);
  if (action === 'approve' || action === 'reject') {
    await tellPermitDecision(ctx, after);
    // The resident's request for it, if they asked on /my/permits, closes with the decision (decision 0049).
    await closeLinkedRequest(
      ctx,
      { entity: 'permits', id },
      action === 'approve' ? 'done' : 'canceled',
      action === 'reject' ? comment : null,
    );
    await notify(ctx, {
      kind: 'permitDecided',
      recordId: id,
      params: { ...permitParams(after), decision: action },
      to: { type: 'tenant-resident', id: after.residentId },
    });
  }
  return after;
}

export async function deletePermit(ctx: Scope, id: number) {
  await updateRow(
    ctx,
    p,
    'permits',
    own(ctx, id),
    { deletedAt: new Date() },
    {
      action: 'delete',
      redact: ({ publicToken: _t, ...rest }) => rest,
    },
  );
  await closeLinkedRequest(ctx, { entity: 'permits', id }, 'canceled', null);
}
