import { eq } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { permitTypes } from './table';

/**
 * A permit type chosen on a form (a vehicle's, a permit's) must exist: else a field error on `permitTypeId`.
 * Returns what a permit's rules need of it.
 */
export async function assertPermitType(
  ctx: Scope,
  permitTypeId: number,
): Promise<{ id: number; vehicleRequired: boolean }> {
  const [type] = await ctx.tx
    .select({ id: permitTypes.id, vehicleRequired: permitTypes.vehicleRequired })
    .from(permitTypes)
    .where(eq(permitTypes.id, permitTypeId));
  if (!type) throw fieldError('permitTypeId', 'permits.permitTypeNotFound');
  return type;
}
