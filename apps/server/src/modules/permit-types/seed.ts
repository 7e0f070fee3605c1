import { SYSTEM_PERMIT_TYPES } from '@parkade/contract';
import type { Tx } from '../../platform/db';
import { fillSeededNames } from '../../platform/db/catalog-table';
import { permitTypes } from './table';

/**
 * The system permit types with their fixed ids (1–6; 2 = reserved spot), on every start: a missing one is added,
 * an existing one (perhaps renamed by an admin) is left as it is, but gets the seeded names in other languages
 * while it keeps its seeded name and has none (fillSeededNames). The identity starts at 100, so no sequence
 * needs resetting after these explicit ids.
 */
export async function seedPermitTypes(tx: Tx): Promise<void> {
  await tx
    .insert(permitTypes)
    .overridingSystemValue()
    .values(SYSTEM_PERMIT_TYPES.map((p) => ({ ...p, position: p.id, builtIn: true })))
    .onConflictDoNothing();
  await fillSeededNames(tx, permitTypes, SYSTEM_PERMIT_TYPES);
}
