import {
  CAREGIVER_TRANSITIONS,
  normalizePlate,
  type CaregiverAction,
  type CaregiverStatus,
  type caregiverBody,
  type visitorBody,
} from '@parkade/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError, pgError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { inScope, type Scope, type Services } from '../../platform/scope';
import { assertNotBanned } from '../banned-vehicles';
import { assertVehicleRefs } from '../vehicles/refs';
import { assertResident, propertySettingsOf } from '../residents/service';
import { properties } from '../properties/table';
import { residents } from '../residents/table';
import { propertyTimeZone } from '../properties/dates';
import { visitors } from '../visitors/table';
import { registerVisitor } from '../visitors/write';
import { getCaregiver, own } from './service';
import { caregivers, type StoredRefusal } from './table';

/*
 * The writes of caregivers (decision 0024) and the renewal of their passes. Staff name, change, approve, stop and
 * delete; the resident does the same for their own, except approve and stop (/my/caregivers).
 */

const c = caregivers;
type Body = z.output<typeof caregiverBody>;
type VisitorBody = z.output<typeof visitorBody>;

/** Make, model and state must exist and agree; the plate must not be banned. */
async function assertRefs(ctx: Scope, body: Body) {
  await assertResident(ctx, body.residentId);
  await assertVehicleRefs(ctx, body);
}

const values = (body: Body) => ({
  name: body.name,
  phone: body.phone ?? null,
  plate: body.plate,
  plateNormalized: normalizePlate(body.plate),
  stateId: body.stateId ?? null,
  makeId: body.makeId ?? null,
  modelId: body.modelId ?? null,
  color: body.color ?? null,
  vehicleType: body.vehicleType ?? null,
  days: body.days,
});

/** Who names or changes a caregiver: staff (active at once) or the resident (pending when approval is required). */
export type By = 'staff' | 'resident';

async function residentStatus(ctx: Scope): Promise<CaregiverStatus> {
  const settings = await propertySettingsOf(ctx);
  return settings.visitorPermits.approvalRequired ? 'pending' : 'active';
}

export async function createCaregiver(ctx: Scope, body: Body, by: By) {
  await assertRefs(ctx, body);
  await assertNotBanned(ctx, body.plate, 'plate');
  const row = await createRow(ctx, c, 'caregivers', {
    propertyId: ctx.propertyId,
    residentId: body.residentId,
    ...values(body),
    status: by === 'staff' ? 'active' : await residentStatus(ctx),
    createdBy: ctx.session?.user.id ?? null,
  });
  return getCaregiver(ctx, row.id);
}

/**
 * Changes a caregiver; the resident stays. A new plate is checked against bans; a resident giving a new plate to an
 * active caregiver makes it pending again when the property's visitor permits need approval (staff approved a
 * plate, not a person).
 */
export async function updateCaregiver(ctx: Scope, id: number, body: Body, by: By) {
  const before = await getCaregiver(ctx, id);
  if (before.residentId !== body.residentId) throw fieldError('residentId', 'visitors.residentFixed');
  await assertRefs(ctx, body);
  const newPlate = normalizePlate(body.plate) !== before.plateNormalized;
  if (newPlate) await assertNotBanned(ctx, body.plate, 'plate');
  const patch: Partial<typeof c.$inferInsert> = values(body);
  if (by === 'resident' && newPlate && before.status === 'active') patch.status = await residentStatus(ctx);
  await updateRow(ctx, c, 'caregivers', own(ctx, id), patch);
  return getCaregiver(ctx, id);
}

/** approve (pending or stopped → active), stop (pending or active → stopped); anything else is a 422. */
export async function transition(ctx: Scope, id: number, action: CaregiverAction) {
  const before = await getCaregiver(ctx, id);
  const rule = CAREGIVER_TRANSITIONS[action];
  if (!(rule.from as readonly CaregiverStatus[]).includes(before.status))
    throw new HttpError(422, 'caregivers.transition', {
      status: t(ctx.lang, `caregivers.status.${before.status}`),
      action: t(ctx.lang, `caregivers.action.${action}`),
    });
  if (action === 'approve') await assertNotBanned(ctx, before.plate, 'plate');
  await updateRow(
    ctx,
    c,
    'caregivers',
    and(own(ctx, id), eq(c.status, before.status))!,
    { status: rule.to },
    {
      action,
    },
  );
  return getCaregiver(ctx, id);
}

/** Deleted softly; passes already issued stay (they are visitor permits, revoked from the visitor's page). */
export async function deleteCaregiver(ctx: Scope, id: number) {
  await updateRow(ctx, c, 'caregivers', own(ctx, id), { deletedAt: new Date() }, { action: 'delete' });
}

// ---------------------------------------------------------------------------------------------------------------
// Renewal

/** The local day of `now` in the property's time zone: its date, weekday, start and next midnight. */
export async function localDay(ctx: Scope, now: Date) {
  const tz = await propertyTimeZone(ctx);
  const res: unknown = await ctx.tx.execute(sql`
    select to_char(d, 'YYYY-MM-DD') as day, extract(dow from d)::int as dow,
      (extract(epoch from d at time zone ${tz}) * 1000)::float8 as start,
      (extract(epoch from (d + interval '1 day') at time zone ${tz}) * 1000)::float8 as "end"
    from (select date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${tz}) as d) x`);
  const r = (
    res as { rows: { day: string; dow: number | string; start: number | string; end: number | string }[] }
  ).rows[0]!;
  return { day: r.day, dow: Number(r.dow), start: new Date(Number(r.start)), end: new Date(Number(r.end)) };
}

/** What a refusal said, to store: the key and parameters (a limit's own, with its next possible instant). */
function refusalOf(e: HttpError, now: Date): StoredRefusal {
  const at = now.toISOString();
  if (e.messageKey.startsWith('visitors.limit.')) {
    const field = e.fields.residentId?.[0];
    return {
      key: e.messageKey,
      params: field?.params ?? e.params ?? {},
      limit: e.messageKey.slice('visitors.limit.'.length).replace(/None$/, ''),
      at,
    };
  }
  const first = Object.values(e.fields)[0]?.[0];
  if (e.messageKey === 'errors.validation' && first)
    return { key: first.key, params: first.params ?? {}, at };
  return { key: e.messageKey, params: e.params ?? {}, at };
}

export type RenewalOutcome = 'issued' | 'refused' | 'skipped';

/**
 * Renews one caregiver's pass for the local day of `now`, in its own transaction. The caregiver row is locked, so
 * two runs at once take turns and the second finds the pass; the unique index (caregiver, day) is the backstop.
 * A refusal (a limit, a banned plate) issues nothing and stores what it said; a pass issued clears it.
 */
export async function renewCaregiver(
  services: Services,
  propertyId: number,
  caregiverId: number,
  now: Date,
): Promise<RenewalOutcome> {
  try {
    return await inScope(services, { area: 'tenant', propertyId }, async (ctx) => {
      const [cg] = await ctx.tx
        .select()
        .from(c)
        .where(and(own(ctx, caregiverId), eq(c.status, 'active')))
        .for('update');
      if (!cg) return 'skipped';
      const day = await localDay(ctx, now);
      if (!cg.days.includes(day.dow)) return 'skipped';
      const [issued] = await ctx.tx
        .select({ id: visitors.id })
        .from(visitors)
        .where(
          and(
            eq(visitors.propertyId, propertyId),
            eq(visitors.caregiverId, caregiverId),
            eq(visitors.caregiverDay, day.day),
          ),
        );
      if (issued) return 'skipped';
      const body: VisitorBody = {
        name: cg.name,
        phone: cg.phone,
        email: null,
        plate: cg.plate,
        stateId: cg.stateId,
        makeId: cg.makeId,
        modelId: cg.modelId,
        color: cg.color,
        vehicleType: cg.vehicleType as VisitorBody['vehicleType'],
        temporaryPlates: false,
        residentId: cg.residentId,
        unitId: null,
        validFrom: null,
        overrideReason: null,
      };
      const from = new Date(Math.max(now.getTime(), day.start.getTime()));
      try {
        await registerVisitor(ctx, body, {
          canOverride: false,
          approval: 'valid',
          source: 'caregiver',
          window: { from, until: day.end },
          caregiver: { id: caregiverId, day: day.day },
        });
      } catch (e) {
        if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
        await ctx.tx
          .update(c)
          .set({ lastRefusal: refusalOf(e, now) })
          .where(own(ctx, caregiverId));
        return 'refused';
      }
      if (cg.lastRefusal) await ctx.tx.update(c).set({ lastRefusal: null }).where(own(ctx, caregiverId));
      return 'issued';
    });
  } catch (e) {
    // Another run issued the day's pass first.
    if (pgError(e)?.code === '23505') return 'skipped';
    throw e;
  }
}

/**
 * The job (every 15 minutes): every active caregiver, of a resident not deleted, whose weekday in its property's
 * time zone is today and who has no pass for today yet gets one, valid from max(now, local midnight) until the next
 * local midnight. `now` is a parameter so tests can run any day.
 */
export async function renewCaregiverPasses(services: Services, now = new Date()) {
  // The local time of `now` in each caregiver's property (renewCaregiver checks again under its lock).
  const local = sql`(${now.toISOString()}::timestamptz at time zone coalesce(${properties.timezone}, 'UTC'))`;
  const due = await services.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select({ propertyId: c.propertyId, id: c.id })
      .from(c)
      .innerJoin(residents, and(eq(residents.propertyId, c.propertyId), eq(residents.id, c.residentId)))
      .innerJoin(properties, eq(properties.id, c.propertyId))
      .where(
        and(
          eq(c.status, 'active'),
          isNull(c.deletedAt),
          isNull(residents.deletedAt),
          sql`extract(dow from ${local})::int = any(${c.days})`,
          sql`not exists (select 1 from ${visitors} p where p.property_id = ${c.propertyId}
            and p.caregiver_id = ${c.id} and p.caregiver_day = ${local}::date)`,
        ),
      )
      .orderBy(c.propertyId, c.id),
  );
  const outcome: Record<RenewalOutcome, number> = { issued: 0, refused: 0, skipped: 0 };
  for (const { propertyId, id } of due) outcome[await renewCaregiver(services, propertyId, id, now)] += 1;
  return outcome;
}
