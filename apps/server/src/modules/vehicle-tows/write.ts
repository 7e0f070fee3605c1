import {
  VEHICLE_TOW_TRANSITIONS,
  type VehicleTowAction,
  type VehicleTowStatus,
  type vehicleTowBody,
} from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError, notFound, pgError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { notify } from '../notifications/service';
import { findFile, ownedFile } from '../files/service';
import { lookupPlate } from '../patrolling/lookup';
import { dbNow, ENTITY as WARNING_ENTITY, towEvidence, towReadiness } from '../permit-warnings/service';
import { permitWarnings } from '../permit-warnings/table';
import { tows } from '../tows/table';
import { datesFor } from '../properties/dates';
import { ENTITY, getVehicleTow, own, towPhotos } from './service';
import { vehicleTows } from './table';

const v = vehicleTows;

/**
 * POST /vehicle-tows (managers): authorises the tow of the car of a placed warning. Refused (in this order) when
 * the warning is not placed (409), when its grace time has not passed (422 saying from when), when no photo was
 * taken at or after its placement — NO PHOTO, NO TOW (422), and when it already has a tow (409). Keeps who and
 * when, `readyToTowAt` (placement + the grace hours now), the photos it rests on and a fresh plate lookup.
 */
export async function authorizeTow(ctx: Scope, body: z.output<typeof vehicleTowBody>) {
  // The warning is locked: a cancel and a tow of the same warning run one after the other.
  const [warning] = await ctx.tx
    .select()
    .from(permitWarnings)
    .where(and(eq(permitWarnings.propertyId, ctx.propertyId), eq(permitWarnings.id, body.permitWarningId)))
    .for('update');
  if (!warning) throw fieldError('permitWarningId', 'validation.invalidSelection');
  const [company] = await ctx.tx.select({ id: tows.id }).from(tows).where(eq(tows.id, body.towId));
  if (!company) throw fieldError('towId', 'validation.invalidSelection');
  if (warning.status !== 'placed' || !warning.placedAt)
    throw new HttpError(409, 'vehicleTows.warningNotPlaced', {
      status: t(ctx.lang, `permitWarnings.status.${warning.status}`),
    });
  const [existing] = await ctx.tx
    .select({ id: v.id })
    .from(v)
    .where(and(eq(v.propertyId, ctx.propertyId), eq(v.permitWarningId, warning.id)));
  if (existing) throw new HttpError(409, 'vehicleTows.exists', { id: existing.id });
  const ready = await towReadiness(ctx, warning.placedAt);
  if (!ready.graceOver)
    throw new HttpError(422, 'vehicleTows.tooEarly', {
      at: (await datesFor(ctx)).instant(ready.readyAt),
      hours: ready.graceHours,
    });
  const evidence = await towEvidence(ctx, warning);
  if (!evidence.length) throw new HttpError(422, 'vehicleTows.noPhoto');
  const user = ctx.user();
  const lookup = await lookupPlate(ctx, warning.plate);
  let row: typeof v.$inferSelect;
  try {
    row = await createRow(
      ctx,
      v,
      ENTITY,
      {
        propertyId: ctx.propertyId,
        permitWarningId: warning.id,
        towId: body.towId,
        plate: warning.plate,
        plateNormalized: warning.plateNormalized,
        towAuthorizationDate: await dbNow(ctx),
        readyToTowAt: ready.readyAt,
        authorizedByArea: ctx.area,
        authorizedById: user.id,
        authorizedByName: user.fullName,
        note: body.note,
        photoFileIds: evidence.map((p) => p.id),
        lookup,
      },
      {},
      // The plate lookup at authorization is kept on the tow (and printed), not copied into the audit log.
      ({ lookup: _lookup, ...rest }) => rest,
    );
  } catch (err) {
    // Only a concurrent authorisation of the same warning gets here (the warning is locked above).
    if (pgError(err)?.code === '23505') throw new HttpError(409, 'vehicleTows.exists', { id: warning.id });
    throw err;
  }
  await ctx.audit({ entity: WARNING_ENTITY, entityId: warning.id, action: 'tow', new: { towId: row.id } });
  // Told to the property's users who see tows (the office and its inspectors), not to the one who authorised it.
  await notify(ctx, {
    kind: 'towAuthorized',
    recordId: row.id,
    params: { plate: row.plate, by: user.fullName },
  });
  return getVehicleTow(ctx, row.id);
}

/** POST /vehicle-tows/:id/towed | cancel: the transition of VEHICLE_TOW_TRANSITIONS on the locked row. */
export async function closeTow(ctx: Scope, id: number, action: VehicleTowAction, note: string | null) {
  const [row] = await ctx.tx.select().from(v).where(own(ctx, id)).for('update');
  if (!row) throw notFound(ENTITY);
  const rule = VEHICLE_TOW_TRANSITIONS[action];
  if (!(rule.from as readonly VehicleTowStatus[]).includes(row.status))
    throw new HttpError(409, 'vehicleTows.transition', {
      status: t(ctx.lang, `vehicleTows.status.${row.status}`),
      action: t(ctx.lang, `vehicleTows.action.${action}`),
    });
  const user = ctx.user();
  await updateRow(
    ctx,
    v,
    ENTITY,
    and(own(ctx, id), eq(v.status, row.status))!,
    {
      status: rule.to,
      closedAt: await dbNow(ctx),
      closedById: user.id,
      closedByName: user.fullName,
      closeNote: note,
    },
    { action, redact: (r) => ({ ...r, lookup: undefined }) },
  );
  return getVehicleTow(ctx, id);
}

/** GET /vehicle-tows/:id/photos/:fileId: one of the photos the tow rests on; any other file is 404. */
export async function towPhoto(ctx: Scope, id: number, fileId: number, download: boolean) {
  const [row] = await ctx.tx.select().from(v).where(own(ctx, id));
  if (!row) throw new HttpError(404, 'files.notFound');
  if (!(await towPhotos(ctx, row)).some((p) => p.id === fileId)) throw new HttpError(404, 'files.notFound');
  const file = await findFile(ctx, fileId);
  return ownedFile(ctx, { entity: file.entity, entityId: file.entityId }, fileId, download);
}
