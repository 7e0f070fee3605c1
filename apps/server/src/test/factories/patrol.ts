import crypto from 'node:crypto';
import { normalizePlate } from '@parkade/contract';
import { patrolCheckIns, patrolObservations } from '../../modules/patrolling/table';
import type { Scope } from '../../platform/scope';
import { plate } from './fake';
import { storedLookup } from './lookup';
import type { RouteFixture } from './types';

/**
 * A check-in at the scope's property by the given officer (central or the property's): open, or already checked
 * out (`checkedOut`: an officer holds one open check-in at a time, so fixtures that make many rounds close them).
 */
export async function makeCheckIn(
  scope: Pick<Scope, 'tx' | 'propertyId'>,
  userId: number,
  area: 'central' | 'tenant' = 'tenant',
  opts: { checkedOut?: boolean } = {},
) {
  const [row] = await scope.tx
    .insert(patrolCheckIns)
    .values({
      propertyId: scope.propertyId,
      userArea: area,
      userId,
      userName: 'Harness officer',
      locationStatus: 'no-coordinates',
      ...(opts.checkedOut ? { checkedOutAt: new Date() } : {}),
    })
    .returning({ id: patrolCheckIns.id });
  return row!;
}

/** Route harness: a check-in of the officer who calls, with one observation and its lookup (their round's). */
export const checkInFixture: RouteFixture = {
  async create(scope, owner) {
    const { id } = await makeCheckIn(scope, owner.userId, owner.area);
    const p = plate();
    await scope.tx.insert(patrolObservations).values({
      propertyId: scope.propertyId,
      checkInId: id,
      userArea: owner.area ?? 'tenant',
      userId: owner.userId,
      userName: 'Harness officer',
      clientKey: crypto.randomUUID(),
      plate: p,
      plateNormalized: normalizePlate(p),
      lookup: storedLookup(normalizePlate(p)),
      observedAt: new Date(),
    });
    return { id };
  },
};
