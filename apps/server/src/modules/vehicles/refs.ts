import { eq } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { makes } from '../makes/table';
import { models } from '../models/table';
import { states } from '../states/table';

/**
 * The catalogue references of a vehicle's description, wherever one is written (vehicles, visitors, caregivers,
 * banned vehicles): the make, model and state must exist, and the model must be of the make. Each refusal is a 422
 * on its own field.
 */
export async function assertVehicleRefs(
  ctx: Scope,
  refs: { makeId?: number | null; modelId?: number | null; stateId?: number | null },
) {
  if (refs.makeId) {
    const [m] = await ctx.tx.select({ id: makes.id }).from(makes).where(eq(makes.id, refs.makeId));
    if (!m) throw fieldError('makeId', 'validation.invalidSelection');
  }
  if (refs.modelId) {
    const [m] = await ctx.tx
      .select({ makeId: models.makeId })
      .from(models)
      .where(eq(models.id, refs.modelId));
    if (!m) throw fieldError('modelId', 'validation.invalidSelection');
    if (refs.makeId && m.makeId !== refs.makeId) throw fieldError('modelId', 'vehicles.modelOfMake');
  }
  if (refs.stateId) {
    const [s] = await ctx.tx.select({ id: states.id }).from(states).where(eq(states.id, refs.stateId));
    if (!s) throw fieldError('stateId', 'validation.invalidSelection');
  }
}
