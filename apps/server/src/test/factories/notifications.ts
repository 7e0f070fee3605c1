import { and, eq } from 'drizzle-orm';
import { notifications } from '../../modules/notifications/table';
import { tenantUsers } from '../../modules/users/table';
import type { RouteFixture } from './types';

/** Route harness: a notification addressed to the user who will call the route (staff, resident or central). */
export const notificationFixture: RouteFixture = {
  async create(scope, owner) {
    let type = 'central-user';
    if (owner.area !== 'central') {
      const [u] = await scope.tx
        .select({ type: tenantUsers.type })
        .from(tenantUsers)
        .where(and(eq(tenantUsers.propertyId, scope.propertyId), eq(tenantUsers.id, owner.userId)));
      type = u?.type ?? 'tenant-user';
    }
    const [row] = await scope.tx
      .insert(notifications)
      .values({ propertyId: scope.propertyId, kind: 'importFinished', userType: type, userId: owner.userId })
      .returning({ id: notifications.id });
    return { id: row!.id };
  },
};
