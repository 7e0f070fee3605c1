import type { Tx } from '../../platform/db';
import type { Services } from '../../platform/http';

/**
 * Test data for the route harness: the harness creates the row in one property and calls the route from another
 * property, expecting 404 and nothing changed; then calls it as the owner, expecting it found.
 */
export interface RouteFixture {
  /**
   * Creates the row (and any parents it needs) in `owner.propertyId`, inside that property's scope, and returns
   * the route params that address it. `owner.userId` is the tenant user (staff or resident) who will call the
   * route as the owner, for rows that belong to one user.
   */
  create(
    tx: Tx,
    owner: { propertyId: number; userId: number },
    services: Services,
  ): Promise<Record<string, string | number>>;
  /** A valid body (JSON, or form fields of a multipart route) so that only the lookup can refuse the call. */
  body?(tx: Tx, propertyId: number, services: Services): Promise<Record<string, unknown>>;
}
