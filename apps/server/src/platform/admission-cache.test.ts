import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantUsers } from '../modules/users/table';
import { properties } from '../modules/properties/table';
import { roles } from '../modules/roles/table';
import { createProperty, createTenantUser, login, roleId } from '../test/harness';
import { tenantSuite } from '../test/suite';
import { admissionCacheOf } from './admission-cache';

/**
 * Decision 0034: the tenant and the caller admitted a moment ago are kept in the server's memory, and every change to
 * what they derive from reaches it — at once when this server made it (its COMMIT reads what the transaction
 * announced), as soon as the database's notification arrives when another connection did.
 */
const s = tenantSuite();

const LAT = 40.0;
const LON = -75.0;

beforeAll(async () => {
  await s.ctx.database.changes.whenLive();
  await s.ctx.database.withScope({ area: 'central' }, (tx) =>
    tx.update(properties).set({ latitude: LAT, longitude: LON }).where(eq(properties.id, s.propertyId)),
  );
});

const cache = () => admissionCacheOf(s.ctx.database.changes);
const bootstrap = (token: string) => s.call('GET', '/auth/bootstrap', undefined, { token });
const status = async (token: string) => (await bootstrap(token)).statusCode;

async function manager() {
  const user = await createTenantUser(s.ctx.database, s.propertyId, 'manager');
  return { user, token: await login(s.ctx, user, s.code) };
}

/** A statement sent on a connection of its own, not through a transaction of this server's (platform/db `open`). */
const elsewhere = (statement: string) =>
  s.ctx.database.executeSql(`begin; select set_config('app.scope', 'central', true); ${statement}; commit`);

describe('what admission keeps', () => {
  it('keeps the tenant and the caller of a request, and answers the next one the same', async () => {
    const { token } = await manager();
    const first = await bootstrap(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(cache().size.tenants).toBeGreaterThanOrEqual(1);
    // Kept once the notification of the sign-in itself (its last sign-in time) has been heard.
    await expect
      .poll(async () => ((await status(token)) === 200 ? cache().size.sessions : -1), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    const second = await bootstrap(token);
    expect(second.json()).toEqual(first.json());
  });

  it('refuses a signed-out token on the very next request', async () => {
    const { token } = await manager();
    expect(await status(token)).toBe(200);
    expect(await status(token)).toBe(200);
    expect((await s.call('POST', '/auth/logout', {}, { token })).statusCode).toBe(200);
    expect(await status(token)).toBe(401);
  });

  it('refuses a user deactivated by this server on the very next request', async () => {
    const { user, token } = await manager();
    expect(await status(token)).toBe(200);
    await s.inProperty((tx) =>
      tx.update(tenantUsers).set({ active: false }).where(eq(tenantUsers.id, user.id)),
    );
    expect(await status(token)).toBe(401);
  });

  it("answers a role's new permissions on the very next request", async () => {
    const [role] = await s.inProperty((tx) =>
      tx
        .insert(roles)
        .values({
          propertyId: s.propertyId,
          name: 'Gate keeper',
          permissions: ['vehicles.index', 'vehicles.show'],
        })
        .returning(),
    );
    const user = await createTenantUser(s.ctx.database, s.propertyId, null, {
      type: 'tenant-user',
      roleId: role!.id,
    });
    const token = await login(s.ctx, user, s.code);
    const before = await bootstrap(token);
    expect(before.json<{ permissions: string[] }>().permissions.sort()).toEqual([
      'vehicles.index',
      'vehicles.show',
    ]);
    expect((await s.call('GET', '/vehicles', undefined, { token })).statusCode).toBe(200);
    await s.inProperty((tx) =>
      tx
        .update(roles)
        .set({ permissions: ['vehicles.show'] })
        .where(eq(roles.id, role!.id)),
    );
    expect((await bootstrap(token)).json<{ permissions: string[] }>().permissions).toEqual(['vehicles.show']);
    expect((await s.call('GET', '/vehicles', undefined, { token })).statusCode).toBe(403);
  });

  it("opens and closes an officer's reads with the round, on the very next request", async () => {
    const officer = await createTenantUser(s.ctx.database, s.propertyId, 'parking-inspector');
    const token = await login(s.ctx, officer, s.code);
    const lookup = () => s.call('GET', '/patrolling/lookup?plate=ABC123', undefined, { token });
    expect((await lookup()).statusCode).toBe(409);
    expect((await lookup()).statusCode).toBe(409);
    const checkIn = await s.call(
      'POST',
      '/patrolling/check-ins',
      { latitude: LAT, longitude: LON, accuracy: 5 },
      { token },
    );
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect((await lookup()).statusCode).toBe(200);
    expect((await lookup()).statusCode).toBe(200);
    expect((await s.call('POST', '/patrolling/check-out', {}, { token })).statusCode).toBe(200);
    expect((await lookup()).statusCode).toBe(409);
  });

  it('refuses the tenant of a property deactivated by this server on the very next request', async () => {
    const other = await createProperty(s.ctx.database);
    const user = await createTenantUser(s.ctx.database, other.id, 'manager');
    const token = await login(s.ctx, user, other.code);
    const call = () =>
      s.ctx.app.inject({
        method: 'GET',
        url: '/tenant/api/auth/bootstrap',
        headers: { 'x-tenant': other.code, authorization: `Bearer ${token}` },
      });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    await s.ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.update(properties).set({ active: false }).where(eq(properties.id, other.id)),
    );
    expect((await call()).statusCode).toBe(404);
  });

  it('hears a change made on another connection, and refuses the session then', async () => {
    const { user, token } = await manager();
    expect(await status(token)).toBe(200);
    expect(await status(token)).toBe(200);
    await elsewhere(`update tenant_users set active = false where id = ${Number(user.id)}`);
    await expect.poll(() => status(token), { timeout: 30_000, interval: 20 }).toBe(401);
  });

  it('keeps nothing while the notifications cannot reach it, and keeps again once they can', async () => {
    const { database } = s.ctx;
    const { token } = await manager();
    await expect
      .poll(async () => ((await status(token)) === 200 ? cache().size.sessions : -1), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    if (database.kind === 'postgres') {
      // The listening connection is ended by the server (a restart, a failover): everything kept is forgotten.
      const losses = database.changes.losses;
      await database.executeSql(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      await expect.poll(() => database.changes.losses, { timeout: 30_000, interval: 10 }).toBe(losses + 1);
      expect(cache().size).toEqual({ sessions: 0, tenants: 0 });
    }
    // Listening again, requests are kept again.
    await database.changes.whenLive();
    const { token: again } = await manager();
    await expect
      .poll(async () => ((await status(again)) === 200 ? cache().size.sessions : -1), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
  });
});

describe("a role's users", () => {
  it('keeps nothing of a user whose role is changed', async () => {
    const { user, token } = await manager();
    expect(await status(token)).toBe(200);
    const inspector = await roleId(s.ctx.database, 'parking-inspector');
    await s.inProperty((tx) =>
      tx.update(tenantUsers).set({ roleId: inspector }).where(eq(tenantUsers.id, user.id)),
    );
    const boot = await bootstrap(token);
    expect(boot.json<{ permissions: string[] }>().permissions).toContain('patrolling.lookup');
    expect(boot.json<{ permissions: string[] }>().permissions).not.toContain('residents.index');
  });
});
