import crypto from 'node:crypto';
import { displayPlate, normalizePlate, type PermitWarningStatus, type PlateLookup } from '@parkade/contract';
import { asc } from 'drizzle-orm';
import type { Scope } from '../../platform/scope';
import { insertFile } from '../../modules/files/service';
import { patrolCheckIns, patrolObservations } from '../../modules/patrolling/table';
import { permitWarnings } from '../../modules/permit-warnings/table';
import { reasons } from '../../modules/reasons/table';
import { tows } from '../../modules/tows/table';
import { vehicleTows } from '../../modules/vehicle-tows/table';
import { warnings } from '../../modules/warnings/table';
import { person, plate as fakePlate } from './fake';
import { storedLookup } from './lookup';
import type { RouteFixture } from './types';

/*
 * Patrol enforcement rows made directly (check-ins, observations, warnings, tows): the tests of warnings and tows
 * arrange what the patrol screens would have recorded, and the route harness gets a row per route.
 */

/** A 1×1 PNG: a photo of a car or of a warning on it. */
export const CAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Officer = { area?: 'tenant' | 'central'; userId: number; userName?: string };

/** A check-in of the officer at the scope's property (active unless `closed`), at a valid location. */
export async function makeCheckIn(scope: Scope, officer: Officer, opts: { closed?: boolean } = {}) {
  const [row] = await scope.tx
    .insert(patrolCheckIns)
    .values({
      propertyId: scope.propertyId,
      userArea: officer.area ?? 'tenant',
      userId: officer.userId,
      userName: officer.userName ?? person().fullName,
      latitude: 40.7128,
      longitude: -74.006,
      accuracyMeters: 12,
      distanceMeters: 35,
      locationStatus: 'valid',
      checkedOutAt: opts.closed ? new Date() : null,
    })
    .returning();
  return row!;
}

/** Stores a photo (PNG) owned by the entity, as the upload routes would. */
export async function makePhoto(scope: Scope, entity: string, entityId: number, name = 'car.png') {
  return insertFile(
    scope.tx,
    scope.services.storage,
    {
      filename: name,
      extension: 'png',
      mimeType: 'image/png',
      size: CAR_PNG.length,
      sha256: crypto.createHash('sha256').update(CAR_PNG).digest('hex'),
      buffer: CAR_PNG,
    },
    { entity, entityId: String(entityId), propertyId: scope.propertyId },
    null,
  );
}

/**
 * An observation of a check-in: a plate (null: none), a spot number and place, notes, and photos; `lookup`: the
 * lookup it keeps of its plate (`storedLookup`, with the harness's markers), none by default.
 */
export async function makeObservation(
  scope: Scope,
  checkIn: { id: number; userArea: 'tenant' | 'central'; userId: number; userName: string },
  opts: { plate?: string | null; observedAt?: Date; photos?: number; lookup?: boolean } = {},
) {
  // Stored as the product stores a plate typed: in its display form (decision 0039 §10).
  const typed = opts.plate === undefined ? fakePlate() : opts.plate;
  const plate = typed ? displayPlate(typed) : null;
  const [row] = await scope.tx
    .insert(patrolObservations)
    .values({
      propertyId: scope.propertyId,
      checkInId: checkIn.id,
      userArea: checkIn.userArea,
      userId: checkIn.userId,
      userName: checkIn.userName,
      clientKey: crypto.randomUUID(),
      plate,
      plateNormalized: plate ? normalizePlate(plate) : null,
      spotNumber: 'A-12',
      place: 'Level 2, by the lift',
      notes: 'Blue sedan, no permit on the dashboard',
      lookup: opts.lookup && plate ? storedLookup(normalizePlate(plate)) : null,
      observedAt: opts.observedAt ?? new Date(),
    })
    .returning();
  for (let i = 0; i < (opts.photos ?? 1); i++)
    await makePhoto(scope, 'patrol_observations', row!.id, `observation-${i + 1}.png`);
  return row!;
}

const firstId = async (scope: Scope, table: typeof warnings | typeof reasons | typeof tows) =>
  (await scope.tx.select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(1))[0]!.id;
export const firstWarningType = (scope: Scope) => firstId(scope, warnings);
export const firstReason = (scope: Scope) => firstId(scope, reasons);
export const firstTowType = (scope: Scope) => firstId(scope, tows);

/**
 * A warning asked from a new observation of a (closed) check-in of the officer, in the status given; placed ones
 * are placed `placedHoursAgo` hours ago (default 48) with a placement photo unless `placementPhoto` is false.
 * `lookup`: the observation and the warning keep a lookup (`storedLookup`).
 */
export async function makeWarning(
  scope: Scope,
  officer: Officer,
  opts: {
    status?: PermitWarningStatus;
    placedHoursAgo?: number;
    placementPhoto?: boolean;
    lookup?: boolean;
  } = {},
) {
  const checkIn = await makeCheckIn(scope, officer, { closed: true });
  const obs = await makeObservation(scope, checkIn, {
    observedAt: new Date(Date.now() - 72 * 3_600_000),
    lookup: opts.lookup,
  });
  const status = opts.status ?? 'pending';
  const placed = status === 'placed';
  const placedAt = placed ? new Date(Date.now() - (opts.placedHoursAgo ?? 48) * 3_600_000) : null;
  const [row] = await scope.tx
    .insert(permitWarnings)
    .values({
      propertyId: scope.propertyId,
      observationId: obs.id,
      checkInId: checkIn.id,
      plate: obs.plate!,
      plateNormalized: obs.plateNormalized!,
      lookup: obs.lookup,
      warningId: await firstWarningType(scope),
      reasonId: await firstReason(scope),
      status,
      note: 'Parked in a fire lane',
      requestedByArea: checkIn.userArea,
      requestedById: checkIn.userId,
      requestedByName: checkIn.userName,
      ...(status === 'pending'
        ? {}
        : { decidedAt: new Date(), decidedById: officer.userId, decidedByName: 'Fixture Manager' }),
      ...(placed ? { placedAt, placedById: officer.userId, placedByName: checkIn.userName } : {}),
      ...(status === 'cancelled' ? { cancelledAt: new Date() } : {}),
    })
    .returning();
  if (placed && opts.placementPhoto !== false)
    await makePhoto(scope, 'permit_warnings', row!.id, 'warning-on-windscreen.png');
  return { warning: row!, observation: obs, checkIn };
}

/** A tow of a placed warning (with its placement photo), pending to tow; `lookup`: with the harness's markers. */
export async function makeTow(scope: Scope, officer: Officer, opts: { lookup?: boolean } = {}) {
  const { warning } = await makeWarning(scope, officer, { status: 'placed', lookup: opts.lookup });
  const photo = await makePhoto(scope, 'permit_warnings', warning.id, 'proof.png');
  const [row] = await scope.tx
    .insert(vehicleTows)
    .values({
      propertyId: scope.propertyId,
      permitWarningId: warning.id,
      towId: await firstTowType(scope),
      plate: warning.plate,
      plateNormalized: warning.plateNormalized,
      towAuthorizationDate: new Date(),
      readyToTowAt: new Date(warning.placedAt!.getTime() + 24 * 3_600_000),
      authorizedByArea: 'tenant',
      authorizedById: officer.userId,
      authorizedByName: 'Fixture Manager',
      photoFileIds: [photo.id],
      lookup: opts.lookup
        ? storedLookup(warning.plateNormalized)
        : ({
            plate: warning.plateNormalized,
            checkedAt: new Date().toISOString(),
            matches: [],
          } as PlateLookup),
    })
    .returning();
  return { tow: row!, warning, photo };
}

/** Route harness: a pending warning of the owner, with its lookup; the body is a decision's (an optional note). */
export const permitWarningFixture: RouteFixture = {
  create: async (scope, owner) => ({ id: (await makeWarning(scope, owner, { lookup: true })).warning.id }),
  body: async () => ({ note: 'Checked by the harness' }),
};

/** Route harness: a warning and one photo of its observation. */
export const permitWarningPhotoFixture: RouteFixture = {
  async create(scope, owner) {
    const { warning, observation } = await makeWarning(scope, owner, { lookup: true });
    const file = await makePhoto(scope, 'patrol_observations', observation.id, 'extra.png');
    return { id: warning.id, fileId: file.id };
  },
};

/** Route harness: a tow pending to tow, with its lookup; the body is a transition's (an optional note). */
export const vehicleTowFixture: RouteFixture = {
  create: async (scope, owner) => ({ id: (await makeTow(scope, owner, { lookup: true })).tow.id }),
  body: async () => ({ note: 'Checked by the harness' }),
};

/** Route harness: a tow and one of the photos it rests on. */
export const vehicleTowPhotoFixture: RouteFixture = {
  async create(scope, owner) {
    const { tow, photo } = await makeTow(scope, owner, { lookup: true });
    return { id: tow.id, fileId: photo.id };
  },
};
