import type { ResidentItem, RoleName } from '@parkade/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Tx } from '../platform/db';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from './harness';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Answer {
  statusCode: number;
  body: string;
  json: <X>() => X;
}

/** What a tenant test file works with, filled before its first test. */
export interface TenantSuite {
  ctx: TestContext;
  /** The property's code (X-Tenant) and id. */
  code: string;
  propertyId: number;
  /** A signed-in staff user of the property (the role asked, a manager by default). */
  token: string;
  /** Calls the tenant API as that user (or with another token), in a language when given. */
  call(
    method: Method,
    url: string,
    body?: unknown,
    opts?: { lang?: string; token?: string },
  ): Promise<Answer>;
  /** Runs fn in the property's scope (rows arranged or checked directly). */
  inProperty<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A new resident of the unit, made through the API by the suite's staff user (with `over` in the body), signed in
   * with their own password: the record and their token.
   */
  newResident(unitId: number, over?: Record<string, unknown>): Promise<ResidentItem & { token: string }>;
}

/** The JSON of a 200 answer, or the test fails showing the body. */
export async function ok<T>(res: Answer): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/**
 * The setup every tenant test file repeats: a real database and app, one property, a signed-in staff user and a
 * way to call the API as them; closed after the file. Call it at the top of the file; read it inside tests.
 */
export function tenantSuite(
  opts: {
    role?: RoleName;
    /** The app's settings for the file (a test mail server: `smtp`), read when the suite starts. */
    env?: () => Parameters<typeof createTestContext>[0];
    /** The property's own settings (its languages). */
    property?: Parameters<typeof createProperty>[1];
  } = {},
): TenantSuite {
  const suite = {} as TenantSuite;
  let residents = 0;
  beforeAll(async () => {
    const ctx = await createTestContext(opts.env?.());
    const p = await createProperty(ctx.database, opts.property);
    const token = await login(
      ctx,
      await createTenantUser(ctx.database, p.id, opts.role ?? 'manager'),
      p.code,
    );
    Object.assign(suite, {
      ctx,
      code: p.code,
      propertyId: p.id,
      token,
      call: (method: Method, url: string, body?: unknown, o: { lang?: string; token?: string } = {}) =>
        ctx.app.inject({
          method,
          url: `/tenant/api${url}`,
          headers: headers({ tenant: p.code, token: o.token ?? token, lang: o.lang }),
          ...(body === undefined ? {} : { payload: body as object }),
        }),
      inProperty: <T>(fn: (tx: Tx) => Promise<T>) =>
        ctx.database.withScope({ area: 'tenant', propertyId: p.id }, fn),
      newResident: async (unitId: number, over: Record<string, unknown> = {}) => {
        residents += 1;
        const email = `resident${residents}.${p.code}@suite.test`;
        const password = 'resident-password';
        const res = await suite.call('POST', '/residents', {
          fullName: `Suite Resident ${residents}`,
          email,
          unitIds: [unitId],
          password,
          ...over,
        });
        const r = await ok<ResidentItem>(res);
        const token = await login(ctx, { id: r.id, email, password, propertyId: p.id }, p.code);
        return { ...r, token };
      },
    } satisfies TenantSuite);
  });
  afterAll(() => suite.ctx?.close());
  return suite;
}
