import type { Tx } from '../../platform/db';
import { buildings } from '../buildings/table';
import { floors } from '../floors/table';
import { units } from './table';

/** The demo properties' buildings, floors and units, placed on the parking map (seed/demo.ts). */
const PLANS = {
  oakridge: { buildings: ['Building A', 'Building B', 'Building C'], floors: 3, unitsPerFloor: 4 },
  maplewood: { buildings: ['North Tower', 'South Tower'], floors: 5, unitsPerFloor: 6 },
} as const;

export async function seedStructureDemo(tx: Tx, propertyId: number, plan: keyof typeof PLANS) {
  const p = PLANS[plan];
  const made = await tx
    .insert(buildings)
    .values(
      p.buildings.map((name, i) => ({
        propertyId,
        name,
        mapX: 40 + i * 280,
        mapY: 40,
        mapWidth: 240,
        mapHeight: 160,
      })),
    )
    .returning({ id: buildings.id });
  for (const b of made) {
    const fs = await tx
      .insert(floors)
      .values(
        Array.from({ length: p.floors }, (_, f) => ({
          propertyId,
          buildingId: b.id,
          name: String(f + 1),
          level: f + 1,
        })),
      )
      .returning({ id: floors.id, level: floors.level });
    await tx.insert(units).values(
      fs.flatMap((f) =>
        Array.from({ length: p.unitsPerFloor }, (_, u) => ({
          propertyId,
          buildingId: b.id,
          floorId: f.id,
          name: `${f.level}${String(u + 1).padStart(2, '0')}`,
        })),
      ),
    );
  }
}
