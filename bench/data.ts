import { areaPropertyId } from '../apps/server/src/platform/db/columns';
import { faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import { binnacle } from '../apps/server/src/modules/binnacle/table';
import { properties } from '../apps/server/src/modules/properties/table';
import { roles } from '../apps/server/src/modules/roles/table';
import { centralUsers, tenantUsers } from '../apps/server/src/modules/users/table';
import { hashPassword } from '../apps/server/src/platform/auth';
import type { Database } from '../apps/server/src/platform/db';

export const BENCH_PASSWORD = 'bench-password-1234';

export interface BenchData {
  a: { id: number; code: string };
  b: { id: number; code: string };
  /** Manager of property A: bootstrap and list. */
  managerA: string;
  /** Accounts of property B used only by the login scenario (so no account is throttled or locked). */
  loginAccounts: string[];
  /** A search term that matches a subset of A's entries, and how many. */
  term: string;
  termMatches: number;
  rows: { a: number; b: number; central: number };
}

const ENTITIES = [
  ['residents', ['create', 'update', 'delete', 'status', 'password', 'restore']],
  ['vehicles', ['create', 'update', 'delete']],
  ['permits', ['create', 'update', 'approve', 'reject', 'revoke']],
  ['visitors', ['create', 'update', 'refresh']],
  ['units', ['create', 'update', 'delete']],
  ['spots', ['update', 'map.edit']],
  ['reservations', ['create', 'delete']],
  ['tenant_users', ['login.success', 'logout', 'update']],
  ['auth', ['login.failed', 'password.forgot']],
  ['warnings', ['create']],
  ['tows', ['create', 'update']],
] as const;

function entries(
  n: number,
  propertyId: number | null,
  staff: { id: number; name: string }[],
  area: 'central' | 'tenant',
): (typeof binnacle.$inferInsert)[] {
  const now = Date.now();
  return Array.from({ length: n }, () => {
    const [entity, actions] = faker.helpers.arrayElement(ENTITIES);
    const user = faker.helpers.arrayElement(staff);
    const field = faker.helpers.arrayElement(['status', 'plate', 'email', 'phone', 'unitId', 'endsAt']);
    return {
      propertyId: areaPropertyId(propertyId),
      area,
      userType: area === 'central' ? 'central-user' : 'tenant-user',
      userId: user.id,
      userName: user.name,
      entity,
      entityId: String(faker.number.int({ min: 1, max: 5000 })),
      action: faker.helpers.arrayElement(actions),
      changes: { [field]: { old: faker.lorem.word(), new: faker.lorem.word() } },
      ip: faker.internet.ipv4(),
      userAgent: faker.internet.userAgent(),
      requestId: faker.string.uuid(),
      createdAt: new Date(now - faker.number.int({ min: 0, max: 365 * 86_400_000 })),
    };
  });
}

/** Two properties with staff, residents' audit trail and central entries: 10,000 entries in property A. */
export async function generate(database: Database, sizes = { a: 10_000, b: 4_000, central: 1_000 }) {
  faker.seed(20260101);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  return database.withScope({ area: 'central' }, async (tx) => {
    const [manager] = await tx.select().from(roles).where(eq(roles.name, 'manager'));
    const [admin] = await tx.select().from(roles).where(eq(roles.name, 'admin'));
    const [a, b] = await tx
      .insert(properties)
      .values([
        { code: 'bench-a', name: 'Bench Towers', city: faker.location.city() },
        { code: 'bench-b', name: 'Bench Gardens', city: faker.location.city() },
      ])
      .returning({ id: properties.id, code: properties.code });
    const staff = async (propertyId: number, count: number, prefix: string) =>
      tx
        .insert(tenantUsers)
        .values(
          Array.from({ length: count }, (_, i) => ({
            propertyId,
            fullName: faker.person.fullName(),
            email: `${prefix}${i}@bench.test`,
            passwordHash,
            roleId: manager!.id,
          })),
        )
        .returning({ id: tenantUsers.id, name: tenantUsers.fullName, email: tenantUsers.email });
    const staffA = await staff(a!.id, 25, 'staff-a-');
    const staffB = await staff(b!.id, 20, 'login-b-');
    const central = await tx
      .insert(centralUsers)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          fullName: faker.person.fullName(),
          email: `central${i}@bench.test`,
          passwordHash,
          roleId: admin!.id,
        })),
      )
      .returning({ id: centralUsers.id, name: centralUsers.fullName });

    const insert = async (rows: (typeof binnacle.$inferInsert)[]) => {
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(binnacle).values(rows.slice(i, i + 1000));
    };
    const rowsA = entries(sizes.a, a!.id, staffA, 'tenant');
    await insert(rowsA);
    await insert(entries(sizes.b, b!.id, staffB, 'tenant'));
    await insert(entries(sizes.central, null, central, 'central'));

    // One staff member's surname: a subset of the entries (about 1 in 25), as a user would search.
    const surname = staffA[0]!.name.split(' ').at(-1)!;
    const term = surname.toLowerCase();
    const termMatches = rowsA.filter((r) =>
      [r.entity, r.action, r.userName ?? ''].some((v) => v.toLowerCase().includes(term)),
    ).length;
    return {
      a: a!,
      b: b!,
      managerA: staffA[0]!.email!,
      loginAccounts: staffB.map((s) => s.email!),
      term,
      termMatches,
      rows: sizes,
    } satisfies BenchData;
  });
}
