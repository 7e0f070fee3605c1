import type { ResidentStatus } from '@parkade/contract';
import { eachRow } from '../../platform/bulk';
import type { Scope } from '../../platform/scope';
import { getResident } from './service';
import { setStatus } from './write';

const residentLabel = async (ctx: Scope, id: number) => (await getResident(ctx, id)).fullName;

/**
 * POST /residents/bulk/status: each resident through `setStatus`, the one-row status change's own function (the
 * account enabled or disabled with it, sessions ended, its audit entry), each done or skipped (platform/bulk).
 */
export function bulkSetStatus(ctx: Scope, ids: readonly number[], status: ResidentStatus) {
  return eachRow(ctx, ids, (row, id) => setStatus(row, id, status), residentLabel);
}
