import type { Tx } from '../../platform/db';
import { fillIfEmpty } from '../../platform/db/catalog-table';
import { tows } from './table';

/** The kinds of tow; their dates are set when a tow type is scheduled. */
export const TOWS = [
  { code: 'standard-tow', name: 'Standard tow' },
  { code: 'impound', name: 'Impound' },
  { code: 'relocation', name: 'Relocation' },
  { code: 'flatbed-tow', name: 'Flatbed tow' },
  { code: 'heavy-duty-tow', name: 'Heavy-duty tow' },
];

export async function seedTows(tx: Tx): Promise<void> {
  await fillIfEmpty(tx, tows, TOWS);
}
