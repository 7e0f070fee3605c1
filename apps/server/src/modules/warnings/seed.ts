import type { Tx } from '../../platform/db';
import { fillIfEmpty, fillSeededNames } from '../../platform/db/catalog-table';
import { warnings } from './table';

/** The kinds of warning an inspector leaves on a vehicle, in the order they are given (issue 36 §13). */
export const WARNINGS = [
  {
    code: 'first-warning',
    position: 1,
    name: 'First warning',
    names: { es: 'Primer aviso', zh: '第一次警告' },
  },
  {
    code: 'second-warning',
    position: 2,
    name: 'Second warning',
    names: { es: 'Segundo aviso', zh: '第二次警告' },
  },
  { code: 'final-warning', position: 3, name: 'Final warning', names: { es: 'Aviso final', zh: '最后警告' } },
  {
    code: 'sticker-notice',
    position: 4,
    name: 'Sticker notice',
    names: { es: 'Aviso con calcomanía', zh: '贴纸警告' },
  },
  {
    code: 'tow-notice',
    position: 5,
    name: 'Notice of intent to tow',
    names: { es: 'Aviso de intención de remolque', zh: '拖车预告' },
  },
];

export async function seedWarnings(tx: Tx): Promise<void> {
  await fillIfEmpty(tx, warnings, WARNINGS);
  await fillSeededNames(tx, warnings, WARNINGS);
}
