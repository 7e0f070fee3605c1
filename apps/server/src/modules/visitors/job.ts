import { and, inArray, isNull, sql } from 'drizzle-orm';
import { VISITOR_PERMIT_TRANSITIONS } from '@parkade/contract';
import { inScope, type Services } from '../../platform/scope';
import { visitors } from './table';
import { refreshExpired } from './write';

/** The scheduled job that stores `expired` on visitor permits past their validity, every property. */
export const VISITOR_EXPIRY_QUEUE = 'visitor-permits-expire';
/** Every 5 minutes; a permit already counts as expired the instant it ends, the job only stores it. */
export const VISITOR_EXPIRY_CRON = '*/5 * * * *';

/** The job: the properties with permits to expire (central scope), then each in its own tenant scope. */
export async function expireVisitorPermits(services: Services): Promise<number> {
  const due = await services.database.withScope({ area: 'central' }, (tx) =>
    tx
      .selectDistinct({ propertyId: visitors.propertyId })
      .from(visitors)
      .where(
        and(
          isNull(visitors.deletedAt),
          inArray(visitors.permitStatus, [...VISITOR_PERMIT_TRANSITIONS.expire.from]),
          sql`${visitors.validUntil} <= now()`,
        ),
      )
      // One property after another in a fixed order (a fault test stops the job between two of them).
      .orderBy(visitors.propertyId),
  );
  let total = 0;
  for (const { propertyId } of due)
    total += await inScope(services, { area: 'tenant', propertyId }, (scope) => refreshExpired(scope));
  return total;
}
