import { faker } from '@faker-js/faker';
import type { Scope } from '../../platform/scope';
import { caregivers } from '../../modules/caregivers/table';
import { residents } from '../../modules/residents/table';
import { plate } from './fake';
import { makeResident } from './residents';
import type { RouteFixture } from './types';

async function caregiverOf(scope: Scope, residentId: number) {
  const p = plate();
  const [row] = await scope.tx
    .insert(caregivers)
    .values({
      propertyId: scope.propertyId,
      residentId,
      name: faker.person.fullName(),
      plate: p,
      plateNormalized: p,
      days: [1, 3, 5],
      status: 'active',
    })
    .returning({ id: caregivers.id });
  return row!.id;
}

const body = () => ({ name: faker.person.fullName(), plate: plate(), days: [2, 4] });

/** Route harness: an active caregiver of a new resident (staff routes); the body names another. */
export const caregiverFixture: RouteFixture = {
  async create(scope) {
    const { id: residentId } = await makeResident(scope);
    return { id: await caregiverOf(scope, residentId) };
  },
  async body(scope) {
    const { id: residentId } = await makeResident(scope);
    return { ...body(), residentId };
  },
};

/** Route harness: a caregiver of the resident who calls (/my/caregivers). */
export const myCaregiverFixture: RouteFixture = {
  async create(scope, owner) {
    await scope.tx
      .insert(residents)
      .values({ propertyId: scope.propertyId, id: owner.userId })
      .onConflictDoNothing();
    return { id: await caregiverOf(scope, owner.userId) };
  },
  async body() {
    return body();
  },
};
