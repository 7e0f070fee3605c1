import crypto from 'node:crypto';
import { normalizePlate } from '@parkade/contract';
import { insertFile } from '../../modules/files/service';
import { patrolReports } from '../../modules/patrol-reports/table';
import { patrolObservations } from '../../modules/patrolling/table';
import type { Scope } from '../../platform/scope';
import { plate } from './fake';
import { storedLookup } from './lookup';
import { makeCheckIn } from './patrol';
import type { RouteFixture } from './types';

/** A 1×1 PNG: an observation's photo. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * A finished round at the scope's property: a checked-out check-in by `userId`, its report with a summary, and one
 * observation of a plate with a photo and its lookup (`storedLookup`). Answers the report's id, the observation's and
 * the photo's.
 */
export async function makeRound(scope: Scope, userId: number, area: 'central' | 'tenant' = 'tenant') {
  const { tx, propertyId } = scope;
  const checkIn = await makeCheckIn(scope, userId, area, { checkedOut: true });
  const officer = { userArea: area, userId, userName: 'Harness officer' };
  const [report] = await tx
    .insert(patrolReports)
    .values({ propertyId, checkInId: checkIn.id, ...officer, summary: 'Harness round' })
    .returning({ id: patrolReports.id });
  const p = plate();
  const [observation] = await tx
    .insert(patrolObservations)
    .values({
      propertyId,
      checkInId: checkIn.id,
      ...officer,
      clientKey: crypto.randomUUID(),
      plate: p,
      plateNormalized: normalizePlate(p),
      notes: 'Seen by the harness',
      lookup: storedLookup(normalizePlate(p)),
      observedAt: new Date(),
    })
    .returning({ id: patrolObservations.id });
  const file = await insertFile(
    tx,
    scope.services.storage,
    {
      filename: 'plate.png',
      extension: 'png',
      mimeType: 'image/png',
      size: PHOTO.length,
      sha256: crypto.createHash('sha256').update(PHOTO).digest('hex'),
      buffer: PHOTO,
    },
    { entity: 'patrol_observations', entityId: String(observation!.id), propertyId },
    null,
  );
  return { id: report!.id, checkInId: checkIn.id, observationId: observation!.id, fileId: file.id };
}

/** Route harness: a finished round's report (show, export) and its observation's photo (photos/:fileId). */
export const patrolReportFixture: RouteFixture = {
  async create(scope, owner) {
    const { id, fileId } = await makeRound(scope, owner.userId, owner.area);
    return { id, fileId };
  },
};
