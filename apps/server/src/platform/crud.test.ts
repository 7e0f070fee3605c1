import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binnacle } from '../modules/binnacle/table';
import { tenantUsers } from '../modules/users/table';
import { createProperty, createTestContext, type TestContext } from '../test/harness';
import { writeAudit, type Actor } from './audit';
import { createRow, deleteRow, updateRow } from './crud';
import type { Tx } from './db';
import { HttpError } from './errors';
import type { RouteContext } from './http';

let ctx: TestContext;
let propertyId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  propertyId = (await createProperty(ctx.database)).id;
});
afterAll(() => ctx?.close());

const actor = (): Actor => ({
  area: 'tenant',
  propertyId,
  userType: 'tenant-user',
  userId: 1,
  userName: 'Test Manager',
  ip: '203.0.113.9',
  userAgent: 'vitest',
  requestId: 'req-1',
});
/** The two members of a request context these helpers use: its transaction and its audit writer. */
const routeCtx = (tx: Tx) =>
  ({ tx, audit: (e: Parameters<RouteContext['audit']>[0]) => writeAudit(tx, actor(), e) }) as RouteContext;
const inTenant = <T>(fn: (tx: Tx) => Promise<T>) =>
  ctx.database.withScope({ area: 'tenant', propertyId }, fn);
const entries = (entityId: number) =>
  inTenant((tx) =>
    tx
      .select()
      .from(binnacle)
      .where(and(eq(binnacle.entity, 'tenant_users'), eq(binnacle.entityId, String(entityId))))
      .orderBy(binnacle.id),
  );

describe('audited writes', () => {
  it('records create, update (old → new, secrets hidden) and delete with who and where', async () => {
    const user = await inTenant((tx) =>
      createRow(routeCtx(tx), tenantUsers, 'tenant_users', {
        propertyId,
        fullName: 'Ana',
        email: 'ana@x.test',
        passwordHash: 'h1',
      }),
    );
    await inTenant((tx) =>
      updateRow(
        routeCtx(tx),
        tenantUsers,
        'tenant_users',
        and(eq(tenantUsers.propertyId, propertyId), eq(tenantUsers.id, user.id))!,
        {
          fullName: 'Ana María',
          passwordHash: 'h2',
        },
      ),
    );
    await inTenant((tx) =>
      deleteRow(
        routeCtx(tx),
        tenantUsers,
        'tenant_users',
        and(eq(tenantUsers.propertyId, propertyId), eq(tenantUsers.id, user.id))!,
      ),
    );
    const log = await entries(user.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(log[1]!.changes).toEqual({
      fullName: { old: 'Ana', new: 'Ana María' },
      passwordHash: { old: '[hidden]', new: '[hidden]' },
    });
    expect(log[0]).toMatchObject({
      propertyId,
      area: 'tenant',
      userId: 1,
      userName: 'Test Manager',
      ip: '203.0.113.9',
    });
    expect(JSON.stringify(log)).not.toContain('h1');
  });

  it('writes nothing when the transaction rolls back', async () => {
    let id = 0;
    await expect(
      inTenant(async (tx) => {
        const row = await createRow(routeCtx(tx), tenantUsers, 'tenant_users', {
          propertyId,
          fullName: 'Rolled',
          passwordHash: 'h',
        });
        id = row.id;
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await entries(id)).toEqual([]);
  });

  it('turns a unique violation into "already in use" on its field', async () => {
    const values = { propertyId, fullName: 'Dup', email: 'dup@x.test', passwordHash: 'h' };
    await inTenant((tx) => createRow(routeCtx(tx), tenantUsers, 'tenant_users', values));
    const err = await inTenant((tx) =>
      createRow(
        routeCtx(tx),
        tenantUsers,
        'tenant_users',
        { ...values, email: 'DUP@x.test' },
        { tenant_users_email_unique: 'email' },
      ),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).fields.email?.[0]?.key).toBe('validation.inUse');
  });

  it('answers 404 when updating or deleting a row the scope cannot see', async () => {
    const other = await createProperty(ctx.database);
    const foreign = await ctx.database.withScope({ area: 'tenant', propertyId: other.id }, (tx) =>
      tx
        .insert(tenantUsers)
        .values({ propertyId: other.id, fullName: 'Elsewhere', passwordHash: 'h' })
        .returning(),
    );
    const where = sql`${tenantUsers.id} = ${foreign[0]!.id}`;
    await expect(
      inTenant((tx) => updateRow(routeCtx(tx), tenantUsers, 'tenant_users', where, { fullName: 'Hacked' })),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      inTenant((tx) => deleteRow(routeCtx(tx), tenantUsers, 'tenant_users', where)),
    ).rejects.toMatchObject({ statusCode: 404 });
    const [still] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select().from(tenantUsers).where(where),
    );
    expect(still!.fullName).toBe('Elsewhere');
  });
});
