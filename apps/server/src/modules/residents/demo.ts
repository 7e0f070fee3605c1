import { normalizePlate, type PermitStatus } from '@parkade/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { newToken } from '../../platform/auth';
import type { Tx } from '../../platform/db';
import { makes } from '../makes/table';
import { models } from '../models/table';
import { permits } from '../permits/table';
import { spots } from '../spots/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { vehicles } from '../vehicles/table';
import { NO_PASSWORD, refreshResidentSearch } from './service';
import { residents, residentUnits } from './table';

/** Demo residents: a permit in every status, and one deleted resident to restore. */
const PEOPLE: Record<'oakridge' | 'maplewood', [string, string, string, string, string][]> = {
  // name, language, plate, make, model
  oakridge: [
    ['Daniel Okafor', 'en', '7KXM214', 'Toyota', 'RAV4'],
    ['Lucía Fernández', 'es', 'BZP-4471', 'Honda', 'Civic'],
    ['Wei Zhang', 'zh', '8LRT093', 'Tesla', 'Model 3'],
    ['Priya Raman', 'en', 'GHW 5520', 'Subaru', 'Outback'],
    ['Marcus Bell', 'en', '6TYD881', 'Ford', 'F-150'],
    ['Sofía Castillo', 'es', 'CRN-2290', 'Nissan', 'Rogue'],
    ['Hannah Lee', 'en', '9PQS407', 'Hyundai', 'Tucson'],
  ],
  maplewood: [
    ['Olivia Brooks', 'en', 'MPL-1001', 'Kia', 'Sportage'],
    ['Javier Morales', 'es', 'JVM 4432', 'Chevrolet', 'Equinox'],
    ['Lin Chen', 'zh', 'LCH-7781', 'Toyota', 'Camry'],
    ['Ethan Walsh', 'en', 'ETW 0912', 'Jeep', 'Wrangler'],
    ['Amara Diallo', 'en', 'AMD-3345', 'Mazda', 'CX-5'],
    ['Carmen Ruiz', 'es', 'CRZ 6610', 'Volkswagen', 'Tiguan'],
    ['Noah Kim', 'en', 'NKM-2208', 'Honda', 'CR-V'],
  ],
};
/** One permit per person, in this order: every stored status, an expired one, and a deleted resident. */
const STATUSES: (PermitStatus | 'expired' | 'deleted')[] = [
  'approved',
  'pending',
  'rejected',
  'revoked',
  'inactive',
  'expired',
  'deleted',
];

const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

export async function seedResidentsDemo(tx: Tx, propertyId: number, plan: 'oakridge' | 'maplewood') {
  const unitRows = await tx
    .select({ id: units.id })
    .from(units)
    .where(eq(units.propertyId, propertyId))
    .orderBy(asc(units.id));
  if (!unitRows.length) return;
  const makeRows = await tx.select({ id: makes.id, name: makes.name }).from(makes);
  const modelRows = await tx.select({ id: models.id, name: models.name, makeId: models.makeId }).from(models);
  const makeId = (name: string) => makeRows.find((m) => m.name === name)?.id ?? null;
  const modelId = (make: string, name: string) =>
    modelRows.find((m) => m.makeId === makeId(make) && m.name === name)?.id ?? null;
  const prefix = plan === 'oakridge' ? 'OAK' : 'MPW';
  let n = 0;

  async function vehicleAndPermit(
    residentId: number,
    plate: string,
    make: string,
    model: string,
    status: PermitStatus,
    opts: {
      expiresOn?: string;
      deletedAt?: Date;
      comment?: string;
      spotId?: number | null;
      typeId?: number;
      startDate?: string;
    } = {},
  ) {
    n += 1;
    const [v] = await tx
      .insert(vehicles)
      .values({
        propertyId,
        residentId,
        plate,
        plateNormalized: normalizePlate(plate),
        makeId: makeId(make),
        modelId: modelId(make, model),
        vehicleType: n % 3 === 0 ? 'suv' : n % 3 === 1 ? 'sedan' : 'hatchback',
        color: ['White', 'Black', 'Silver', 'Blue', 'Red', 'Gray'][n % 6]!,
        year: 2015 + (n % 10),
        stickerNumber: `${prefix}-S${String(100 + n)}`,
        vinLast4: String(1000 + n * 37).slice(-4),
        permitTypeId: opts.typeId ?? 1,
        spotId: opts.spotId ?? null,
        deletedAt: opts.deletedAt ?? null,
      })
      .returning({ id: vehicles.id });
    await tx.insert(permits).values({
      propertyId,
      code: `${prefix}-${String(1000 + n)}`,
      residentId,
      vehicleId: v!.id,
      permitTypeId: opts.typeId ?? 1,
      spotId: opts.spotId ?? null,
      startDate: opts.startDate ?? day(-60),
      endDate: opts.expiresOn ?? (opts.typeId === 2 ? day(305) : null),
      expiresOn: opts.expiresOn ?? day(305),
      status,
      rejectionComment: opts.comment ?? null,
      year: new Date().getUTCFullYear(),
      approvedAt: status === 'approved' || status === 'inactive' || status === 'revoked' ? new Date() : null,
      publicToken: newToken(),
      deletedAt: opts.deletedAt ?? null,
    });
  }

  // The demo resident who signs in (resident@<plan>.test), when the property has one.
  const [demo] = await tx
    .select({ id: tenantUsers.id })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.propertyId, propertyId), eq(tenantUsers.email, `resident@${plan}.test`)));
  if (demo) {
    await tx.insert(residents).values({
      propertyId,
      id: demo.id,
      code: `${prefix}-R001`,
      leaseExpirationAt: day(365),
      signedAt: new Date(),
    });
    await tx.insert(residentUnits).values({ propertyId, residentId: demo.id, unitId: unitRows[0]!.id });
    await vehicleAndPermit(
      demo.id,
      plan === 'oakridge' ? '5ROS123' : 'MPW-RES1',
      'Toyota',
      'Corolla',
      'approved',
    );
  }

  const [reserved] = await tx
    .select({ id: spots.id })
    .from(spots)
    .where(and(eq(spots.propertyId, propertyId), inArray(spots.type, ['reserved', 'garage'])))
    .limit(1);
  const people = PEOPLE[plan];
  const ids: number[] = [];
  for (const [i, [fullName, language, plate, make, model]] of people.entries()) {
    const status = STATUSES[i % STATUSES.length]!;
    const deletedAt = status === 'deleted' ? new Date(Date.now() - 7 * 86_400_000) : undefined;
    const email = `${fullName
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\s+/g, '.')}@${plan}.test`;
    const [user] = await tx
      .insert(tenantUsers)
      .values({
        propertyId,
        type: 'tenant-resident',
        fullName,
        email,
        phone: `+1503555${String(2000 + i + (plan === 'oakridge' ? 0 : 50))}`,
        language,
        passwordHash: NO_PASSWORD,
        active: !deletedAt,
      })
      .returning({ id: tenantUsers.id });
    ids.push(user!.id);
    await tx.insert(residents).values({
      propertyId,
      id: user!.id,
      code: `${prefix}-R${String(i + 2).padStart(3, '0')}`,
      status: i === 3 ? 'pending-parking-policies' : 'active',
      leaseExpirationAt: day(120 + i * 45),
      signedAt: i === 3 ? null : new Date(),
      deletedAt: deletedAt ?? null,
    });
    await tx
      .insert(residentUnits)
      .values({ propertyId, residentId: user!.id, unitId: unitRows[(i + 1) % unitRows.length]!.id });
    const stored: PermitStatus =
      status === 'expired' ? 'approved' : status === 'deleted' ? 'approved' : status;
    await vehicleAndPermit(user!.id, plate, make, model, stored, {
      expiresOn: status === 'expired' ? day(-2) : undefined,
      deletedAt,
      comment: status === 'rejected' ? 'Proof of insurance missing' : undefined,
      // The first resident holds a reserved-spot permit (type 2) with its spot and end date.
      spotId: i === 0 ? (reserved?.id ?? null) : null,
      typeId: i === 0 && reserved ? 2 : 1,
    });
  }
  // The labels derived from those (decision 0044): a permit approved for a later day (not issued yet), one waiting for
  // its resident's signature (the resident who has not signed), and a reserved spot asked for without its spot.
  const second = (i: number, suffix: string) => {
    const [, , plate, make, model] = people[i]!;
    return { id: ids[i]!, plate: `${normalizePlate(plate).slice(0, 5)}${suffix}`, make, model };
  };
  const later = second(1, 'L');
  await vehicleAndPermit(later.id, later.plate, later.make, later.model, 'approved', { startDate: day(10) });
  const unsigned = second(3, 'S');
  await vehicleAndPermit(unsigned.id, unsigned.plate, unsigned.make, unsigned.model, 'pending');
  const asking = second(2, 'R');
  await vehicleAndPermit(asking.id, asking.plate, asking.make, asking.model, 'pending', { typeId: 2 });
  await refreshResidentSearch(tx, propertyId);
}
