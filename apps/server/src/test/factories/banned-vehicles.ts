import crypto from 'node:crypto';
import { faker } from '@faker-js/faker';
import { asc } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { insertFile } from '../../modules/files/service';
import { bannedVehicles } from '../../modules/banned-vehicles/table';
import { reasons } from '../../modules/reasons/table';
import type { RouteFixture } from './types';

/** A 1×1 PNG: a ban's photo. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const plate = () => `BN${faker.string.alphanumeric({ length: 6, casing: 'upper' })}`;
const firstReason = async (tx: Tx) =>
  (await tx.select({ id: reasons.id }).from(reasons).orderBy(asc(reasons.id)).limit(1))[0]!.id;

/** Route harness: an active ban of a new plate at the owner's property; the body bans another plate. */
export const bannedVehicleFixture: RouteFixture = {
  async create({ tx, propertyId }) {
    const p = plate();
    const [row] = await tx
      .insert(bannedVehicles)
      .values({
        propertyId,
        plate: p,
        plateNormalized: p,
        reasonId: await firstReason(tx),
        bannedFrom: '2020-01-01',
        bannedByName: 'Fixture Manager',
      })
      .returning({ id: bannedVehicles.id });
    return { id: row!.id };
  },
  async body({ tx }) {
    return { plate: plate(), reasonId: await firstReason(tx), note: 'Checked by the harness' };
  },
};

/** Route harness: a ban with one photo. */
export const bannedVehiclePhotoFixture: RouteFixture = {
  async create(scope, owner) {
    const { tx, propertyId } = scope;
    const id = Number((await bannedVehicleFixture.create(scope, owner)).id);
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
      { entity: 'banned_vehicles', entityId: String(id), propertyId },
      owner.userId,
    );
    return { id, fileId: file.id };
  },
};
