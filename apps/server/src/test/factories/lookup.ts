import type { PlateLookup } from '@parkade/contract';

/**
 * Words only a stored lookup holds (the vehicle's make, model and colour, its unit, its permit's code, a ban's
 * reason): found in an answer, lookup data went out. The route harness gives them to the rows its fixtures make.
 */
export const LOOKUP_MARKERS = [
  'Lookmakeqx',
  'Lookmodelqx',
  'Lookcolourqx',
  'LOOKUNITQX',
  'LOOKPERMITQX',
  'Lookbanqx',
] as const;

/** A lookup as an observation, a warning or a tow keeps it: the plate found exactly, with every marker. */
export function storedLookup(plate: string): PlateLookup {
  const [make, model, color, unit, permit, ban] = LOOKUP_MARKERS;
  return {
    plate,
    checkedAt: new Date().toISOString(),
    matches: [
      {
        plate,
        match: 'exact',
        distance: 0,
        verdict: 'banned',
        ban: { id: 1, reason: ban, since: '2026-01-01' },
        vehicle: { id: 1, plate, make, model, color, units: [unit] },
        permit: { id: 1, code: permit, status: 'approved', expiresOn: null, spot: null, wrongSpot: false },
        visitor: null,
      },
    ],
  };
}
