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
import type { PlateLookupVisitor } from './table';
import { queryNamed, readAlone, TRANSACTION_PROPERTY, type Named } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';

/*
 * The patrol's plate lookup (issue 18, decisions 0026 and 0032). Two steps, each on the read model's btree of the
 * folded plate (`plate_lookups.plate_folded`: the normalised plate with its confusable letters O/0, I/1, Z/2, S/5,
 * B/8, G/6 as their digits):
 * 1. every plate of the property whose folded form equals the typed one's (the typed plate itself and every
 *    reading of its confusable characters);
 * 2. only when the typed plate itself is not among them, the near plates: one character missing, extra or
 *    different after folding. Every string one edit from the typed plate's fold is looked up in the same index
 *    (`plate_folded = any(…)`), and those similar enough by trigrams (pg_trgm's `%`) are kept, most similar first.
 * The read model (plate_lookups, kept by triggers in the statement that changes a plate: decision 0032) holds one
 * row per plate with its vehicle, live permit, visitor permits that may decide and ban not lifted; what depends on
 * the instant is decided here, as of the transaction's (`now()`): a permit approved a moment ago is valid, a visitor
 * permit ended a second ago is expired. Each step is one named statement (prepared once per connection on a server,
 * its plan kept) on the transaction's property. On GET /patrolling/lookup step 1 is the route's read, sent with the
 * request's opening (one round trip, decision 0030), and step 2, when needed, a read of its own just after.
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
 * What a step reads of each plate ($1 is the property), with the transaction's instant `now` (also in microseconds).
 */
const columns = (now: string) => `${now} as now, (extract(epoch from ${now}) * 1000000)::bigint as now_us,
    l.plate_normalized as pn, l.vehicle_id, l.vehicle_plate, (select name from makes where id = l.make_id) as make,
    (select name from models where id = l.model_id) as model, l.color, l.units, l.permit_id, l.permit_code,
    l.spot_id, l.spot_number, l.expires_on::text as expires_on,
    (case when l.permit_status = 'approved' and l.expires_on < current_date then 'expired'
      when l.permit_status = 'approved' and (select p.start_date from permits p
        where p.property_id = l.property_id and p.id = l.permit_id) > current_date then 'later'
      else l.permit_status end) as permit_status,
    l.visitors,
    (case when l.banned_from <= current_date and (l.banned_until is null or l.banned_until >= current_date)
      then l.ban_id end) as ban_id,
    (select name from reasons where id = l.ban_reason_id) as ban_reason, l.banned_from::text as ban_since`;

/**
 * Step 1 ($1 property, $2 the fold typed): the plates of the same fold, or one row with the instant alone (so there is
 * one when nothing is found).
 */
const SAME_FOLD = `select ${columns('n.now')}
  from (select now() as now) n
    left join plate_lookups l on l.property_id = $1::bigint and l.plate_folded = $2::text`;

/**
 * Step 2 ($1 property, $2 the fold typed, $3 its folds one edit away): the near plates similar enough by trigrams,
 * the PLATE_LOOKUP_MAX most similar.
 */
const NEAR = `select ${columns('now()')}, similarity(l.plate_folded, $2::text) as sim
  from plate_lookups l
  where l.property_id = $1::bigint and l.plate_folded = any($3::text[]) and l.plate_folded % $2::text
  order by sim desc, pn
  limit ${PLATE_LOOKUP_MAX}`;

interface Row {
  now: Date | string;
  now_us: string;
  pn: string | null;
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
  visitors: PlateLookupVisitor[] | null;
  ban_id: string | null;
  ban_reason: string | null;
  ban_since: string | null;
}

/** A plate found: its row, with the visitor permit that decides at the row's instant. */
interface Plate {
  pn: string;
  row: Row;
  visitor: PlateLookupVisitor | null;
  visitorStatus: VisitorShownStatus | null;
}

/**
 * The visitor permit that decides among a plate's at `nowUs` (microseconds): valid now first, then pending and not
 * ended, then the latest to end (one without an end counts as never ending), and how it is shown: a valid or pending
 * permit whose end has passed is expired.
 */
export function decidingVisitor(
  visitors: readonly PlateLookupVisitor[] | null,
  nowUs: number,
): { visitor: PlateLookupVisitor; status: VisitorShownStatus } | null {
  if (!visitors?.length) return null;
  const live = (x: PlateLookupVisitor) => x.until === null || x.until > nowUs;
  const rank = (x: PlateLookupVisitor) =>
    x.status === 'valid' && live(x) ? 2 : x.status === 'pending' && live(x) ? 1 : 0;
  const end = (x: PlateLookupVisitor) => x.until ?? Infinity;
  let best = visitors[0]!;
  for (const x of visitors)
    if (rank(x) > rank(best) || (rank(x) === rank(best) && end(x) > end(best))) best = x;
  const status =
    (best.status === 'valid' || best.status === 'pending') && !live(best)
      ? 'expired'
      : (best.status as VisitorShownStatus);
  return { visitor: best, status };
}

/** The plates of a step's rows (step 1's may hold the instant alone), each with its deciding visitor permit. */
function plates(rows: Row[]): { now: Row['now']; found: Plate[] } {
  const found: Plate[] = [];
  let now: Row['now'] = new Date(0);
  for (const r of rows) {
    now = r.now;
    if (r.pn === null) continue;
    const decided = decidingVisitor(r.visitors, Number(r.now_us));
    found.push({
      pn: r.pn,
      row: r,
      visitor: decided?.visitor ?? null,
      visitorStatus: decided?.status ?? null,
    });
  }
  return { now, found };
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
  ).found.sort((a, b) => b.row.sim! - a.row.sim! || byText(a.pn, b.pn));
  return { now: same.now, found: [...found, ...near].slice(0, PLATE_LOOKUP_MAX) };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const num = (s: string | null) => (s === null ? null : Number(s));

function verdictOf({ row: r, visitorStatus }: Plate): PlateVerdict {
  if (r.ban_id) return 'banned';
  if (r.permit_status === 'approved') return 'permitted';
  if (visitorStatus === 'valid') return 'visitor';
  // Approved, but its first day is ahead (shown "Not issued"): not valid for parking yet.
  if (r.permit_status === 'later') return 'later';
  if (r.permit_status === 'pending' || visitorStatus === 'pending') return 'pending';
  if (r.permit_status === 'expired' || visitorStatus === 'expired') return 'expired';
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
  const matches: PlateLookupMatch[] = found.map((p) => {
    const { pn, row: r, visitor: x } = p;
    const same = pn === plate;
    const distance = plateEditDistance(foldPlate(pn), folded);
    return {
      plate: r.vehicle_plate ?? pn,
      match: same ? 'exact' : distance === 0 ? 'confusion' : 'near',
      distance,
      verdict: verdictOf(p),
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
      visitor: x
        ? {
            id: x.id,
            code: x.code ?? '',
            status: p.visitorStatus!,
            validFrom: iso(x.validFrom),
            validUntil: iso(x.validUntil),
            unit: x.unit,
          }
        : null,
    };
  });
  return { plate, checkedAt: iso(now)!, matches };
}
