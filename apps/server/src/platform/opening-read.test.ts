import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../modules/auth/table';
import { tokenHash } from './auth';
import { query, scopeSql, TRANSACTION_PROPERTY } from './db';
import { defineRoute } from './http';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../test/harness';

/*
 * A GET route's read sent with the transaction's opening (RouteDef.read, decision 0030): one round trip, BEGIN, the
 * opening, the read and COMMIT; its rows reach the handler only once the caller is admitted, on the property the
 * request is scoped to, and the handler's transaction has then ended.
 */
const readRoute = defineRoute({
  method: 'GET',
  url: '/test/opening-read',
  areas: ['tenant', 'central'],
  propertyScoped: true,
  access: 'staff',
  summary: 'test: a read sent with the opening',
  read: () => ({
    name: 'test_opening_read',
    text: `select $1::bigint::int as "propertyId", current_setting('app.scope', true) as scope,
      (select count(*)::int from tenant_users) as users`,
    params: [TRANSACTION_PROPERTY],
  }),
  handler: async (ctx, { read }) => {
    let ended = false;
    try {
      void ctx.tx.execute;
    } catch {
      ended = true;
    }
    return { read, ended, property: ctx.propertyId };
  },
});

let ctx: TestContext;
let A: { id: number; code: string };
let B: { id: number; code: string };
let managerA: string;
let central: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { extraRoutes: [readRoute] });
  A = await createProperty(ctx.database);
  B = await createProperty(ctx.database, { accessDomain: 'parking.b-example.com' });
  managerA = await login(ctx, await createTenantUser(ctx.database, A.id, 'manager'), A.code);
  await createTenantUser(ctx.database, A.id, 'assistant');
  await createTenantUser(ctx.database, B.id, 'manager');
  central = await login(ctx, await createCentralUser(ctx.database, 'admin'));
});
afterAll(() => ctx?.close());

const get = (h: Record<string, string>, tenant: boolean) =>
  ctx.app.inject({
    method: 'GET',
    url: `${tenant ? '/tenant/api' : '/api/central'}/test/opening-read`,
    headers: h,
  });

describe('a read sent with the opening', () => {
  it("reaches the handler on the tenant's rows only, the transaction already ended", async () => {
    const res = await get(headers({ tenant: A.code, token: managerA }), true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      read: [{ propertyId: A.id, scope: 'tenant', users: 2 }],
      ended: true,
      property: A.id,
    });
  });

  it('is refused before its rows are used: no session, a session of another tenant', async () => {
    expect((await get(headers({ tenant: A.code, token: 'not-a-token' }), true)).statusCode).toBe(401);
    expect((await get(headers({ tenant: B.code, token: managerA }), true)).statusCode).toBe(401);
  });

  it('reads the property a central user selects, and only with one selected', async () => {
    const on = (property?: string) =>
      get({ ...headers({ token: central }), ...(property ? { 'x-property': property } : {}) }, false);
    const res = await on(String(B.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ read: unknown }>().read).toEqual([{ propertyId: B.id, scope: 'tenant', users: 1 }]);
    expect((await on()).statusCode).toBe(400);
    expect((await on('b')).statusCode).toBe(400);
    expect((await on('999999')).statusCode).toBe(404);
  });

  it("still refuses a host that is another property's own domain", async () => {
    const h = headers({ tenant: A.code, token: managerA });
    const res = await get({ ...h, host: 'parking.b-example.com' }, true);
    expect(res.statusCode, res.body).toBe(400);
    expect((await get({ ...h, host: 'proxy.example.net' }, true)).statusCode).toBe(200);
  });

  it("writes the session's idle clock in a transaction of its own", async () => {
    const at = new Date(Date.now() - 5 * 60_000);
    const lastUsed = () =>
      ctx.database.withScope({ area: 'tenant', propertyId: A.id }, async (tx) => {
        const [row] = await tx
          .select({ at: sessions.lastUsedAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, tokenHash(managerA)));
        return row!.at!;
      });
    await ctx.database.withScope({ area: 'tenant', propertyId: A.id }, (tx) =>
      tx
        .update(sessions)
        .set({ lastUsedAt: at })
        .where(eq(sessions.tokenHash, tokenHash(managerA))),
    );
    expect((await get(headers({ tenant: A.code, token: managerA }), true)).statusCode).toBe(200);
    expect((await lastUsed()).getTime()).toBeGreaterThan(at.getTime() + 60_000);
  });
});

describe('a transaction that ends with its opening', () => {
  it('gives its rows, refuses its transaction to fn, and commits', async () => {
    const rows = await ctx.database.open(
      [
        scopeSql({ area: 'tenant', propertyId: A.id }),
        `select current_setting('app.property_id', true) as p`,
      ],
      async (tx, r) => {
        expect(() => tx.execute(sql`select 1`)).toThrow(/ended with its opening/);
        return r;
      },
      { endWithOpening: true },
    );
    expect(rows[1]).toEqual([{ p: String(A.id) }]);
  });

  it('fails whole when a statement fails, and the database is usable afterwards', async () => {
    const failed = await ctx.database
      .open([scopeSql({ area: 'central' }), 'select 1 / 0'], async () => 'never', { endWithOpening: true })
      .catch((e: unknown) => e as Error);
    // PGlite's error comes wrapped by Drizzle, with PostgreSQL's as its cause.
    expect(
      String(
        failed instanceof Error ? ((failed.cause as Error | undefined)?.message ?? failed.message) : failed,
      ),
    ).toMatch(/division by zero/);
    for (let i = 0; i < 10; i++)
      expect(
        await ctx.database.withScope({ area: 'public' }, (tx) =>
          query<{ p: string | null }>(tx, sql`select current_setting('app.property_id', true) as p`),
        ),
      ).toEqual([{ p: '' }]);
  });

  it('is for a plain GET route', () => {
    expect(() => defineRoute({ ...readRoute, method: 'POST', url: '/test/opening-read-post' })).toThrow(
      /plain GET/,
    );
  });
});
