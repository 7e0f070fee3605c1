import type { Tx } from '../../platform/db';
import { fillIfEmpty } from '../../platform/db/catalog-table';
import { reasons } from './table';

/** Common reasons for a warning or a tow. */
export const REASONS = [
  { code: 'expired-permit', name: 'Expired permit' },
  { code: 'no-permit', name: 'No permit displayed' },
  { code: 'reserved-spot', name: 'Parked in a reserved spot' },
  { code: 'fire-lane', name: 'Parked in a fire lane' },
  { code: 'blocking', name: 'Blocking a driveway, dumpster or another vehicle' },
  { code: 'double-parking', name: 'Double parking' },
  { code: 'abandoned-vehicle', name: 'Abandoned vehicle' },
  { code: 'inoperable-vehicle', name: 'Inoperable vehicle' },
  { code: 'handicap-no-placard', name: 'Handicap spot without a placard' },
  { code: 'no-parking-zone', name: 'Parked in a no-parking zone' },
  { code: 'outside-lines', name: 'Parked outside the lines of the spot' },
  { code: 'visitor-overstay', name: 'Visitor parking time exceeded' },
  { code: 'expired-registration', name: 'Expired registration' },
  { code: 'unauthorized-vehicle', name: 'Unauthorized vehicle' },
];

export async function seedReasons(tx: Tx): Promise<void> {
  await fillIfEmpty(tx, reasons, REASONS);
}
