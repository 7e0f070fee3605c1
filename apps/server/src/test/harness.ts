import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { faker } from '@faker-js/faker';
import type { RoleName } from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { buildApp, type BuiltApp } from '../app';
import { properties } from '../modules/properties/table';
import { roles } from '../modules/roles/table';
import { centralUsers, tenantUsers } from '../modules/users/table';
import { hashPassword } from '../platform/auth';
import type { Database } from '../platform/db';
import type { RouteDef } from '../platform/http';
import { loadEnv, type Env } from '../platform/env';
import { startJobs } from '../platform/jobs';
import { localDiskStorage } from '../platform/storage';
import { registerWorkers } from '../workers';
import { seed } from '../seed';
import { auditWordsMissing } from './audit-words';
import { openTestDatabase } from './db';

export const PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));

export interface TestContext extends BuiltApp {
  database: Database;
  env: Env;
  close(): Promise<void>;
}

/**
 * A whole running app on a fresh real database (PGlite in memory, or PostgreSQL with DATABASE_URL), with the
 * reference data seeded, the job queue running and files under a temporary directory.
 */
export async function createTestContext(
  envOverrides: Partial<Env> = {},
  options: {
    extraRoutes?: RouteDef[];
    logStream?: { write(line: string): void };
    /** The database to run on (closed with the context), instead of a fresh test database. */
    database?: Database;
    /** false: the job handlers are not registered here (another process works the queue); jobs are only sent. */
    workers?: boolean;
  } = {},
): Promise<TestContext> {
  // A data directory of the caller's is kept at close (a backup test reads it afterwards); else a temporary one.
  const dataDir = envOverrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-test-'));
  // Tests sign in hundreds of times from one address: the limit of every sign-in per address is off unless a test
  // sets it (auth.test.ts); the failures' own limits stay on.
  const env = loadEnv({
    dataDir,
    appDomain: 'parkade.test',
    publicPort: undefined,
    signInLimitPerAddress: 0,
    ...envOverrides,
  });
  const database = options.database ?? (await openTestDatabase());
  await seed(database, { demo: false });
  const jobs = await startJobs(database, { error: () => undefined }, { pollingIntervalSeconds: 0.5 });
  const built = await buildApp({
    env,
    database,
    jobs,
    storage: localDiskStorage(path.join(dataDir, 'uploads')),
    logger: options.logStream ? { stream: options.logStream } : false,
    extraRoutes: options.extraRoutes,
  });
  if (options.workers !== false) await registerWorkers(built.services);
  await built.app.ready();
  return {
    ...built,
    database,
    env,
    async close() {
      await built.app.close();
      // Whatever this file's tests recorded in the audit log, each action and attribute has its words (issue 36 §9).
      const unlabelled = options.database ? [] : await auditWordsMissing(database);
      await database.close();
      if (!envOverrides.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      if (unlabelled.length)
        throw new Error(
          `The audit log recorded without a label (add binnacle.actions.<action> or binnacle.attributes.<field> ` +
            `in packages/contract/translations): ${unlabelled.join(', ')}`,
        );
    },
  };
}

export async function roleId(db: Database, name: RoleName): Promise<number> {
  return db.withScope(
    { area: 'central' },
    async (tx) => (await tx.select().from(roles).where(eq(roles.name, name)))[0]!.id,
  );
}

/** A property (tenant) with faker values. */
export async function createProperty(db: Database, overrides: Partial<typeof properties.$inferInsert> = {}) {
  const code = overrides.code ?? `p${faker.string.alphanumeric({ length: 8, casing: 'lower' })}`;
  return db.withScope({ area: 'central' }, async (tx) => {
    const [row] = await tx
      .insert(properties)
      .values({
        code,
        name: `${faker.location.street()} Apartments`,
        city: faker.location.city(),
        ...overrides,
      })
      .returning();
    return row!;
  });
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  propertyId: number | null;
}

export async function createCentralUser(
  db: Database,
  role: RoleName | null = 'admin',
  overrides: Partial<typeof centralUsers.$inferInsert> = {},
): Promise<TestUser> {
  const email = overrides.email ?? faker.internet.email().toLowerCase();
  const rid = role ? await roleId(db, role) : null;
  const passwordHash = await hashed();
  return db.withScope({ area: 'central' }, async (tx) => {
    const [u] = await tx
      .insert(centralUsers)
      .values({ fullName: faker.person.fullName(), email, passwordHash, roleId: rid, ...overrides })
      .returning();
    return { id: u!.id, email, password: PASSWORD, propertyId: null };
  });
}

export async function createTenantUser(
  db: Database,
  propertyId: number,
  role: RoleName | null = 'manager',
  overrides: Partial<typeof tenantUsers.$inferInsert> = {},
): Promise<TestUser> {
  const email = overrides.email ?? faker.internet.email().toLowerCase();
  const rid = role ? await roleId(db, role) : null;
  const passwordHash = await hashed();
  return db.withScope({ area: 'tenant', propertyId }, async (tx) => {
    const [u] = await tx
      .insert(tenantUsers)
      .values({
        propertyId,
        type: role ? 'tenant-user' : 'tenant-resident',
        fullName: faker.person.fullName(),
        email,
        passwordHash,
        roleId: rid,
        ...overrides,
      })
      .returning();
    return { id: u!.id, email, password: PASSWORD, propertyId };
  });
}

/** Headers for a call to one area: the tenant header when a property code is given, a bearer token when known. */
export function headers(
  opts: { tenant?: string; token?: string; lang?: string } = {},
): Record<string, string> {
  const h: Record<string, string> = {};
  if (opts.tenant) h['x-tenant'] = opts.tenant;
  if (opts.token) h.authorization = `Bearer ${opts.token}`;
  if (opts.lang) h['accept-language'] = opts.lang;
  return h;
}

export const base = (tenant?: string) => (tenant ? '/tenant/api' : '/api/central');

/** Signs in through the real login route and returns the token. */
export async function login(ctx: TestContext, user: TestUser, tenant?: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${base(tenant)}/auth/login`,
    headers: headers({ tenant }),
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

/** Serializes a FormData (the global one, as browsers send it) into an inject payload and its content type. */
export async function formPayload(fd: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const res = new Response(fd);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}
