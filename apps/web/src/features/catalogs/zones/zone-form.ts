import { POSTAL_CODE_PATTERN, zoneCodeFromName } from '@parkade/contract';

/**
 * The zone form's own rules, kept pure so they are tested without a browser.
 *
 * Code: proposed from the name (the contract's zoneCodeFromName: a slug of at most 50 characters, the same the
 * server uses when no code is sent) and kept in step with the name for as long as the user has not typed a code of
 * their own. Clearing the code hands it back to the name.
 */
export function proposedZoneCode(name: string): string {
  return name.trim() ? zoneCodeFromName(name) : '';
}

/**
 * The code after the name changed. `lastProposed` is the code the form proposed last time (null: never follow,
 * as when editing a zone whose code is already in use elsewhere).
 */
export function followZoneCode(
  name: string,
  code: string,
  lastProposed: string | null,
): { code: string; lastProposed: string | null } {
  if (lastProposed === null) return { code, lastProposed };
  const proposed = proposedZoneCode(name);
  if (code === lastProposed || code.trim() === '') return { code: proposed, lastProposed: proposed };
  return { code, lastProposed };
}

/** A zip code as typed ("78 701" → "78701"); SPEC §5/§9: exactly 5 digits. */
export const normalizeZip = (value: string) => value.replace(/\s+/g, '');
export const isZipCode = (value: string) => POSTAL_CODE_PATTERN.test(value);

/**
 * Zip codes are chosen city by city. The zone stores its cities and its zip codes as two lists; which city a zip
 * code was entered under is known while the form is open (`assignment`, zip → city). A zip code whose city is not
 * known (a saved zone with several cities, or a city removed from the list) is shown under "other zip codes";
 * when the zone has a single city, every zip code is that city's.
 */
export interface ZipGroups {
  byCity: { city: string; zips: string[] }[];
  other: string[];
}

export function groupZipCodes(
  cities: readonly string[],
  zipCodes: readonly string[],
  assignment: Readonly<Record<string, string>>,
): ZipGroups {
  const byCity = cities.map((city) => ({ city, zips: [] as string[] }));
  const other: string[] = [];
  for (const zip of zipCodes) {
    const city = assignment[zip] ?? (cities.length === 1 ? cities[0] : undefined);
    const group = city === undefined ? undefined : byCity.find((g) => g.city === city);
    if (group) group.zips.push(zip);
    else other.push(zip);
  }
  return { byCity, other };
}

/**
 * One city's zip codes replaced (`city` null: the "other" group). A zip code typed under a second city moves
 * there. Returns the zone's new zip code list (order kept, no duplicates) and the new assignment.
 */
export function setZipCodesOfCity(
  cities: readonly string[],
  zipCodes: readonly string[],
  assignment: Readonly<Record<string, string>>,
  city: string | null,
  zips: readonly string[],
): { zipCodes: string[]; assignment: Record<string, string> } {
  const before = groupZipCodes(cities, zipCodes, assignment);
  const previous = city === null ? before.other : (before.byCity.find((g) => g.city === city)?.zips ?? []);
  const wanted = [...new Set(zips.map(normalizeZip).filter(Boolean))];
  const removed = new Set(previous.filter((z) => !wanted.includes(z)));
  const next = zipCodes.filter((z) => !removed.has(z));
  for (const z of wanted) if (!next.includes(z)) next.push(z);
  const nextAssignment: Record<string, string> = {};
  for (const [z, c] of Object.entries(assignment))
    if (next.includes(z) && !wanted.includes(z)) nextAssignment[z] = c;
  if (city !== null) for (const z of wanted) nextAssignment[z] = city;
  return { zipCodes: next, assignment: nextAssignment };
}

/** The "N zip codes selected" total: distinct zip codes of the zone. */
export function zipCodeTotal(zipCodes: readonly string[]): number {
  return new Set(zipCodes.map(normalizeZip).filter(Boolean)).size;
}

/** zipCodesByCity (city → zip codes) as the form's assignment (zip code → city). */
export function assignmentOf(
  byCity: Readonly<Record<string, readonly string[]>> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [city, zips] of Object.entries(byCity ?? {})) for (const z of zips) out[z] = city;
  return out;
}

/** The form's assignment (zip code → city) as zipCodesByCity (city → zip codes). */
export function byCityOf(assignment: Readonly<Record<string, string>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [zip, city] of Object.entries(assignment)) (out[city] ??= []).push(zip);
  return out;
}
