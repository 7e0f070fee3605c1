import { eq } from 'drizzle-orm';
import { permits } from '../../modules/permits/table';
import { visitors } from '../../modules/visitors/table';
import type { Scope } from '../../platform/scope';
import { makeResident, permitFixture } from './residents';
import { visitorFixture } from './visitors';

/**
 * Test data for the route harness's bulk routes (a body of `ids`): the harness makes a row in one property, sends
 * its id from another property (nothing of the owner may change, and the id is never done) and then as the owner
 * (the row is found and, for an action answering `done`, done).
 */
export interface BulkFixture {
  /** Makes, in the scope's property, a row the action will do; its id. */
  create(scope: Scope): Promise<number>;
  /** What the body carries beside `ids`. */
  extra?: Record<string, unknown>;
}

const resident: BulkFixture = { create: async (scope) => (await makeResident(scope)).id };

/** A permit of a new resident's vehicle in the stored status given. */
const permitIn = (status: 'pending' | 'approved'): BulkFixture['create'] =>
  async function create(scope) {
    const id = Number((await permitFixture.create(scope, { userId: 0 })).id);
    await scope.tx.update(permits).set({ status }).where(eq(permits.id, id));
    return id;
  };

/** A visitor's permit request waiting for approval. */
async function pendingVisitor(scope: Scope) {
  const id = Number((await visitorFixture.create(scope, { userId: 0 })).id);
  await scope.tx.update(visitors).set({ permitStatus: 'pending' }).where(eq(visitors.id, id));
  return id;
}

/** The factory of each bulk route, by `METHOD url` as the route declares it. */
export const BULK_FIXTURES: [RegExp, BulkFixture][] = [
  [/^POST \/permits\/bulk\/approve$/, { create: permitIn('pending') }],
  [/^POST \/permits\/bulk\/revoke$/, { create: permitIn('approved'), extra: { comment: 'By the harness' } }],
  [/^POST \/visitors\/bulk\/approve$/, { create: pendingVisitor }],
  [/^POST \/residents\/bulk\/status$/, { ...resident, extra: { status: 'suspended' } }],
  [/^POST \/residents\/sendBulk(ParkingPolice|PasswordLinks)$/, resident],
];

export function bulkFixtureOf(method: string, url: string): BulkFixture | undefined {
  return BULK_FIXTURES.find(([pattern]) => pattern.test(`${method} ${url}`))?.[1];
}
