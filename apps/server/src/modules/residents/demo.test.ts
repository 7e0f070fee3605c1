import { PERMIT_SHOWN_STATUSES } from '@parkade/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db';
import { seed } from '../../seed';
import { openTestDatabase } from '../../test/db';
import { permits } from '../permits/table';
import { properties } from '../properties/table';
import { tenantUsers } from '../users/table';
import { vehicles } from '../vehicles/table';
import { shownStatusSql } from '../permits/service';
import { residents, residentUnits } from './table';

/** The demo grows with residents: permits in every status on both properties, and the resident who signs in. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seed(database, { demo: true });
});
afterAll(() => database?.close());

describe('residents demo', () => {
  it.each(['oakridge', 'maplewood'])(
    '%s has residents with permits in every status and one deleted',
    async (code) => {
      await database.withScope({ area: 'central' }, async (tx) => {
        const [p] = await tx.select({ id: properties.id }).from(properties).where(eq(properties.code, code));
        const shown = await tx
          .selectDistinct({ s: shownStatusSql })
          .from(permits)
          .where(and(eq(permits.propertyId, p!.id), isNull(permits.deletedAt)));
        expect(shown.map((r) => r.s).sort()).toEqual([...PERMIT_SHOWN_STATUSES].sort());
        const deleted = await tx
          .select({ id: residents.id })
          .from(residents)
          .where(and(eq(residents.propertyId, p!.id), isNotNull(residents.deletedAt)));
        expect(deleted).toHaveLength(1);
        const reserved = await tx
          .select({ id: permits.id })
          .from(permits)
          .where(and(eq(permits.propertyId, p!.id), eq(permits.permitTypeId, 2), isNotNull(permits.spotId)));
        expect(reserved.length).toBeGreaterThan(0);
      });
    },
  );

  it('resident@oakridge.test has a unit, a vehicle and an approved permit', async () => {
    await database.withScope({ area: 'central' }, async (tx) => {
      const [u] = await tx.select().from(tenantUsers).where(eq(tenantUsers.email, 'resident@oakridge.test'));
      const ownUnits = await tx.select().from(residentUnits).where(eq(residentUnits.residentId, u!.id));
      expect(ownUnits).toHaveLength(1);
      const cars = await tx.select().from(vehicles).where(eq(vehicles.residentId, u!.id));
      expect(cars).toHaveLength(1);
      const valid = await tx
        .select({ s: shownStatusSql })
        .from(permits)
        .where(and(eq(permits.residentId, u!.id), sql`${permits.propertyId} = ${u!.propertyId}`));
      expect(valid.map((r) => r.s)).toEqual(['approved']);
    });
  });
});
