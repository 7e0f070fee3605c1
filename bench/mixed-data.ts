/**
 * The mixed load's data (issue 39 §4, decision 0056): properties of residents with vehicles, permits and visitor
 * permits (bench/plates.ts), the first of them the one the load works on — its residents with names as diverse as a
 * real property's, an email each and limits high enough that no registration of the run is refused for a limit;
 * 20 banned plates; managers; one parking inspector, one resident, one staff user ("clerk") and one property role
 * ("desk") per connection of the driver, each its own, so a loop's round, vehicles and edits are its own and the
 * ledger can say what each row must hold. Then every account signs in through the real API.
 */
import { faker } from '@faker-js/faker';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth';
import { BENCH_PASSWORD } from './data';
import { seedBannedPlates, seedPlates } from './plates';

/** Where the property stands; inspectors check in from a few metres away (status valid). */
export const MIXED_POSITION = { latitude: 40.4168, longitude: -3.7038 };

/** The two permission sets a manager's role edit swaps between: both within the manager's own permissions. */
export const DESK_PERMISSIONS = [
  ['visitors.index', 'visitors.show', 'residents.index', 'residents.show'],
  ['visitors.index', 'visitors.show', 'residents.index', 'residents.show', 'vehicles.index', 'vehicles.show'],
];

export interface MixedSeed {
  propertyId: number;
  code: string;
  properties: number;
  vehicles: number;
  residents: number;
  managers: string[];
  inspectors: string[];
  /** The driver's residents, one per connection: their emails. */
  residentEmails: string[];
  clerks: { id: number; username: string; email: string; roleId: number }[];
  desks: { id: number; name: string }[];
  /** Residents a visitor may name (unit as written on the door, last name), in a fixed order. */
  hosts: { residentId: number; unit: string; lastName: string }[];
  /** Plates of the property, for the lookups of rounds. */
  plates: string[];
}

export async function seedMixed(
  ownerUrl: string,
  opts: { connections: number; properties: number; vehiclesPerProperty: number },
): Promise<MixedSeed> {
  faker.seed(20260439);
  const n = opts.connections;
  const hash = await hashPassword(BENCH_PASSWORD);
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  try {
    await c.query('begin');
    const props = await seedPlates(c, {
      prefix: 'bench-mix',
      name: 'Bench Mixed',
      count: opts.properties,
      vehiclesPerProperty: opts.vehiclesPerProperty,
      vehiclesPerResident: 2,
    });
    const propertyId = Number(props[0]!.id);
    const code = props[0]!.code;
    await c.query(`update properties set latitude = $2, longitude = $3 where id = $1`, [
      propertyId,
      MIXED_POSITION.latitude,
      MIXED_POSITION.longitude,
    ]);
    // Residents as a real property's: varied names, an email each; limits no run reaches.
    const { rows: people } = await c.query<{ id: string }>(
      `select id from residents where property_id = $1 order by id`,
      [propertyId],
    );
    const names = people.map(() => `${faker.person.firstName()} ${faker.person.lastName()}`);
    await c.query(
      `update tenant_users u set full_name = x.name, email = 'resident' || x.n || '@mix.bench', password_hash = $4
       from unnest($2::bigint[], $3::text[]) with ordinality as x(id, name, n)
       where u.property_id = $1 and u.id = x.id`,
      [propertyId, people.map((p) => p.id), names, hash],
    );
    await c.query(
      `update residents set visitor_limit = 1000, visitor_vehicles_allowed = 1000, vehicles_allowed = 1000,
         changes_allowed = 1000
       where property_id = $1`,
      [propertyId],
    );
    const { rows: hostRows } = await c.query<{ id: string; unit: string; name: string }>(
      `select r.id, u.name as unit, t.full_name as name from residents r
       join resident_units ru on ru.property_id = r.property_id and ru.resident_id = r.id
       join units u on u.property_id = ru.property_id and u.id = ru.unit_id
       join tenant_users t on t.property_id = r.property_id and t.id = r.id
       where r.property_id = $1 order by r.id`,
      [propertyId],
    );
    await seedBannedPlates(c, propertyId, 'bench-mix');

    const builtIn = async (name: string) =>
      (await c.query<{ id: string }>(`select id from roles where name = $1 and property_id is null`, [name]))
        .rows[0]!.id;
    const staff = async (prefix: string, count: number, roleIds: (i: number) => string | number) => {
      const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@mix.bench`);
      const { rows } = await c.query<{ id: string; email: string; username: string; role_id: string }>(
        `insert into tenant_users (property_id, type, username, full_name, email, password_hash, language, role_id)
         select $1, 'tenant-user', split_part(e, '@', 1), f, e, $4, 'en', r
         from unnest($2::text[], $3::text[], $5::bigint[]) as x(e, f, r)
         returning id, email, username, role_id`,
        [
          propertyId,
          emails,
          emails.map(() => faker.person.fullName().replace(/[^\p{L}\p{M}' .-]/gu, '')),
          hash,
          emails.map((_, i) => roleIds(i)),
        ],
      );
      return rows;
    };
    const manager = await builtIn('manager');
    const inspector = await builtIn('parking-inspector');
    const managers = await staff('manager', Math.max(2, Math.ceil(n / 16)), () => manager);
    const inspectors = await staff('inspector', n, () => inspector);
    // One desk role per connection, each edited by its loop only.
    const { rows: desks } = await c.query<{ id: string; name: string }>(
      `insert into roles (property_id, name, description, permissions)
       select $1, 'Desk ' || g, 'Front desk', $3::text[] from generate_series(1, $2) g order by g
       returning id, name`,
      [propertyId, n, DESK_PERMISSIONS[0]],
    );
    const clerks = await staff('clerk', n, (i) => desks[i]!.id);
    await c.query('commit');
    for (const t of ['tenant_users', 'residents', 'vehicles', 'permits', 'visitors', 'roles', 'units'])
      await c.query(`vacuum analyze ${t}`);
    const { rows: plates } = await c.query<{ plate: string }>(
      `select plate_normalized as plate from vehicles where property_id = $1 order by md5(id::text) limit 400`,
      [propertyId],
    );
    const count = async (sql: string) => Number((await c.query<{ n: string }>(sql)).rows[0]!.n);
    return {
      propertyId,
      code,
      properties: props.length,
      vehicles: await count('select count(*) as n from vehicles'),
      residents: await count('select count(*) as n from residents'),
      managers: managers.map((m) => m.email),
      inspectors: inspectors.map((m) => m.email),
      residentEmails: Array.from({ length: n }, (_, i) => `resident${i + 1}@mix.bench`),
      clerks: clerks.map((k) => ({
        id: Number(k.id),
        username: k.username,
        email: k.email,
        roleId: Number(k.role_id),
      })),
      desks: desks.map((d) => ({ id: Number(d.id), name: d.name })),
      hosts: hostRows.map((h) => ({
        residentId: Number(h.id),
        unit: h.unit,
        lastName: h.name.split(' ').at(-1)!,
      })),
      plates: plates.map((p) => p.plate),
    };
  } catch (e) {
    await c.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    await c.end();
  }
}
