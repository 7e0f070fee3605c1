import {
  hasAllPermissions,
  ROLE_PERMISSIONS,
  WAITING,
  WAITING_KEYS,
  type Permission,
  type WaitingResponse,
} from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inScope, type Scope } from '../../platform/scope';
import { makeWarning } from '../../test/factories/enforcement';
import { permitFixture } from '../../test/factories/residents';
import { spotReportFixture } from '../../test/factories/spot-reports';
import { visitorFixture } from '../../test/factories/visitors';
import { createProperty, createTenantUser, login } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { permits } from '../permits/table';
import { roles } from '../roles/table';
import { spotReports } from '../spot-reports/table';
import { visitors } from '../visitors/table';

/*
 * GET /dashboard/waiting: what waits for the signed-in staff member, counted on the property's rows, and offered
 * only to who may open the list and act on it.
 */
const s = tenantSuite({ role: 'manager' });
const inProperty = <T>(fn: (scope: Scope) => Promise<T>) =>
  inScope(s.ctx.services, { area: 'tenant', propertyId: s.propertyId }, fn);

const waiting = async (token?: string) =>
  (await ok<WaitingResponse>(await s.call('GET', '/dashboard/waiting', undefined, { token }))).items;

/** A staff user of the property whose role holds exactly `permissions`. */
async function withPermissions(name: string, permissions: Permission[]) {
  const [role] = await s.ctx.database.withScope({ area: 'central' }, (tx) =>
    tx.insert(roles).values({ name, permissions }).returning({ name: roles.name }),
  );
  const user = await createTenantUser(s.ctx.database, s.propertyId, role!.name as never);
  return login(s.ctx, user, s.code);
}

let officerId: number;
beforeAll(async () => {
  officerId = (await createTenantUser(s.ctx.database, s.propertyId, 'parking-inspector')).id;
});

describe('GET /dashboard/waiting', () => {
  it('counts what waits in the property — pending permits and visitors, warnings to decide, open spot reports — and nothing that no longer waits', async () => {
    const manager = ROLE_PERMISSIONS.manager;
    const offered = WAITING_KEYS.filter((k) => hasAllPermissions(manager, WAITING[k].needs));
    const zero = Object.fromEntries(offered.map((k) => [k, 0]));
    const counts = async () => Object.fromEntries((await waiting()).map((i) => [i.key, i.count]));
    expect(await counts()).toEqual(zero);

    await inProperty(async (scope) => {
      // Two pending permits and an approved one.
      for (const status of ['pending', 'pending', 'approved'] as const) {
        const { id } = await permitFixture.create(scope, { userId: 0 });
        await scope.tx
          .update(permits)
          .set({ status })
          .where(eq(permits.id, Number(id)));
      }
      // A pending visitor still in time, one whose time passed (shown expired), a valid one.
      const soon = new Date(Date.now() + 3_600_000);
      const gone = new Date(Date.now() - 3_600_000);
      for (const [permitStatus, validUntil] of [
        ['pending', soon],
        ['pending', gone],
        ['valid', soon],
      ] as const) {
        const { id } = await visitorFixture.create(scope, { userId: 0 });
        await scope.tx
          .update(visitors)
          .set({ permitStatus, validUntil })
          .where(eq(visitors.id, Number(id)));
      }
      // A warning waiting for a decision and one decided.
      await makeWarning(scope, { userId: officerId });
      await makeWarning(scope, { userId: officerId }, { status: 'approved' });
      // An open spot report and a resolved one.
      await spotReportFixture.create(scope, { userId: 0 });
      const { id: resolved } = await spotReportFixture.create(scope, { userId: 0 });
      await scope.tx
        .update(spotReports)
        .set({ resolvedAt: new Date() })
        .where(eq(spotReports.id, Number(resolved)));
    });

    // Another property's pending permit is its own.
    const other = await createProperty(s.ctx.database);
    await inScope(s.ctx.services, { area: 'tenant', propertyId: other.id }, async (scope) => {
      const { id } = await permitFixture.create(scope, { userId: 0 });
      await scope.tx
        .update(permits)
        .set({ status: 'pending' })
        .where(eq(permits.id, Number(id)));
    });

    const expected = { permitsPending: 2, visitorsPending: 1, warningsPending: 1, spotReportsOpen: 1 };
    expect(await counts()).toEqual(Object.fromEntries(offered.map((k) => [k, expected[k]])));
    // The items come in the contract's order.
    expect((await waiting()).map((i) => i.key)).toEqual(offered);
  });

  it('offers an item only to who may open its list and act on it', async () => {
    // Seeing permits is not deciding them: no item without permits.approve.
    const reader = await withPermissions('waiting-reader', [
      'dashboard.index',
      'permits.index',
      'visitors.index',
    ]);
    expect(await waiting(reader)).toEqual([]);
    // Approving permits without the list to go to is not enough either.
    const blind = await withPermissions('waiting-blind', ['dashboard.index', 'permits.approve']);
    expect(await waiting(blind)).toEqual([]);
    const approver = await withPermissions('waiting-approver', [
      'dashboard.index',
      'permits.index',
      'permits.approve',
    ]);
    expect((await waiting(approver)).map((i) => i.key)).toEqual(['permitsPending']);
    // Without the dashboard, nothing.
    const none = await withPermissions('waiting-none', ['permits.index', 'permits.approve']);
    expect((await s.call('GET', '/dashboard/waiting', undefined, { token: none })).statusCode).toBe(403);
  });
});
