import { REMEMBER_IDLE_DAYS, SESSION_IDLE_MINUTES } from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../../platform/auth';
import {
  createCentralUser,
  createTestContext,
  headers,
  type TestContext,
  type TestUser,
} from '../../test/harness';
import { sessions } from './table';

/** Issue 14, item 8: a session ends after an idle time; its last use is written at most once a minute. */
let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await createCentralUser(ctx.database, 'admin');
});
afterAll(() => ctx?.close());

const signIn = async (remember: boolean) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/central/auth/login',
    payload: { email: user.email, password: user.password, remember },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
};
const bootstrap = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/central/auth/bootstrap', headers: headers({ token }) });
const lastUsed = (token: string, at?: Date) =>
  ctx.database.withScope({ area: 'central' }, async (tx) => {
    if (at)
      await tx
        .update(sessions)
        .set({ lastUsedAt: at })
        .where(eq(sessions.tokenHash, tokenHash(token)));
    const [row] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(token)));
    return row!.lastUsedAt;
  });
const ago = (ms: number) => new Date(Date.now() - ms);

describe('idle sessions', () => {
  it(`end after ${SESSION_IDLE_MINUTES} minutes without use`, async () => {
    const token = await signIn(false);
    expect((await bootstrap(token)).statusCode).toBe(200);
    await lastUsed(token, ago((SESSION_IDLE_MINUTES - 5) * 60_000));
    expect((await bootstrap(token)).statusCode).toBe(200);
    await lastUsed(token, ago((SESSION_IDLE_MINUTES + 1) * 60_000));
    expect((await bootstrap(token)).statusCode).toBe(401);
  });

  it(`a remembered session lasts ${REMEMBER_IDLE_DAYS} idle days`, async () => {
    const token = await signIn(true);
    await lastUsed(token, ago(2 * 86_400_000));
    expect((await bootstrap(token)).statusCode).toBe(200);
    await lastUsed(token, ago((REMEMBER_IDLE_DAYS + 1) * 86_400_000));
    expect((await bootstrap(token)).statusCode).toBe(401);
  });

  it('a use moves the clock, written at most once a minute', async () => {
    const token = await signIn(false);
    const recent = ago(20_000);
    await lastUsed(token, recent);
    await bootstrap(token);
    expect((await lastUsed(token))!.getTime()).toBe(recent.getTime());
    const older = ago(5 * 60_000);
    await lastUsed(token, older);
    await bootstrap(token);
    expect((await lastUsed(token))!.getTime()).toBeGreaterThan(ago(10_000).getTime());
  });
});
