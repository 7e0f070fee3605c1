/**
 * The catalog seeds (production too): what a new installation starts with, that a second run changes nothing,
 * and that an admin's edits survive a restart. The demo puts its properties in zones.
 */
import { SYSTEM_PERMIT_TYPES } from '@parkade/contract';
import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../platform/db';
import { makes } from '../modules/makes/table';
import { VEHICLE_MAKES } from '../modules/makes/seed';
import { models } from '../modules/models/table';
import { permitTypes } from '../modules/permit-types/table';
import { properties } from '../modules/properties/table';
import { reasons } from '../modules/reasons/table';
import { states } from '../modules/states/table';
import { tows } from '../modules/tows/table';
import { warnings } from '../modules/warnings/table';
import { zones } from '../modules/zones/table';
import { openTestDatabase } from '../test/db';
import { DEMO_ZONES } from './demo';
import { seed } from '.';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const central = <T>(fn: (tx: Tx) => Promise<T>) => database.withScope({ area: 'central' }, fn);
/** Every catalog row, to compare before and after a run. */
const everything = () =>
  central(async (tx) => ({
    states: await tx.select().from(states).orderBy(asc(states.id)),
    permitTypes: await tx.select().from(permitTypes).orderBy(asc(permitTypes.id)),
    reasons: await tx.select().from(reasons).orderBy(asc(reasons.id)),
    warnings: await tx.select().from(warnings).orderBy(asc(warnings.id)),
    tows: await tx.select().from(tows).orderBy(asc(tows.id)),
    makes: await tx.select().from(makes).orderBy(asc(makes.id)),
    models: await tx.select().from(models).orderBy(asc(models.id)),
    zones: await tx.select().from(zones).orderBy(asc(zones.id)),
  }));

describe('catalog seeds', () => {
  it('fill a new installation with the reference catalogs and the demo zones', async () => {
    await seed(database, { demo: true });
    const all = await everything();

    expect(all.states).toHaveLength(51);
    expect(all.states.find((s) => s.code === 'TX')?.name).toBe('Texas');
    expect(all.states.find((s) => s.code === 'DC')?.name).toBe('District of Columbia');
    expect(all.permitTypes.map(({ id, code, builtIn }) => ({ id, code, builtIn }))).toEqual(
      SYSTEM_PERMIT_TYPES.map(({ id, code }) => ({ id, code, builtIn: true })),
    );
    expect(all.reasons.map((r) => r.code)).toEqual(
      expect.arrayContaining([
        'expired-permit',
        'no-permit',
        'fire-lane',
        'double-parking',
        'abandoned-vehicle',
      ]),
    );
    expect(all.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['first-warning', 'final-warning', 'sticker-notice']),
    );
    expect(all.tows.map((t) => t.code)).toEqual(
      expect.arrayContaining(['standard-tow', 'impound', 'relocation']),
    );

    expect(all.makes.length).toBeGreaterThanOrEqual(25);
    const perMake = await central((tx) =>
      tx
        .select({ make: makes.name, n: count(models.id) })
        .from(makes)
        .leftJoin(models, eq(models.makeId, makes.id))
        .groupBy(makes.name),
    );
    expect(perMake.every((m) => m.n >= 2)).toBe(true);
    const modelCount = Object.values(VEHICLE_MAKES).flat().length;
    expect(all.models).toHaveLength(modelCount);
    const toyota = all.makes.find((m) => m.code === 'toyota')!;
    expect(all.models.filter((m) => m.makeId === toyota.id).map((m) => m.name)).toEqual(
      expect.arrayContaining(['Camry', 'Corolla', 'RAV4']),
    );
    expect(all.models.find((m) => m.code === 'mercedes-benz-c-class')?.name).toBe('C-Class');

    expect(all.zones.map((z) => z.code)).toEqual(DEMO_ZONES.map((z) => z.code));
    const zoneOf = await central((tx) =>
      tx
        .select({ property: properties.code, zone: zones.code })
        .from(properties)
        .innerJoin(zones, eq(zones.id, properties.zoneId))
        .orderBy(properties.code),
    );
    expect(zoneOf).toEqual([
      { property: 'maplewood', zone: 'portland-metro' },
      { property: 'oakridge', zone: 'travis-county' },
    ]);
  });

  it('change nothing when run again, and keep what an admin edited or deleted', async () => {
    const before = await everything();
    await seed(database, { demo: true });
    expect(await everything()).toEqual(before);

    // An admin renames the reserved-spot type, removes a state and a reason: the next start keeps that.
    await central(async (tx) => {
      await tx.update(permitTypes).set({ name: 'Assigned spot' }).where(eq(permitTypes.id, 2));
      await tx.delete(states).where(eq(states.code, 'WY'));
      await tx.delete(reasons).where(eq(reasons.code, 'double-parking'));
    });
    const edited = await everything();
    await seed(database, { demo: false });
    expect(await everything()).toEqual(edited);

    // A system permit type that went missing (by hand, in the database) comes back with its id.
    await central((tx) => tx.delete(permitTypes).where(eq(permitTypes.id, 4)));
    await seed(database, { demo: false });
    const [back] = await central((tx) => tx.select().from(permitTypes).where(eq(permitTypes.id, 4)));
    expect(back).toMatchObject({ code: 'temporary-visitor', builtIn: true });
    // Types added later still get ids from 100 up.
    const [added] = await central((tx) =>
      tx.insert(permitTypes).values({ code: 'contractor', name: 'Contractor' }).returning(),
    );
    expect(added!.id).toBe(100);
    const [{ n } = { n: 0 }] = await central((tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(permitTypes),
    );
    expect(n).toBe(SYSTEM_PERMIT_TYPES.length + 1);
  });
});
