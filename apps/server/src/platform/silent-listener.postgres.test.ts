import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgTemplate } from '../test/db';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../test/harness';
import { createDatabase, dropDatabase } from '../test/postgres-databases';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { properties } from '../modules/properties/table';
import { tenantUsers } from '../modules/users/table';
import { admissionCacheOf } from './admission-cache';
import { openDatabase } from './db';

/*
 * Issue 35 §1, decision 0034: two servers on one PostgreSQL database; the second one's LISTEN connection goes through a
 * TCP proxy that the test freezes (it keeps the socket open and passes no byte: a partition, a NAT timeout, a
 * failover). Changes made on the first server must still be refused by the second: its heartbeat stops coming back,
 * it forgets everything it kept and reads again. Before the heartbeat, the second kept accepting a signed-out token
 * and serving a deactivated property for minutes.
 */

const adminUrl = process.env.DATABASE_URL!;
const name = `parkade_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
const LAT = 40.0;
const LON = -75.0;
let proxy: TcpProxy;
let first: TestContext;
let second: TestContext;
const warnings: string[] = [];

beforeAll(async () => {
  const target = new URL(adminUrl);
  proxy = await startTcpProxy({ host: target.hostname || '127.0.0.1', port: Number(target.port || 5432) });
  const { appUrl, ownerUrl } = await createDatabase(adminUrl, name, pgTemplate());
  const open = (listenUrl?: string) =>
    openDatabase({
      databaseUrl: appUrl,
      databaseAdminUrl: ownerUrl,
      poolSize: 4,
      listenUrl,
      warn: listenUrl ? (m) => warnings.push(m) : undefined,
    });
  first = await createTestContext({}, { database: await open() });
  second = await createTestContext({}, { database: await open(proxy.through(appUrl)) });
  await Promise.all([first.database.changes.whenLive(), second.database.changes.whenLive()]);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await proxy?.close();
  await dropDatabase(adminUrl, name);
});

const call = (
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { tenant?: string; token?: string; payload?: object } = {},
) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: opts.tenant, token: opts.token }),
    payload: opts.payload,
  });

describe('a second server whose listener went silent', () => {
  it('refuses, once its heartbeat is missed, a sign-out, a deactivated user and property and an ended round made on the first', async () => {
    const property = await createProperty(first.database, { latitude: LAT, longitude: LON });
    const closing = await createProperty(first.database);
    const signingOut = await createTenantUser(first.database, property.id, 'manager');
    const leaving = await createTenantUser(first.database, property.id, 'manager');
    const staying = await createTenantUser(first.database, closing.id, 'manager');
    const officer = await createTenantUser(first.database, property.id, 'parking-inspector');
    const tokens = {
      signingOut: await login(second, signingOut, property.code),
      leaving: await login(second, leaving, property.code),
      staying: await login(second, staying, closing.code),
      officer: await login(second, officer, property.code),
    };
    const checkIn = await call(first, 'POST', '/patrolling/check-ins', {
      tenant: property.code,
      token: tokens.officer,
      payload: { latitude: LAT, longitude: LON, accuracy: 5 },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);

    const bootstrap = (token: string, tenant = property.code) =>
      call(second, 'GET', '/auth/bootstrap', { tenant, token }).then((r) => r.statusCode);
    const lookup = () =>
      call(second, 'GET', '/patrolling/lookup?plate=ABC123', {
        tenant: property.code,
        token: tokens.officer,
      }).then((r) => r.statusCode);
    // The second server admits them all and keeps what it read.
    const cache = admissionCacheOf(second.database.changes);
    await expect
      .poll(
        async () => {
          const answers = [
            await bootstrap(tokens.signingOut),
            await bootstrap(tokens.leaving),
            await bootstrap(tokens.staying, closing.code),
            await lookup(),
          ];
          return answers.every((a) => a === 200) ? cache.size.sessions : -1;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThanOrEqual(4);

    // Its listener goes silent; the first server makes the changes.
    const losses = second.database.changes.losses;
    proxy.freeze();
    expect(
      (await call(first, 'POST', '/auth/logout', { tenant: property.code, token: tokens.signingOut }))
        .statusCode,
    ).toBe(200);
    // Made by the first server's connections: the database announces them (migration 0026) to every listener.
    await first.database.withScope({ area: 'central' }, async (tx) => {
      await tx.update(tenantUsers).set({ active: false }).where(eq(tenantUsers.id, leaving.id));
      await tx.update(properties).set({ active: false }).where(eq(properties.id, closing.id));
    });
    expect(
      (
        await call(first, 'POST', '/patrolling/check-out', {
          tenant: property.code,
          token: tokens.officer,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);

    // The second refuses every one of them once its heartbeat was missed, and no new session on the closed property.
    await expect.poll(() => second.database.changes.losses, { timeout: 60_000 }).toBeGreaterThan(losses);
    await expect.poll(() => bootstrap(tokens.signingOut), { timeout: 60_000 }).toBe(401);
    expect(await bootstrap(tokens.leaving)).toBe(401);
    expect(await bootstrap(tokens.staying, closing.code)).toBe(404);
    expect(await lookup()).toBe(409);
    const signIn = await call(second, 'POST', '/auth/login', {
      tenant: closing.code,
      payload: { email: staying.email, password: staying.password },
    });
    expect(signIn.statusCode).toBe(404);
    expect(warnings).toEqual([expect.stringMatching(/went silent/)]);
    // It listens again on a new connection (the frozen one was dropped) and keeps again.
    await expect.poll(() => second.database.changes.live, { timeout: 60_000 }).toBe(true);
    proxy.thaw();
  });
});
