import type { BulkOutcome, ResidentItem } from '@parkade/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inScope } from '../../platform/scope';
import { makeResident } from '../../test/factories';
import { createProperty } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { binnacle } from '../binnacle/table';
import { tenantUsers } from '../users/table';
import { residents } from './table';

/**
 * The residents list's bulk status change (decision 0039, "Also expected: row selection and bulk actions"): each
 * resident through the one-row change's own function (their account disabled with it, one audit entry each);
 * another property's resident is skipped and untouched.
 */
const s = tenantSuite({ role: 'manager' });

const residentIn = (propertyId: number) =>
  inScope(s.ctx.services, { area: 'tenant', propertyId }, async (scope) => (await makeResident(scope)).id);

const stateOf = (ids: number[]) =>
  s.ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select({ id: residents.id, status: residents.status, active: tenantUsers.active })
      .from(residents)
      .innerJoin(tenantUsers, eq(tenantUsers.id, residents.id))
      .where(inArray(residents.id, ids))
      .orderBy(residents.id),
  );

describe('POST /residents/bulk/status', () => {
  it('sets the status of each resident as the one-row change does; another property’s is skipped', async () => {
    const other = await createProperty(s.ctx.database);
    const [a, b, foreign] = [
      await residentIn(s.propertyId),
      await residentIn(s.propertyId),
      await residentIn(other.id),
    ];
    const [foreignBefore] = await stateOf([foreign]);
    const answer = await ok<BulkOutcome>(
      await s.call(
        'POST',
        '/residents/bulk/status',
        { ids: [a, b, foreign], status: 'suspended' },
        { lang: 'es' },
      ),
    );
    expect(answer).toEqual({
      done: 2,
      skipped: [{ id: foreign, label: null, reason: 'No se encontró en esta propiedad' }],
    });
    // A suspended resident cannot sign in: the account is disabled with the status.
    expect(await stateOf([a, b])).toEqual([
      { id: a, status: 'suspended', active: false },
      { id: b, status: 'suspended', active: false },
    ]);
    expect(await stateOf([foreign])).toEqual([foreignBefore]);
    const audit = await s.inProperty((tx) =>
      tx
        .select({ entityId: binnacle.entityId, changes: binnacle.changes })
        .from(binnacle)
        .where(
          and(
            eq(binnacle.entity, 'residents'),
            eq(binnacle.action, 'status'),
            inArray(binnacle.entityId, [String(a), String(b)]),
          ),
        ),
    );
    expect(audit).toHaveLength(2);
    for (const e of audit) expect(e.changes.status?.new).toBe('suspended');
    // The one-row change reads the same.
    const one = await ok<ResidentItem>(await s.call('GET', `/residents/${a}`));
    expect(one.status).toBe('suspended');
  });

  it('takes only the statuses the resident form offers', async () => {
    const a = await residentIn(s.propertyId);
    const res = await s.call('POST', '/residents/bulk/status', { ids: [a], status: 'deleted' });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['status']);
  });
});
