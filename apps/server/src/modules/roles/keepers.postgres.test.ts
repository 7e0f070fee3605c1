import type { Permission, RoleItem } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../platform/db';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  headers,
  login,
  type TestContext,
  createTestContext,
} from '../../test/harness';

/*
 * Issue 35 §3: every change that can leave a property without a keeper (an active user who can sign in and holds
 * users.edit and roles.edit, decision 0020) is serialised on one lock per area, so of two such changes at once the
 * second sees the first and is refused. Before, a role's permissions edited while the last other keeper was
 * deactivated both answered 200 and left the property with no keeper. PostgreSQL only: the embedded database runs one
 * statement at a time, so nothing there is ever at once.
 */

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await login(ctx, await createCentralUser(ctx.database, 'admin'));
});
afterAll(() => ctx?.close());

const KEEPING: Permission[] = [
  'users.index',
  'users.show',
  'users.edit',
  'roles.index',
  'roles.show',
  'roles.edit',
];
const call = (method: 'POST' | 'PUT', url: string, property: number, payload: object) =>
  ctx.app.inject({
    method,
    url: `/api/central${url}`,
    headers: { ...headers({ token: adminToken }), 'x-property': String(property) },
    payload,
  });

/** A new property with two keepers, A and B, each holding a role of the property's own. */
async function twoKeepers() {
  const property = await createProperty(ctx.database);
  const keeper = async (name: string) => {
    const res = await call('POST', '/roles', property.id, { name, description: '', permissions: KEEPING });
    expect(res.statusCode, res.body).toBe(200);
    const role = res.json<RoleItem>();
    const user = await createTenantUser(ctx.database, property.id, 'assistant', { roleId: role.id });
    return { role, user };
  };
  return { property, a: await keeper('Keeper A'), b: await keeper('Keeper B') };
}

type Two = Awaited<ReturnType<typeof twoKeepers>>;
const stripRole = (t: Two, k: Two['a']) =>
  call('PUT', `/roles/${k.role.id}`, t.property.id, {
    name: k.role.name,
    description: '',
    permissions: KEEPING.filter((p) => p !== 'roles.edit'),
  });
const deactivate = (t: Two, k: Two['a']) =>
  call('PUT', `/users/${k.user.id}/status`, t.property.id, { active: false });

/** The property's keepers now. */
async function keepers(propertyId: number): Promise<number> {
  const rows = await ctx.database.withScope({ area: 'central' }, (tx) =>
    query<{ n: number }>(
      tx,
      sql`select count(*)::int as n from tenant_users u join roles r on r.id = u.role_id
          where u.property_id = ${propertyId} and u.type = 'tenant-user' and u.active
            and u.password_hash <> '' and r.permissions @> array['users.edit', 'roles.edit']::text[]`,
    ),
  );
  return rows[0]!.n;
}

const ROUNDS = 6;
const pairs: [string, (t: Two) => Promise<{ statusCode: number }>[]][] = [
  [
    "a role's permissions edited while the other keeper is deactivated",
    (t) => [stripRole(t, t.a), deactivate(t, t.b)],
  ],
  ['both keepers’ roles edited at once', (t) => [stripRole(t, t.a), stripRole(t, t.b)]],
  ['both keepers deactivated at once', (t) => [deactivate(t, t.a), deactivate(t, t.b)]],
];

describe('two changes at once that would each leave the other as the last keeper', () => {
  for (const [what, both] of pairs)
    it(`${what}: one succeeds, the other is refused, a keeper remains`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const t = await twoKeepers();
        expect(await keepers(t.property.id)).toBe(2);
        const answers = await Promise.all(both(t));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        expect(await keepers(t.property.id)).toBe(1);
      }
    });
});
