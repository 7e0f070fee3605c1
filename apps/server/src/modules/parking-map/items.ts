import {
  type mapAreaCreateBody,
  type mapBuildingsCreateBody,
  type mapSpotCreateBody,
} from '@parkade/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, guardUnique, updateRow } from '../../platform/crud';
import { fieldError, notFound, pgError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { buildings } from '../buildings/table';
import { refuseIfReserved, SPOT_UNIQUE } from '../spots/service';
import { spots } from '../spots/table';
import { units } from '../units/table';
import { areaSize, BUILDING_HEIGHT, BUILDING_WIDTH, SPOTS_PER_ROW, spotSlot } from './geometry';
import { loadMap } from './service';
import { parkingAreas } from './table';

/*
 * What the designer adds and removes: areas with their spots, buildings with their units, single spots. Each
 * answers the whole map again (service.ts reads and saves it; geometry.ts places spots inside an area).
 */

const AREA_UNIQUE = { parking_areas_name_unique: 'name' };

/** Numbers already taken among these (ignoring case). */
async function takenNumbers(ctx: Scope, numbers: string[]) {
  if (!numbers.length) return [];
  const rows = await ctx.tx
    .select({ number: spots.number })
    .from(spots)
    .where(
      and(
        eq(spots.propertyId, ctx.propertyId),
        inArray(
          sql`lower(${spots.number})`,
          numbers.map((n) => n.toLowerCase()),
        ),
      ),
    );
  return rows.map((r) => r.number);
}

/**
 * POST /parking-map/areas: the area and its spots, or nothing when a number is taken. The numbers are checked
 * first to name every one taken; two areas created at once with overlapping numbers are decided by the unique
 * index (the later one waits for the first to commit, then fails, and names the numbers taken now). One audit
 * entry for the area, with how many spots it holds, not one per spot.
 */
export async function createArea(ctx: Scope, body: z.output<typeof mapAreaCreateBody>) {
  const propertyId = ctx.propertyId;
  const count = body.empty ? 0 : (body.spotsCount ?? 0);
  const numbers = Array.from(
    { length: count },
    (_, i) => `${body.numberPrefix ?? ''}${(body.startNumber ?? 1) + i}`,
  );
  const taken = await takenNumbers(ctx, numbers);
  if (taken.length)
    throw fieldError('startNumber', 'map.numbersTaken', { numbers: taken.slice(0, 10).join(', ') });
  const size = areaSize(count || SPOTS_PER_ROW / 2);
  const [area] = await guardUnique(AREA_UNIQUE, () =>
    ctx.tx
      .insert(parkingAreas)
      .values({ propertyId, name: body.name, x: body.x, y: body.y, width: size.width, height: size.height })
      .returning(),
  );
  if (count) {
    try {
      // In a savepoint: when another request took a number meanwhile, the numbers now taken can still be read.
      await ctx.tx.transaction((sp) =>
        sp.insert(spots).values(
          numbers.map((number, i) => ({
            propertyId,
            areaId: area!.id,
            number,
            type: body.spotType,
            ...spotSlot(i),
          })),
        ),
      );
    } catch (err) {
      const e = pgError(err);
      if (e?.code !== '23505' || !`${e.constraint ?? e.message}`.includes('spots_number_unique')) throw err;
      const now = await takenNumbers(ctx, numbers);
      throw now.length
        ? fieldError('startNumber', 'map.numbersTaken', { numbers: now.slice(0, 10).join(', ') })
        : fieldError('startNumber', 'map.numbersTakenMeanwhile');
    }
  }
  await ctx.audit({
    entity: 'parking_areas',
    entityId: area!.id,
    action: 'create',
    new: {
      ...area,
      spots: count,
      spotType: count ? body.spotType : null,
      firstNumber: numbers[0] ?? null,
      lastNumber: numbers.at(-1) ?? null,
    },
  });
  return loadMap(ctx);
}

const ownArea = (ctx: Scope, id: number) =>
  and(eq(parkingAreas.propertyId, ctx.propertyId), eq(parkingAreas.id, id))!;

export async function renameArea(ctx: Scope, id: number, name: string) {
  await updateRow(ctx, parkingAreas, 'parking_areas', ownArea(ctx, id), { name }, { unique: AREA_UNIQUE });
  return loadMap(ctx);
}

/**
 * DELETE /parking-map/areas/:id: the area and its spots (one audit entry with how many went). The spots are
 * locked first, so a reservation being created for one of them at the same moment either commits before (and
 * refuses the delete) or waits and then fails on its missing spot.
 */
export async function deleteArea(ctx: Scope, id: number) {
  const ids = await ctx.tx
    .select({ id: spots.id })
    .from(spots)
    .where(and(eq(spots.propertyId, ctx.propertyId), eq(spots.areaId, id)))
    .for('update');
  await refuseIfReserved(
    ctx,
    ids.map((s) => s.id),
    'map.areaReserved',
  );
  const [row] = await ctx.tx.delete(parkingAreas).where(ownArea(ctx, id)).returning();
  if (!row) throw notFound('parking_areas');
  await ctx.audit({
    entity: 'parking_areas',
    entityId: id,
    action: 'delete',
    old: { ...row, spots: ids.length },
  });
  return loadMap(ctx);
}

/** POST /parking-map/buildings: buildings named "<prefix> n" (names in use skipped), with units 101, 102… */
export async function createBuildings(ctx: Scope, body: z.output<typeof mapBuildingsCreateBody>) {
  const propertyId = ctx.propertyId;
  const existing = new Set(
    (
      await ctx.tx
        .select({ name: buildings.name })
        .from(buildings)
        .where(eq(buildings.propertyId, propertyId))
    ).map((b) => b.name.toLowerCase()),
  );
  const names: string[] = [];
  for (let n = 1; names.length < body.count; n++) {
    const name = `${body.namePrefix} ${n}`;
    if (!existing.has(name.toLowerCase())) names.push(name);
  }
  // Names are chosen from what exists now; a building named the same meanwhile is refused by the unique index.
  const made = await guardUnique({ buildings_name_unique: 'namePrefix' }, () =>
    ctx.tx
      .insert(buildings)
      .values(
        names.map((name, i) => ({
          propertyId,
          name,
          mapX: body.x + i * (BUILDING_WIDTH + 40),
          mapY: body.y,
          mapWidth: BUILDING_WIDTH,
          mapHeight: BUILDING_HEIGHT,
        })),
      )
      .returning({ id: buildings.id, name: buildings.name }),
  );

  if (body.generateUnits && body.unitsPerBuilding) {
    const rows = made.flatMap((b) =>
      Array.from({ length: body.unitsPerBuilding! }, (_, i) => ({
        propertyId,
        buildingId: b.id,
        name: String(101 + i),
      })),
    );
    for (let i = 0; i < rows.length; i += 1000) await ctx.tx.insert(units).values(rows.slice(i, i + 1000));
  }
  for (const b of made)
    await ctx.audit({
      entity: 'buildings',
      entityId: b.id,
      action: 'create',
      new: { name: b.name, units: body.generateUnits ? body.unitsPerBuilding : 0 },
    });
  return loadMap(ctx);
}

/** POST /parking-map/spots: one more spot in an area. */
export async function createSpot(ctx: Scope, body: z.output<typeof mapSpotCreateBody>) {
  const propertyId = ctx.propertyId;
  const [area] = await ctx.tx
    .select({ id: parkingAreas.id })
    .from(parkingAreas)
    .where(ownArea(ctx, body.areaId));
  if (!area) throw fieldError('areaId', 'validation.invalidSelection');
  await createRow(
    ctx,
    spots,
    'spots',
    { propertyId, areaId: body.areaId, number: body.number, type: body.type, x: body.x, y: body.y },
    SPOT_UNIQUE,
  );
  return loadMap(ctx);
}
