import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { newToken } from '../../platform/auth';
import type { Tx } from '../../platform/db';
import type { Services } from '../../platform/http';
import { insertFile } from '../../modules/files/service';
import { permits } from '../../modules/permits/table';
import { reservations } from '../../modules/reservations/table';
import { newResidentLink } from '../../modules/residents/mail';
import * as service from '../../modules/residents/service';
import { residentImports, residents, residentUnits } from '../../modules/residents/table';
import { tenantUsers } from '../../modules/users/table';
import { vehicles } from '../../modules/vehicles/table';
import { spotFixture, unitFixture } from './structure';
import type { RouteFixture } from './types';

/** Residents and what hangs on them: links, imports, vehicles and their documents, permits, reservations. */

/** A 1×1 PNG: a drawn signature. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A resident (with a unit) of the property, for fixtures and factories. */
export async function makeResident(
  tx: Tx,
  propertyId: number,
  services: Services,
  values: { fullName?: string; email?: string } = {},
): Promise<{ id: number; unitId: number }> {
  const { id: unitId } = await unitFixture.create(tx, { propertyId, userId: 0 }, services);
  const [user] = await tx
    .insert(tenantUsers)
    .values({
      propertyId,
      type: 'tenant-resident',
      fullName: values.fullName ?? 'Fixture Resident',
      email: values.email ?? `resident-${Math.random().toString(36).slice(2)}@fixture.test`,
      passwordHash: service.NO_PASSWORD,
    })
    .returning({ id: tenantUsers.id });
  await tx.insert(residents).values({ propertyId, id: user!.id });
  await tx.insert(residentUnits).values({ propertyId, residentId: user!.id, unitId: Number(unitId) });
  await service.refreshResidentSearch(tx, propertyId, [user!.id]);
  return { id: user!.id, unitId: Number(unitId) };
}

/** A resident with their own link (the public calls): the id and, sent as `?token=`, the link's token. */
export const residentLinkFixture: RouteFixture = {
  async create(tx, owner, services) {
    const { id } = await makeResident(tx, owner.propertyId, services);
    return { id, token: await newResidentLink(tx, owner.propertyId, id) };
  },
  body: () => Promise.resolve({ signature: SIGNATURE_PNG, agree: true }),
};

export const residentFixture: RouteFixture = {
  async create(tx, owner, services) {
    return { id: (await makeResident(tx, owner.propertyId, services)).id };
  },
  async body(tx, propertyId, services) {
    const { id: unitId } = await unitFixture.create(tx, { propertyId, userId: 0 }, services);
    return {
      fullName: 'Body Resident',
      email: `body-${Math.random().toString(36).slice(2)}@fixture.test`,
      unitIds: [Number(unitId)],
      unitId: Number(unitId),
      leaseExpirationAt: '2030-01-01',
      status: 'inactive',
      password: 'a-long-password',
      passwordConfirmation: 'a-long-password',
    };
  },
};

export const importFixture: RouteFixture = {
  async create(tx, owner) {
    const [row] = await tx
      .insert(residentImports)
      .values({ propertyId: owner.propertyId, fileName: 'residents.xlsx', storageKey: 'none' })
      .returning({ id: residentImports.id });
    return { id: row!.id };
  },
};

/** Route harness: a vehicle of a new resident of the owner's property. */
export const vehicleFixture: RouteFixture = {
  async create(tx, owner, services) {
    const { id: residentId } = await makeResident(tx, owner.propertyId, services);
    const plate = `FX${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const [row] = await tx
      .insert(vehicles)
      .values({ propertyId: owner.propertyId, residentId, plate, plateNormalized: plate })
      .returning({ id: vehicles.id });
    return { id: row!.id };
  },
  async body(tx, propertyId, services) {
    const { id: residentId } = await makeResident(tx, propertyId, services);
    return { residentId, plate: `B${Math.random().toString(36).slice(2, 8).toUpperCase()}` };
  },
};

/** Route harness: a vehicle with an insurance document. */
export const vehicleDocumentFixture: RouteFixture = {
  async create(tx, owner, services) {
    const id = Number((await vehicleFixture.create(tx, owner, services)).id);
    const pdf = Buffer.from('%PDF-1.4\n%fixture\n');
    const file = await insertFile(
      tx,
      services.storage,
      {
        filename: 'insurance.pdf',
        extension: 'pdf',
        mimeType: 'application/pdf',
        size: pdf.length,
        sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
        buffer: pdf,
      },
      { entity: 'vehicles', entityId: String(id), propertyId: owner.propertyId },
      owner.userId,
    );
    await tx
      .update(vehicles)
      .set({ insuranceFileId: file.id })
      .where(and(eq(vehicles.propertyId, owner.propertyId), eq(vehicles.id, id)));
    return { id, document: 'insurance' };
  },
};

/** Route harness: an approved permit of a new resident's vehicle; the body is a valid permit of another. */
export const permitFixture: RouteFixture = {
  async create(tx, owner, services) {
    const { id: residentId } = await makeResident(tx, owner.propertyId, services);
    const plate = `PF${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const [v] = await tx
      .insert(vehicles)
      .values({ propertyId: owner.propertyId, residentId, plate, plateNormalized: plate })
      .returning({ id: vehicles.id });
    const [row] = await tx
      .insert(permits)
      .values({
        propertyId: owner.propertyId,
        code: `FX-${Math.random().toString(36).slice(2, 10)}`,
        residentId,
        vehicleId: v!.id,
        permitTypeId: 1,
        status: 'approved',
        year: 2026,
        publicToken: newToken(),
      })
      .returning({ id: permits.id });
    return { id: row!.id };
  },
  async body(tx, propertyId, services) {
    const { id: residentId } = await makeResident(tx, propertyId, services);
    return {
      code: `B-${Math.random().toString(36).slice(2, 10)}`,
      residentId,
      permitTypeId: 1,
      comment: 'Checked by the harness',
    };
  },
};

async function resident(tx: Parameters<RouteFixture['create']>[0], propertyId: number) {
  const [user] = await tx
    .insert(tenantUsers)
    .values({
      propertyId,
      type: 'tenant-resident',
      fullName: 'Fixture Resident',
      email: `r${Math.random().toString(36).slice(2, 10)}@fixture.test`,
      passwordHash: 'x',
    })
    .returning();
  return user!.id;
}

/** Route harness: a reservation of a new spot for a new resident of the owner's property. */
export const reservationFixture: RouteFixture = {
  async create(tx, owner, services) {
    const { id: spotId } = await spotFixture.create(tx, owner, services);
    const residentId = await resident(tx, owner.propertyId);
    const [row] = await tx
      .insert(reservations)
      .values({
        propertyId: owner.propertyId,
        spotId: Number(spotId),
        residentId,
        startsOn: '2030-01-01',
        endsOn: '2030-01-31',
      })
      .returning();
    return { id: row!.id };
  },
  async body(tx, propertyId, services) {
    const { id: spotId } = await spotFixture.create(tx, { propertyId, userId: 0 }, services);
    return {
      spotId: Number(spotId),
      residentId: await resident(tx, propertyId),
      startsOn: '2030-02-01',
      endsOn: '2030-02-10',
    };
  },
};
