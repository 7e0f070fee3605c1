import { SYSTEM_REQUEST_TYPES } from '@parkade/contract';
import type { Tx } from '../../platform/db';
import { fillSeededNames } from '../../platform/db/catalog-table';
import { requestTypes } from './table';

/**
 * The system request types with their fixed ids (1–6) on every start: a missing one is added, an existing one
 * (perhaps renamed) is left as it is but gets the seeded names in other languages while it has none.
 */
export async function seedRequestTypes(tx: Tx): Promise<void> {
  await tx
    .insert(requestTypes)
    .overridingSystemValue()
    .values(SYSTEM_REQUEST_TYPES.map((p) => ({ ...p, position: p.id, builtIn: true })))
    .onConflictDoNothing();
  await fillSeededNames(tx, requestTypes, SYSTEM_REQUEST_TYPES);
}
