import { SYSTEM_REQUEST_TYPES } from '@parkade/contract';
import type { Tx } from '../../platform/db';
import { seedSystemEntries } from '../../platform/db/catalog-table';
import { requestTypes } from './table';

/** The system request types with their fixed ids (1–6; 1 = a permit asked for), on every start. */
export async function seedRequestTypes(tx: Tx): Promise<void> {
  await seedSystemEntries(tx, requestTypes, SYSTEM_REQUEST_TYPES);
}
