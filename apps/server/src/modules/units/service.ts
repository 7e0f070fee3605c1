import { unitNamesOf, type UnitItem, type unitsBulkBody } from '@parkade/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, deleteRow, updateRow } from '../../platform/crud';
import { analyzeGrown } from '../../platform/db/statistics';
import { fieldError, invalid, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { belongsTo, defineListResource, rowsByIds } from '../../platform/list-query';
import { buildings } from '../buildings/table';
import { assertBuilding } from '../floors/service';
import { floors } from '../floors/table';
import { refreshResidentSearch } from '../residents/service';
import { residentUnits } from '../residents/table';
import { units } from './table';

/** Units of the property (tenant rows). The building's name is joined for sorting and searching. */
const columns = {
  id: units.id,
  buildingId: units.buildingId,
  floorId: units.floorId,
  name: units.name,
  createdAt: units.createdAt,
  updatedAt: units.updatedAt,
};
const UNIQUE = { units_name_unique: 'name' };

export const unitsList = defineListResource({
  table: units,
  select: columns,
  joins: (q) =>
    q.innerJoin(
      buildings,
      and(eq(buildings.propertyId, units.propertyId), eq(buildings.id, units.buildingId)),
    ),
  scope: (ctx) => eq(units.propertyId, ctx.propertyId),
  filters: {
    buildingId: { type: 'number', column: units.buildingId },
    floorId: { type: 'number', column: units.floorId, nullable: true },
    name: { type: 'string', column: units.name },
  },
  term: [units.name, buildings.name],
  sorts: { name: units.name, createdAt: units.createdAt, buildingName: buildings.name },
  defaultSort: ['buildingName', 'name'],
  includes: {
    building: belongsTo({
      description: 'The building (id, name)',
      key: (u: UnitItem) => u.buildingId,
      load: (ctx, ids) => rowsByIds(ctx, buildings, { id: buildings.id, name: buildings.name }, ids),
    }),
    floor: belongsTo({
      description: 'The floor (id, name), or null',
      key: (u: UnitItem) => u.floorId,
      load: (ctx, ids) => rowsByIds(ctx, floors, { id: floors.id, name: floors.name }, ids),
    }),
  },
});

const own = (ctx: Scope, id: number) => and(eq(units.propertyId, ctx.propertyId), eq(units.id, id))!;

export async function getUnit(ctx: Scope, id: number): Promise<UnitItem> {
  const [row] = await ctx.tx
    .select({ ...columns, buildingName: buildings.name, floorName: floors.name })
    .from(units)
    .innerJoin(buildings, and(eq(buildings.propertyId, units.propertyId), eq(buildings.id, units.buildingId)))
    .leftJoin(floors, and(eq(floors.propertyId, units.propertyId), eq(floors.id, units.floorId)))
    .where(own(ctx, id));
  if (!row) throw notFound('units');
  const { buildingName, floorName, ...unit } = row;
  return {
    ...unit,
    createdAt: unit.createdAt.toISOString(),
    updatedAt: unit.updatedAt.toISOString(),
    building: { id: unit.buildingId, name: buildingName },
    floor: unit.floorId && floorName ? { id: unit.floorId, name: floorName } : null,
  };
}

/** A unit's floor must be a floor of its building. */
async function assertFloor(ctx: Scope, buildingId: number, floorId: number | null | undefined) {
  if (!floorId) return;
  const [f] = await ctx.tx
    .select({ buildingId: floors.buildingId })
    .from(floors)
    .where(and(eq(floors.propertyId, ctx.propertyId), eq(floors.id, floorId)));
  if (!f || f.buildingId !== buildingId) throw fieldError('floorId', 'units.floorOfBuilding');
}

interface Body {
  buildingId: number;
  floorId?: number | null;
  name: string;
}

export async function createUnit(ctx: Scope, body: Body) {
  await assertBuilding(ctx, body.buildingId);
  await assertFloor(ctx, body.buildingId, body.floorId);
  const row = await createRow(
    ctx,
    units,
    'units',
    {
      propertyId: ctx.propertyId,
      buildingId: body.buildingId,
      floorId: body.floorId ?? null,
      name: body.name,
    },
    UNIQUE,
  );
  return getUnit(ctx, row.id);
}

export async function updateUnit(ctx: Scope, id: number, body: Body) {
  await assertBuilding(ctx, body.buildingId);
  await assertFloor(ctx, body.buildingId, body.floorId);
  await updateRow(
    ctx,
    units,
    'units',
    own(ctx, id),
    { buildingId: body.buildingId, floorId: body.floorId ?? null, name: body.name },
    { unique: UNIQUE },
  );
  // Residents are found by their units' names.
  const holders = await ctx.tx
    .select({ id: residentUnits.residentId })
    .from(residentUnits)
    .where(and(eq(residentUnits.propertyId, ctx.propertyId), eq(residentUnits.unitId, id)));
  await refreshResidentSearch(
    ctx.tx,
    ctx.propertyId,
    holders.map((h) => h.id),
  );
  return getUnit(ctx, id);
}

export async function deleteUnit(ctx: Scope, id: number) {
  await deleteRow(ctx, units, 'units', own(ctx, id));
}

const BATCH = 1000;

/** Inserts units in multi-row statements; the unique index refuses a name taken meanwhile. */
export async function insertUnits(
  ctx: Scope,
  rows: { buildingId: number; floorId: number | null; name: string }[],
) {
  const propertyId = ctx.propertyId;
  for (let i = 0; i < rows.length; i += BATCH)
    await ctx.tx.insert(units).values(rows.slice(i, i + BATCH).map((r) => ({ ...r, propertyId })));
  // A bulk write: the units' statistics follow it (decision 0039 §17).
  await analyzeGrown(ctx.tx, ['units']);
}

/** Names already used in these buildings, lower-cased, as "buildingId:name". */
async function takenNames(ctx: Scope, buildingIds: number[]) {
  if (!buildingIds.length) return new Set<string>();
  const rows = await ctx.tx
    .select({ buildingId: units.buildingId, name: units.name })
    .from(units)
    .where(and(eq(units.propertyId, ctx.propertyId), inArray(units.buildingId, buildingIds)));
  return new Set(rows.map((r) => `${r.buildingId}:${r.name.toLowerCase()}`));
}

/** POST /units/create-bulk: all or nothing. */
export async function createBulk(ctx: Scope, body: z.output<typeof unitsBulkBody>) {
  const made = unitNamesOf(body);
  if ('error' in made) throw fieldError(body.mode === 'range' ? 'to' : 'pattern', made.error);
  const buildingIds = [...new Set(body.buildingIds)];
  for (const id of buildingIds) await assertBuilding(ctx, id);
  if (body.floorId) {
    if (buildingIds.length !== 1) throw fieldError('floorId', 'units.bulk.floorOneBuilding');
    await assertFloor(ctx, buildingIds[0]!, body.floorId);
  }
  const taken = await takenNames(ctx, buildingIds);
  const clashes = buildingIds.flatMap((b) => made.names.filter((n) => taken.has(`${b}:${n.toLowerCase()}`)));
  if (clashes.length)
    throw invalid({
      names: [{ key: 'units.bulk.taken', params: { names: [...new Set(clashes)].slice(0, 10).join(', ') } }],
    });
  const rows = buildingIds.flatMap((buildingId) =>
    made.names.map((name) => ({ buildingId, floorId: body.floorId ?? null, name })),
  );
  await insertUnits(ctx, rows);
  await ctx.audit({
    entity: 'units',
    entityId: null,
    action: 'create-bulk',
    new: {
      buildings: buildingIds,
      floorId: body.floorId ?? null,
      count: rows.length,
      first: made.names[0],
      last: made.names.at(-1),
    },
  });
  return { created: rows.length };
}

/** Buildings by lower-cased name, and floors by "buildingId:lower-cased name", of the property. */
export async function structureIndex(ctx: Scope) {
  const propertyId = ctx.propertyId;
  const bs = await ctx.tx
    .select({ id: buildings.id, name: buildings.name })
    .from(buildings)
    .where(eq(buildings.propertyId, propertyId))
    .orderBy(asc(buildings.id));
  const fs = await ctx.tx
    .select({ id: floors.id, buildingId: floors.buildingId, name: floors.name })
    .from(floors)
    .where(eq(floors.propertyId, propertyId));
  return {
    buildings: new Map(bs.map((b) => [b.name.toLowerCase(), b.id])),
    floors: new Map(fs.map((f) => [`${f.buildingId}:${f.name.toLowerCase()}`, f.id])),
  };
}
