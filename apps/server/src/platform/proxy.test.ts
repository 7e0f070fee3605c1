import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '@parkade/contract';
import { binnacle } from '../modules/binnacle/table';
import { createCentralUser, createTestContext, type TestContext } from '../test/harness';

/**
 * Issue 14, item 5: behind a proxy, the client's address is the one our proxies saw, never one the client wrote
 * into X-Forwarded-For itself. (app.inject connects from 127.0.0.1, standing in for the proxy.)
 */
async function failedLoginIp(ctx: TestContext, forwardedFor: string, email: string): Promise<string | null> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/central/auth/login',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, password: 'not-the-password' },
  });
  expect([401, 429]).toContain(res.statusCode);
  const [entry] = await ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select({ ip: binnacle.ip })
      .from(binnacle)
      .where(and(eq(binnacle.entity, 'auth')))
      .orderBy(desc(binnacle.id))
      .limit(1),
  );
  return entry?.ip ?? null;
}

describe('TRUST_PROXY=1 (one reverse proxy)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ trustProxy: 1 });
  });
  afterAll(() => ctx?.close());

  it('takes the address the proxy appended, not the one the client wrote first', async () => {
    const user = await createCentralUser(ctx.database);
    expect(await failedLoginIp(ctx, '6.6.6.6, 10.0.0.9', user.email)).toBe('10.0.0.9');
  });

  it('a client rotating a made-up first address still meets the per-address sign-in limit', async () => {
    const answers: number[] = [];
    for (let i = 0; i <= THROTTLE.loginPerAddress.max; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/central/auth/login',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 10.0.0.77` },
        payload: { email: `nobody${i}@example.test`, password: 'not-the-password' },
      });
      answers.push(res.statusCode);
    }
    expect(answers.at(-1)).toBe(429);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => ctx?.close());

  it('walks back through trusted proxies only', async () => {
    const user = await createCentralUser(ctx.database);
    expect(await failedLoginIp(ctx, '203.0.113.5', user.email)).toBe('203.0.113.5');
    expect(await failedLoginIp(ctx, '6.6.6.6, 203.0.113.6', user.email)).toBe('203.0.113.6');
  });
});

describe('no TRUST_PROXY', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ trustProxy: false });
  });
  afterAll(() => ctx?.close());

  it('ignores X-Forwarded-For', async () => {
    const user = await createCentralUser(ctx.database);
    expect(await failedLoginIp(ctx, '6.6.6.6', user.email)).toBe('127.0.0.1');
  });
});
