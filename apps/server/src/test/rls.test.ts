import { areaPropertyId, CENTRAL_AREA_ID } from '../platform/db/columns';
import { DEFAULT_DOCUMENT_LAYOUT } from '@parkade/contract';
import { notificationReads, notifications } from '../modules/notifications/table';
import { requestEvents, requests } from '../modules/requests/table';
import crypto from 'node:crypto';
/**
 * Tenant isolation at the SQL level (DESIGN §4), on whichever backend runs the tests (PGlite by default,
 * PostgreSQL with DATABASE_URL), through the application's unprivileged role with RLS forced. Raw SQL, no
 * application filter: what these statements see and change is what row-level security allows, and nothing more.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChallenges, passwordResets, sessions } from '../modules/auth/table';
import { binnacle } from '../modules/binnacle/table';
import { files } from '../modules/files/table';
import { mailOutbox } from '../modules/outbox/table';
import { properties } from '../modules/properties/table';
import { tenantUsers, userInvitations } from '../modules/users/table';
import { buildings } from '../modules/buildings/table';
import { floors } from '../modules/floors/table';
import { parkingAreas, parkingMaps } from '../modules/parking-map/table';
import { reservations } from '../modules/reservations/table';
import { spotReports } from '../modules/spot-reports/table';
import { spots } from '../modules/spots/table';
import { units } from '../modules/units/table';
import { residentImports, residents, residentUnits } from '../modules/residents/table';
import { vehicles } from '../modules/vehicles/table';
import { searchWords } from '../platform/db/search-words';
import { permits } from '../modules/permits/table';
import { visitorLinks, visitors } from '../modules/visitors/table';
import { caregivers } from '../modules/caregivers/table';
import { patrolReports } from '../modules/patrol-reports/table';
import { patrolCheckIns, patrolObservations } from '../modules/patrolling/table';
import { permitWarnings } from '../modules/permit-warnings/table';
import { reasons } from '../modules/reasons/table';
import { tows } from '../modules/tows/table';
import { vehicleTows } from '../modules/vehicle-tows/table';
import { warnings } from '../modules/warnings/table';
import { permitTypes } from '../modules/permit-types/table';
import { formRules } from '../modules/form-rules/table';
import { customEmailTemplates, emailTemplates } from '../modules/email-templates/table';
import { expiryReminders } from '../modules/expiry-reminders/table';
import { documentAssets, documentVersions } from '../modules/documents/table';
import { emailSendRecipients, emailSends } from '../modules/emails-sender/table';
import { bannedVehicles } from '../modules/banned-vehicles/table';
import { roles } from '../modules/roles/table';
import { query, type Database, type RowScope, type Tx } from '../platform/db';
import { pgError } from '../platform/errors';
import { openTestDatabase } from './db';

/** Platform tables with a property_id but no RLS (see PLATFORM in schema.test.ts): none today. */
const PLATFORM = new Set<string>();
/**
 * Mixed tables whose rows of no property every property may read (never write): roles, whose built-in rows a
 * property's staff hold (decision 0020).
 */
const SHARED_READ = new Set(['roles']);

/** Tables with read and insert policies only (decision 0042): no row is ever changed or deleted by the app. */
const WRITE_ONCE = ['document_versions', 'document_assets'];

let database: Database;
let A: number;
let B: number;
let tables: string[] = [];
/** Rows seeded per table: property A, property B, and no property (mixed tables only). */
const seeded: Record<string, { a: number; b: number; none: number }> = {};

const inScope = <T>(scope: RowScope, fn: (tx: Tx) => Promise<T>) => database.withScope(scope, fn);
const tenant = (propertyId: number): RowScope => ({ area: 'tenant', propertyId });
const central: RowScope = { area: 'central' };
const rowsOf = <T>(tx: Tx, statement: SQL) => query<T>(tx, statement);
const t = (name: string) => sql.identifier(name);

async function counts(scope: RowScope, table: string) {
  return inScope(scope, async (tx) => {
    const [r] = await rowsOf<{ a: number; b: number; none: number; all: number }>(
      tx,
      sql`select count(*) filter (where property_id = ${A})::int as a,
                 count(*) filter (where property_id = ${B})::int as b,
                 count(*) filter (where property_id is null or property_id = 0)::int as none,
                 count(*)::int as all
          from ${t(table)}`,
    );
    return r!;
  });
}

/** The statement must fail with the RLS error (42501: new row violates row-level security policy). */
async function expectRefused(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'the statement was accepted').toBeDefined();
  const pge = pgError(err);
  expect(pge?.code, String(pge?.message ?? err)).toBe('42501');
  expect(pge?.message).toMatch(/row-level security/);
}

async function seed(scope: RowScope, propertyId: number | null) {
  await inScope(scope, async (tx) => {
    if (propertyId !== null) {
      const [user] = await tx
        .insert(tenantUsers)
        .values({
          propertyId,
          fullName: `User of ${propertyId}`,
          email: `u${propertyId}@x.test`,
          passwordHash: 'h',
        })
        .returning();
      const [building] = await tx.insert(buildings).values({ propertyId, name: 'B1' }).returning();
      const [floor] = await tx
        .insert(floors)
        .values({ propertyId, buildingId: building!.id, name: '1' })
        .returning();
      const [unit] = await tx
        .insert(units)
        .values({ propertyId, buildingId: building!.id, floorId: floor!.id, name: '101' })
        .returning();
      await tx.insert(residents).values({ propertyId, id: user!.id });
      await tx.insert(residentUnits).values({ propertyId, residentId: user!.id, unitId: unit!.id });
      await tx
        .insert(searchWords)
        .values({ propertyId, entity: 'residents', entityId: user!.id, word: 'rls' });
      const [vehicle] = await tx
        .insert(vehicles)
        .values({ propertyId, residentId: user!.id, plate: 'ABC-1', plateNormalized: 'ABC1' })
        .returning();
      const [permitType] = await tx
        .insert(permitTypes)
        .values({ code: `rls-${propertyId}`, name: 'RLS' })
        .returning();
      await tx.insert(permits).values({
        propertyId,
        code: 'P1',
        residentId: user!.id,
        vehicleId: vehicle!.id,
        permitTypeId: permitType!.id,
        year: 2026,
        publicToken: `t${propertyId}`,
      });
      const [reason] = await tx
        .insert(reasons)
        .values({ code: `rls-${propertyId}`, name: 'RLS' })
        .returning();
      await tx.insert(bannedVehicles).values({
        propertyId,
        plate: 'BAN-1',
        plateNormalized: 'BAN1',
        reasonId: reason!.id,
        bannedFrom: '2026-01-01',
      });
      const [guest] = await tx
        .insert(visitors)
        .values({ propertyId, name: 'Guest', residentId: user!.id, plate: 'V-1' })
        .returning();
      await tx.insert(visitorLinks).values({
        propertyId,
        kind: 'personal',
        tokenHash: `rls-${propertyId}`,
        visitorId: guest!.id,
        expiresAt: new Date('2030-01-01'),
      });
      await tx.insert(caregivers).values({
        propertyId,
        residentId: user!.id,
        name: 'Carer',
        plate: 'CG-1',
        plateNormalized: 'CG1',
        days: [1],
        status: 'active',
      });
      await tx.insert(residentImports).values({ propertyId, fileName: 'r.xlsx', storageKey: 'k' });
      const [note] = await tx
        .insert(notifications)
        .values({ propertyId, kind: 'permitPending', recordId: 1 })
        .returning();
      await tx
        .insert(notificationReads)
        .values({ propertyId, notificationId: note!.id, userType: 'tenant-user', userId: user!.id });
      const [request] = await tx
        .insert(requests)
        .values({
          propertyId,
          typeId: 5,
          subject: 'S',
          description: 'D',
          requesterType: 'tenant-resident',
          requesterId: user!.id,
          requesterName: 'R',
        })
        .returning();
      await tx
        .insert(requestEvents)
        .values({ propertyId, requestId: request!.id, kind: 'created', authorName: 'R' });
      await tx.insert(formRules).values({ propertyId, form: 'vehicles', field: 'color' });
      await tx
        .insert(emailTemplates)
        .values({ propertyId, key: 'password-reset', language: 'en', subject: 'S', body: 'B' });
      await tx
        .insert(customEmailTemplates)
        .values({ propertyId, name: 'T', texts: { en: { subject: 'S', body: 'B' } } });
      await tx
        .insert(expiryReminders)
        .values({ propertyId, kind: 'permit', permitId: 1, endsOn: '2026-01-31', sentTo: 'r@rls.test' });
      await tx.insert(documentVersions).values({
        propertyId,
        kind: 'parking-policies',
        version: 1,
        layout: DEFAULT_DOCUMENT_LAYOUT,
        texts: {},
      });
      await tx
        .insert(documentAssets)
        .values({ propertyId, sha256: 'a'.repeat(64), mimeType: 'image/png', bytes: Buffer.from([1]) });
      const [send] = await tx
        .insert(emailSends)
        .values({ propertyId, subject: 'S', texts: {}, filters: {}, attachments: [], ratePerMinute: 600 })
        .returning();
      await tx.insert(emailSendRecipients).values({
        propertyId,
        sendId: send!.id,
        residentId: user!.id,
        email: 'r@rls.test',
        name: 'R',
        language: 'en',
      });
      await tx.insert(parkingMaps).values({ propertyId });
      const [area] = await tx.insert(parkingAreas).values({ propertyId, name: 'North lot' }).returning();
      const [spot] = await tx.insert(spots).values({ propertyId, areaId: area!.id, number: '1' }).returning();
      await tx.insert(reservations).values({
        propertyId,
        spotId: spot!.id,
        residentId: user!.id,
        startsOn: '2026-01-01',
        endsOn: '2026-01-31',
      });
      await tx.insert(spotReports).values({
        propertyId,
        spotId: spot!.id,
        residentId: user!.id,
        plate: 'CAR-1',
        plateNormalized: 'CAR1',
      });
      // The patrol's round: a check-in, an observation, its report, a warning and a tow.
      const [round] = await tx
        .insert(patrolCheckIns)
        .values({
          propertyId,
          userArea: 'tenant',
          userId: user!.id,
          userName: 'Officer',
          locationStatus: 'valid',
        })
        .returning();
      const [seen] = await tx
        .insert(patrolObservations)
        .values({
          propertyId,
          checkInId: round!.id,
          userArea: 'tenant',
          userId: user!.id,
          userName: 'Officer',
          clientKey: crypto.randomUUID(),
          plate: 'CAR-1',
          plateNormalized: 'CAR1',
          observedAt: new Date(),
        })
        .returning();
      await tx.insert(patrolReports).values({
        propertyId,
        checkInId: round!.id,
        userArea: 'tenant',
        userId: user!.id,
        userName: 'Officer',
      });
      const [kind] = await tx
        .insert(warnings)
        .values({ code: `rls-w-${propertyId}`, name: 'W' })
        .returning();
      const [why] = await tx
        .insert(reasons)
        .values({ code: `rls-r-${propertyId}`, name: 'R' })
        .returning();
      const [tow] = await tx
        .insert(tows)
        .values({ code: `rls-t-${propertyId}`, name: 'T' })
        .returning();
      const [warned] = await tx
        .insert(permitWarnings)
        .values({
          propertyId,
          observationId: seen!.id,
          checkInId: round!.id,
          plate: 'CAR-1',
          plateNormalized: 'CAR1',
          warningId: kind!.id,
          reasonId: why!.id,
          status: 'placed',
          requestedByArea: 'tenant',
          requestedById: user!.id,
          requestedByName: 'Officer',
        })
        .returning();
      await tx.insert(vehicleTows).values({
        propertyId,
        permitWarningId: warned!.id,
        towId: tow!.id,
        plate: 'CAR-1',
        plateNormalized: 'CAR1',
        towAuthorizationDate: new Date(),
        readyToTowAt: new Date(),
        authorizedByArea: 'tenant',
        authorizedById: user!.id,
        authorizedByName: 'Manager',
        photoFileIds: [],
      });
    }
    // The tables both areas write keep the central area's rows under CENTRAL_AREA_ID (decision 0057); roles, null.
    const own = areaPropertyId(propertyId);
    await tx.insert(files).values({
      propertyId: own,
      entity: 'test',
      originalName: 'a.png',
      extension: 'png',
      mimeType: 'image/png',
      size: 1,
      storageKey: `k${propertyId}`,
      sha256: '0'.repeat(64),
    });
    await tx.insert(binnacle).values({ propertyId: own, area: 'tenant', entity: 'test', action: 'create' });
    await tx.insert(roles).values({ propertyId, name: `rls-${propertyId ?? 'central'}` });
    await tx
      .insert(mailOutbox)
      .values({ propertyId: own, to: 'x@x.test', subject: 's', text: 't', kind: 'test' });
    const area = propertyId === null ? 'central' : 'tenant';
    const expiresAt = new Date(Date.now() + 3_600_000);
    await tx
      .insert(sessions)
      .values({ tokenHash: `s${propertyId}`, area, propertyId: own, userId: 1, expiresAt });
    await tx
      .insert(passwordResets)
      .values({ tokenHash: `r${propertyId}`, area, propertyId: own, userId: 1, expiresAt });
    await tx
      .insert(loginChallenges)
      .values({ tokenHash: `c${propertyId}`, area, propertyId: own, userId: 1, expiresAt });
    await tx
      .insert(userInvitations)
      .values({ tokenHash: `i${propertyId}`, area, propertyId: own, userId: 1, expiresAt });
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  const ids = await inScope(central, async (tx) => {
    const rows = await tx
      .insert(properties)
      .values([
        { code: 'rls-a', name: 'A' },
        { code: 'rls-b', name: 'B' },
      ])
      .returning({ id: properties.id });
    return rows.map((r) => r.id);
  });
  A = ids[0]!;
  B = ids[1]!;
  await seed(tenant(A), A);
  await seed(tenant(B), B);
  await seed(central, null);
  const { rows } = await database.executeSql(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attname = 'property_id' and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  tables = rows.map((r) => String(r.name)).filter((name) => !PLATFORM.has(name));
  for (const table of tables) seeded[table] = await counts(central, table);
});
afterAll(() => database?.close());

describe('tenant scope', () => {
  it("sees only its own property's rows of every tenant table", async () => {
    expect(tables).toEqual(expect.arrayContaining(['tenant_users', 'files', 'binnacle', 'mail_outbox']));
    for (const table of tables) {
      const c = await counts(tenant(A), table);
      const none = SHARED_READ.has(table) ? seeded[table]!.none : 0;
      expect({ table, ...c }).toEqual({
        table,
        a: seeded[table]!.a,
        b: 0,
        none,
        all: seeded[table]!.a + none,
      });
    }
    expect(seeded.tenant_users!.a).toBeGreaterThan(0);
    expect(seeded.files!.none).toBeGreaterThan(0);
  });

  it("cannot insert another property's rows, nor rows of no property", async () => {
    await expectRefused(
      inScope(tenant(A), (tx) =>
        tx.execute(
          sql`insert into tenant_users (property_id, full_name, password_hash) values (${B}, 'Intruder', 'h')`,
        ),
      ),
    );
    // Nor the central area's (CENTRAL_AREA_ID in the tables both areas write, decision 0057).
    for (const propertyId of [B, null, CENTRAL_AREA_ID]) {
      await expectRefused(
        inScope(tenant(A), (tx) =>
          tx.execute(
            sql`insert into files (property_id, entity, original_name, extension, mime_type, size, storage_key, sha256)
                values (${propertyId}, 'x', 'x.png', 'png', 'image/png', 1, 'k', ${'0'.repeat(64)})`,
          ),
        ),
      );
      await expectRefused(
        inScope(tenant(A), (tx) =>
          tx.execute(
            sql`insert into binnacle (property_id, area, entity, action) values (${propertyId}, 'tenant', 'x', 'x')`,
          ),
        ),
      );
      await expectRefused(
        inScope(tenant(A), (tx) =>
          tx.execute(sql`insert into roles (property_id, name) values (${propertyId}, 'intruder')`),
        ),
      );
      await expectRefused(
        inScope(tenant(A), (tx) =>
          tx.execute(
            sql`insert into mail_outbox (property_id, "to", subject, text, kind) values (${propertyId}, 'a@x.test', 's', 't', 'k')`,
          ),
        ),
      );
    }
    for (const table of tables) expect(await counts(central, table)).toEqual(seeded[table]);
  });

  it("cannot update or delete another property's rows, nor move its own rows to another property", async () => {
    const before = await inScope(central, (tx) =>
      rowsOf<Record<string, unknown>>(tx, sql`select * from tenant_users order by property_id, id`),
    );
    for (const table of tables) {
      const changed = await inScope(tenant(A), async (tx) => {
        const updated = await rowsOf(
          tx,
          sql`update ${t(table)} set property_id = property_id where property_id = ${B} or property_id is null or property_id = 0 returning 1`,
        );
        const deleted = await rowsOf(
          tx,
          sql`delete from ${t(table)} where property_id = ${B} or property_id is null or property_id = 0 returning 1`,
        );
        return updated.length + deleted.length;
      });
      expect(changed, `${table}: rows of B or of no property changed from A's scope`).toBe(0);
      // WITH CHECK: a visible row cannot be handed to another property.
      if (seeded[table]!.a > 0 && !WRITE_ONCE.includes(table))
        await expectRefused(
          inScope(tenant(A), (tx) =>
            tx.execute(sql`update ${t(table)} set property_id = ${B} where property_id = ${A}`),
          ),
        );
    }
    await inScope(tenant(A), (tx) =>
      tx.execute(sql`update tenant_users set full_name = 'Renamed' where property_id = ${B}`),
    );
    const after = await inScope(central, (tx) =>
      rowsOf<Record<string, unknown>>(tx, sql`select * from tenant_users order by property_id, id`),
    );
    expect(after).toEqual(before);
    for (const table of tables) expect(await counts(central, table)).toEqual(seeded[table]);
  });

  it('cannot change or delete even its own rows of a write-once table (what a resident signed)', async () => {
    for (const table of WRITE_ONCE) {
      expect(seeded[table]!.a, table).toBeGreaterThan(0);
      const changed = await inScope(tenant(A), async (tx) => {
        const updated = await rowsOf(
          tx,
          sql`update ${t(table)} set property_id = ${B} where property_id = ${A} returning 1`,
        );
        const deleted = await rowsOf(tx, sql`delete from ${t(table)} where property_id = ${A} returning 1`);
        return updated.length + deleted.length;
      });
      expect(changed, table).toBe(0);
      expect(await counts(central, table)).toEqual(seeded[table]);
    }
  });

  it('changes its own rows', async () => {
    const updated = await inScope(tenant(A), (tx) =>
      rowsOf<{ id: number }>(
        tx,
        sql`update tenant_users set full_name = full_name where property_id = ${A} returning id::int as id`,
      ),
    );
    expect(updated.length).toBe(seeded.tenant_users!.a);
  });
});

describe('public scope', () => {
  it('sees no rows of any tenant table and cannot write one', async () => {
    for (const table of tables)
      expect({ table, ...(await counts({ area: 'public' }, table)) }).toMatchObject({ table, all: 0 });
    await expectRefused(
      inScope({ area: 'public' }, (tx) =>
        tx.execute(
          sql`insert into binnacle (property_id, area, entity, action) values (${A}, 'tenant', 'x', 'x')`,
        ),
      ),
    );
    await expectRefused(
      inScope({ area: 'public' }, (tx) =>
        tx.execute(
          sql`insert into binnacle (property_id, area, entity, action) values (null, 'central', 'x', 'x')`,
        ),
      ),
    );
  });
});

describe('central scope', () => {
  it('sees every row of every property and of none, and writes for any property', async () => {
    for (const table of tables) {
      const c = await counts(central, table);
      expect(c.all).toBe(c.a + c.b + c.none);
      expect(c.a + c.b, table).toBeGreaterThan(0);
    }
    const id = await inScope(central, async (tx) => {
      const [r] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into binnacle (property_id, area, entity, action) values (${B}, 'central', 'x', 'x') returning id::int as id`,
      );
      await tx.execute(sql`delete from binnacle where id = ${r!.id}`);
      return r!.id;
    });
    expect(id).toBeGreaterThan(0);
  });
});

describe('no scope', () => {
  it('sees nothing outside a scoped transaction, on every pooled connection, after scoped work ran', async () => {
    // Scoped transactions first, so a connection that served them is reused below: their settings were local.
    await Promise.all([A, B, A, B].map((p) => counts(tenant(p), 'tenant_users')));
    await counts(central, 'tenant_users');
    const plain = await Promise.all(
      Array.from({ length: 12 }, () => database.executeSql('select count(*)::int as n from tenant_users')),
    );
    for (const r of plain) expect(r.rows[0]!.n).toBe(0);
    for (const table of tables) {
      const { rows } = await database.executeSql(`select count(*)::int as n from "${table}"`);
      expect({ table, n: rows[0]!.n }).toEqual({ table, n: 0 });
    }
    // A transaction that sets no scope sees nothing either.
    const inTx = await database.db.transaction((tx) =>
      rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from tenant_users`),
    );
    expect(inTx[0]!.n).toBe(0);
  });

  it('cannot write a tenant row', async () => {
    await expectRefused(
      database.executeSql(
        `insert into binnacle (property_id, area, entity, action) values ($1, 'tenant', 'x', 'x')`,
        [A],
      ),
    );
  });
});
