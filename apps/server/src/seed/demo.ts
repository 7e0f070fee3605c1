import { count, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../platform/auth';
import type { Tx } from '../platform/db';
import { properties } from '../modules/properties/table';
import { zones } from '../modules/zones/table';
import { roles } from '../modules/roles/table';
import { centralUsers, tenantUsers } from '../modules/users/table';
import { seedMapDemo } from '../modules/parking-map/demo';
import { seedStructureDemo } from '../modules/units/demo';
import { seedResidentsDemo } from '../modules/residents/demo';
import { seedBansDemo } from '../modules/banned-vehicles/demo';
import { seedHistoryDemo } from './history';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', area: 'central', role: 'admin', note: 'central admin' },
  {
    email: 'inspector@demo.test',
    area: 'central',
    role: 'parking-inspector',
    note: 'central parking inspector',
  },
  { email: 'manager@oakridge.test', area: 'oakridge', role: 'manager', note: 'manager of Oakridge' },
  { email: 'manager@maplewood.test', area: 'maplewood', role: 'manager', note: 'manager of Maplewood' },
  { email: 'resident@oakridge.test', area: 'oakridge', role: null, note: 'resident of Oakridge' },
] as const;

/** Demo zones: Oakridge lies in the first, Maplewood in the second; the third has no property yet. */
export const DEMO_ZONES = [
  {
    code: 'travis-county',
    name: 'Travis County',
    county: 'Travis',
    cities: ['Austin', 'Pflugerville', 'Manor', 'Lakeway', 'Bee Cave'],
    zipCodes: ['78701', '78702', '78703', '78704', '78705', '78660', '78653', '78734', '78738'],
  },
  {
    code: 'portland-metro',
    name: 'Portland Metro',
    county: 'Multnomah',
    cities: ['Portland', 'Gresham', 'Troutdale', 'Fairview'],
    zipCodes: ['97201', '97204', '97205', '97209', '97210', '97030', '97060', '97024'],
  },
  {
    code: 'los-angeles-westside',
    name: 'Los Angeles Westside',
    county: 'Los Angeles',
    cities: ['Santa Monica', 'Culver City', 'Beverly Hills', 'West Hollywood'],
    zipCodes: ['90401', '90402', '90403', '90404', '90405', '90230', '90232', '90210', '90211', '90069'],
  },
];

/** Demo properties and accounts, created only on an empty database outside production. */
export async function seedDemo(tx: Tx): Promise<boolean> {
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(properties);
  if (n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const roleId = async (name: string) => (await tx.select().from(roles).where(eq(roles.name, name)))[0]!.id;
  const zoneId = (code: string) => demoZones.find((z) => z.code === code)!.id;

  // Zones group the properties: the dashboard picks a zone, then a property.
  await tx.insert(zones).values(DEMO_ZONES).onConflictDoNothing();
  const demoZones = await tx
    .select({ id: zones.id, code: zones.code })
    .from(zones)
    .where(
      inArray(
        zones.code,
        DEMO_ZONES.map((z) => z.code),
      ),
    );

  const [oakridge] = await tx
    .insert(properties)
    .values({
      code: 'oakridge',
      name: 'Oakridge Apartments',
      type: 'house',
      address: '1200 Oakridge Drive',
      city: 'Austin',
      state: 'Texas',
      county: 'Travis',
      zipcode: '78701',
      country: 'US',
      timezone: 'America/Chicago',
      latitude: 30.2672,
      longitude: -97.7431,
      languages: ['en', 'es', 'zh'],
      zoneId: zoneId('travis-county'),
    })
    .returning();
  const [maplewood] = await tx
    .insert(properties)
    .values({
      code: 'maplewood',
      name: 'Maplewood Commons',
      type: 'office',
      address: '455 Maple Avenue',
      city: 'Portland',
      state: 'Oregon',
      county: 'Multnomah',
      zipcode: '97205',
      country: 'US',
      timezone: 'America/Los_Angeles',
      latitude: 45.5152,
      longitude: -122.6784,
      languages: ['en', 'es'],
      zoneId: zoneId('portland-metro'),
    })
    .returning();

  const central = await tx
    .insert(centralUsers)
    .values([
      {
        username: 'admin',
        fullName: 'Alex Admin',
        email: 'admin@demo.test',
        passwordHash,
        roleId: await roleId('admin'),
      },
      {
        username: 'inspector',
        fullName: 'Ivy Inspector',
        email: 'inspector@demo.test',
        phone: '+15125550100',
        passwordHash,
        roleId: await roleId('parking-inspector'),
      },
    ])
    .returning({ id: centralUsers.id, fullName: centralUsers.fullName, username: centralUsers.username });
  const inspector = central.find((u) => u.username === 'inspector')!;
  await tx.insert(tenantUsers).values([
    {
      propertyId: oakridge!.id,
      type: 'tenant-user',
      username: 'oakridge.manager',
      fullName: 'Olivia Manager',
      email: 'manager@oakridge.test',
      passwordHash,
      roleId: await roleId('manager'),
    },
    {
      propertyId: oakridge!.id,
      type: 'tenant-resident',
      fullName: 'Rosa Resident',
      email: 'resident@oakridge.test',
      phone: '+15125550111',
      passwordHash,
      language: 'es',
    },
    {
      propertyId: maplewood!.id,
      type: 'tenant-user',
      username: 'maplewood.manager',
      fullName: 'Marcus Manager',
      email: 'manager@maplewood.test',
      passwordHash,
      roleId: await roleId('manager'),
    },
  ]);
  // A living property: buildings with floors and units, parking areas with spots of several types, a reservation.
  for (const [p, plan] of [
    [oakridge!, 'oakridge'],
    [maplewood!, 'maplewood'],
  ] as const) {
    await seedStructureDemo(tx, p.id, plan);
    await seedMapDemo(tx, p.id, plan);
    await seedResidentsDemo(tx, p.id, plan);
    await seedBansDemo(tx, p.id, plan);
    // The last weeks of a running property: its dashboard and reports open on figures (seed/history.ts).
    await seedHistoryDemo(tx, p.id, plan, { id: inspector.id, name: inspector.fullName });
  }
  return true;
}

/**
 * The demo accounts (published password) found in the database, by email. A production start refuses to go on
 * while any exists: a database once started in development must not serve production with them.
 */
export async function demoAccountsPresent(tx: Tx): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const central = await tx
    .select({ email: centralUsers.email })
    .from(centralUsers)
    .where(inArray(centralUsers.email, emails));
  const tenant = await tx
    .select({ email: tenantUsers.email })
    .from(tenantUsers)
    .where(inArray(tenantUsers.email, emails));
  return [...central, ...tenant].map((r) => r.email ?? '').filter(Boolean);
}
