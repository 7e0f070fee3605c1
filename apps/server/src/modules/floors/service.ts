import type { FloorBody, FloorItem } from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { createRow, deleteRow, updateRow } from '../../platform/crud';
import { fieldError, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { defineListResource } from '../../platform/list-query';
import { buildings } from '../buildings/table';
import { floors } from './table';

/** Floors of the property's buildings (tenant rows), with their unit counts. */
const unitsCount = sql<number>`(select count(*)::int from units u where u.property_id = "floors"."property_id" and u.floor_id = "floors"."id")`;
const columns = {
  id: floors.id,
  buildingId: floors.buildingId,
  name: floors.name,
  level: floors.level,
  unitsCount,
  createdAt: floors.createdAt,
  updatedAt: floors.updatedAt,
};
const UNIQUE = { floors_name_unique: 'name' };

export const floorsList = defineListResource({
  table: floors,
  select: columns,
  scope: (ctx) => eq(floors.propertyId, ctx.propertyId),
  filters: { buildingId: { type: 'number', column: floors.buildingId } },
  term: [floors.name],
  sorts: { level: floors.level, name: floors.name, createdAt: floors.createdAt },
  defaultSort: ['level', 'name'],
});

const own = (ctx: Scope, id: number) => and(eq(floors.propertyId, ctx.propertyId), eq(floors.id, id))!;

export async function getFloor(ctx: Scope, id: number): Promise<FloorItem> {
  const [row] = await ctx.tx.select(columns).from(floors).where(own(ctx, id));
  if (!row) throw notFound('floors');
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The building must be one of this property's (422 on buildingId otherwise). */
export async function assertBuilding(ctx: Scope, buildingId: number) {
  const [b] = await ctx.tx
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.propertyId, ctx.propertyId), eq(buildings.id, buildingId)));
  if (!b) throw fieldError('buildingId', 'validation.invalidSelection');
}

type Body = { buildingId: number; name: string; level?: number | null } & Partial<FloorBody>;

export async function createFloor(ctx: Scope, body: Body) {
  await assertBuilding(ctx, body.buildingId);
  const row = await createRow(
    ctx,
    floors,
    'floors',
    {
      propertyId: ctx.propertyId,
      buildingId: body.buildingId,
      name: body.name,
      level: body.level ?? null,
    },
    UNIQUE,
  );
  return getFloor(ctx, row.id);
}

export async function updateFloor(ctx: Scope, id: number, body: Body) {
  await assertBuilding(ctx, body.buildingId);
  const [current] = await ctx.tx.select({ buildingId: floors.buildingId }).from(floors).where(own(ctx, id));
  if (!current) throw notFound('floors');
  // Moving a floor that has units to another building would leave its units in the old one.
  if (current.buildingId !== body.buildingId && (await getFloor(ctx, id)).unitsCount > 0)
    throw fieldError('buildingId', 'floors.moveWithUnits');
  await updateRow(
    ctx,
    floors,
    'floors',
    own(ctx, id),
    { buildingId: body.buildingId, name: body.name, level: body.level ?? null },
    { unique: UNIQUE },
  );
  return getFloor(ctx, id);
}

export async function deleteFloor(ctx: Scope, id: number) {
  await deleteRow(ctx, floors, 'floors', own(ctx, id), {
    referencedBy: { units_floor_fk: 'floors.hasUnits' },
  });
}
