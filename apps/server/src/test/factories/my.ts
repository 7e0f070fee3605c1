import { newToken, tokenHash } from '../../platform/auth';
import type { Scope } from '../../platform/scope';
import { permits } from '../../modules/permits/table';
import { reservations } from '../../modules/reservations/table';
import { residents } from '../../modules/residents/table';
import { vehicles } from '../../modules/vehicles/table';
import { visitors } from '../../modules/visitors/table';
import { code, plate } from './fake';
import { spotFixture } from './structure';
import type { RouteFixture } from './types';

/** The resident's own rows (/my/vehicles, /my/permits): owned by the resident who calls as the owner. */

/** The owner's residents row (the harness's resident users are tenant users only), then a vehicle of theirs. */
async function ownVehicle(scope: Scope, residentId: number) {
  const { tx, propertyId } = scope;
  await tx.insert(residents).values({ propertyId, id: residentId }).onConflictDoNothing();
  const p = plate();
  const [v] = await tx
    .insert(vehicles)
    .values({ propertyId, residentId, plate: p, plateNormalized: p })
    .returning({ id: vehicles.id });
  return v!.id;
}

/** Route harness: a vehicle of the resident who calls. */
export const myVehicleFixture: RouteFixture = {
  async create(scope, owner) {
    return { id: await ownVehicle(scope, owner.userId) };
  },
  async body() {
    return { plate: plate() };
  },
};

/** Route harness: an approved permit of the calling resident's vehicle. */
export const myPermitFixture: RouteFixture = {
  async create(scope, owner) {
    const vehicleId = await ownVehicle(scope, owner.userId);
    const [row] = await scope.tx
      .insert(permits)
      .values({
        propertyId: scope.propertyId,
        code: code(3),
        residentId: owner.userId,
        vehicleId,
        permitTypeId: 1,
        status: 'approved',
        year: 2026,
        publicToken: newToken(),
      })
      .returning({ id: permits.id });
    return { id: row!.id };
  },
  async body() {
    return { vehicleId: 1 };
  },
};

/** Route harness: a future reservation of a spot for the resident who calls. */
export const myReservationFixture: RouteFixture = {
  async create(scope, owner) {
    const { id: spotId } = await spotFixture.create(scope, owner);
    const [row] = await scope.tx
      .insert(reservations)
      .values({
        propertyId: scope.propertyId,
        spotId: Number(spotId),
        residentId: owner.userId,
        startsOn: '2030-01-01',
        endsOn: '2030-01-31',
      })
      .returning({ id: reservations.id });
    return { id: row!.id };
  },
};

/** Route harness: a visitor of the resident who calls, with a valid permit; the body changes its name. */
export const myVisitorFixture: RouteFixture = {
  async create(scope, owner) {
    const { tx, propertyId } = scope;
    await tx.insert(residents).values({ propertyId, id: owner.userId }).onConflictDoNothing();
    const p = plate();
    const permitCode = `MV-${code(6)}`;
    const from = new Date();
    const [row] = await tx
      .insert(visitors)
      .values({
        propertyId,
        name: 'Harness Visitor',
        plate: p,
        plateNormalized: p,
        residentId: owner.userId,
        permitCode,
        permitStatus: 'valid',
        validFrom: from,
        validUntil: new Date(from.getTime() + 24 * 3600_000),
        publicTokenHash: tokenHash(permitCode),
        source: 'resident',
      })
      .returning({ id: visitors.id });
    return { id: row!.id };
  },
  async body() {
    return { name: 'Harness Visitor', plate: plate() };
  },
};
