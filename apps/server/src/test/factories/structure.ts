import { buildings } from '../../modules/buildings/table';
import { floors } from '../../modules/floors/table';
import { parkingAreas } from '../../modules/parking-map/table';
import { spots } from '../../modules/spots/table';
import { units } from '../../modules/units/table';
import { code, placeName } from './fake';
import type { RouteFixture } from './types';

/** Buildings, floors, units, parking areas and spots of a property. */

/** Route harness: one building of the owner's property. */
export const buildingFixture: RouteFixture = {
  async create(scope) {
    const { tx, propertyId } = scope;
    const [row] = await tx
      .insert(buildings)
      .values({ propertyId: propertyId, name: placeName() })
      .returning();
    return { id: row!.id };
  },
  body: () => Promise.resolve({ name: placeName() }),
};

/** Route harness: a floor in a new building of the owner's property. */
export const floorFixture: RouteFixture = {
  async create(scope, owner) {
    const { tx, propertyId } = scope;
    const { id: buildingId } = await buildingFixture.create(scope, owner);
    const [row] = await tx
      .insert(floors)
      .values({ propertyId: propertyId, buildingId: Number(buildingId), name: 'Ground', level: 0 })
      .returning();
    return { id: row!.id, buildingId: Number(buildingId) };
  },
  async body(scope) {
    const { id } = await buildingFixture.create(scope, { userId: 0 });
    return { buildingId: Number(id), name: 'First', level: 1 };
  },
};

/** Route harness: a unit in a new building of the owner's property. */
export const unitFixture: RouteFixture = {
  async create(scope, owner) {
    const { tx, propertyId } = scope;
    const { id: buildingId } = await buildingFixture.create(scope, owner);
    const [row] = await tx
      .insert(units)
      .values({ propertyId: propertyId, buildingId: Number(buildingId), name: '101' })
      .returning();
    return { id: row!.id };
  },
  async body(scope) {
    const { id } = await buildingFixture.create(scope, { userId: 0 });
    return { buildingId: Number(id), name: '202' };
  },
};

/** Route harness: an empty area of the owner's property. */
export const areaFixture: RouteFixture = {
  async create(scope) {
    const { tx, propertyId } = scope;
    const [row] = await tx
      .insert(parkingAreas)
      .values({ propertyId: propertyId, name: placeName() })
      .returning();
    return { id: row!.id };
  },
  body: () => Promise.resolve({ name: placeName() }),
};

/** Route harness: a spot in a new area of the owner's property. */
export const spotFixture: RouteFixture = {
  async create(scope) {
    const { tx, propertyId } = scope;
    const [area] = await tx
      .insert(parkingAreas)
      .values({ propertyId: propertyId, name: placeName() })
      .returning();
    const [row] = await tx
      .insert(spots)
      .values({ propertyId: propertyId, areaId: area!.id, number: code() })
      .returning();
    return { id: row!.id, areaId: area!.id };
  },
  body: () =>
    Promise.resolve({
      number: code(),
      type: 'visitor',
      status: 'available',
    }),
};
