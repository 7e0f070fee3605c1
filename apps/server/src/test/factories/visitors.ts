import { faker } from '@faker-js/faker';
import { newToken, tokenHash } from '../../platform/auth';
import type { Scope } from '../../platform/scope';
import { residents } from '../../modules/residents/table';
import { visitorLinks, visitors } from '../../modules/visitors/table';
import { makeResident } from './residents';
import type { RouteFixture } from './types';

const plate = () => `VS${faker.string.alphanumeric({ length: 6, casing: 'upper' })}`;

/** Route harness: a visitor with a valid permit of a new resident; the body registers another visitor. */
export const visitorFixture: RouteFixture = {
  async create(scope) {
    const { tx, propertyId } = scope;
    const { id: residentId, unitId } = await makeResident(scope);
    const p = plate();
    const code = `VF-${faker.string.alphanumeric({ length: 8, casing: 'upper' })}`;
    const from = new Date();
    const [row] = await tx
      .insert(visitors)
      .values({
        propertyId,
        name: faker.person.fullName(),
        plate: p,
        plateNormalized: p,
        residentId,
        unitId,
        permitCode: code,
        permitStatus: 'valid',
        validFrom: from,
        validUntil: new Date(from.getTime() + 24 * 3600_000),
        publicTokenHash: tokenHash(code),
      })
      .returning({ id: visitors.id });
    return { id: row!.id };
  },
  async body(scope) {
    const { id: residentId } = await makeResident(scope);
    return { name: faker.person.fullName(), residentId, plate: plate() };
  },
};

/** A visitor of `residentId` registered without a plate (no permit yet), as a personal link needs. */
async function visitorWithoutPermit(scope: Scope, residentId: number, unitId: number | null) {
  const [row] = await scope.tx
    .insert(visitors)
    .values({
      propertyId: scope.propertyId,
      name: faker.person.fullName(),
      residentId,
      unitId,
      source: 'resident',
    })
    .returning({ id: visitors.id });
  return row!.id;
}

/** Route harness: a visitor without a permit of the resident who calls (POST /my/visitors/:id/link). */
export const myVisitorLinkFixture: RouteFixture = {
  async create(scope, owner) {
    await scope.tx
      .insert(residents)
      .values({ propertyId: scope.propertyId, id: owner.userId })
      .onConflictDoNothing();
    return { id: await visitorWithoutPermit(scope, owner.userId, null) };
  },
};

/** The last personal link made, for the body of PUT /public/visitors/:id (the token travels in the body). */
let lastLinkToken = '';

/** Route harness: a visitor without a permit and their personal registration link (`?token=`). */
export const visitorLinkFixture: RouteFixture = {
  async create(scope) {
    const { id: residentId, unitId } = await makeResident(scope);
    const id = await visitorWithoutPermit(scope, residentId, unitId);
    const token = newToken();
    await scope.tx.insert(visitorLinks).values({
      propertyId: scope.propertyId,
      kind: 'personal',
      tokenHash: tokenHash(token),
      visitorId: id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    lastLinkToken = token;
    return { id, token };
  },
  body: () => Promise.resolve({ token: lastLinkToken, name: faker.person.fullName(), plate: plate() }),
};
