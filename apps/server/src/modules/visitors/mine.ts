import { and, eq, isNull } from 'drizzle-orm';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { visitors } from './table';

/** The id of one of the signed-in resident's visitors; another resident's visitor is a 404, as if it did not exist. */
export async function myVisitorId(ctx: Scope, id: number): Promise<number> {
  const [row] = await ctx.tx
    .select({ id: visitors.id })
    .from(visitors)
    .where(
      and(
        eq(visitors.propertyId, ctx.propertyId),
        eq(visitors.id, id),
        eq(visitors.residentId, ctx.user().id),
        isNull(visitors.deletedAt),
      ),
    );
  if (!row) throw notFound('visitors');
  return row.id;
}
