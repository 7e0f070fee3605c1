import {
  PERMIT_SHOWN_STATUSES,
  permitShownStatus,
  type ListResponse,
  type PermitItem,
  type PermitShownStatus,
  type PublicPermit,
  type ResidentItem,
  type VehicleItem,
} from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { headers } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { buildings } from '../buildings/table';
import { residents } from '../residents/table';
import { units } from '../units/table';
import { permits } from './table';

/*
 * SPEC §4's permit labels (decision 0044 "Permit labels"): each derived from the stored status and dates at read
 * time, the same in one permit, the list, its filters and its two views, and in the contract's permitShownStatus.
 */
const s = tenantSuite();
let unitId: number;

beforeAll(async () => {
  unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '1' })
      .returning();
    return u!.id;
  });
});
const call = (method: 'GET' | 'POST', url: string, body?: unknown) => s.call(method, url, body);

const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
let n = 0;

/** A permit of a new resident, then put straight into its stored state (the arrangement of each label). */
async function permitIn(
  row: Partial<typeof permits.$inferInsert>,
  residentStatus: ResidentItem['status'] = 'active',
) {
  n += 1;
  const r = await ok<ResidentItem>(
    await call('POST', '/residents', {
      fullName: `Label Holder ${n}`,
      email: `label${n}@labels.test`,
      unitIds: [unitId],
      password: 'label-password',
    }),
  );
  const v = await ok<VehicleItem>(await call('POST', '/vehicles', { residentId: r.id, plate: `LB${n}X` }));
  const made = await ok<PermitItem>(
    await call('POST', '/permits', { code: `LB-${n}`, residentId: r.id, vehicleId: v.id, permitTypeId: 1 }),
  );
  await s.inProperty(async (tx) => {
    await tx
      .update(permits)
      .set(row)
      .where(and(eq(permits.propertyId, s.propertyId), eq(permits.id, made.id)));
    await tx
      .update(residents)
      .set({ status: residentStatus })
      .where(and(eq(residents.propertyId, s.propertyId), eq(residents.id, r.id)));
  });
  return made.id;
}

describe('permit labels', () => {
  const ids = {} as Record<PermitShownStatus, number>;

  beforeAll(async () => {
    ids.pending = await permitIn({ status: 'pending' });
    ids['to-complete'] = await permitIn({ status: 'pending' }, 'pending-parking-policies');
    // A reserved-spot permit a resident asked for, before staff give it a spot (even when unsigned: the spot first).
    ids['awaiting-spot'] = await permitIn(
      { status: 'pending', permitTypeId: 2, spotId: null },
      'pending-parking-policies',
    );
    ids.approved = await permitIn({ status: 'approved', startDate: day(0), expiresOn: day(30) });
    ids.later = await permitIn({ status: 'approved', startDate: day(3), expiresOn: day(60) });
    ids.inactive = await permitIn({ status: 'inactive' });
    ids.rejected = await permitIn({ status: 'rejected', rejectionComment: 'No proof of residence' });
    ids.revoked = await permitIn({ status: 'revoked' });
    ids.expired = await permitIn({ status: 'approved', startDate: day(-60), expiresOn: day(-1) });
  });

  it('each permit shows its label, in the permit and in the list, as the contract derives it', async () => {
    const list = await ok<ListResponse<PermitItem>>(await call('GET', '/permits?pageSize=100'));
    for (const shown of PERMIT_SHOWN_STATUSES) {
      const one = await ok<PermitItem>(await call('GET', `/permits/${ids[shown]}`));
      expect(one.shownStatus, shown).toBe(shown);
      expect(list.data.find((p) => p.id === ids[shown])!.shownStatus, shown).toBe(shown);
      const { shownStatus: _, ...stored } = one;
      expect(
        permitShownStatus(
          {
            ...stored,
            agreementPending: shown === 'to-complete' || shown === 'awaiting-spot',
            spotMissing: one.permitTypeId === 2 && one.spotId === null,
          },
          day(0),
        ),
        shown,
      ).toBe(shown);
    }
    // A permit approved for later takes what a valid one takes, and is printed before its first day.
    const later = await ok<PermitItem>(await call('GET', `/permits/${ids.later}`));
    expect(later.actions.sort()).toEqual(['deactivate', 'revoke']);
    expect((await call('GET', `/permits/${ids.later}/print`)).statusCode).toBe(200);
  });

  it('filters by each label, and by the current and archived views', async () => {
    const filtered = async (status: string) =>
      (
        await ok<ListResponse<PermitItem>>(
          await call('GET', `/permits?pageSize=100&filter[status]=${status}`),
        )
      ).data
        .map((p) => p.id)
        .sort((a, b) => a - b);
    const of = (...s: PermitShownStatus[]) => s.map((x) => ids[x]).sort((a, b) => a - b);
    for (const shown of PERMIT_SHOWN_STATUSES)
      if (shown !== 'pending') expect(await filtered(shown), shown).toEqual([ids[shown]]);
    // The approval queue: every permit waiting for approval, whatever it still waits for.
    expect(await filtered('pending')).toEqual(of('pending', 'to-complete', 'awaiting-spot'));
    expect(await filtered('current')).toEqual(
      of('pending', 'to-complete', 'awaiting-spot', 'approved', 'later', 'inactive'),
    );
    expect(await filtered('archived')).toEqual(of('rejected', 'revoked', 'expired'));
    expect(await filtered('later,expired')).toEqual(of('later', 'expired'));
    const bad = await call('GET', '/permits?filter[status]=someday');
    expect(bad.statusCode).toBe(400);
  });

  it('the public check of a permit approved for later says "Not issued", not valid', async () => {
    const [row] = await s.inProperty((tx) =>
      tx
        .select({ token: permits.publicToken })
        .from(permits)
        .where(and(eq(permits.propertyId, s.propertyId), eq(permits.id, ids.later))),
    );
    const res = await s.ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/public/permits/${row!.token}`,
      headers: headers({ tenant: s.code }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PublicPermit>()).toMatchObject({ shownStatus: 'later', valid: false, validFrom: day(3) });
  });
});
