import { faker } from '@faker-js/faker';
import { newToken, NO_PASSWORD, tokenHash } from '../../platform/auth';
import type { Scope } from '../../platform/scope';
import { sessions } from '../../modules/auth/table';
import { roles } from '../../modules/roles/table';
import { tenantUsers } from '../../modules/users/table';
import { person, seq } from './fake';
import type { RouteFixture } from './types';

/** A role of the scope's property that grants nothing: anyone may give it, and nobody is above its holders. */
async function emptyRole({ tx, propertyId }: Scope): Promise<number> {
  const [row] = await tx
    .insert(roles)
    .values({ propertyId, name: `Fixture role ${seq()}`, permissions: [] })
    .returning({ id: roles.id });
  return row!.id;
}

/** A staff user of the scope's property, still invited (no password), holding a role that grants nothing. */
export async function makeStaffUser(scope: Scope): Promise<number> {
  const p = person();
  const [row] = await scope.tx
    .insert(tenantUsers)
    .values({
      propertyId: scope.propertyId,
      type: 'tenant-user',
      username: `fixture.${seq()}`,
      fullName: p.fullName,
      email: p.email,
      passwordHash: NO_PASSWORD,
      roleId: await emptyRole(scope),
    })
    .returning({ id: tenantUsers.id });
  return row!.id;
}

/** Route harness: a staff user of the property; a PUT's body moves them to another role that grants nothing. */
export const userFixture: RouteFixture = {
  async create(scope) {
    return { id: await makeStaffUser(scope) };
  },
  async body(scope) {
    return {
      username: `harness.${seq()}`,
      fullName: 'Harness Checked',
      email: `harness.${seq()}@fixture.test`,
      roleId: await emptyRole(scope),
      language: 'en',
    };
  },
};

/** Route harness: PUT /users/:id/status, deactivating a staff user who keeps nothing. */
export const userStatusFixture: RouteFixture = {
  create: (scope) => userFixture.create(scope, { userId: 0 }),
  async body() {
    return { active: false };
  },
};

/** Route harness: a staff user with one valid session, addressed by both ids. */
export const userSessionFixture: RouteFixture = {
  async create(scope) {
    const id = await makeStaffUser(scope);
    const [s] = await scope.tx
      .insert(sessions)
      .values({
        tokenHash: tokenHash(newToken()),
        area: 'tenant',
        propertyId: scope.propertyId,
        userId: id,
        userAgent: faker.internet.userAgent(),
        expiresAt: new Date(Date.now() + 3600_000),
        lastUsedAt: new Date(),
      })
      .returning({ id: sessions.id });
    return { id, sessionId: s!.id };
  },
};
