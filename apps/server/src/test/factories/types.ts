import type { Scope } from '../../platform/scope';

/**
 * Test data for the route harness: the harness creates the row in one property and calls the route from another
 * property, expecting 404 and nothing changed; then calls it as the owner, expecting it found. Factories run in a
 * Scope built the way a job's is (`inScope`), in the property that will own the rows.
 */
export interface RouteFixture {
  /**
   * Creates the row (and any parents it needs) in the scope's property and returns the route params that address
   * it. `owner.userId` is the tenant user (staff or resident) who will call the route as the owner, for rows that
   * belong to one user; `owner.area` says whether that user is central staff (a central route) or the property's.
   */
  create(
    scope: Scope,
    owner: { userId: number; area?: 'central' | 'tenant' },
  ): Promise<Record<string, string | number>>;
  /** A valid body (JSON, or form fields of a multipart route) so that only the lookup can refuse the call. */
  body?(scope: Scope): Promise<Record<string, unknown>>;
}
