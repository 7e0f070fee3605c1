import type { BuildingItem } from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { createRow, deleteRow, updateRow } from '../../platform/crud';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { defineListResource, type Serialized } from '../../platform/list-query';
import { buildings } from './table';

/** Buildings of the property (tenant rows). The floor and unit counts are computed in the same query. */
const floorsCount = sql<number>`(select count(*)::int from floors f where f.property_id = "buildings"."property_id" and f.building_id = "buildings"."id")`;
const unitsCount = sql<number>`(select count(*)::int from units u where u.property_id = "buildings"."property_id" and u.building_id = "buildings"."id")`;

const columns = {
  id: buildings.id,
  name: buildings.name,
  floorsCount,
  unitsCount,
  createdAt: buildings.createdAt,
  updatedAt: buildings.updatedAt,
};

export const UNIQUE = { buildings_name_unique: 'name' };

export const buildingsList = defineListResource({
  table: buildings,
  select: columns,
  scope: (ctx) => eq(buildings.propertyId, ctx.propertyId),
  filters: { name: { type: 'string', column: buildings.name } },
  term: [buildings.name],
  sorts: { name: buildings.name, createdAt: buildings.createdAt, unitsCount },
  defaultSort: 'name',
});

const own = (ctx: Scope, id: number) => and(eq(buildings.propertyId, ctx.propertyId), eq(buildings.id, id))!;

export async function getBuilding(ctx: Scope, id: number): Promise<BuildingItem> {
  const [row] = await ctx.tx.select(columns).from(buildings).where(own(ctx, id));
  if (!row) throw notFound('buildings');
  return serialize(row);
}

const serialize = (
  row: { createdAt: Date; updatedAt: Date } & Omit<BuildingItem, 'createdAt' | 'updatedAt'>,
) =>
  ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }) satisfies Serialized<typeof row>;

export async function createBuilding(ctx: Scope, body: { name: string }) {
  const row = await createRow(
    ctx,
    buildings,
    'buildings',
    { propertyId: ctx.propertyId, name: body.name },
    UNIQUE,
  );
  return getBuilding(ctx, row.id);
}

export async function updateBuilding(ctx: Scope, id: number, body: { name: string }) {
  await updateRow(ctx, buildings, 'buildings', own(ctx, id), { name: body.name }, { unique: UNIQUE });
  return getBuilding(ctx, id);
}

export async function deleteBuilding(ctx: Scope, id: number) {
  await deleteRow(ctx, buildings, 'buildings', own(ctx, id), {
    referencedBy: { units_building_fk: 'buildings.hasUnits' },
  });
}
