import type { BulkOutcome, BulkSkipped } from '@parkade/contract';
import { writeAudit } from './audit';
import { toApiError } from './errors';
import { t } from './i18n';
import type { Scope } from './scope';

/**
 * The bulk actions of the lists (decision 0039, "Also expected: row selection and bulk actions"): one action on
 * many rows, each row through the very function its one-row action calls, so the rules cannot differ.
 *
 * Partial by design. Each row runs in its own savepoint of the request's one transaction: a row the one-row
 * action would refuse (not pending any more, a banned plate, a limit reached, not found in this property) is
 * rolled back to its savepoint — its update, audit entry and queued mail with it — and answered as skipped with
 * that refusal's message in the caller's language; the rows before and after it are done. So no row is ever
 * half-done, and one refused row never undoes the others (a manager approving forty requests is told which two were
 * refused, rather than having all forty refused for them). The whole is committed once, at the end of the request:
 * the answer describes exactly what was committed. A failure that is not a refusal (the database gone, a bug) still
 * fails the whole call (5xx) and nothing is kept.
 *
 * Rows are worked in ascending id order (a repeated id counts once): two bulk calls on overlapping rows lock them in
 * the same order. An id of another property is not found here (every read is scoped to the property) and is skipped
 * untouched.
 */
export async function eachRow(
  ctx: Scope,
  ids: readonly number[],
  work: (row: Scope, id: number) => Promise<unknown>,
  /** What a skipped row is called in the answer (a permit's code), read when the row exists here. */
  labelOf: (ctx: Scope, id: number) => Promise<string | null>,
): Promise<BulkOutcome> {
  let done = 0;
  const skipped: BulkSkipped[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const afterCommit: (() => unknown)[] = [];
    const onRollback: (() => unknown)[] = [];
    try {
      await ctx.tx.transaction((sp) => work(rowScope(ctx, sp, afterCommit, onRollback), id));
    } catch (err) {
      const refusal = refusalOf(ctx, err);
      // Whatever the row left to undo (bytes written for rows now gone) is undone now: its savepoint is gone.
      for (const fn of onRollback) await fn();
      if (!refusal) throw err;
      skipped.push({ id, label: refusal.found ? await labelOf(ctx, id) : null, reason: refusal.reason });
      continue;
    }
    done += 1;
    // A row done: what it queued after the commit (a mail's wake-up) waits for the request's commit.
    for (const fn of afterCommit) ctx.afterCommit(fn);
    for (const fn of onRollback) ctx.onRollback(fn);
  }
  return { done, skipped };
}

/** The request's scope for one row: its savepoint, its audit entries in it, its hooks kept until it is done. */
function rowScope(
  ctx: Scope,
  tx: Scope['tx'],
  afterCommit: (() => unknown)[],
  onRollback: (() => unknown)[],
): Scope {
  return {
    tx,
    services: ctx.services,
    area: ctx.area,
    property: ctx.property,
    get propertyId() {
      return ctx.propertyId;
    },
    session: ctx.session,
    lang: ctx.lang,
    readerZone: ctx.readerZone,
    actor: ctx.actor,
    audit: (entry) => writeAudit(tx, ctx.actor, entry),
    afterCommit: (fn) => afterCommit.push(fn),
    onRollback: (fn) => onRollback.push(fn),
    user: () => ctx.user(),
  };
}

/**
 * A row's refusal as the one-row action would answer it, in the caller's language (the first field message when
 * there is one: it is the precise one); null for what is not a refusal of the row (a 5xx, or 401/403: who calls).
 * A row not found — gone, or of another property — says so plainly.
 */
function refusalOf(ctx: Scope, err: unknown): { reason: string; found: boolean } | null {
  const { body } = toApiError(err, ctx.lang);
  if (body.statusCode >= 500 || body.statusCode === 401 || body.statusCode === 403) return null;
  if (body.statusCode === 404) return { reason: t(ctx.lang, 'bulk.notFound'), found: false };
  const field = Object.values(body.errors ?? {}).find((m) => m.length)?.[0];
  return { reason: field ?? body.message, found: true };
}
