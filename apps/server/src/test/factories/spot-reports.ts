import crypto from 'node:crypto';
import type { Scope } from '../../platform/scope';
import { insertFile } from '../../modules/files/service';
import { spotReports } from '../../modules/spot-reports/table';
import { plate } from './fake';
import { makeResident } from './residents';
import { spotFixture } from './structure';
import type { RouteFixture } from './types';

/** A 1×1 PNG: a report's photo. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** An open report by `residentId` of a new spot, with a photo. */
async function reportWithPhoto(scope: Scope, residentId: number) {
  const { tx, propertyId } = scope;
  const { id: spotId } = await spotFixture.create(scope, { userId: residentId });
  const p = plate();
  const [row] = await tx
    .insert(spotReports)
    .values({ propertyId, spotId: Number(spotId), residentId, plate: p, plateNormalized: p, note: 'Harness' })
    .returning({ id: spotReports.id });
  await insertFile(
    tx,
    scope.services.storage,
    {
      filename: 'car.png',
      extension: 'png',
      mimeType: 'image/png',
      size: PHOTO.length,
      sha256: crypto.createHash('sha256').update(PHOTO).digest('hex'),
      buffer: PHOTO,
    },
    { entity: 'spot_reports', entityId: String(row!.id), propertyId },
    residentId,
  );
  return { id: row!.id };
}

/** Route harness: an open report (with a photo) by a resident of the property; the body resolves it. */
export const spotReportFixture: RouteFixture = {
  create: async (scope) => reportWithPhoto(scope, (await makeResident(scope)).id),
  async body() {
    return { note: 'Car warned by the harness' };
  },
};

/** Route harness: an open report (with a photo) made by the resident who calls. */
export const mySpotReportFixture: RouteFixture = {
  create: (scope, owner) => reportWithPhoto(scope, owner.userId),
};
