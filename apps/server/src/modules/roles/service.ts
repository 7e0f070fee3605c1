import { ROLE_AREAS, ROLE_KEEPER_PERMISSIONS, type RoleArea, type RoleItem } from '@parkade/contract';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { query } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { defineListResource } from '../../platform/list-query';
import type { Scope } from '../../platform/scope';
import { roles } from './table';

/** The audit log's name of a role. */
export const ENTITY = 'roles';

const r = roles;

/** shared (built-in), central (no property) or property (one property's own). */
export const areaSql = sql<RoleArea>`(case when ${r.builtIn} then 'shared'
  when ${r.propertyId} is null then 'central' else 'property' end)`;

/**
 * Users holding the role that the transaction's scope sees: centrally, central staff and every property's staff; on
 * a property (its address, or centrally with it selected: the row-level scope is the property's), its own staff.
 */
// The role's id written out in full: a single-table select renders its columns unqualified, which inside these
// subqueries would name their own tables' ids.
const roleId = sql.raw('"roles"."id"');
const usersCountSql = sql<number>`((case when current_setting('app.scope', true) = 'central'
    then (select count(*) from central_users cu where cu.role_id = ${roleId}) else 0 end)
  + (select count(*) from tenant_users tu where tu.role_id = ${roleId} and tu.type = 'tenant-user'))::int`;

const columns = {
  id: r.id,
  name: r.name,
  description: r.description,
  permissions: r.permissions,
  builtIn: r.builtIn,
  area: areaSql,
  propertyId: r.propertyId,
  usersCount: usersCountSql,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
};

/**
 * The roles of the scope's area (decision 0020): on a property, the built-in roles and the property's own; in the
 * central area with no property selected, the built-in roles and the central ones. What a user of the area may hold.
 */
export function visibleRoles(scope: Pick<Scope, 'property'>): SQL {
  return scope.property
    ? or(eq(r.builtIn, true), eq(r.propertyId, scope.property.id))!
    : isNull(r.propertyId);
}

function serialize(row: Record<string, unknown>): RoleItem {
  return {
    ...row,
    propertyId: row.propertyId === null ? null : Number(row.propertyId),
    usersCount: Number(row.usersCount),
    createdAt: (row.createdAt as Date).toISOString(),
    updatedAt: (row.updatedAt as Date).toISOString(),
  } as RoleItem;
}

export const rolesList = defineListResource<typeof columns, RoleItem>({
  table: r,
  select: columns,
  scope: (ctx) => visibleRoles(ctx),
  filters: {
    area: { type: 'enum', column: areaSql, values: ROLE_AREAS },
  },
  term: [r.name, r.description],
  sorts: { name: r.name, createdAt: r.createdAt, updatedAt: r.updatedAt },
  defaultSort: 'name',
  serialize,
});

export async function getRole(ctx: Scope, id: number): Promise<RoleItem> {
  const [row] = await ctx.tx
    .select(columns)
    .from(r)
    .where(and(visibleRoles(ctx), eq(r.id, id)));
  if (!row) throw notFound(ENTITY);
  return serialize(row);
}

/** Up to `limit` active and inactive staff holding the role (names), and how many in all, as the scope sees them. */
export async function holdersOf(ctx: Scope, roleId: number, limit: number) {
  const central = ctx.area === 'central' && !ctx.property;
  const rows = await query<{ name: string; total: number }>(
    ctx.tx,
    sql`select name, (count(*) over ())::int as total from (
          select cu.full_name as name from central_users cu where cu.role_id = ${roleId} and ${central ? sql`true` : sql`false`}
          union all
          select tu.full_name from tenant_users tu where tu.role_id = ${roleId} and tu.type = 'tenant-user'
        ) h order by name limit ${limit}`,
  );
  return { names: rows.map((x) => x.name), total: rows[0]?.total ?? 0 };
}

/**
 * The areas (central, or a property's id) that have an active user holding every ROLE_KEEPER_PERMISSIONS now and
 * would have none once the role's permissions are `next`: an edit must leave each of them one (decision 0020).
 */
export async function areasLosingKeepers(ctx: Scope, roleId: number, next: string[]): Promise<string[]> {
  const keepers = sql`${JSON.stringify(ROLE_KEEPER_PERMISSIONS)}::jsonb`;
  const held = sql`(select coalesce(jsonb_agg(p), '[]'::jsonb) from unnest(r.permissions) p)`;
  const after = sql`(case when r.id = ${roleId} then ${JSON.stringify(next)}::jsonb else ${held} end)`;
  const central = ctx.area === 'central' && !ctx.property;
  const rows = await query<{ area: string }>(
    ctx.tx,
    sql`select area from (
          select 'central' as area, bool_or(${held} @> ${keepers}) as before, bool_or(${after} @> ${keepers}) as after
          from central_users u join roles r on r.id = u.role_id where u.active and ${central ? sql`true` : sql`false`}
          union all
          select u.property_id::text, bool_or(${held} @> ${keepers}), bool_or(${after} @> ${keepers})
          from tenant_users u join roles r on r.id = u.role_id where u.active and u.type = 'tenant-user'
          group by u.property_id
        ) x where before and not after`,
  );
  return rows.map((x) => x.area);
}

/** The advisory-lock namespace of the keeper rule (decision 0020); the second key is the area's. */
const KEEPER_LOCK = 727275;
/** The key standing for every area at once (a role of no property: the built-in ones are held everywhere). */
const EVERY_AREA = -1;

/**
 * Serialises, until the transaction ends, every change that can reduce an area's keepers — a role's permissions
 * edited, a role assigned, a user deactivated or deleted (issue 35 §3). `propertyId` names the property's area,
 * null the central one, 'every' all of them (a role of no property). Each change holds the every-area key shared
 * and its own area's key exclusively; a change to every area holds the every-area key exclusively. Taken before the
 * change reads who keeps the area, so of two changes at once the second reads what the first committed.
 */
export async function lockKeepers(ctx: Pick<Scope, 'tx'>, area: number | null | 'every'): Promise<void> {
  if (area === 'every') {
    await query(ctx.tx, sql`select pg_advisory_xact_lock(${KEEPER_LOCK}::int, ${EVERY_AREA}::int)`);
    return;
  }
  await query(
    ctx.tx,
    sql`select pg_advisory_xact_lock_shared(${KEEPER_LOCK}::int, ${EVERY_AREA}::int),
               pg_advisory_xact_lock(${KEEPER_LOCK}::int, ${area ?? 0}::int)`,
  );
}
