import crypto from 'node:crypto';
import { faker } from '@faker-js/faker';
import { and, eq } from 'drizzle-orm';
import { newToken } from '../../platform/auth';
import type { Scope } from '../../platform/scope';
import { insertFile } from '../../modules/files/service';
import { permits } from '../../modules/permits/table';
import { reservations } from '../../modules/reservations/table';
import { newResidentLink } from '../../modules/residents/mail';
import * as service from '../../modules/residents/service';
import { residentImports, residents, residentUnits } from '../../modules/residents/table';
import { tenantUsers } from '../../modules/users/table';
import { vehicles } from '../../modules/vehicles/table';
import { spotFixture, unitFixture } from './structure';
import { code, person, phone, plate } from './fake';
import type { RouteFixture } from './types';

/** Residents and what hangs on them: links, imports, vehicles and their documents, permits, reservations. */

/** A 1×1 PNG: a drawn signature. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A resident (with a unit) of the property, for fixtures and factories. */
export async function makeResident(
  scope: Scope,
  values: { fullName?: string; email?: string } = {},
): Promise<{ id: number; unitId: number }> {
  const { tx, propertyId } = scope;
  const made = person();
  const { id: unitId } = await unitFixture.create(scope, { userId: 0 });
  const [user] = await tx
    .insert(tenantUsers)
    .values({
      propertyId,
      type: 'tenant-resident',
      fullName: values.fullName ?? made.fullName,
      email: values.email ?? made.email,
      phone: phone(),
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
  async create(scope) {
    const { tx, propertyId } = scope;
    const { id } = await makeResident(scope);
    return { id, token: await newResidentLink(tx, propertyId, id) };
  },
  body: () => Promise.resolve({ signature: SIGNATURE_PNG, agree: true }),
};

export const residentFixture: RouteFixture = {
  async create(scope) {
    return { id: (await makeResident(scope)).id };
  },
  async body(scope) {
    const { id: unitId } = await unitFixture.create(scope, { userId: 0 });
    const password = faker.internet.password({ length: 16 });
    return {
      ...person(),
      phone: phone(),
      unitIds: [Number(unitId)],
      unitId: Number(unitId),
      leaseExpirationAt: '2030-01-01',
      status: 'inactive',
      password,
      passwordConfirmation: password,
    };
  },
};

export const importFixture: RouteFixture = {
  async create(scope) {
    const { tx, propertyId } = scope;
    const [row] = await tx
      .insert(residentImports)
      .values({ propertyId: propertyId, fileName: 'residents.xlsx', storageKey: 'none' })
      .returning({ id: residentImports.id });
    return { id: row!.id };
  },
};

/** Route harness: a vehicle of a new resident of the owner's property. */
export const vehicleFixture: RouteFixture = {
  async create(scope) {
    const { tx, propertyId } = scope;
    const { id: residentId } = await makeResident(scope);
    const p = plate();
    const [row] = await tx
      .insert(vehicles)
      .values({ propertyId: propertyId, residentId, plate: p, plateNormalized: p })
      .returning({ id: vehicles.id });
    return { id: row!.id };
  },
  async body(scope) {
    const { id: residentId } = await makeResident(scope);
    return { residentId, plate: plate() };
  },
};

/** Route harness: a vehicle with an insurance document. */
export const vehicleDocumentFixture: RouteFixture = {
  async create(scope, owner) {
    const { tx, propertyId } = scope;
    const id = Number((await vehicleFixture.create(scope, owner)).id);
    const pdf = Buffer.from('%PDF-1.4\n%fixture\n');
    const file = await insertFile(
      tx,
      scope.services.storage,
      {
        filename: 'insurance.pdf',
        extension: 'pdf',
        mimeType: 'application/pdf',
        size: pdf.length,
        sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
        buffer: pdf,
      },
      { entity: 'vehicles', entityId: String(id), propertyId: propertyId },
      owner.userId,
    );
    await tx
      .update(vehicles)
      .set({ insuranceFileId: file.id })
      .where(and(eq(vehicles.propertyId, propertyId), eq(vehicles.id, id)));
    return { id, document: 'insurance' };
  },
};

/** Route harness: an approved permit of a new resident's vehicle; the body is a valid permit of another. */
export const permitFixture: RouteFixture = {
  async create(scope) {
    const { tx, propertyId } = scope;
    const { id: residentId } = await makeResident(scope);
    const p = plate();
    const [v] = await tx
      .insert(vehicles)
      .values({ propertyId: propertyId, residentId, plate: p, plateNormalized: p })
      .returning({ id: vehicles.id });
    const [row] = await tx
      .insert(permits)
      .values({
        propertyId: propertyId,
        code: code(3),
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
  async body(scope) {
    const { id: residentId } = await makeResident(scope);
    return {
      code: code(3),
      residentId,
      permitTypeId: 1,
      comment: 'Checked by the harness',
    };
  },
};

/** Route harness: a permit (permitFixture) with its file attached. */
export const permitFileFixture: RouteFixture = {
  async create(scope, owner) {
    const { tx, propertyId } = scope;
    const id = Number((await permitFixture.create(scope, owner)).id);
    const pdf = Buffer.from('%PDF-1.4\n%permit fixture\n');
    const file = await insertFile(
      tx,
      scope.services.storage,
      {
        filename: 'permit.pdf',
        extension: 'pdf',
        mimeType: 'application/pdf',
        size: pdf.length,
        sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
        buffer: pdf,
      },
      { entity: 'permits', entityId: String(id), propertyId },
      owner.userId,
    );
    await tx
      .update(permits)
      .set({ fileId: file.id })
      .where(and(eq(permits.propertyId, propertyId), eq(permits.id, id)));
    return { id };
  },
};

async function resident({ tx, propertyId }: Scope) {
  const [user] = await tx
    .insert(tenantUsers)
    .values({ propertyId, type: 'tenant-resident', ...person(), passwordHash: 'x' })
    .returning();
  return user!.id;
}

/** Route harness: a reservation of a new spot for a new resident of the owner's property. */
export const reservationFixture: RouteFixture = {
  async create(scope, owner) {
    const { tx, propertyId } = scope;
    const { id: spotId } = await spotFixture.create(scope, owner);
    const residentId = await resident(scope);
    const [row] = await tx
      .insert(reservations)
      .values({
        propertyId: propertyId,
        spotId: Number(spotId),
        residentId,
        startsOn: '2030-01-01',
        endsOn: '2030-01-31',
      })
      .returning();
    return { id: row!.id };
  },
  async body(scope) {
    const { id: spotId } = await spotFixture.create(scope, { userId: 0 });
    return {
      spotId: Number(spotId),
      residentId: await resident(scope),
      startsOn: '2030-02-01',
      endsOn: '2030-02-10',
    };
  },
};

/** Route harness: a resident's pending request for a spot, for staff to approve or reject (with the reason). */
export const reservationRequestFixture: RouteFixture = {
  async create(scope, owner) {
    const { id } = await reservationFixture.create(scope, owner);
    await scope.tx
      .update(reservations)
      .set({ status: 'pending' })
      .where(and(eq(reservations.propertyId, scope.propertyId), eq(reservations.id, Number(id))));
    return { id: Number(id) };
  },
  async body() {
    return { comment: 'The spot is being repainted that month' };
  },
};
