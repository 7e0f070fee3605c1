import { type ParkingMap, type mapLayoutBody } from '@parkade/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { query } from '../../platform/db';
import { buildings } from '../buildings/table';
import { datesFor } from '../properties/dates';
import { reservedTodaySql, spotStatusSql } from '../spots/status';
import { spots } from '../spots/table';
import { parkingAreas, parkingMaps } from './table';

/**
 * Whether spot `s` has a reservation covering today (`reservedTodaySql`: a hashed subquery, whatever the table
 * statistics say; a join chose a nested loop on fresh, unanalysed tables: 80 ms for 2,000 spots).
 */
const reservedNow = (propertyId: number) => reservedTodaySql(sql`s.id`, propertyId);
/** The status everyone sees (`spotStatusSql`, the same derivation as `/spots`). */
const shownStatus = (propertyId: number) => spotStatusSql(sql`s.status`, reservedNow(propertyId));

/**
 * GET /parking-map: one read of everything the designer draws, in five queries whatever the size of the map:
 * the version row, buildings with their unit counts, areas, spots with `reservedNow` (one hashed subquery over
 * today's reservations), and the dashboard's counts by type, status and area (one GROUPING SETS query). A spot
 * that is available but reserved today counts as reserved.
 */
export async function loadMap(ctx: Scope): Promise<ParkingMap> {
  const propertyId = ctx.propertyId;
  const [meta] = await ctx.tx.select().from(parkingMaps).where(eq(parkingMaps.propertyId, propertyId));
  const bs = await query<ParkingMap['buildings'][number]>(
    ctx.tx,
    sql`select b.id::int as id, b.name, b.map_x as x, b.map_y as y, b.map_width as width, b.map_height as height,
          b.map_rotation as rotation, coalesce(u.n, 0)::int as "unitsCount"
        from buildings b
        left join (select building_id, count(*) as n from units where property_id = ${propertyId}
                   group by building_id) u on u.building_id = b.id
        where b.property_id = ${propertyId}
        order by lower(b.name), b.id`,
  );
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
  const rows = await query<ParkingMap['spots'][number]>(
    ctx.tx,
    sql`select s.id::int as id, s.area_id::int as "areaId", s.number, s.name, s.type,
          ${shownStatus(propertyId)} as status, s.status as "setStatus", s.spot_group as "spotGroup", s.x, s.y, s.rotation, ${reservedNow(propertyId)} as "reservedNow"
        from spots s where s.property_id = ${propertyId} order by s.id`,
  );
  const grouped = await query<{ dim: 'type' | 'status' | 'area'; key: string; n: number }>(
    ctx.tx,
    sql`with s as (
          select s.type, s.area_id, ${shownStatus(propertyId)} as status
          from spots s where s.property_id = ${propertyId})
        select case when grouping(type) = 0 then 'type' when grouping(status) = 0 then 'status' else 'area' end
                 as dim,
               coalesce(type, status, area_id::text, 'none') as key, count(*)::int as n
        from s group by grouping sets ((type), (status), (area_id))`,
  );
  const counts: ParkingMap['counts'] = { total: 0, byType: {}, byStatus: {}, byArea: {} };
  for (const g of grouped) {
    if (g.dim === 'type') {
      counts.byType[g.key] = g.n;
      counts.total += g.n;
    } else if (g.dim === 'status') counts.byStatus[g.key] = g.n;
    else counts.byArea[g.key] = g.n;
  }
  return {
    version: meta?.version ?? 0,
    updatedAt: meta?.updatedAt.toISOString() ?? null,
    updatedByName: meta?.updatedByName ?? null,
    buildings: bs,
    areas,
    spots: rows,
    counts,
  };
}

/** The map's version row, locked for this transaction (created at version 0 the first time). */
async function lockMap(ctx: Scope) {
  const propertyId = ctx.propertyId;
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
export async function saveLayout(ctx: Scope, body: z.output<typeof mapLayoutBody>): Promise<ParkingMap> {
  const propertyId = ctx.propertyId;
  const map = await lockMap(ctx);
  if (map.version !== body.version)
    throw new HttpError(409, 'map.stale', {
      name: map.updatedByName ?? '—',
      time: (await datesFor(ctx)).instant(map.updatedAt),
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
