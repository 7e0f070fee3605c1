import crypto from 'node:crypto';
import {
  normalizePlate,
  suggestPermitCode,
  VISITOR_PERMIT_TRANSITIONS,
  VISITOR_STATUS_DISPLAY,
  type VisitorPermitAction,
  type VisitorPermitStatus,
  type VisitorSource,
  type visitorBody,
} from '@parkade/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { tokenHash } from '../../platform/auth';
import { createRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { notify } from '../notifications/service';
import { assertNotBanned } from '../banned-vehicles';
import { assertVehicleRefs } from '../vehicles/refs';
import { assertResident, propertySettingsOf } from '../residents/service';
import { residentUnits } from '../residents/table';
import { firstBreach, limitError, type LimitBreach, type PermitWindow } from './limits';
import { tellVisitorDecision } from './links';
import { getVisitor, own } from './service';
import { visitors } from './table';

/*
 * The writes of visitors: register, edit, the permit workflow (VISITOR_PERMIT_TRANSITIONS), expiry and delete.
 * Every function takes a Scope, so the staff API, the resident's /my calls and public registration share them.
 */

const v = visitors;
type Body = z.output<typeof visitorBody>;

/** Who registers, and what that allows. */
export interface RegisterOptions {
  /** Staff may exceed a limit when they give `overrideReason` (audited). Residents and visitors may not. */
  canOverride: boolean;
  /**
   * The new permit's status: staff issue valid permits (they are the approvers); a resident's or a visitor's
   * request is pending when the property's settings require approval (`settingsApproval`).
   */
  approval: 'valid' | 'settingsApproval' | 'pending';
  /** How the visitor came (VISITOR_SOURCES); staff by default. */
  source?: VisitorSource;
  /** A fixed validity instead of `validFrom` + the settings' (a caregiver's pass: until local midnight). */
  window?: { from: Date; until: Date };
  /** A caregiver's pass (decision 0024): the caregiver and the local day, unique together. */
  caregiver?: { id: number; day: string };
}

/** The token of a visitor permit's QR code: derived from the app secret, the property and the code; only its
 * SHA-256 is stored, so the database alone cannot print a permit, and the PDF is the same every time. */
export const permitToken = (ctx: Scope, code: string) =>
  crypto
    .createHmac('sha256', ctx.services.env.secretKey)
    .update(`visitor-permit:${ctx.propertyId}:${code.toLowerCase()}`)
    .digest('base64url');

const redact = ({ publicTokenHash: _h, ...rest }: typeof v.$inferSelect) => rest;
const UNIQUE = { visitors_permit_code_unique: 'permitCode' };

/** Make, model and state must exist and agree; the unit must be one of the resident's. Returns the unit. */
async function assertRefs(ctx: Scope, body: Body): Promise<number | null> {
  await assertResident(ctx, body.residentId);
  await assertVehicleRefs(ctx, body);
  const unitsOf = await ctx.tx
    .select({ unitId: residentUnits.unitId })
    .from(residentUnits)
    .where(and(eq(residentUnits.propertyId, ctx.propertyId), eq(residentUnits.residentId, body.residentId)))
    .orderBy(asc(residentUnits.unitId));
  if (body.unitId) {
    if (!unitsOf.some((u) => u.unitId === body.unitId))
      throw fieldError('unitId', 'visitors.unitNotResident');
    return body.unitId;
  }
  return unitsOf[0]?.unitId ?? null;
}

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/** How long a visitor permit lasts: the property's setting (`validityAmount` × `validityUnit`), in ms. */
async function validityMs(ctx: Scope): Promise<number> {
  const s = (await propertySettingsOf(ctx)).visitorPermits;
  return s.validityAmount * UNIT_MS[s.validityUnit];
}

/**
 * The permit's validity: from the start asked (`validFrom`) or now, whichever is later — a permit never starts
 * before it is granted or asked for (decision 0039 §8) — for the settings' amount and unit. A request that waits
 * for approval keeps this as the window it asked for; approving it moves the window (`approvedWindow`).
 */
async function validityOf(ctx: Scope, validFrom: string | null | undefined) {
  const asked = validFrom ? Date.parse(validFrom) : 0;
  const from = new Date(Math.max(Date.now(), asked));
  return { from, until: new Date(from.getTime() + (await validityMs(ctx))) };
}

/**
 * The window a pending request gets when it is approved (decision 0039 §8): it starts at the approval or at the
 * start asked, whichever is later, and keeps the length it asked for — at most the property's validity now (a
 * setting shortened meanwhile). Nobody picks an end: it is always the start plus the length.
 */
export function approvedWindow(
  asked: { from: Date; until: Date },
  maxMs: number,
  now = new Date(),
): { from: Date; until: Date } {
  const length = Math.min(asked.until.getTime() - asked.from.getTime(), maxMs);
  const from = new Date(Math.max(now.getTime(), asked.from.getTime()));
  return { from, until: new Date(from.getTime() + length) };
}

/**
 * The limits of a new or moved permit: refused with which limit and when the next one is possible, unless staff
 * override it with a reason. Returns the breach overridden, if any (for the audit).
 */
async function checkLimits(
  ctx: Scope,
  body: Body,
  window: { from: Date; until: Date },
  opts: RegisterOptions,
  except?: number,
  only?: PermitWindow['only'],
): Promise<LimitBreach | null> {
  const breach = await firstBreach(ctx, {
    residentId: body.residentId,
    validFrom: window.from,
    validUntil: window.until,
    temporaryPlates: body.temporaryPlates,
    plateNormalized: body.plate ? normalizePlate(body.plate) : null,
    except,
    only,
  });
  if (!breach) return null;
  if (opts.canOverride && body.overrideReason) return breach;
  throw await limitError(ctx, body.residentId, breach);
}

const vehicleValues = (body: Body) => {
  const out: Partial<typeof v.$inferInsert> = {
    name: body.name,
    stateId: body.stateId,
    temporaryPlates: body.temporaryPlates,
    residentId: body.residentId,
  };
  // A field the form rules hide arrives undefined: left out, so an edit keeps what is stored.
  for (const k of ['phone', 'email', 'makeId', 'modelId', 'color', 'vehicleType'] as const)
    if (body[k] !== undefined) (out as Record<string, unknown>)[k] = body[k];
  if (body.plate !== undefined) {
    out.plate = body.plate;
    out.plateNormalized = body.plate ? normalizePlate(body.plate) : null;
  }
  return out;
};

/** The permit columns of a new permit (code, status, validity, token hash). */
async function newPermit(ctx: Scope, window: { from: Date; until: Date }, opts: RegisterOptions) {
  const settings = await propertySettingsOf(ctx);
  const pending =
    opts.approval === 'pending' ||
    (opts.approval === 'settingsApproval' && settings.visitorPermits.approvalRequired);
  const permitCode = suggestPermitCode(`V${ctx.property?.code ?? ''}`);
  return {
    permitCode,
    permitStatus: (pending ? 'pending' : 'valid') as VisitorPermitStatus,
    validFrom: window.from,
    validUntil: window.until,
    publicTokenHash: tokenHash(permitToken(ctx, permitCode)),
  };
}

async function auditOverride(ctx: Scope, id: number, breach: LimitBreach | null, reason: string | null) {
  if (!breach) return;
  await ctx.audit({
    entity: 'visitors',
    entityId: id,
    action: 'override',
    new: { limit: breach.limit, max: breach.max, reason },
  });
}

/** Tells the office a visitor's permit waits for its approval. */
export async function notifyPendingVisitor(ctx: Scope, item: { id: number; name: string; plate: string | null }) {
  await notify(ctx, {
    kind: 'visitorPending',
    recordId: item.id,
    params: { name: item.name, plate: item.plate ?? '' },
  });
}

/**
 * Registers a visitor. With a plate, the visitor gets a permit at once (checked against bans and the limits);
 * without one, the visitor has no permit ('no status') until a plate is given.
 */
export async function registerVisitor(ctx: Scope, body: Body, opts: RegisterOptions) {
  const unitId = await assertRefs(ctx, body);
  let permit: Awaited<ReturnType<typeof newPermit>> | null = null;
  let breach: LimitBreach | null = null;
  if (body.plate) {
    await assertNotBanned(ctx, body.plate, 'plate');
    const window = opts.window ?? (await validityOf(ctx, body.validFrom));
    breach = await checkLimits(ctx, body, window, opts);
    permit = await newPermit(ctx, window, opts);
  }
  const row = await createRow(
    ctx,
    v,
    'visitors',
    {
      propertyId: ctx.propertyId,
      ...vehicleValues(body),
      name: body.name,
      residentId: body.residentId,
      unitId,
      ...(permit ?? {}),
      overrideReason: breach ? body.overrideReason : null,
      source: opts.source ?? 'staff',
      ...(opts.caregiver ? { caregiverId: opts.caregiver.id, caregiverDay: opts.caregiver.day } : {}),
      createdBy: ctx.session?.user.id ?? null,
    },
    UNIQUE,
    redact,
  );
  await auditOverride(ctx, row.id, breach, body.overrideReason);
  const item = await getVisitor(ctx, row.id);
  // A poster's request is told by the poster's own flow (to the resident or the office, by the settings).
  if (item.permitStatus === 'pending' && opts.source !== 'poster') await notifyPendingVisitor(ctx, item);
  return item;
}

/**
 * PUT /visitors/:id. The resident visited stays. A new plate is checked against bans; a visitor without a permit
 * gets one when a plate is given; a new `validFrom` of a live permit moves its validity (limits checked again).
 */
export async function updateVisitor(ctx: Scope, id: number, body: Body, opts: RegisterOptions) {
  const before = await getVisitor(ctx, id);
  if (before.residentId !== body.residentId) throw fieldError('residentId', 'visitors.residentFixed');
  const unitId = await assertRefs(ctx, { ...body, unitId: body.unitId ?? before.unitId });
  const plate = body.plate === undefined ? before.plate : body.plate;
  const newPlate = plate && normalizePlate(plate) !== before.plateNormalized;
  if (newPlate) await assertNotBanned(ctx, plate, 'plate');
  if (before.permitStatus && !plate) throw fieldError('plate', 'visitors.plateNeeded');
  const patch: Partial<typeof v.$inferInsert> = { ...vehicleValues(body), unitId };
  let breach: LimitBreach | null = null;
  const live = before.shownStatus === 'pending' || before.shownStatus === 'valid';
  if (plate && !before.permitStatus) {
    const window = await validityOf(ctx, body.validFrom);
    breach = await checkLimits(ctx, { ...body, plate }, window, opts, id);
    Object.assign(patch, await newPermit(ctx, window, opts));
    if (opts.source) patch.source = opts.source;
  } else if (live && body.validFrom && new Date(body.validFrom).getTime() !== Date.parse(before.validFrom!)) {
    const window = await validityOf(ctx, body.validFrom);
    breach = await checkLimits(ctx, { ...body, plate }, window, opts, id);
    Object.assign(patch, { validFrom: window.from, validUntil: window.until });
  } else if (live && newPlate) {
    // The same validity on another plate: only the per-plate limit changes.
    const window = { from: new Date(before.validFrom!), until: new Date(before.validUntil!) };
    breach = await checkLimits(ctx, { ...body, plate }, window, opts, id, ['nightsInRow']);
  }
  if (breach) patch.overrideReason = body.overrideReason;
  await updateRow(ctx, v, 'visitors', own(ctx, id), patch, { unique: UNIQUE, redact });
  await auditOverride(ctx, id, breach, body.overrideReason);
  return getVisitor(ctx, id);
}

/**
 * The one workflow (VISITOR_PERMIT_TRANSITIONS): anything else is refused (422) with the status and action named.
 * A permit past its validity takes no action (it is expired from that instant).
 */
export async function transition(
  ctx: Scope,
  id: number,
  action: Exclude<VisitorPermitAction, 'expire'>,
  comment: string | null,
) {
  const before = await getVisitor(ctx, id);
  if (!before.permitStatus) throw new HttpError(422, 'visitors.noPermit');
  const rule = VISITOR_PERMIT_TRANSITIONS[action];
  if (
    before.shownStatus === 'expired' ||
    !(rule.from as readonly VisitorPermitStatus[]).includes(before.permitStatus)
  )
    throw new HttpError(422, 'visitors.transition', {
      status: t(ctx.lang, VISITOR_STATUS_DISPLAY[before.shownStatus]),
      action: t(ctx.lang, `visitors.action.${action}`),
    });
  const patch: Partial<typeof v.$inferInsert> = { permitStatus: rule.to, statusComment: comment };
  if (action === 'approve') {
    // Approving issues the permit: its time starts now (or at the start asked, if later) and keeps its length, so
    // a late approval eats none of the visitor's time (decision 0039 §8); not to a plate banned meanwhile, and
    // within the limits — a request counts toward them only from now on (decision 0037), so they are checked
    // here, on the window it gets, the request itself aside.
    const window = approvedWindow(
      { from: new Date(before.validFrom!), until: new Date(before.validUntil!) },
      await validityMs(ctx),
    );
    if (before.plate) await assertNotBanned(ctx, before.plate, 'plate');
    const breach = await firstBreach(ctx, {
      residentId: before.residentId,
      validFrom: window.from,
      validUntil: window.until,
      temporaryPlates: before.temporaryPlates,
      plateNormalized: before.plateNormalized,
      except: id,
    });
    if (breach) throw await limitError(ctx, before.residentId, breach);
    Object.assign(patch, { validFrom: window.from, validUntil: window.until });
  }
  await updateRow(ctx, v, 'visitors', and(own(ctx, id), eq(v.permitStatus, before.permitStatus))!, patch, {
    action,
    redact: (r) => ({ ...redact(r), comment }),
  });
  const after = await getVisitor(ctx, id);
  if (action === 'approve' || action === 'reject') await tellVisitorDecision(ctx, after);
  return after;
}

/**
 * Stores `expired` on the property's valid permits whose validity has passed (they already count as expired); one
 * audit entry each. GET /visitors/refresh-expired-permits and the scheduled job. A request that lapsed while
 * pending is shown expired but keeps `pending` stored: nobody granted it, so no limit counts it (decision 0037).
 */
export async function refreshExpired(ctx: Scope): Promise<number> {
  const rows = await ctx.tx
    .update(v)
    .set({ permitStatus: VISITOR_PERMIT_TRANSITIONS.expire.to, updatedAt: new Date() })
    .where(
      and(
        eq(v.propertyId, ctx.propertyId),
        isNull(v.deletedAt),
        inArray(v.permitStatus, [...VISITOR_PERMIT_TRANSITIONS.expire.from]),
        sql`${v.validUntil} <= now()`,
      ),
    )
    .returning({ id: v.id, validUntil: v.validUntil });
  for (const r of rows)
    await ctx.audit({
      entity: 'visitors',
      entityId: r.id,
      action: 'expire',
      new: { permitStatus: 'expired', validUntil: r.validUntil },
    });
  return rows.length;
}

/** A visitor is deleted softly (with the resident, too: RESIDENT_DEPENDENTS). */
export async function deleteVisitor(ctx: Scope, id: number) {
  await updateRow(ctx, v, 'visitors', own(ctx, id), { deletedAt: new Date() }, { action: 'delete', redact });
}
