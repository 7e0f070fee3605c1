import { patrolCheckIns } from '../../modules/patrolling/table';
import type { Scope } from '../../platform/scope';
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

/** Route harness: a check-in of the officer who calls (their round's observations). */
export const checkInFixture: RouteFixture = {
  create: async (scope, owner) => ({ id: (await makeCheckIn(scope, owner.userId, owner.area)).id }),
};
