import {
  foldPlate,
  normalizePlate,
  PLATE_FOLD_FROM,
  PLATE_FOLD_TO,
  PLATE_LOOKUP_MAX,
  type PermitShownStatus,
  type PlateLookup,
  type PlateLookupMatch,
  type PlateVerdict,
  type VisitorShownStatus,
} from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { query } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';

/*
 * The patrol's plate lookup (issue 18, decision 0026). Two steps, each on an index:
 * 1. every plate of the property whose folded form equals the typed one's (the typed plate itself and every
 *    reading of its confusable characters: O/0, I/1, Z/2, S/5, B/8, G/6), on the btree of the folded plate;
 * 2. only when the typed plate itself is not among them, the near plates: one character missing, extra or
 *    different after folding, found by trigram similarity (pg_trgm's GIN index of the folded plate) and kept
 *    when their Levenshtein distance (fuzzystrmatch) is 1, closest first.
 * Then a few plain statements read, for the plates found, their active bans, vehicles with the permits that decide,
 * and the visitor permits that decide — all in one transaction, so as of its instant (`now()`): a permit approved a
 * moment ago is valid, a visitor permit ended a second ago is expired.
 */

const FOLD = (column: string) => sql.raw(`translate(${column}, '${PLATE_FOLD_FROM}', '${PLATE_FOLD_TO}')`);

/** The plates of the property (vehicles, visitor permits, active bans) whose folded form matches. */
function sources(propertyId: number, where: (folded: ReturnType<typeof FOLD>) => ReturnType<typeof sql>) {
  return sql`
    select plate_normalized as pn from vehicles
      where property_id = ${propertyId} and deleted_at is null and ${where(FOLD('plate_normalized'))}
    union
    select plate_normalized from visitors
      where property_id = ${propertyId} and deleted_at is null and permit_status is not null
        and plate_normalized is not null and ${where(FOLD('plate_normalized'))}
    union
    select plate_normalized from banned_vehicles
      where property_id = ${propertyId} and lifted_at is null and ${where(FOLD('plate_normalized'))}`;
}

async function candidates(ctx: Scope, plate: string, folded: string): Promise<string[]> {
  const same = await query<{ pn: string }>(
    ctx.tx,
    sql`select pn from (${sources(ctx.propertyId, (f) => sql`${f} = ${folded}`)}) c
      order by (pn = ${plate}) desc, levenshtein(pn, ${plate}), pn limit ${PLATE_LOOKUP_MAX}`,
  );
  if (same.some((r) => r.pn === plate) || folded.length < 2) return same.map((r) => r.pn);
  const near = await query<{ pn: string }>(
    ctx.tx,
    sql`select pn from (${sources(ctx.propertyId, (f) => sql`${f} % ${folded}`)}) c
      where levenshtein(${FOLD('pn')}, ${folded}) = 1
      order by similarity(${FOLD('pn')}, ${folded}) desc, pn limit ${PLATE_LOOKUP_MAX}`,
  );
  return [...same.map((r) => r.pn), ...near.map((r) => r.pn)].slice(0, PLATE_LOOKUP_MAX);
}

interface Row {
  pn: string;
  ban_id: string | null;
  ban_reason: string | null;
  ban_since: string | null;
  vehicle_id: string | null;
  vehicle_plate: string | null;
  make: string | null;
  model: string | null;
  color: string | null;
  units: string[] | null;
  permit_id: string | null;
  permit_code: string | null;
  permit_status: PermitShownStatus | null;
  expires_on: string | null;
  spot_id: string | null;
  spot_number: string | null;
  visitor_id: string | null;
  visitor_code: string | null;
  visitor_status: VisitorShownStatus | null;
  valid_from: Date | string | null;
  valid_until: Date | string | null;
  visitor_unit: string | null;
}

const list = (values: (string | number)[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/**
 * Each plate's active ban, vehicle (with its owner's units) and deciding permit, and deciding visitor permit: one
 * plain statement per kind over all the plates found, each on its plate or id index, read in the same transaction
 * (so as of the same instant), then put together here.
 */
async function details(ctx: Scope, plates: string[]): Promise<Row[]> {
  const pid = ctx.propertyId;
  const bans = await query<{ pn: string; id: string; reason: string; since: string }>(
    ctx.tx,
    sql`select distinct on (bv.plate_normalized) bv.plate_normalized as pn, bv.id, r.name as reason,
        bv.banned_from::text as since
      from banned_vehicles bv join reasons r on r.id = bv.reason_id
      where bv.property_id = ${pid} and bv.plate_normalized in ${list(plates)} and bv.lifted_at is null
        and bv.banned_from <= current_date and (bv.banned_until is null or bv.banned_until >= current_date)
      order by bv.plate_normalized, bv.id`,
  );
  const cars = await query<{
    pn: string;
    id: string;
    plate: string;
    resident_id: string;
    make: string | null;
    model: string | null;
    color: string | null;
  }>(
    ctx.tx,
    sql`select v.plate_normalized as pn, v.id, v.plate, v.resident_id, mk.name as make, md.name as model, v.color
      from vehicles v
        left join makes mk on mk.id = v.make_id
        left join models md on md.id = v.model_id
      where v.property_id = ${pid} and v.plate_normalized in ${list(plates)} and v.deleted_at is null`,
  );
  const residentIds = [...new Set(cars.map((c) => c.resident_id))];
  const vehicleIds = cars.map((c) => c.id);
  const held = residentIds.length
    ? await query<{ resident_id: string; name: string }>(
        ctx.tx,
        sql`select ru.resident_id, u.name from resident_units ru
            join units u on u.property_id = ru.property_id and u.id = ru.unit_id
          where ru.property_id = ${pid} and ru.resident_id in ${list(residentIds)}
          order by ru.resident_id, ru.position, u.name`,
      )
    : [];
  // The permit that decides: a valid one first, then a pending one, then the newest; only live permits
  // (permits_vehicle_live_unique): a rejected or revoked one permits nothing.
  const permitsOf = vehicleIds.length
    ? await query<{
        vehicle_id: string;
        id: string;
        code: string;
        status: PermitShownStatus;
        expires_on: string | null;
        spot_id: string | null;
        spot_number: string | null;
      }>(
        ctx.tx,
        sql`select distinct on (p.vehicle_id) p.vehicle_id, p.id, p.code, p.spot_id, s.number as spot_number,
            p.expires_on::text as expires_on,
            (case when p.status = 'approved' and p.expires_on < current_date then 'expired' else p.status end)
              as status
          from permits p left join spots s on s.property_id = p.property_id and s.id = p.spot_id
          where p.property_id = ${pid} and p.vehicle_id in ${list(vehicleIds)} and p.deleted_at is null
            and p.status in ('pending', 'approved', 'inactive')
          order by p.vehicle_id,
            (p.status = 'approved' and (p.expires_on is null or p.expires_on >= current_date)) desc,
            (p.status = 'pending') desc, p.id desc`,
      )
    : [];
  const visits = await query<{
    pn: string;
    id: string;
    code: string;
    status: VisitorShownStatus;
    valid_from: Date | string | null;
    valid_until: Date | string | null;
    unit: string | null;
  }>(
    ctx.tx,
    sql`select distinct on (x.plate_normalized) x.plate_normalized as pn, x.id, x.permit_code as code,
        x.valid_from, x.valid_until, un.name as unit,
        (case when x.permit_status in ('pending', 'valid') and x.valid_until <= now() then 'expired'
          else x.permit_status end) as status
      from visitors x left join units un on un.property_id = x.property_id and un.id = x.unit_id
      where x.property_id = ${pid} and x.plate_normalized in ${list(plates)} and x.deleted_at is null
        and x.permit_status is not null
      order by x.plate_normalized, (x.permit_status = 'valid' and x.valid_until > now()) desc,
        (x.permit_status = 'pending' and x.valid_until > now()) desc, x.valid_until desc`,
  );
  return plates.map((pn) => {
    const ban = bans.find((b) => b.pn === pn);
    const car = cars.find((c) => c.pn === pn);
    const permit = car ? permitsOf.find((p) => String(p.vehicle_id) === String(car.id)) : undefined;
    const visit = visits.find((x) => x.pn === pn);
    return {
      pn,
      ban_id: ban?.id ?? null,
      ban_reason: ban?.reason ?? null,
      ban_since: ban?.since ?? null,
      vehicle_id: car?.id ?? null,
      vehicle_plate: car?.plate ?? null,
      make: car?.make ?? null,
      model: car?.model ?? null,
      color: car?.color ?? null,
      units: car
        ? held.filter((h) => String(h.resident_id) === String(car.resident_id)).map((h) => h.name)
        : null,
      permit_id: permit?.id ?? null,
      permit_code: permit?.code ?? null,
      permit_status: permit?.status ?? null,
      expires_on: permit?.expires_on ?? null,
      spot_id: permit?.spot_id ?? null,
      spot_number: permit?.spot_number ?? null,
      visitor_id: visit?.id ?? null,
      visitor_code: visit?.code ?? null,
      visitor_status: visit?.status ?? null,
      valid_from: visit?.valid_from ?? null,
      valid_until: visit?.valid_until ?? null,
      visitor_unit: visit?.unit ?? null,
    };
  });
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const num = (s: string | null) => (s === null ? null : Number(s));

function verdictOf(r: Row): PlateVerdict {
  if (r.ban_id) return 'banned';
  if (r.permit_status === 'approved') return 'permitted';
  if (r.visitor_status === 'valid') return 'visitor';
  if (r.permit_status === 'pending' || r.visitor_status === 'pending') return 'pending';
  if (r.permit_status === 'expired' || r.visitor_status === 'expired') return 'expired';
  return 'none';
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length]!;
}

/** GET /patrolling/lookup: the plate as typed → the plates found, the exact one first, each with its verdict. */
export async function lookupPlate(ctx: Scope, typed: string, spotId?: number): Promise<PlateLookup> {
  const plate = normalizePlate(typed);
  if (!plate) throw fieldError('plate', 'vehicles.plateFormat');
  const folded = foldPlate(plate);
  const [{ now }] = (await query<{ now: Date | string }>(ctx.tx, sql`select now() as now`)) as [
    { now: Date | string },
  ];
  const found = await candidates(ctx, plate, folded);
  const rows = found.length ? await details(ctx, found) : [];
  const byPlate = new Map(rows.map((r) => [r.pn, r]));
  const matches: PlateLookupMatch[] = found.map((pn) => {
    const r = byPlate.get(pn)!;
    const same = pn === plate;
    const distance = levenshtein(foldPlate(pn), folded);
    return {
      plate: r.vehicle_plate ?? pn,
      match: same ? 'exact' : distance === 0 ? 'confusion' : 'near',
      distance,
      verdict: verdictOf(r),
      ban: r.ban_id ? { id: num(r.ban_id)!, reason: r.ban_reason ?? '', since: r.ban_since ?? '' } : null,
      vehicle: r.vehicle_id
        ? {
            id: num(r.vehicle_id)!,
            plate: r.vehicle_plate ?? pn,
            make: r.make,
            model: r.model,
            color: r.color,
            units: r.units ?? [],
          }
        : null,
      permit: r.permit_id
        ? {
            id: num(r.permit_id)!,
            code: r.permit_code ?? '',
            status: r.permit_status!,
            expiresOn: r.expires_on,
            spot: r.spot_id ? { id: num(r.spot_id)!, name: r.spot_number ?? '' } : null,
            wrongSpot: spotId !== undefined && r.spot_id !== null && num(r.spot_id) !== spotId,
          }
        : null,
      visitor: r.visitor_id
        ? {
            id: num(r.visitor_id)!,
            code: r.visitor_code ?? '',
            status: r.visitor_status!,
            validFrom: iso(r.valid_from),
            validUntil: iso(r.valid_until),
            unit: r.visitor_unit,
          }
        : null,
    };
  });
  return { plate, checkedAt: iso(now)!, matches };
}
