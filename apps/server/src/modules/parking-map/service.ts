import {
  MAP_SPOT_HEIGHT,
  MAP_SPOT_WIDTH,
  type ParkingMap,
  type SpaceStatus,
  type SpotType,
  type mapAreaCreateBody,
  type mapBuildingsCreateBody,
  type mapLayoutBody,
  type mapSpotCreateBody,
} from '@parkade/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, deleteRow, guardUnique, updateRow } from '../../platform/crud';
import { fieldError, HttpError } from '../../platform/errors';
import { propertyIdOf, type RouteContext } from '../../platform/http';
import { query } from '../../platform/db';
import { buildings } from '../buildings/table';
import { refuseIfReserved, SPOT_UNIQUE } from '../spots/service';
import { spots } from '../spots/table';
import { units } from '../units/table';
import { parkingAreas, parkingMaps } from './table';

/** Layout of spots inside an area: rows of at most SPOTS_PER_ROW, a gap, padding and a band for the name. */
export const SPOTS_PER_ROW = 10;
export const SPOT_GAP = 10;
export const AREA_PADDING = 20;
export const AREA_LABEL = 30;
export const BUILDING_WIDTH = 240;
export const BUILDING_HEIGHT = 160;

const AREA_UNIQUE = { parking_areas_name_unique: 'name' };

/** GET /parking-map: one read of everything the designer draws. */
export async function loadMap(ctx: RouteContext): Promise<ParkingMap> {
  const propertyId = propertyIdOf(ctx);
  const [meta] = await ctx.tx.select().from(parkingMaps).where(eq(parkingMaps.propertyId, propertyId));
  const bs = await ctx.tx
    .select({
      id: buildings.id,
      name: buildings.name,
      x: buildings.mapX,
      y: buildings.mapY,
      width: buildings.mapWidth,
      height: buildings.mapHeight,
      rotation: buildings.mapRotation,
      unitsCount: sql<number>`(select count(*)::int from units u where u.property_id = "buildings"."property_id" and u.building_id = "buildings"."id")`,
    })
    .from(buildings)
    .where(eq(buildings.propertyId, propertyId))
    .orderBy(asc(buildings.name));
  const areas = await ctx.tx
    .select({
      id: parkingAreas.id,
      name: parkingAreas.name,
      x: parkingAreas.x,
      y: parkingAreas.y,
      width: parkingAreas.width,
      height: parkingAreas.height,
      rotation: parkingAreas.rotation,
    })
    .from(parkingAreas)
    .where(eq(parkingAreas.propertyId, propertyId))
    .orderBy(asc(parkingAreas.id));
  const rows = await query<{
    id: number;
    areaId: number | null;
    number: string;
    name: string | null;
    type: SpotType;
    status: SpaceStatus;
    spotGroup: string | null;
    x: number;
    y: number;
    rotation: number;
    reservedNow: boolean;
  }>(
    ctx.tx,
    sql`select s.id::int as id, s.area_id::int as "areaId", s.number, s.name, s.type, s.status,
          s.spot_group as "spotGroup", s.x, s.y, s.rotation,
          exists (select 1 from reservations r where r.property_id = s.property_id and r.spot_id = s.id
                  and current_date between r.starts_on and r.ends_on) as "reservedNow"
        from spots s where s.property_id = ${propertyId} order by s.id`,
  );
  const byType: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  const byArea: Record<string, number> = {};
  for (const s of rows) {
    byType[s.type] = (byType[s.type] ?? 0) + 1;
    const status = s.reservedNow && s.status === 'available' ? 'reserved' : s.status;
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    const area = String(s.areaId ?? 'none');
    byArea[area] = (byArea[area] ?? 0) + 1;
  }
  return {
    version: meta?.version ?? 0,
    updatedAt: meta?.updatedAt.toISOString() ?? null,
    updatedByName: meta?.updatedByName ?? null,
    buildings: bs,
    areas,
    spots: rows,
    counts: { total: rows.length, byType, byStatus, byArea },
  };
}

/** The map's version row, locked for this transaction (created at version 0 the first time). */
async function lockMap(ctx: RouteContext) {
  const propertyId = propertyIdOf(ctx);
  await ctx.tx.insert(parkingMaps).values({ propertyId }).onConflictDoNothing();
  const [row] = await ctx.tx
    .select()
    .from(parkingMaps)
    .where(eq(parkingMaps.propertyId, propertyId))
    .for('update');
  return row!;
}

/**
 * PUT /parking-map/layout: positions of what the editor moved, from the version it loaded. A save from an older
 * version, or naming an item deleted meanwhile, is refused with 409 and writes nothing.
 */
export async function saveLayout(
  ctx: RouteContext,
  body: z.output<typeof mapLayoutBody>,
): Promise<ParkingMap> {
  const propertyId = propertyIdOf(ctx);
  const map = await lockMap(ctx);
  if (map.version !== body.version)
    throw new HttpError(409, 'map.stale', {
      name: map.updatedByName ?? '—',
      time: map.updatedAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    });
  const check = async (table: typeof buildings | typeof parkingAreas | typeof spots, ids: number[]) => {
    if (!ids.length) return;
    const found = await ctx.tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.propertyId, propertyId), inArray(table.id, ids)));
    if (found.length !== new Set(ids).size) throw new HttpError(409, 'map.itemGone');
  };
  await check(
    buildings,
    body.buildings.map((b) => b.id),
  );
  await check(
    parkingAreas,
    body.areas.map((a) => a.id),
  );
  await check(
    spots,
    body.spots.map((s) => s.id),
  );
  const num = (v: number) => sql`${v}::float8`;
  if (body.buildings.length)
    await ctx.tx.execute(sql`
      update buildings b set map_x = v.x, map_y = v.y, map_width = v.w, map_height = v.h, map_rotation = v.r, updated_at = now()
      from (values ${sql.join(
        body.buildings.map(
          (b) =>
            sql`(${b.id}::bigint, ${num(b.x)}, ${num(b.y)}, ${num(b.width)}, ${num(b.height)}, ${b.rotation}::int)`,
        ),
        sql`, `,
      )}) as v(id, x, y, w, h, r)
      where b.property_id = ${propertyId} and b.id = v.id`);
  if (body.areas.length)
    await ctx.tx.execute(sql`
      update parking_areas a set x = v.x, y = v.y, width = v.w, height = v.h, rotation = v.r, updated_at = now()
      from (values ${sql.join(
        body.areas.map(
          (a) =>
            sql`(${a.id}::bigint, ${num(a.x)}, ${num(a.y)}, ${num(a.width)}, ${num(a.height)}, ${a.rotation}::int)`,
        ),
        sql`, `,
      )}) as v(id, x, y, w, h, r)
      where a.property_id = ${propertyId} and a.id = v.id`);
  if (body.spots.length)
    await ctx.tx.execute(sql`
      update spots s set x = v.x, y = v.y, rotation = v.r, updated_at = now()
      from (values ${sql.join(
        body.spots.map((s) => sql`(${s.id}::bigint, ${num(s.x)}, ${num(s.y)}, ${s.rotation}::int)`),
        sql`, `,
      )}) as v(id, x, y, r)
      where s.property_id = ${propertyId} and s.id = v.id`);
  const user = ctx.user();
  await ctx.tx
    .update(parkingMaps)
    .set({
      version: map.version + 1,
      updatedBy: user.id,
      updatedByName: user.fullName,
      updatedAt: new Date(),
    })
    .where(eq(parkingMaps.propertyId, propertyId));
  await ctx.audit({
    entity: 'parking_maps',
    entityId: propertyId,
    action: 'layout',
    old: { version: map.version },
    new: {
      version: map.version + 1,
      buildings: body.buildings.length,
      areas: body.areas.length,
      spots: body.spots.length,
    },
  });
  return loadMap(ctx);
}

/** Numbers already taken among these (ignoring case). */
async function takenNumbers(ctx: RouteContext, numbers: string[]) {
  if (!numbers.length) return [];
  const rows = await ctx.tx
    .select({ number: spots.number })
    .from(spots)
    .where(
      and(
        eq(spots.propertyId, propertyIdOf(ctx)),
        inArray(
          sql`lower(${spots.number})`,
          numbers.map((n) => n.toLowerCase()),
        ),
      ),
    );
  return rows.map((r) => r.number);
}

/** Where the i-th spot of an area sits, relative to the area. */
export function spotSlot(i: number) {
  const col = i % SPOTS_PER_ROW;
  const row = Math.floor(i / SPOTS_PER_ROW);
  return {
    x: AREA_PADDING + col * (MAP_SPOT_WIDTH + SPOT_GAP),
    y: AREA_LABEL + row * (MAP_SPOT_HEIGHT + SPOT_GAP),
  };
}
export function areaSize(count: number) {
  const cols = Math.max(1, Math.min(SPOTS_PER_ROW, count));
  const rows = Math.max(1, Math.ceil(count / SPOTS_PER_ROW));
  return {
    width: AREA_PADDING * 2 + cols * MAP_SPOT_WIDTH + (cols - 1) * SPOT_GAP,
    height: AREA_LABEL + AREA_PADDING + rows * MAP_SPOT_HEIGHT + (rows - 1) * SPOT_GAP,
  };
}

/** POST /parking-map/areas: the area and its spots, or nothing when a number is taken. */
export async function createArea(ctx: RouteContext, body: z.output<typeof mapAreaCreateBody>) {
  const propertyId = propertyIdOf(ctx);
  const count = body.empty ? 0 : (body.spotsCount ?? 0);
  const numbers = Array.from(
    { length: count },
    (_, i) => `${body.numberPrefix ?? ''}${(body.startNumber ?? 1) + i}`,
  );
  const taken = await takenNumbers(ctx, numbers);
  if (taken.length)
    throw fieldError('startNumber', 'map.numbersTaken', { numbers: taken.slice(0, 10).join(', ') });
  const size = areaSize(count || SPOTS_PER_ROW / 2);
  const area = await createRow(
    ctx,
    parkingAreas,
    'parking_areas',
    { propertyId, name: body.name, x: body.x, y: body.y, width: size.width, height: size.height },
    AREA_UNIQUE,
  );
  if (count) {
    await guardUnique(
      { spots_number_unique: { field: 'startNumber', key: 'map.numbersTakenMeanwhile' } },
      () =>
        ctx.tx.insert(spots).values(
          numbers.map((number, i) => ({
            propertyId,
            areaId: area.id,
            number,
            type: body.spotType,
            ...spotSlot(i),
          })),
        ),
    );
  }
  await ctx.audit({
    entity: 'parking_areas',
    entityId: area.id,
    action: 'create-spots',
    new: { spots: count, type: body.spotType, first: numbers[0] ?? null, last: numbers.at(-1) ?? null },
  });
  return loadMap(ctx);
}

const ownArea = (ctx: RouteContext, id: number) =>
  and(eq(parkingAreas.propertyId, propertyIdOf(ctx)), eq(parkingAreas.id, id))!;

export async function renameArea(ctx: RouteContext, id: number, name: string) {
  await updateRow(ctx, parkingAreas, 'parking_areas', ownArea(ctx, id), { name }, { unique: AREA_UNIQUE });
  return loadMap(ctx);
}

export async function deleteArea(ctx: RouteContext, id: number) {
  const ids = await ctx.tx
    .select({ id: spots.id })
    .from(spots)
    .where(and(eq(spots.propertyId, propertyIdOf(ctx)), eq(spots.areaId, id)));
  await refuseIfReserved(
    ctx,
    ids.map((s) => s.id),
  );
  await deleteRow(ctx, parkingAreas, 'parking_areas', ownArea(ctx, id));
  return loadMap(ctx);
}

/** POST /parking-map/buildings: buildings named "<prefix> n" (names in use skipped), with units 101, 102… */
export async function createBuildings(ctx: RouteContext, body: z.output<typeof mapBuildingsCreateBody>) {
  const propertyId = propertyIdOf(ctx);
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
  const made = await ctx.tx
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
    .returning({ id: buildings.id, name: buildings.name });

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
export async function createSpot(ctx: RouteContext, body: z.output<typeof mapSpotCreateBody>) {
  const propertyId = propertyIdOf(ctx);
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
