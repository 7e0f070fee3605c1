import type { CheckIn, CheckInLocationStatus, checkOutBody, positionBody } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { query } from '../../platform/db';
import { HttpError, pgError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { readSettings } from '../properties/write';
import { openReport, saveReportSummary } from '../patrol-reports/service';
import { patrolCheckIns } from './table';

/*
 * Check-in and check-out (SPEC §2.5, §4, §5; issue 18; decision 0027). The server decides the location status
 * from the position the browser sent and the property's coordinates: the distance is computed in SQL (haversine,
 * the same on PostgreSQL and PGlite) and compared with the property's `checkInRadiusMeters`. A refused attempt
 * (no position, too far) is audited and its audit entry kept; an accepted one opens the officer's one active
 * check-in (a unique index over open rows, whatever the property).
 */

type Position = z.output<typeof positionBody>;
const ENTITY = 'patrol_check_ins';

/** The great-circle distance in metres between two points (haversine; mean Earth radius 6,371,008.8 m). */
export const distanceSql = (lat1: unknown, lon1: unknown, lat2: unknown, lon2: unknown) =>
  sql`round(2 * 6371008.8 * asin(least(1, sqrt(
      power(sin(radians(${lat2}::float8 - ${lat1}::float8) / 2), 2)
      + cos(radians(${lat1}::float8)) * cos(radians(${lat2}::float8))
        * power(sin(radians(${lon2}::float8 - ${lon1}::float8) / 2), 2)))))::int`;

/** Who acts, as a check-in records it. */
function officer(ctx: Scope) {
  const user = ctx.user();
  return { userArea: ctx.area, userId: user.id, userName: user.fullName };
}

interface Located {
  status: CheckInLocationStatus;
  distance: number | null;
  radius: number;
  property: { id: number; code: string; name: string };
}

/** The location status of a position at the request's property (SPEC §4) and the distance it was decided on. */
export async function locate(ctx: Scope, position: Position): Promise<Located> {
  const settings = await readSettings(ctx, ctx.propertyId);
  const radius = settings.other.checkInRadiusMeters;
  const has = position.latitude != null && position.longitude != null;
  const [p] = await query<{
    id: string;
    code: string;
    name: string;
    distance: number | null;
    coords: boolean;
  }>(
    ctx.tx,
    sql`select id, code, name, latitude is not null and longitude is not null as coords,
        ${
          has
            ? sql`case when latitude is null or longitude is null then null
                else ${distanceSql(sql`latitude`, sql`longitude`, position.latitude, position.longitude)} end`
            : sql`null::int`
        } as distance
      from properties where id = ${ctx.propertyId}`,
  );
  if (!p) throw new HttpError(404, 'properties.notFound');
  const property = { id: Number(p.id), code: p.code, name: p.name };
  const distance = p.distance === null ? null : Number(p.distance);
  const status: CheckInLocationStatus = !has
    ? 'no-gps'
    : !p.coords
      ? 'no-coordinates'
      : distance! <= radius
        ? 'valid'
        : 'out-of-range';
  return { status, distance, radius, property };
}

interface Row {
  id: string;
  property_id: string;
  code: string;
  name: string;
  timezone: string;
  user_name: string;
  checked_in_at: Date | string;
  latitude: number | null;
  longitude: number | null;
  distance_meters: number | null;
  location_status: CheckInLocationStatus;
  checked_out_at: Date | string | null;
  checkout_latitude: number | null;
  checkout_longitude: number | null;
  checkout_distance_meters: number | null;
  settings: { other?: { checkInRadiusMeters?: number } } | null;
  observations: string;
  report_id: string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function serialize(r: Row): CheckIn {
  return {
    id: Number(r.id),
    property: { id: Number(r.property_id), code: r.code, name: r.name, timezone: r.timezone },
    userName: r.user_name,
    checkedInAt: iso(r.checked_in_at)!,
    latitude: r.latitude,
    longitude: r.longitude,
    distanceMeters: r.distance_meters,
    radiusMeters: r.settings?.other?.checkInRadiusMeters ?? 300,
    locationStatus: r.location_status,
    checkedOutAt: iso(r.checked_out_at),
    checkoutLatitude: r.checkout_latitude,
    checkoutLongitude: r.checkout_longitude,
    checkoutDistanceMeters: r.checkout_distance_meters,
    observations: Number(r.observations),
    reportId: r.report_id === null ? null : Number(r.report_id),
  };
}

/** Check-ins with their property, observation count and report, visible to the request (RLS), filtered by `where`. */
export async function readCheckIns(ctx: Scope, where: ReturnType<typeof sql>, limit = 1): Promise<CheckIn[]> {
  const rows = await query<Row>(
    ctx.tx,
    sql`select c.id, c.property_id, p.code, p.name, p.timezone, c.user_name, c.checked_in_at, c.latitude, c.longitude,
        c.distance_meters, c.location_status, c.checked_out_at, c.checkout_latitude, c.checkout_longitude,
        c.checkout_distance_meters, p.settings,
        (select count(*) from patrol_observations o
          where o.property_id = c.property_id and o.check_in_id = c.id) as observations,
        (select r.id from patrol_reports r where r.property_id = c.property_id and r.check_in_id = c.id) as report_id
      from patrol_check_ins c join properties p on p.id = c.property_id
      where ${where}
      order by c.checked_in_at desc limit ${limit}`,
  );
  return rows.map(serialize);
}

const mine = (ctx: Scope) => {
  const me = officer(ctx);
  return sql`c.user_area = ${me.userArea} and c.user_id = ${me.userId}`;
};

/**
 * The signed-in officer's open check-in wherever it is: centrally every property's rows are visible (central
 * scope), on a property's host only that property's.
 */
export async function myActiveCheckIn(ctx: Scope): Promise<CheckIn | null> {
  const [row] = await readCheckIns(ctx, sql`${mine(ctx)} and c.checked_out_at is null`);
  return row ?? null;
}

/** The signed-in officer's open check-in at the request's property, or null. */
export async function activeCheckIn(ctx: Scope): Promise<CheckIn | null> {
  const [row] = await readCheckIns(
    ctx,
    sql`c.property_id = ${ctx.propertyId} and ${mine(ctx)} and c.checked_out_at is null`,
  );
  return row ?? null;
}

/** The open check-in at the request's property, or 409 "check in first" (observations, reports, warnings). */
export async function requireActiveCheckIn(ctx: Scope): Promise<CheckIn> {
  const active = await activeCheckIn(ctx);
  if (!active) throw new HttpError(409, 'patrol.checkInFirst').withCode('check-in-required');
  return active;
}

/** The SPEC §8 message of a refused location status. */
function refusal(status: CheckInLocationStatus, position: Position, located: Located) {
  if (status === 'no-gps')
    return position.failure === 'permission-denied'
      ? new HttpError(422, 'patrol.locationPermissionRequired', undefined, {}, true).withCode('no-gps')
      : new HttpError(422, 'patrol.geolocationUnavailable', undefined, {}, true).withCode('no-gps');
  return new HttpError(
    422,
    'patrol.tooFar',
    { distance: located.distance ?? 0, radius: located.radius },
    {},
    true,
  ).withCode('out-of-range');
}

/**
 * POST /patrolling/check-ins: checks the officer in at the request's property. `no-gps` and `out-of-range` are
 * refused with their message (the attempt stays in the audit log); `no-coordinates` is allowed and flagged
 * (decision 0027). Another open check-in of the officer, here or elsewhere, is a 409.
 */
export async function checkIn(ctx: Scope, position: Position): Promise<CheckIn> {
  const located = await locate(ctx, position);
  const { status } = located;
  const attempt = {
    latitude: position.latitude ?? null,
    longitude: position.longitude ?? null,
    accuracyMeters: position.accuracy ?? null,
    distanceMeters: located.distance,
    locationStatus: status,
  };
  if (status === 'no-gps' || status === 'out-of-range') {
    await ctx.audit({
      entity: ENTITY,
      action: 'check-in-refused',
      new: { ...attempt, failure: position.failure ?? null, radiusMeters: located.radius },
    });
    throw refusal(status, position, located);
  }
  const here = await activeCheckIn(ctx);
  if (here) throw alreadyCheckedIn(here.property.name);
  let id: number;
  try {
    const [row] = await ctx.tx
      .insert(patrolCheckIns)
      .values({ propertyId: ctx.propertyId, ...officer(ctx), ...attempt })
      .returning({ id: patrolCheckIns.id });
    id = row!.id;
  } catch (err) {
    if (pgError(err)?.code === '23505') throw alreadyCheckedIn(null);
    throw err;
  }
  await ctx.audit({
    entity: ENTITY,
    entityId: id,
    action: 'check-in',
    new: { ...attempt, radiusMeters: located.radius },
  });
  await openReport(ctx, id);
  return (await readCheckIns(ctx, sql`c.property_id = ${ctx.propertyId} and c.id = ${id}`))[0]!;
}

const alreadyCheckedIn = (property: string | null) =>
  (property
    ? new HttpError(409, 'patrol.alreadyCheckedInHere', { property })
    : new HttpError(409, 'patrol.alreadyCheckedIn')
  ).withCode('already-checked-in');

/**
 * POST /patrolling/check-out: closes the officer's open check-in at the request's property, with the position at
 * check-out when the browser gave one, and saves the round's summary in its report when one is sent.
 */
export async function checkOut(ctx: Scope, body: z.output<typeof checkOutBody>): Promise<CheckIn> {
  const active = await activeCheckIn(ctx);
  if (!active) throw new HttpError(409, 'patrol.notCheckedIn').withCode('check-in-required');
  const located = await locate(ctx, body);
  if (body.summary) await saveReportSummary(ctx, active, body.summary);
  const [row] = await ctx.tx
    .execute(
      sql`update patrol_check_ins
      set checked_out_at = now(), updated_at = now(), checkout_latitude = ${body.latitude ?? null},
        checkout_longitude = ${body.longitude ?? null}, checkout_distance_meters = ${located.distance}
      where property_id = ${ctx.propertyId} and id = ${active.id} and checked_out_at is null
      returning id`,
    )
    .then((r) => (r as { rows: unknown[] }).rows);
  if (!row) throw new HttpError(409, 'patrol.notCheckedIn').withCode('check-in-required');
  await ctx.audit({
    entity: ENTITY,
    entityId: active.id,
    action: 'check-out',
    new: {
      checkoutLatitude: body.latitude ?? null,
      checkoutLongitude: body.longitude ?? null,
      checkoutDistanceMeters: located.distance,
    },
  });
  return (await readCheckIns(ctx, sql`c.property_id = ${ctx.propertyId} and c.id = ${active.id}`))[0]!;
}
