import { foldPlate, plateEditDistance, type PlateMatchKind, type PlateVerdict } from './plate-lookup';
import { normalizePlate } from './vehicles';

/*
 * The patrol's offline copy of a property's plates (issue 18, decision 0029): fetched at check-in and kept on the
 * phone, so a lookup answers without signal. It holds only what a verdict needs — the plate, a ban's last day, the
 * deciding permit's status, last day and spot, the deciding visitor permit's status and validity — nothing about
 * people. The verdict is computed on the phone when asked, so a visitor permit that ends while the officer is
 * offline reads expired from that second, as the server would say.
 */

/** One plate of the copy: `b` a ban (its last day, '' for none), `r` a resident permit, `x` a visitor permit. */
export interface OfflinePlate {
  /** The plate as written on the vehicle (or normalised when only a ban or visitor has it). */
  p: string;
  /** An active ban: its last day (YYYY-MM-DD) or '' when it has none. */
  b?: string;
  /**
   * The deciding permit: status (approved, pending, inactive), last day (YYYY-MM-DD) or null, spot number, and its
   * first day when it is ahead of the copy's day (an approved permit is not valid before it).
   */
  r?: [string, string | null, string | null] | [string, string | null, string | null, string];
  /** The deciding visitor permit: status (valid, pending) and its end (ISO instant). */
  x?: [string, string];
}

export interface OfflineLookupData {
  propertyId: number;
  /** When the server read it (ISO); shown as "offline, data from HH:MM". */
  generatedAt: string;
  /** The property's local day when it was read, for the permits' and bans' last days. */
  today: string;
  plates: OfflinePlate[];
}

export interface OfflineMatch {
  plate: string;
  match: PlateMatchKind;
  verdict: PlateVerdict;
  /** The permit's last day or the visitor permit's end, when one decides. */
  until: string | null;
  spot: string | null;
}

/** The verdict of a plate of the copy at `now` (the server's rule of decision 0026, on the copy's facts). */
export function offlineVerdict(e: OfflinePlate, now: Date, today: string): OfflineMatch['verdict'] {
  if (e.b !== undefined && (e.b === '' || e.b >= today)) return 'banned';
  const permit = e.r;
  const current = permit?.[0] === 'approved' && (permit[1] === null || permit[1] >= today);
  const later = current && permit[3] !== undefined && permit[3] > today;
  if (current && !later) return 'permitted';
  const visitorLive = e.x && new Date(e.x[1]).getTime() > now.getTime();
  if (e.x?.[0] === 'valid' && visitorLive) return 'visitor';
  if (later) return 'later';
  if (permit?.[0] === 'pending' || (e.x?.[0] === 'pending' && visitorLive)) return 'pending';
  if (permit?.[0] === 'approved' || e.x) return 'expired';
  return 'none';
}

/**
 * A lookup on the copy: the plate typed as typed, then its confusable readings, then (only when it is not there
 * itself) plates one character away after folding — the server's order (decision 0026), at most `max`.
 */
export function offlineLookup(
  data: OfflineLookupData,
  typed: string,
  now = new Date(),
  max = 8,
): OfflineMatch[] {
  const plate = normalizePlate(typed);
  const folded = foldPlate(plate);
  const today = now.toISOString().slice(0, 10) > data.today ? now.toISOString().slice(0, 10) : data.today;
  const answer = (e: OfflinePlate, match: PlateMatchKind): OfflineMatch => {
    const verdict = offlineVerdict(e, now, today);
    const until =
      verdict === 'visitor' || (verdict !== 'permitted' && e.x) ? (e.x?.[1] ?? null) : (e.r?.[1] ?? null);
    return { plate: e.p, match, verdict, until, spot: e.r?.[2] ?? null };
  };
  const same = data.plates.filter((e) => foldPlate(e.p) === folded);
  same.sort((a, b) => Number(normalizePlate(b.p) === plate) - Number(normalizePlate(a.p) === plate));
  const out = same.map((e) => answer(e, normalizePlate(e.p) === plate ? 'exact' : 'confusion'));
  if (!same.some((e) => normalizePlate(e.p) === plate) && folded.length >= 2)
    for (const e of data.plates)
      if (out.length < max && plateEditDistance(foldPlate(e.p), folded) === 1) out.push(answer(e, 'near'));
  return out.slice(0, max);
}
