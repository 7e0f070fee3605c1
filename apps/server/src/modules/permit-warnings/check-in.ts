import { and, eq, isNull } from 'drizzle-orm';
import type { Scope } from '../../platform/scope';
import { patrolCheckIns } from '../patrolling/table';

/**
 * The signed-in officer's active check-in at the scope's property (their own area's user id), or null. A stand-in
 * until patrolling's own `activeCheckIn` is merged.
 */
export async function activeCheckIn(ctx: Scope): Promise<{ id: number } | null> {
  const user = ctx.user();
  const [row] = await ctx.tx
    .select({ id: patrolCheckIns.id })
    .from(patrolCheckIns)
    .where(
      and(
        eq(patrolCheckIns.propertyId, ctx.propertyId),
        eq(patrolCheckIns.userArea, ctx.area),
        eq(patrolCheckIns.userId, user.id),
        isNull(patrolCheckIns.checkedOutAt),
      ),
    );
  return row ?? null;
}
