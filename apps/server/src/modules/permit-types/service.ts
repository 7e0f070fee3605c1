import { eq } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { permitTypes } from './table';

/** A permit type chosen on a form (a vehicle's, a permit's) must exist: else a field error on `permitTypeId`. */
export async function assertPermitType(ctx: Scope, permitTypeId: number): Promise<void> {
  const [type] = await ctx.tx
    .select({ id: permitTypes.id })
    .from(permitTypes)
    .where(eq(permitTypes.id, permitTypeId));
  if (!type) throw fieldError('permitTypeId', 'permits.permitTypeNotFound');
}
