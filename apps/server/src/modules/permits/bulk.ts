import type { PermitAction } from '@parkade/contract';
import { eachRow } from '../../platform/bulk';
import type { Scope } from '../../platform/scope';
import { getPermit } from './service';
import { transition } from './write';

/** What a skipped permit is called in the answer: its code, and its plate when it names a vehicle. */
async function permitLabel(ctx: Scope, id: number) {
  const permit = await getPermit(ctx, id);
  return permit.vehicle ? `${permit.code} · ${permit.vehicle.plate}` : permit.code;
}

/**
 * POST /permits/bulk/{approve,revoke}: each permit through `transition`, the one-row action's own function (its
 * workflow table, the expiry and ban checks, its audit entry), each done or skipped with the reason (platform/bulk).
 */
export function bulkTransition(
  ctx: Scope,
  ids: readonly number[],
  action: Extract<PermitAction, 'approve' | 'revoke'>,
  comment: string | null,
) {
  return eachRow(ctx, ids, (row, id) => transition(row, id, action, comment), permitLabel);
}
