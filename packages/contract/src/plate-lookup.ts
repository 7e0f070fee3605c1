import { normalizePlate } from './vehicles';

/*
 * The patrol's plate lookup (issue 18, decision 0026): a plate as typed → what an officer needs to decide. The
 * confusions below are the characters a plate is misread or mistyped with; a plate is compared "folded" (each
 * letter of a pair written as its digit), so ABC-1O1 finds ABC101, and one more character missing, extra or
 * different is a near match.
 */

/** Pairs read one for the other on a plate: [letter, digit]. */
export const PLATE_CONFUSIONS = [
  ['O', '0'],
  ['I', '1'],
  ['Z', '2'],
  ['S', '5'],
  ['B', '8'],
  ['G', '6'],
] as const;

/** The letters and digits of PLATE_CONFUSIONS as two strings, for SQL's translate(). */
export const PLATE_FOLD_FROM = PLATE_CONFUSIONS.map(([l]) => l).join('');
export const PLATE_FOLD_TO = PLATE_CONFUSIONS.map(([, d]) => d).join('');

/** A plate normalised, then folded: each confusable letter written as its digit. */
export function foldPlate(plate: string): string {
  let out = '';
  for (const ch of normalizePlate(plate)) {
    const i = PLATE_FOLD_FROM.indexOf(ch);
    out += i < 0 ? ch : PLATE_FOLD_TO[i];
  }
  return out;
}

/** How a found plate relates to the one typed. */
export const PLATE_MATCH_KINDS = ['exact', 'confusion', 'near'] as const;
export type PlateMatchKind = (typeof PLATE_MATCH_KINDS)[number];

/** The officer's verdict on a plate found: what the car may do here now. */
export const PLATE_VERDICTS = [
  'banned',
  'permitted',
  'visitor',
  'later',
  'pending',
  'expired',
  'none',
] as const;
export type PlateVerdict = (typeof PLATE_VERDICTS)[number];

/** At most this many plates answer one lookup. */
export const PLATE_LOOKUP_MAX = 8;

/** Levenshtein distance between two plates (characters missing, extra or different). */
export function plateEditDistance(a: string, b: string): number {
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
