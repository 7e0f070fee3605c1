import {
  PERMIT_WARNING_PHOTO_EXTENSIONS,
  PERMIT_WARNING_PHOTOS_MAX,
  PERMIT_WARNING_TRANSITIONS,
  type PermitWarningAction,
  type PermitWarningStatus,
  type permitWarningBody,
} from '@parkade/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError, invalid } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { notify } from '../notifications/service';
import type { UploadedFile } from '../../platform/uploads';
import { ownedFile, storeFiles, findFile } from '../files/service';
import { requireActiveCheckIn } from '../patrolling/checkins';
import { patrolObservations } from '../patrolling/table';
import { reasons } from '../reasons/table';
import { vehicleTows } from '../vehicle-tows/table';
import { warnings } from '../warnings/table';
import { notifyDeciders } from './mail';
import {
  dbNow,
  ENTITY,
  getPermitWarning,
  laterPhotos,
  liveWarningsOf,
  lockWarning,
  observationPhotos,
  own,
  placementPhotos,
  type WarningRow,
} from './service';
import { permitWarnings } from './table';

const w = permitWarnings;
const o = patrolObservations;

/** "A warning that is “Placed” cannot be approved": the refusal of a transition, naming the current status. */
export function refused(ctx: Scope, status: PermitWarningStatus, action: PermitWarningAction) {
  return new HttpError(409, 'permitWarnings.transition', {
    status: t(ctx.lang, `permitWarnings.status.${status}`),
    action: t(ctx.lang, `permitWarnings.action.${action}`),
  });
}

function assertTransition(ctx: Scope, row: WarningRow, action: PermitWarningAction) {
  if (!(PERMIT_WARNING_TRANSITIONS[action].from as readonly PermitWarningStatus[]).includes(row.status))
    throw refused(ctx, row.status, action);
}

async function catalogName(ctx: Scope, table: typeof warnings | typeof reasons, id: number, field: string) {
  const [row] = await ctx.tx.select({ name: table.name }).from(table).where(eq(table.id, id));
  if (!row) throw fieldError(field, 'validation.invalidSelection');
  return row.name;
}

/**
 * POST /permit-warnings: the signed-in officer, checked in at the property, asks to place a warning on the car of
 * one of the observations of that check-in (it must have a plate). The plate and the lookup's answer then are
 * copied; the warning is pending, and the staff who decide are emailed. One live warning per observation.
 */
export async function createPermitWarning(ctx: Scope, body: z.output<typeof permitWarningBody>) {
  const user = ctx.user();
  const checkIn = await requireActiveCheckIn(ctx);
  // Locked: two requests from the same observation are decided one after the other.
  const [obs] = await ctx.tx
    .select()
    .from(o)
    .where(and(eq(o.propertyId, ctx.propertyId), eq(o.id, body.observationId)))
    .for('update');
  if (!obs) throw fieldError('observationId', 'validation.invalidSelection');
  if (obs.checkInId !== checkIn.id) throw fieldError('observationId', 'permitWarnings.notThisCheckIn');
  if (!obs.plate || !obs.plateNormalized) throw fieldError('observationId', 'permitWarnings.noPlate');
  const warningName = await catalogName(ctx, warnings, body.warningId, 'warningId');
  const reasonName = await catalogName(ctx, reasons, body.reasonId, 'reasonId');
  const [live] = await liveWarningsOf(ctx, obs.id);
  if (live) throw new HttpError(409, 'permitWarnings.alreadyRequested', { id: live.id });
  const row = await createRow(
    ctx,
    w,
    ENTITY,
    {
      propertyId: ctx.propertyId,
      observationId: obs.id,
      checkInId: checkIn.id,
      plate: obs.plate,
      plateNormalized: obs.plateNormalized,
      warningId: body.warningId,
      reasonId: body.reasonId,
      note: body.note,
      lookup: obs.lookup,
      requestedByArea: ctx.area,
      requestedById: user.id,
      requestedByName: user.fullName,
    },
    {},
    // The plate lookup is kept on the warning (and shown there), not copied into the audit log: as on its updates.
    ({ lookup: _lookup, ...rest }) => rest,
  );
  await notifyDeciders(ctx, {
    id: row.id,
    plate: row.plate,
    officer: user.fullName,
    warning: warningName,
    reason: reasonName,
    where: [obs.spotNumber, obs.place].filter(Boolean).join(' · ') || null,
    note: body.note,
  });
  await notify(ctx, {
    kind: 'warningPending',
    recordId: row.id,
    params: { plate: row.plate, officer: user.fullName },
  });
  return getPermitWarning(ctx, row.id);
}

/**
 * POST /permit-warnings/:id/approve | reject | cancel (staff): the transition of PERMIT_WARNING_TRANSITIONS, on
 * the locked row, so of two decisions at once exactly one wins and the other is refused naming the status it
 * found. A warning with a tow that is not cancelled cannot be cancelled.
 */
export async function decide(
  ctx: Scope,
  id: number,
  action: Exclude<PermitWarningAction, 'place'>,
  note: string | null,
) {
  const row = await lockWarning(ctx, id);
  assertTransition(ctx, row, action);
  if (action === 'cancel') {
    const [tow] = await ctx.tx
      .select({ id: vehicleTows.id })
      .from(vehicleTows)
      .where(
        and(
          eq(vehicleTows.propertyId, ctx.propertyId),
          eq(vehicleTows.permitWarningId, id),
          ne(vehicleTows.status, 'cancelled'),
        ),
      );
    if (tow) throw new HttpError(409, 'permitWarnings.hasTow', { id: tow.id });
  }
  const user = ctx.user();
  const now = await dbNow(ctx);
  const patch: Partial<typeof w.$inferInsert> = { status: PERMIT_WARNING_TRANSITIONS[action].to };
  if (action === 'cancel') patch.cancelledAt = now;
  else
    Object.assign(patch, {
      decidedAt: now,
      decidedById: user.id,
      decidedByName: user.fullName,
      decisionNote: note,
    });
  await updateRow(ctx, w, ENTITY, and(own(ctx, id), eq(w.status, row.status))!, patch, {
    action,
    redact: (r) => ({ ...r, lookup: undefined, ...(action === 'cancel' ? { note } : {}) }),
  });
  return getPermitWarning(ctx, id);
}

/** The photos of a placement: 1 to PERMIT_WARNING_PHOTOS_MAX images (field `photos`) under the upload policy. */
function placementUploads(uploaded: UploadedFile[]): UploadedFile[] {
  const other = uploaded.find((f) => f.field !== 'photos');
  if (other) throw fieldError(other.field, 'permitWarnings.photosField');
  if (!uploaded.length) throw invalid({ photos: [{ key: 'permitWarnings.photoRequired' }] });
  if (uploaded.length > PERMIT_WARNING_PHOTOS_MAX)
    throw fieldError('photos', 'permitWarnings.photosMax', { max: PERMIT_WARNING_PHOTOS_MAX });
  const images = PERMIT_WARNING_PHOTO_EXTENSIONS as readonly string[];
  if (uploaded.some((f) => !images.includes(f.extension)))
    throw fieldError('photos', 'upload.unsupportedType', { types: images.join(', ') });
  return uploaded;
}

/**
 * POST /permit-warnings/:id/place (multipart, `photos`): the officer, checked in at the property, has put the
 * approved warning on the car. Its photos are stored with it; from `placedAt` the tow grace time runs. The round
 * is checked before the photos: an officer not checked in here is told so first (decision 0039 §13).
 */
export async function place(ctx: Scope, id: number, uploaded: UploadedFile[]) {
  const row = await lockWarning(ctx, id);
  assertTransition(ctx, row, 'place');
  await requireActiveCheckIn(ctx);
  const photos = placementUploads(uploaded);
  const user = ctx.user();
  const stored = await storeFiles(ctx, photos, { entity: ENTITY, entityId: id });
  await updateRow(
    ctx,
    w,
    ENTITY,
    and(own(ctx, id), eq(w.status, row.status))!,
    {
      status: PERMIT_WARNING_TRANSITIONS.place.to,
      placedAt: await dbNow(ctx),
      placedById: user.id,
      placedByName: user.fullName,
    },
    {
      action: 'place',
      redact: (r) => ({ ...r, lookup: undefined, photos: stored.map((f) => f.originalName) }),
    },
  );
  return getPermitWarning(ctx, id);
}

/**
 * GET /permit-warnings/:id/photos/:fileId: a photo of the warning's placement, of its observation, or of a later
 * observation of the plate (the tow's proof); any other file is 404.
 */
export async function warningPhoto(ctx: Scope, id: number, fileId: number, download: boolean) {
  const [row] = await ctx.tx.select().from(w).where(own(ctx, id));
  if (!row) throw new HttpError(404, 'files.notFound');
  const [obs] = await ctx.tx
    .select({ observedAt: o.observedAt })
    .from(o)
    .where(and(eq(o.propertyId, ctx.propertyId), eq(o.id, row.observationId)));
  const allowed = [
    ...(obs ? await observationPhotos(ctx, row.observationId, obs.observedAt) : []),
    ...(await placementPhotos(ctx, row)),
    ...(await laterPhotos(ctx, row)),
  ];
  if (!allowed.some((p) => p.id === fileId)) throw new HttpError(404, 'files.notFound');
  const file = await findFile(ctx, fileId);
  return ownedFile(ctx, { entity: file.entity, entityId: file.entityId }, fileId, download);
}
