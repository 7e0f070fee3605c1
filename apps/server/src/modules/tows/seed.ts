import type { Tx } from '../../platform/db';
import { fillIfEmpty, fillSeededNames } from '../../platform/db/catalog-table';
import { tows } from './table';

/** The kinds of tow; their dates are set when a tow type is scheduled. */
export const TOWS = [
  { code: 'standard-tow', name: 'Standard tow', names: { es: 'Remolque estándar', zh: '标准拖车' } },
  { code: 'impound', name: 'Impound', names: { es: 'Traslado al depósito', zh: '拖至扣车场' } },
  { code: 'relocation', name: 'Relocation', names: { es: 'Reubicación', zh: '挪车' } },
  { code: 'flatbed-tow', name: 'Flatbed tow', names: { es: 'Remolque con plataforma', zh: '平板拖车' } },
  { code: 'heavy-duty-tow', name: 'Heavy-duty tow', names: { es: 'Remolque pesado', zh: '重型拖车' } },
];

export async function seedTows(tx: Tx): Promise<void> {
  await fillIfEmpty(tx, tows, TOWS);
  await fillSeededNames(tx, tows, TOWS);
}
