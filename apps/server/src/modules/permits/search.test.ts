import type { ListResponse, PermitItem, ResidentItem, VehicleItem } from '@parkade/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, tenantSuite } from '../../test/suite';
import { buildings } from '../buildings/table';
import { units } from '../units/table';

/** A plate typed as it is shown (dashes, spaces, any case) finds its vehicle and its permits. */
const s = tenantSuite({ role: 'admin' });

beforeAll(async () => {
  const unitId = await s.inProperty(async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId: s.propertyId, name: 'B' }).returning();
    const [u] = await tx
      .insert(units)
      .values({ propertyId: s.propertyId, buildingId: b!.id, name: '1' })
      .returning();
    return u!.id;
  });
  let n = 0;
  for (const plate of ['BZP-4471', 'bzp 4472', 'XYZ 900']) {
    n += 1;
    const r = await ok<ResidentItem>(
      await s.call('POST', '/residents', {
        fullName: `Driver ${n}`,
        email: `driver${n}@search.test`,
        unitIds: [unitId],
        password: 'driver-password',
      }),
    );
    const v = await ok<VehicleItem>(await s.call('POST', '/vehicles', { residentId: r.id, plate }));
    await ok(
      await s.call('POST', '/permits', {
        code: `S-${n}`,
        residentId: r.id,
        vehicleId: v.id,
        permitTypeId: 1,
      }),
    );
  }
});

const plates = async (list: 'vehicles' | 'permits', term: string) => {
  const res = await ok<ListResponse<VehicleItem | PermitItem>>(
    await s.call('GET', `/${list}?sort=createdAt&filter[term]=${encodeURIComponent(term)}`),
  );
  return res.data.map((x) => ('plate' in x ? x.plate : x.code));
};

describe('plate search', () => {
  it('finds vehicles by the plate as shown, as normalised, in part and in any case', async () => {
    for (const term of ['BZP-4471', 'bzp4471', 'Bzp 4471', 'ZP-44'])
      expect(await plates('vehicles', term), term).toEqual(
        // Typed 'bzp 4472', stored and shown in its display form (decision 0039 §10).
        term === 'ZP-44' ? ['BZP-4471', 'BZP 4472'] : ['BZP-4471'],
      );
    expect(await plates('vehicles', 'XYZ-900')).toEqual(['XYZ 900']);
    expect(await plates('vehicles', 'QQQ-1')).toEqual([]);
  });

  it('finds permits by their vehicle plate as the permits list shows it', async () => {
    expect(await plates('permits', 'BZP-4471')).toEqual(['S-1']);
    expect(await plates('permits', 'bzp 4472')).toEqual(['S-2']);
    expect(await plates('permits', 'BZP')).toEqual(['S-1', 'S-2']);
    // Other words still search the other columns: a permit code, the holder's name.
    expect(await plates('permits', 'S-3')).toEqual(['S-3']);
    expect(await plates('permits', 'driver 2')).toEqual(['S-2']);
  });
});
