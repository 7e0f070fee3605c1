import {
  normalizePlate,
  SPOT_REPORT_PHOTO_EXTENSIONS,
  type resolveSpotReportBody,
  type spotReportBody,
} from '@parkade/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import type { UploadedFile } from '../../platform/uploads';
import { ownedFile, storeFiles } from '../files/service';
import { reservations } from '../reservations/table';
import { ENTITY, getSpotReport, own } from './service';
import { spotReports } from './table';
import { notify } from '../notifications/service';

const r = spotReports;

/** Whether the resident holds a reservation of the spot today (both days of a reservation included). */
async function holdsToday(ctx: Scope, residentId: number, spotId: number) {
  const [row] = await ctx.tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.propertyId, ctx.propertyId),
        eq(reservations.spotId, spotId),
        eq(reservations.residentId, residentId),
        eq(reservations.status, 'confirmed'),
        sql`${reservations.startsOn} <= current_date and ${reservations.endsOn} >= current_date`,
      ),
    )
    .limit(1);
  return !!row;
}

/** The photo of a report: one image (field `photo`) under the upload policy, or none. */
function photoOf(uploaded: UploadedFile[]): UploadedFile | null {
  const other = uploaded.find((f) => f.field !== 'photo');
  if (other) throw fieldError(other.field, 'spotReports.photoField');
  if (uploaded.length > 1) throw fieldError('photo', 'spotReports.onePhoto');
  const file = uploaded[0];
  if (!file) return null;
  const images = SPOT_REPORT_PHOTO_EXTENSIONS as readonly string[];
  if (!images.includes(file.extension))
    throw fieldError('photo', 'upload.unsupportedType', { types: images.join(', ') });
  return file;
}

/**
 * POST /my/spot-reports: the signed-in resident reports a car in a spot they hold a reservation of today (another
 * spot is a 422 on spotId), with the plate seen, a note and a photo, each optional. The report starts open.
 */
export async function createSpotReport(
  ctx: Scope,
  body: z.output<typeof spotReportBody>,
  uploaded: UploadedFile[],
) {
  const residentId = ctx.user().id;
  const photo = photoOf(uploaded);
  if (!(await holdsToday(ctx, residentId, body.spotId)))
    throw new HttpError(422, 'spotReports.notYourSpot', undefined, {
      spotId: [{ key: 'spotReports.notYourSpot' }],
    });
  const row = await createRow(ctx, r, ENTITY, {
    propertyId: ctx.propertyId,
    spotId: body.spotId,
    residentId,
    plate: body.plate,
    plateNormalized: body.plate ? normalizePlate(body.plate) : null,
    note: body.note,
  });
  if (photo) await storeFiles(ctx, [photo], { entity: ENTITY, entityId: row.id });
  const item = await getSpotReport(ctx, row.id, { residentId });
  await notify(ctx, {
    kind: 'spotReport',
    recordId: row.id,
    params: { spot: item.spotNumber, plate: body.plate ?? '' },
  });
  return item;
}

/** POST /spot-reports/:id/resolve: closes an open report now, with a note; who and when are kept. Once only. */
export async function resolveSpotReport(
  ctx: Scope,
  id: number,
  body: z.output<typeof resolveSpotReportBody>,
) {
  const before = await getSpotReport(ctx, id);
  if (before.status === 'resolved') throw new HttpError(422, 'spotReports.alreadyResolved');
  const user = ctx.user();
  await updateRow(
    ctx,
    r,
    ENTITY,
    and(own(ctx, id), isNull(r.resolvedAt))!,
    { resolvedAt: new Date(), resolvedById: user.id, resolvedByName: user.fullName, resolution: body.note },
    { action: 'resolve' },
  );
  return getSpotReport(ctx, id);
}

/**
 * GET /spot-reports/:id/photo (staff, spot-reports.show) and GET /my/spot-reports/:id/photo (the resident who
 * reported): the photo's bytes; 404 when the report is not found or has none.
 */
export async function reportPhoto(ctx: Scope, id: number, download: boolean, residentId?: number) {
  const report = await getSpotReport(ctx, id, { residentId });
  return ownedFile(ctx, { entity: ENTITY, entityId: id }, report.photo?.id, download);
}
