import { buildings } from '../../modules/buildings/table';
import { floors } from '../../modules/floors/table';
import { parkingAreas } from '../../modules/parking-map/table';
import { spots } from '../../modules/spots/table';
import { units } from '../../modules/units/table';
import type { RouteFixture } from './types';

/** Buildings, floors, units, parking areas and spots of a property. */

/** Route harness: one building of the owner's property. */
export const buildingFixture: RouteFixture = {
  async create(tx, owner) {
    const [row] = await tx
      .insert(buildings)
      .values({ propertyId: owner.propertyId, name: `Fixture ${Math.random().toString(36).slice(2, 8)}` })
      .returning();
    return { id: row!.id };
  },
  body: () => Promise.resolve({ name: `Renamed ${Math.random().toString(36).slice(2, 8)}` }),
};

/** Route harness: a floor in a new building of the owner's property. */
export const floorFixture: RouteFixture = {
  async create(tx, owner, services) {
    const { id: buildingId } = await buildingFixture.create(tx, owner, services);
    const [row] = await tx
      .insert(floors)
      .values({ propertyId: owner.propertyId, buildingId: Number(buildingId), name: 'Ground', level: 0 })
      .returning();
    return { id: row!.id, buildingId: Number(buildingId) };
  },
  async body(tx, propertyId, services) {
    const { id } = await buildingFixture.create(tx, { propertyId, userId: 0 }, services);
    return { buildingId: Number(id), name: 'First', level: 1 };
  },
};

/** Route harness: a unit in a new building of the owner's property. */
export const unitFixture: RouteFixture = {
  async create(tx, owner, services) {
    const { id: buildingId } = await buildingFixture.create(tx, owner, services);
    const [row] = await tx
      .insert(units)
      .values({ propertyId: owner.propertyId, buildingId: Number(buildingId), name: '101' })
      .returning();
    return { id: row!.id };
  },
  async body(tx, propertyId, services) {
    const { id } = await buildingFixture.create(tx, { propertyId, userId: 0 }, services);
    return { buildingId: Number(id), name: '202' };
  },
};

/** Route harness: an empty area of the owner's property. */
export const areaFixture: RouteFixture = {
  async create(tx, owner) {
    const [row] = await tx
      .insert(parkingAreas)
      .values({ propertyId: owner.propertyId, name: `Area ${Math.random().toString(36).slice(2, 8)}` })
      .returning();
    return { id: row!.id };
  },
  body: () => Promise.resolve({ name: `Renamed ${Math.random().toString(36).slice(2, 8)}` }),
};

/** Route harness: a spot in a new area of the owner's property. */
export const spotFixture: RouteFixture = {
  async create(tx, owner) {
    const tag = Math.random().toString(36).slice(2, 8);
    const [area] = await tx
      .insert(parkingAreas)
      .values({ propertyId: owner.propertyId, name: `Lot ${tag}` })
      .returning();
    const [row] = await tx
      .insert(spots)
      .values({ propertyId: owner.propertyId, areaId: area!.id, number: `F${tag}` })
      .returning();
    return { id: row!.id, areaId: area!.id };
  },
  body: () =>
    Promise.resolve({
      number: `E${Math.random().toString(36).slice(2, 8)}`,
      type: 'visitor',
      status: 'available',
    }),
};
