import { faker } from '@faker-js/faker';
import { tokenHash } from '../../platform/auth';
import { visitors } from '../../modules/visitors/table';
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
