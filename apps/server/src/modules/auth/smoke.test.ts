import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it('logs in on both areas and bootstraps', async () => {
  const admin = await createCentralUser(ctx.database, 'admin');
  const token = await login(ctx, admin);
  const boot = await ctx.app.inject({
    method: 'GET',
    url: '/api/central/auth/bootstrap',
    headers: headers({ token }),
  });
  expect(boot.statusCode).toBe(200);
  const p = await createProperty(ctx.database);
  const m = await createTenantUser(ctx.database, p.id, 'manager');
  const t2 = await login(ctx, m, p.code);
  const b2 = await ctx.app.inject({
    method: 'GET',
    url: '/tenant/api/auth/bootstrap',
    headers: headers({ token: t2, tenant: p.code }),
  });
  expect(b2.json<{ property: { code: string } }>().property.code).toBe(p.code);
  const cross = await ctx.app.inject({
    method: 'GET',
    url: '/api/central/auth/bootstrap',
    headers: headers({ token: t2 }),
  });
  expect(cross.statusCode).toBe(401);
  const bad = await ctx.app.inject({
    method: 'POST',
    url: '/api/central/auth/login',
    payload: { email: 'x', password: '' },
    headers: headers({ lang: 'es' }),
  });
  expect(bad.statusCode).toBe(422);
  console.log(bad.body);
});
