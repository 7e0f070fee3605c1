import { faker } from '@faker-js/faker';
import { roles } from '../../modules/roles/table';
import type { RouteFixture } from './types';

const roleName = () => `${faker.word.adjective()} ${faker.word.noun()} ${faker.string.alphanumeric(6)}`;

/** Route harness: a property's own role granting nothing, held by no one; the body renames it, still empty. */
export const roleFixture: RouteFixture = {
  async create({ tx, propertyId }) {
    const [row] = await tx
      .insert(roles)
      .values({ propertyId, name: roleName(), permissions: [] })
      .returning({ id: roles.id });
    return { id: row!.id };
  },
  async body() {
    return { name: roleName(), description: 'Checked by the harness', permissions: [] };
  },
};
