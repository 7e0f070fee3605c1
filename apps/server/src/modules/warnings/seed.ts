import type { Tx } from '../../platform/db';
import { fillIfEmpty } from '../../platform/db/catalog-table';
import { warnings } from './table';

/** The kinds of warning an inspector leaves on a vehicle. */
export const WARNINGS = [
  { code: 'first-warning', name: 'First warning' },
  { code: 'second-warning', name: 'Second warning' },
  { code: 'final-warning', name: 'Final warning' },
  { code: 'sticker-notice', name: 'Sticker notice' },
  { code: 'tow-notice', name: 'Notice of intent to tow' },
];

export async function seedWarnings(tx: Tx): Promise<void> {
  await fillIfEmpty(tx, warnings, WARNINGS);
}
