import {
  foldPlate,
  plateEditDistance,
  normalizePlate,
  PLATE_FOLD_FROM,
  PLATE_LOOKUP_MAX,
  PLATE_MAX,
  type PermitShownStatus,
  type PlateLookup,
  type PlateLookupMatch,
  type PlateVerdict,
  type VisitorShownStatus,
} from '@parkade/contract';
import { queryNamed, readAlone, TRANSACTION_PROPERTY, type Named } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';

/*
 * The patrol's plate lookup (issue 18, decision 0026). Two steps, each on the btree of the folded plate
 * (`plate_folded`: the normalised plate with its confusable letters O/0, I/1, Z/2, S/5, B/8, G/6 as their digits):
 * 1. every plate of the property whose folded form equals the typed one's (the typed plate itself and every
 *    reading of its confusable characters);
 * 2. only when the typed plate itself is not among them, the near plates: one character missing, extra or
 *    different after folding. Every string one edit from the typed plate's fold is looked up in the same index
 *    (`plate_folded = any(…)`), and those similar enough by trigrams (pg_trgm's `%`) are kept, most similar first.
 * Each step is one named statement (prepared once per connection on a server, its plan kept) on the transaction's
 * property, as of its instant (`now()`): a permit approved a moment ago is valid, a visitor permit ended a second ago
 * is expired. On GET /patrolling/lookup step 1 is the route's read, sent with the request's opening (one round trip,
 * decision 0030), and step 2, when needed, a read of its own just after. Each step reads each table once, on its
 * folded-plate index, with what the answer shows of it: the vehicles with their permit that decides, the visitor
 * permits that decide, the bans; the plates are put together, ordered and cut here.
 */

/** The characters of a folded plate: letters and digits, without the confusable letters (written as digits). */
const FOLDED_CHARACTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'].filter(
  (c) => !PLATE_FOLD_FROM.includes(c),
);

/**
 * Every folded plate one edit away from `folded` (a character removed, added or replaced): the plates at Levenshtein
 * distance 1, no longer than a stored plate. Stored plates are normalised (letters and digits only), so their folds
 * are written in FOLDED_CHARACTERS.
 */
export function oneEditAway(folded: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= folded.length; i++) {
    const head = folded.slice(0, i);
    if (i < folded.length) out.add(head + folded.slice(i + 1));
    for (const c of FOLDED_CHARACTERS) {
      out.add(head + c + folded.slice(i));
      if (i < folded.length && c !== folded[i]) out.add(head + c + folded.slice(i + 1));
    }
  }
  return [...out].filter((p) => p.length <= PLATE_MAX);
}

/**
 * The plates of the property whose folded plate meets `match` ($1 is the property): one row per vehicle, deciding
 * visitor permit and ban, with what the answer shows of it. Each table is read once, on its folded-plate index, and
 * each name by its primary key.
 * - A vehicle (one per plate, vehicles_plate_unique) with its make, model, owner's units, and its live permit (one per
 *   vehicle, permits_vehicle_live_unique: a rejected or revoked permit permits nothing) with that permit's spot.
 * - The visitor permit that decides among the plate's: valid now first, then pending, then the latest to end.
 * - The ban not lifted (one per plate, banned_vehicles_plate_unique): its id only while it is in force.
 * Step 1 adds a row with the transaction's instant alone (so there is one when nothing is found). Step 2 (`near`) adds
 * each plate's trigram similarity to the fold typed ($2), keeps those similar enough (`%`) and of each table the
 * PLATE_LOOKUP_MAX most similar, which hold the PLATE_LOOKUP_MAX most similar plates of all three.
 */
function statement(match: string, near: boolean) {
  const sim = (t: string) => (near ? `, similarity(${t}.plate_folded, $2::text) as sim` : '');
  const cut = (t: string) =>
    near ? `and ${t}.plate_folded % $2::text order by sim desc, pn limit ${PLATE_LOOKUP_MAX}` : '';
  const branch = (sql: string) => (near ? `(${sql})` : sql);
  const vehicles = `select 'v' as kind, v.plate_normalized as pn, now() as now${sim('v')},
    v.id as vehicle_id, v.plate as vehicle_plate, (select name from makes where id = v.make_id) as make,
    (select name from models where id = v.model_id) as model, v.color,
    array(select u.name from resident_units ru join units u on u.property_id = ru.property_id and u.id = ru.unit_id
      where ru.property_id = $1::bigint and ru.resident_id = v.resident_id order by ru.position, u.name) as units,
    p.id as permit_id, p.code as permit_code, p.spot_id,
    (select number from spots where property_id = $1::bigint and id = p.spot_id) as spot_number,
    p.expires_on::text as expires_on,
    (case when p.status = 'approved' and p.expires_on < current_date then 'expired' else p.status end)
      as permit_status,
    null::bigint as visitor_id, null as visitor_code, null::timestamptz as valid_from,
    null::timestamptz as valid_until, null as visitor_unit, null as visitor_status,
    null::bigint as ban_id, null as ban_reason, null as ban_since
  from vehicles v
    left join permits p on p.property_id = $1::bigint and p.vehicle_id = v.id and p.deleted_at is null
      and p.status in ('pending', 'approved', 'inactive')
  where v.property_id = $1::bigint and v.deleted_at is null and v.${match} ${cut('v')}`;
  const visitors = `select 'x', x.plate_normalized as pn, now()${sim('x')},
    null, null, null, null, null, null, null, null, null, null, null, null,
    x.id, x.permit_code, x.valid_from, x.valid_until,
    (select name from units where property_id = $1::bigint and id = x.unit_id),
    (case when x.permit_status in ('pending', 'valid') and x.valid_until <= now() then 'expired'
      else x.permit_status end),
    null, null, null
  from (select *, row_number() over (partition by plate_normalized
        order by (permit_status = 'valid' and valid_until > now()) desc,
          (permit_status = 'pending' and valid_until > now()) desc, valid_until desc) as rank
      from visitors
      where property_id = $1::bigint and deleted_at is null and permit_status is not null and ${match}) x
  where x.rank = 1 ${cut('x')}`;
  const bans = `select 'b', b.plate_normalized as pn, now()${sim('b')},
    null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
    case when b.banned_from <= current_date and (b.banned_until is null or b.banned_until >= current_date)
      then b.id end,
    (select name from reasons where id = b.reason_id), b.banned_from::text
  from banned_vehicles b where b.property_id = $1::bigint and b.lifted_at is null and b.${match} ${cut('b')}`;
  const instant = `select 'now', null, now(), null, null, null, null, null, null, null, null, null, null, null,
    null, null, null, null, null, null, null, null, null, null`;
  return [...[vehicles, visitors, bans].map(branch), ...(near ? [] : [instant])].join('\nunion all\n');
}

/** Step 1 ($1 property, $2 the fold typed): the plates of the same fold. */
const SAME_FOLD = statement('plate_folded = $2::text', false);

/** Step 2 ($1 property, $2 the fold typed, $3 its folds one edit away): the near plates. */
const NEAR = statement('plate_folded = any($3::text[])', true);

interface Row {
  kind: 'v' | 'x' | 'b' | 'now';
  pn: string | null;
  now: Date | string;
  sim?: number | null;
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
  ban_id: string | null;
  ban_reason: string | null;
  ban_since: string | null;
}

/** A plate found, with what its rows say (its vehicle's, its visitor permit's, its ban's). */
type Plate = Omit<Row, 'kind' | 'pn' | 'now'> & { pn: string };

/** A plate found, nothing known of it yet: every field in one literal, so that every plate has the same shape. */
const newPlate = (pn: string, sim: number | null): Plate => ({
  pn,
  sim,
  vehicle_id: null,
  vehicle_plate: null,
  make: null,
  model: null,
  color: null,
  units: null,
  permit_id: null,
  permit_code: null,
  permit_status: null,
  expires_on: null,
  spot_id: null,
  spot_number: null,
  visitor_id: null,
  visitor_code: null,
  visitor_status: null,
  valid_from: null,
  valid_until: null,
  visitor_unit: null,
  ban_id: null,
  ban_reason: null,
  ban_since: null,
});

type Field = keyof Row & keyof Plate;
/** What each kind of row says of its plate: its vehicle's, its visitor permit's, its ban's. */
const VEHICLE_FIELDS = [
  'vehicle_id',
  'vehicle_plate',
  'make',
  'model',
  'color',
  'units',
  'permit_id',
  'permit_code',
  'permit_status',
  'expires_on',
  'spot_id',
  'spot_number',
] as const satisfies readonly Field[];
const VISITOR_FIELDS = [
  'visitor_id',
  'visitor_code',
  'visitor_status',
  'valid_from',
  'valid_until',
  'visitor_unit',
] as const satisfies readonly Field[];
const BAN_FIELDS = ['ban_id', 'ban_reason', 'ban_since'] as const satisfies readonly Field[];

/** Copies a row's fields onto its plate, field by field (the plate keeps the one shape newPlate gave it). */
function copyFields(plate: Plate, r: Row, fields: readonly Field[]) {
  for (const f of fields) (plate as Record<Field, unknown>)[f] = r[f];
}

/** The rows of a step put together by plate, and the transaction's instant (step 1's). */
function plates(rows: Row[]): { now: Row['now']; found: Plate[] } {
  const byPlate = new Map<string, Plate>();
  let now: Row['now'] = new Date(0);
  for (const r of rows) {
    now = r.now;
    if (r.pn === null) continue;
    let plate = byPlate.get(r.pn);
    if (!plate) byPlate.set(r.pn, (plate = newPlate(r.pn, r.sim ?? null)));
    if (r.kind === 'v') copyFields(plate, r, VEHICLE_FIELDS);
    else if (r.kind === 'x') copyFields(plate, r, VISITOR_FIELDS);
    else if (r.kind === 'b' && r.ban_id !== null) copyFields(plate, r, BAN_FIELDS);
  }
  return { now, found: [...byPlate.values()] };
}

/** Plates (letters and digits) compare character by character, digits first, as the database orders them. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Step 1 of the plate typed, on the transaction's property: the route's read (RouteDef.read). */
export function sameFoldRead(typed: string): Named | null {
  const plate = normalizePlate(typed);
  if (!plate) return null;
  return {
    name: 'parkade_lookup_same_fold',
    text: SAME_FOLD,
    params: [TRANSACTION_PROPERTY, foldPlate(plate)],
  };
}

/**
 * The plates found (at most PLATE_LOOKUP_MAX, in order) with their details, and step 1's instant. `read`: step 1's
 * rows when they were read with the request's opening (GET /patrolling/lookup): the request's transaction has then
 * ended, so step 2 runs in one of its own. Without it (an observation's lookup), both steps run in ctx.tx.
 */
async function find(
  ctx: Scope,
  plate: string,
  folded: string,
  read: Record<string, unknown>[] | undefined,
): Promise<{ now: Row['now']; found: Plate[] }> {
  // Step 2 runs where step 1 did: in ctx.tx, or (its transaction ended with the read) in one of its own.
  const run = (statement: Named) =>
    read
      ? readAlone<Row>(ctx.services.database, { area: 'tenant', propertyId: ctx.propertyId }, statement)
      : queryNamed<Row>(ctx.tx, statement);
  const same = plates((read as unknown as Row[] | undefined) ?? (await run(sameFoldRead(plate)!)));
  // The plate typed first, then by distance as typed, then alphabetically.
  const distance = new Map(same.found.map((p) => [p.pn, plateEditDistance(p.pn, plate)]));
  const found = same.found
    .sort(
      (a, b) =>
        +(b.pn === plate) - +(a.pn === plate) ||
        distance.get(a.pn)! - distance.get(b.pn)! ||
        byText(a.pn, b.pn),
    )
    .slice(0, PLATE_LOOKUP_MAX);
  if (found.some((p) => p.pn === plate) || folded.length < 2 || found.length >= PLATE_LOOKUP_MAX)
    return { now: same.now, found };
  const near = plates(
    await run({
      name: 'parkade_lookup_near',
      text: NEAR,
      params: [TRANSACTION_PROPERTY, folded, `{${oneEditAway(folded).join(',')}}`],
    }),
  ).found.sort((a, b) => b.sim! - a.sim! || byText(a.pn, b.pn));
  return { now: same.now, found: [...found, ...near].slice(0, PLATE_LOOKUP_MAX) };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const num = (s: string | null) => (s === null ? null : Number(s));

function verdictOf(r: Plate): PlateVerdict {
  if (r.ban_id) return 'banned';
  if (r.permit_status === 'approved') return 'permitted';
  if (r.visitor_status === 'valid') return 'visitor';
  if (r.permit_status === 'pending' || r.visitor_status === 'pending') return 'pending';
  if (r.permit_status === 'expired' || r.visitor_status === 'expired') return 'expired';
  return 'none';
}

/** GET /patrolling/lookup: the plate as typed → the plates found, the exact one first, each with its verdict. */
export async function lookupPlate(
  ctx: Scope,
  typed: string,
  spotId?: number,
  read?: Record<string, unknown>[],
): Promise<PlateLookup> {
  const plate = normalizePlate(typed);
  if (!plate) throw fieldError('plate', 'vehicles.plateFormat');
  const folded = foldPlate(plate);
  const { now, found } = await find(ctx, plate, folded, read);
  const matches: PlateLookupMatch[] = found.map((r) => {
    const pn = r.pn;
    const same = pn === plate;
    const distance = plateEditDistance(foldPlate(pn), folded);
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
