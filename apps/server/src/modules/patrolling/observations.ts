import {
  normalizePlate,
  ownVerdict,
  OBSERVATION_PHOTO_EXTENSIONS,
  OBSERVATION_PHOTOS_MAX,
  type Observation,
  type observationBody,
  type PlateLookup,
  type PlateVerdict,
} from '@parkade/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { query } from '../../platform/db';
import { fieldError, HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import type { UploadedFile } from '../../platform/uploads';
import { storeFiles } from '../files/service';
import { files } from '../files/table';
import { spots } from '../spots/table';
import { activeCheckIn, readCheckIns } from './checkins';
import { lookupPlate } from './lookup';
import { patrolObservations } from './table';

/*
 * Observations (issue 18): what an officer saw during a check-in — a plate, a spot or a place, notes, up to five
 * photos and the plate lookup's answer when it reached the server, kept as it was. Sent once or many times (the
 * phone's queue retries), an observation is stored once: its `clientKey` is unique within its round (decision 0038)
 * and a repeat by the same officer for the same round is answered with the stored observation — only once the round
 * and its ownership are checked; a key someone else (or another round) holds is a 409.
 */

export const OBSERVATION_ENTITY = 'patrol_observations';
const o = patrolObservations;
/** How far ahead of the server's clock a phone's `observedAt` may be (clock drift). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The photos of an observation: 1–5 images (field `photos`) under the upload policy. */
function photosOf(uploaded: UploadedFile[]): UploadedFile[] {
  const other = uploaded.find((f) => f.field !== 'photos');
  if (other) throw fieldError(other.field, 'patrol.photosField');
  if (uploaded.length > OBSERVATION_PHOTOS_MAX)
    throw fieldError('photos', 'upload.tooMany', { max: OBSERVATION_PHOTOS_MAX });
  const images = OBSERVATION_PHOTO_EXTENSIONS as readonly string[];
  const bad = uploaded.find((f) => !images.includes(f.extension));
  if (bad) throw fieldError('photos', 'upload.unsupportedType', { types: images.join(', ') });
  return uploaded;
}

interface Row {
  id: string;
  check_in_id: string;
  client_key: string;
  user_name: string;
  plate: string | null;
  spot_id: string | null;
  spot_number: string | null;
  place: string | null;
  notes: string | null;
  lookup: PlateLookup | null;
  shown_verdict: PlateVerdict | null;
  observed_at: Date | string;
  created_at: Date | string;
}

/** Observations visible to the request (RLS) of the given ids or check-in, each with its photos, oldest first. */
export async function readObservations(
  ctx: Scope,
  where: ReturnType<typeof sql>,
  duplicate = false,
): Promise<Observation[]> {
  const rows = await query<Row>(
    ctx.tx,
    sql`select o.id, o.check_in_id, o.client_key, o.user_name, o.plate, o.spot_id, o.spot_number, o.place, o.notes,
        o.lookup, o.shown_verdict, o.observed_at, o.created_at
      from patrol_observations o where ${where} order by o.observed_at, o.id`,
  );
  const ids = rows.map((r) => String(r.id));
  const photos = ids.length
    ? await ctx.tx
        .select({ id: files.id, entityId: files.entityId, name: files.originalName, size: files.size })
        .from(files)
        .where(and(eq(files.entity, OBSERVATION_ENTITY), inArray(files.entityId, ids)))
        .orderBy(files.id)
    : [];
  return rows.map((r) => {
    const shown = ownVerdict(r.lookup);
    return {
      id: Number(r.id),
      checkInId: Number(r.check_in_id),
      clientKey: r.client_key,
      userName: r.user_name,
      plate: r.plate,
      spot: r.spot_id ? { id: Number(r.spot_id), number: r.spot_number ?? '' } : null,
      place: r.place,
      notes: r.notes,
      observedAt: new Date(r.observed_at).toISOString(),
      createdAt: new Date(r.created_at).toISOString(),
      lookup: r.lookup,
      photos: photos
        .filter((p) => p.entityId === String(r.id))
        .map((p) => ({ id: p.id, name: p.name, size: p.size })),
      changedFrom: r.shown_verdict && shown && r.shown_verdict !== shown ? r.shown_verdict : null,
      duplicate,
    };
  });
}

/**
 * The check-in an observation belongs to: the one it names when it is the officer's own at this property and the
 * observation was taken during it (sent late from the phone's queue, after check-out), else the officer's active
 * check-in; none is a 409 "check in first".
 */
async function roundOf(ctx: Scope, checkInId: number | null | undefined, observedAt: Date) {
  const user = ctx.user();
  if (checkInId) {
    const [round] = await readCheckIns(
      ctx,
      sql`c.property_id = ${ctx.propertyId} and c.id = ${checkInId} and c.user_area = ${ctx.area}
        and c.user_id = ${user.id}`,
    );
    if (!round) throw fieldError('checkInId', 'patrol.checkInNotYours');
    const started = new Date(round.checkedInAt).getTime();
    const ended = round.checkedOutAt ? new Date(round.checkedOutAt).getTime() : Infinity;
    const t = observedAt.getTime();
    if (t < started - CLOCK_SKEW_MS || t > ended + CLOCK_SKEW_MS)
      throw fieldError('observedAt', 'patrol.observedOutsideRound');
    return round;
  }
  const active = await activeCheckIn(ctx);
  if (!active) throw new HttpError(409, 'patrol.checkInFirst').withCode('check-in-required');
  return active;
}

/** A key already used at the property by someone else, or in another round: refused, never answered with theirs. */
const keyTaken = () => new HttpError(409, 'patrol.observationKeyTaken').withCode('observation-key-taken');

/**
 * POST /patrolling/observations: stores what the officer saw in their round, with its photos and the plate lookup
 * now. The round is settled first (the officer's own check-in, active or the one named); then the same `clientKey`
 * again in that round answers the stored observation (`duplicate: true`) and stores nothing more, and a key held by
 * another round (another officer's, or the officer's own earlier one) is a 409.
 */
export async function createObservation(
  ctx: Scope,
  body: z.output<typeof observationBody>,
  uploaded: UploadedFile[],
): Promise<Observation> {
  const photos = photosOf(uploaded);
  const now = Date.now();
  const observedAt = body.observedAt ? new Date(body.observedAt) : new Date(now);
  if (observedAt.getTime() > now + CLOCK_SKEW_MS) throw fieldError('observedAt', 'validation.pastDate');
  const round = await roundOf(ctx, body.checkInId, observedAt);
  const again = () =>
    readObservations(
      ctx,
      sql`o.property_id = ${ctx.propertyId} and o.client_key = ${body.clientKey} and o.check_in_id = ${round.id}`,
      true,
    );
  const holders = await query<{ check_in_id: string }>(
    ctx.tx,
    sql`select check_in_id from patrol_observations
      where property_id = ${ctx.propertyId} and client_key = ${body.clientKey}`,
  );
  if (holders.some((h) => Number(h.check_in_id) === round.id)) return (await again())[0]!;
  if (holders.length) throw keyTaken();
  let spotNumber: string | null = null;
  if (body.spotId) {
    const [spot] = await ctx.tx
      .select({ number: spots.number })
      .from(spots)
      .where(and(eq(spots.propertyId, ctx.propertyId), eq(spots.id, body.spotId)));
    if (!spot) throw fieldError('spotId', 'validation.invalidSelection');
    spotNumber = spot.number;
  }
  const lookup = body.plate ? await lookupPlate(ctx, body.plate, body.spotId ?? undefined) : null;
  const user = ctx.user();
  const [row] = await ctx.tx
    .insert(o)
    .values({
      propertyId: ctx.propertyId,
      checkInId: round.id,
      userArea: ctx.area,
      userId: user.id,
      userName: user.fullName,
      clientKey: body.clientKey,
      plate: body.plate,
      plateNormalized: body.plate ? normalizePlate(body.plate) : null,
      spotId: body.spotId ?? null,
      spotNumber,
      place: body.place,
      notes: body.notes,
      lookup,
      shownVerdict: body.shownVerdict ?? null,
      observedAt,
    })
    .onConflictDoNothing({ target: [o.propertyId, o.clientKey, o.checkInId] })
    .returning({ id: o.id });
  // Sent twice at once: the other request stored it first.
  if (!row) return (await again())[0]!;
  if (photos.length) await storeFiles(ctx, photos, { entity: OBSERVATION_ENTITY, entityId: row.id });
  await ctx.audit({
    entity: OBSERVATION_ENTITY,
    entityId: row.id,
    action: 'create',
    new: {
      checkInId: round.id,
      plate: body.plate,
      spotId: body.spotId ?? null,
      place: body.place,
      notes: body.notes,
      observedAt: observedAt.toISOString(),
      verdict: ownVerdict(lookup),
      photos: photos.length,
    },
  });
  return (await readObservations(ctx, sql`o.property_id = ${ctx.propertyId} and o.id = ${row.id}`))[0]!;
}

/** The observations of one of the officer's own check-ins at this property (their round), oldest first. */
export async function myRoundObservations(ctx: Scope, checkInId: number): Promise<Observation[]> {
  const user = ctx.user();
  const [round] = await readCheckIns(
    ctx,
    sql`c.property_id = ${ctx.propertyId} and c.id = ${checkInId} and c.user_area = ${ctx.area}
      and c.user_id = ${user.id}`,
  );
  if (!round) throw new HttpError(404, 'patrol.checkInNotFound');
  return readObservations(ctx, sql`o.property_id = ${ctx.propertyId} and o.check_in_id = ${checkInId}`);
}
