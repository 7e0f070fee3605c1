import { ZONE_CODE_MAX } from '../constants';
import { catalogListQuery, slugCode } from './catalog';

/** Zones group properties by area (SPEC §3): the dashboard and patrolling pick a zone, then a property. */
export const ZONE_PLACE_MAX = 120;
export const ZONE_CITIES_MAX = 500;
export const ZONE_ZIP_CODES_MAX = 1000;

/**
 * The code the web form proposes and the server uses when none is sent: the name in lower case, accents
 * dropped, anything else than a-z and 0-9 turned into single dashes, at most 50 characters ("zone" when nothing
 * is left). The server makes it unique with a suffix (-2, -3, …).
 */
export function zoneCodeFromName(name: string): string {
  return slugCode(name, ZONE_CODE_MAX) || 'zone';
}

/** filter[term] also searches the county, the cities and the zip codes. */
export const zonesListQuery = catalogListQuery({ filters: ['county'], sorts: ['county'] });
