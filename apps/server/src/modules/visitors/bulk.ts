import { eachRow } from '../../platform/bulk';
import type { Scope } from '../../platform/scope';
import { getVisitor } from './service';
import { transition } from './write';

/** What a skipped visitor is called in the answer: their name, and the plate when there is one. */
async function visitorLabel(ctx: Scope, id: number) {
  const visitor = await getVisitor(ctx, id);
  return visitor.plate ? `${visitor.name} · ${visitor.plate}` : visitor.name;
}

/**
 * POST /visitors/bulk/approve: each request through `transition`, the one-row approval's own function (its
 * workflow, the window starting at approval, bans and limits, its audit entry and the mail to a visitor who
 * registered themselves), each done or skipped with the reason (platform/bulk).
 */
export function bulkApprove(ctx: Scope, ids: readonly number[]) {
  return eachRow(ctx, ids, (row, id) => transition(row, id, 'approve', null), visitorLabel);
}
