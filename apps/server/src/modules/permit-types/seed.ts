import { SYSTEM_PERMIT_TYPES } from '@parkade/contract';
import type { Tx } from '../../platform/db';
import { seedSystemEntries } from '../../platform/db/catalog-table';
import { permitTypes } from './table';

/** The system permit types with their fixed ids (1–6; 2 = reserved spot), on every start. */
export async function seedPermitTypes(tx: Tx): Promise<void> {
  await seedSystemEntries(tx, permitTypes, SYSTEM_PERMIT_TYPES);
}
