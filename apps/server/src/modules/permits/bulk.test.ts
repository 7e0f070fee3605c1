import {
  BULK_MAX,
  type BulkOutcome,
  type ListResponse,
  type PermitItem,
  type PlateLookup,
  type ResidentItem,
  type VehicleItem,
} from '@parkade/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../platform/scope';
import { permitFixture } from '../../test/factories/residents';
import { createProperty, createTenantUser, login } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { binnacle } from '../binnacle/table';
import { buildings } from '../buildings/table';
import { units } from '../units/table';
import { permits } from './table';

/**
 * The permits list's bulk actions (decision 0039, "Also expected: row selection and bulk actions"): each permit
 * through the one-row action's own function, done or skipped with the reason in the caller's language, audited per
 * permit; an id of another property is skipped and left untouched.
 */
const s = tenantSuite({ role: 'manager' });
let unitId: number;
let n = 0;

beforeAll(async () => {
  await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '1' })
      .returning();
    unitId = u!.id;
  });
});

/** A pending permit of a new resident's vehicle (the property requires approval: issued not valid). */
async function pendingPermit() {
  n += 1;
  const r = await ok<ResidentItem>(
    await s.call('POST', '/residents', {
      fullName: `Bulk Holder ${n}`,
      email: `bulk${n}@permits.test`,
      unitIds: [unitId],
      password: 'holder-password',
    }),
  );
  const v = await ok<VehicleItem>(
    await s.call('POST', '/vehicles', { residentId: r.id, plate: `BK${n}Z${n}` }),
  );
  const permit = await ok<PermitItem>(
    await s.call('POST', '/permits', {
      code: `BK-${n}`,
      residentId: r.id,
      vehicleId: v.id,
      permitTypeId: 1,
      issueValid: false,
    }),
  );
  expect(permit.status).toBe('pending');
  return { ...permit, plate: v.plate };
}

const statusOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await s.inProperty((tx) =>
        tx.select({ id: permits.id, status: permits.status }).from(permits).where(inArray(permits.id, ids)),
      )
    ).map((r) => [r.id, r.status]),
  );

const auditOf = (ids: number[], action: string) =>
  s.inProperty((tx) =>
    tx
      .select({ entityId: binnacle.entityId, changes: binnacle.changes })
      .from(binnacle)
      .where(
        and(
          eq(binnacle.entity, 'permits'),
          eq(binnacle.action, action),
          inArray(
            binnacle.entityId,
            ids.map((id) => String(id)),
          ),
        ),
      )
      .orderBy(binnacle.id),
  );

describe('POST /permits/bulk/approve', () => {
  it('approves the pending ones and skips the others with the reason, in the caller’s language', async () => {
    const [a, b, c] = [await pendingPermit(), await pendingPermit(), await pendingPermit()];
    await ok(await s.call('POST', `/permits/${c.id}/approve`, {}));
    const answer = await ok<BulkOutcome>(
      await s.call('POST', '/permits/bulk/approve', { ids: [a.id, b.id, c.id, a.id] }, { lang: 'es' }),
    );
    expect(answer).toEqual({
      done: 2,
      skipped: [
        {
          id: c.id,
          label: `${c.code} · ${c.plate}`,
          reason: 'Un permiso en estado «Vigente» no admite la acción «Aprobar».',
        },
      ],
    });
    expect(await statusOf([a.id, b.id, c.id])).toEqual({
      [a.id]: 'approved',
      [b.id]: 'approved',
      [c.id]: 'approved',
    });
    // One audit entry per permit approved, as the one-row action writes: c's is its own earlier approval.
    expect((await auditOf([a.id, b.id, c.id], 'approve')).map((e) => Number(e.entityId))).toEqual([
      c.id,
      a.id,
      b.id,
    ]);
    // The one-row approval's effect: enforcement finds the permit valid at once.
    const lookup = await ok<PlateLookup>(
      await s.call('GET', `/patrolling/lookup?plate=${encodeURIComponent(a.plate)}`),
    );
    expect(lookup.matches.find((m) => m.match === 'exact')).toMatchObject({
      verdict: 'permitted',
      permit: { code: a.code },
    });
  });

  it("skips another property's permit as not found and leaves it untouched", async () => {
    const other = await createProperty(s.ctx.database);
    const foreign = await inScope(s.ctx.services, { area: 'tenant', propertyId: other.id }, async (scope) => {
      const id = Number((await permitFixture.create(scope, { userId: 0 })).id);
      await scope.tx.update(permits).set({ status: 'pending' }).where(eq(permits.id, id));
      return id;
    });
    const mine = await pendingPermit();
    const answer = await ok<BulkOutcome>(
      await s.call('POST', '/permits/bulk/approve', { ids: [foreign, mine.id] }, { lang: 'zh' }),
    );
    expect(answer).toEqual({ done: 1, skipped: [{ id: foreign, label: null, reason: '在本物业中未找到' }] });
    const [row] = await s.ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select({ status: permits.status }).from(permits).where(eq(permits.id, foreign)),
    );
    expect(row!.status).toBe('pending');
    const theirAudit = await s.ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select({ id: binnacle.id })
        .from(binnacle)
        .where(and(eq(binnacle.entity, 'permits'), eq(binnacle.entityId, String(foreign)))),
    );
    expect(theirAudit).toEqual([]);
  });

  it('leaves a refused permit whole: a plate banned since it was asked for stays pending, unaudited', async () => {
    const [a, b] = [await pendingPermit(), await pendingPermit()];
    const reasons = await ok<ListResponse<{ id: number }>>(await s.call('GET', '/reasons?pageSize=1'));
    await ok(await s.call('POST', '/banned-vehicles', { plate: b.plate, reasonId: reasons.data[0]!.id }));
    const answer = await ok<BulkOutcome>(
      await s.call('POST', '/permits/bulk/approve', { ids: [b.id, a.id] }),
    );
    expect(answer.done).toBe(1);
    expect(answer.skipped).toHaveLength(1);
    expect(answer.skipped[0]).toMatchObject({ id: b.id, label: `${b.code} · ${b.plate}` });
    // The ban's own message, as the one-row approval answers it.
    const one = await s.call('POST', `/permits/${b.id}/approve`, {});
    expect(one.statusCode).toBe(422);
    expect(answer.skipped[0]!.reason).toBe(
      one.json<{ errors: Record<string, string[]> }>().errors.vehicleId![0],
    );
    expect(await statusOf([a.id, b.id])).toEqual({ [a.id]: 'approved', [b.id]: 'pending' });
    expect(await auditOf([b.id], 'approve')).toEqual([]);
  });

  it(`takes at most ${BULK_MAX} ids: more → 422 in the caller’s language, nothing done`, async () => {
    const p = await pendingPermit();
    const ids = [p.id, ...Array.from({ length: BULK_MAX }, (_, i) => 1_000_000 + i)];
    const res = await s.call('POST', '/permits/bulk/approve', { ids }, { lang: 'es' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.ids).toEqual([
      `Seleccione como máximo ${BULK_MAX}`,
    ]);
    expect(await statusOf([p.id])).toEqual({ [p.id]: 'pending' });
  });

  it('is refused (403) to staff who may not approve permits', async () => {
    const p = await pendingPermit();
    const assistant = await login(
      s.ctx,
      await createTenantUser(s.ctx.database, s.propertyId, 'assistant'),
      s.code,
    );
    const res = await s.call('POST', '/permits/bulk/approve', { ids: [p.id] }, { token: assistant });
    expect(res.statusCode, res.body).toBe(403);
    expect(await statusOf([p.id])).toEqual({ [p.id]: 'pending' });
  });
});

describe('POST /permits/bulk/revoke', () => {
  it('revokes the valid ones with the one comment, each audited with it; a pending one is skipped', async () => {
    const [a, b, c] = [await pendingPermit(), await pendingPermit(), await pendingPermit()];
    await ok(await s.call('POST', '/permits/bulk/approve', { ids: [a.id, b.id] }));
    const answer = await ok<BulkOutcome>(
      await s.call('POST', '/permits/bulk/revoke', { ids: [a.id, b.id, c.id], comment: 'Moved out' }),
    );
    expect(answer.done).toBe(2);
    expect(answer.skipped).toEqual([
      {
        id: c.id,
        label: `${c.code} · ${c.plate}`,
        // Its resident has not signed the property's parking agreement yet: the permit is still to complete.
        reason: 'A permit that is “To complete” cannot be changed with “Revoke”.',
      },
    ]);
    expect(await statusOf([a.id, b.id, c.id])).toEqual({
      [a.id]: 'revoked',
      [b.id]: 'revoked',
      [c.id]: 'pending',
    });
    const audit = await auditOf([a.id, b.id, c.id], 'revoke');
    expect(audit.map((e) => Number(e.entityId))).toEqual([a.id, b.id]);
    for (const e of audit) expect(e.changes.comment).toEqual({ old: null, new: 'Moved out' });
  });
});
