import type { SpaceStatus, SpotType } from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { reservations } from '../reservations/table';
import { spots } from '../spots/table';
import { tenantUsers } from '../users/table';
import { areaSize, spotSlot } from './geometry';
import { parkingAreas, parkingMaps } from './table';

interface DemoArea {
  name: string;
  x: number;
  y: number;
  spots: { number: string; type: SpotType; status?: SpaceStatus; group?: string }[];
}

const run = (prefix: string, from: number, n: number, type: SpotType, group?: string) =>
  Array.from({ length: n }, (_, i) => ({ number: `${prefix}${from + i}`, type, group }));

const PLANS: Record<'oakridge' | 'maplewood', DemoArea[]> = {
  oakridge: [
    {
      name: 'North lot',
      x: 40,
      y: 260,
      spots: [...run('', 1, 2, 'handicap', 'North'), ...run('', 3, 22, 'resident', 'North')].map((s, i) =>
        i === 10
          ? { ...s, status: 'outOfService' as const }
          : i === 7
            ? { ...s, status: 'assigned' as const }
            : s,
      ),
    },
    {
      name: 'Visitor lot',
      x: 620,
      y: 260,
      spots: [
        ...run('V', 1, 8, 'visitor'),
        ...run('V', 9, 2, 'temporalVisitor'),
        { number: 'FL1', type: 'fireLane' },
      ],
    },
    { name: 'Garage', x: 40, y: 560, spots: run('G', 1, 10, 'garage', 'Garage') },
  ],
  maplewood: [
    {
      name: 'East lot',
      x: 40,
      y: 260,
      spots: [
        ...run('E', 1, 12, 'officeReserved'),
        ...run('E', 13, 6, 'carport'),
        ...run('E', 19, 2, 'handicap'),
      ],
    },
    {
      name: 'West lot',
      x: 620,
      y: 260,
      spots: [
        ...run('W', 1, 6, 'reserved'),
        ...run('W', 7, 4, 'visitor'),
        ...run('W', 11, 2, 'noParkingZone'),
        ...run('W', 13, 3, 'futureResident'),
      ],
    },
  ],
};

/**
 * The demo properties' parking areas and spots, the map's version row, and one reservation covering today for
 * the demo resident on spot 5 (oakridge) or W1 (maplewood). Called by seed/demo.ts after the buildings exist.
 */
export async function seedMapDemo(tx: Tx, propertyId: number, plan: keyof typeof PLANS) {
  for (const a of PLANS[plan]) {
    const [area] = await tx
      .insert(parkingAreas)
      .values({ propertyId, name: a.name, x: a.x, y: a.y, ...areaSize(a.spots.length) })
      .returning({ id: parkingAreas.id });
    await tx.insert(spots).values(
      a.spots.map((s, i) => ({
        propertyId,
        areaId: area!.id,
        number: s.number,
        type: s.type,
        status: s.status ?? 'available',
        spotGroup: s.group ?? null,
        ...spotSlot(i),
      })),
    );
  }
  await tx
    .insert(parkingMaps)
    .values({ propertyId, version: 1, updatedByName: 'Parkade demo' })
    .onConflictDoNothing();
  // The demo resident (resident@<plan>.test) when the property has one, else its first resident.
  const [resident] = await tx
    .select({ id: tenantUsers.id })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.propertyId, propertyId), eq(tenantUsers.type, 'tenant-resident')))
    .orderBy(sql`${tenantUsers.email} = ${`resident@${plan}.test`} desc`, tenantUsers.id)
    .limit(1);
  const [spot] = await tx
    .select({ id: spots.id })
    .from(spots)
    .where(and(eq(spots.propertyId, propertyId), eq(spots.number, plan === 'oakridge' ? '5' : 'W1')));
  if (resident && spot) {
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    await tx.insert(reservations).values({
      propertyId,
      spotId: spot.id,
      residentId: resident.id,
      startsOn: day(-3),
      endsOn: day(60),
      notes: 'Demo: reserved near the entrance',
    });
  }
}
