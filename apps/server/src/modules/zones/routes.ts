import { ZONE_CODE_MAX, zoneCodeFromName, zonesCatalog } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { anyIgnoringCase, defineCatalog } from '../../platform/catalog';
import type { Tx } from '../../platform/db';
import { zones } from './table';

/**
 * The code for a zone sent without one: its name as a slug (zoneCodeFromName, as the web form proposes it), made
 * unique ignoring case with a suffix (-2, -3, …) within 50 characters.
 */
export async function freeZoneCode(tx: Tx, name: string): Promise<string> {
  const base = zoneCodeFromName(name);
  // Every candidate starts with these characters (a suffix takes at most 10), so one query finds the taken ones.
  const prefix = base.slice(0, ZONE_CODE_MAX - 10);
  const rows = await tx
    .select({ code: sql<string>`lower(${zones.code})` })
    .from(zones)
    .where(sql`lower(${zones.code}) like ${`${prefix}%`}`);
  const taken = new Set(rows.map((r) => r.code));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const code = `${base.slice(0, ZONE_CODE_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(code)) return code;
  }
}

/**
 * The grouping kept with a zone: only its own cities, each with zip codes the zone holds, each zip code under one
 * city. The flat `zip_codes` stays the zone's set (what search and properties use).
 */
export function groupedZipCodes(
  cities: readonly string[],
  zipCodes: readonly string[],
  byCity: Readonly<Record<string, readonly string[]>>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const placed = new Set<string>();
  for (const city of cities) {
    const zips = (byCity[city] ?? []).filter((z) => zipCodes.includes(z) && !placed.has(z));
    for (const z of zips) placed.add(z);
    if (zips.length) out[city] = [...new Set(zips)];
  }
  return out;
}

export const zonesService = defineCatalog({
  resource: 'zones',
  table: zones,
  contract: zonesCatalog,
  filters: { county: anyIgnoringCase(zones.county) },
  sorts: { county: sql`lower(${zones.county})` },
  // A zone is found by its county, one of its cities or one of its zip codes too.
  term: [
    zones.county,
    sql`array_to_string(${zones.cities}, ' ')`,
    sql`array_to_string(${zones.zipCodes}, ' ')`,
  ],
  // A zone sent without a code gets one from its name; an update without one keeps the current code.
  async values(ctx, body, existing) {
    return {
      ...body,
      code: body.code ?? existing?.code ?? (await freeZoneCode(ctx.tx, body.name)),
      zipCodesByCity: groupedZipCodes(body.cities, body.zipCodes, body.zipCodesByCity),
    };
  },
  referencedBy: { properties_zone_id_zones_id_fk: 'catalogs.zones.hasProperties' },
});
export const zonesRoutes = zonesService.routes;
