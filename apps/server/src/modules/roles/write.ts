import { ROLE_HOLDERS_NAMED, roleBody, type RoleItem } from '@parkade/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, deleteRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { areasLosingKeepers, ENTITY, getRole, holdersOf, lockKeepers, visibleRoles } from './service';
import { roles } from './table';

type Body = z.output<typeof roleBody>;
const UNIQUE = { roles_name_unique: 'name' };

/** The permissions of `wanted` the caller does not hold. */
export function unheld(ctx: Scope, wanted: readonly string[]): string[] {
  const held = new Set<string>(ctx.session?.permissions ?? []);
  return wanted.filter((p) => !held.has(p));
}

/** Nobody grants what they do not hold (a new role, an edit, their own role alike): 403 naming what. */
function assertGrantable(ctx: Scope, wanted: readonly string[]) {
  const missing = unheld(ctx, wanted);
  if (missing.length) throw new HttpError(403, 'roles.cannotGrant', { permissions: missing.join(', ') });
}

/** Nobody edits or deletes a role that holds more than they do: 403. */
function assertNotAbove(ctx: Scope, role: { permissions: string[] }) {
  const missing = unheld(ctx, role.permissions);
  if (missing.length) throw new HttpError(403, 'roles.holdsMore', { permissions: missing.join(', ') });
}

/**
 * The role as a write of this scope may touch it, locked. A built-in role is written centrally only: a property's
 * scope reads it but cannot lock it (row-level security), so it is read first, then locked.
 */
async function forWrite(ctx: Scope, id: number) {
  const where = and(visibleRoles(ctx), eq(roles.id, id));
  const [seen] = await ctx.tx.select({ builtIn: roles.builtIn }).from(roles).where(where);
  if (!seen) throw notFound(ENTITY);
  if (seen.builtIn && ctx.property) throw new HttpError(403, 'roles.builtInCentral');
  const [row] = await ctx.tx.select().from(roles).where(where).for('update');
  if (!row) throw notFound(ENTITY);
  return row;
}

/** A property's own role may not take a built-in role's name (both are offered there). */
async function assertNameFree(ctx: Scope, name: string) {
  if (!ctx.property) return; // among the roles of no property, the unique index decides
  const [clash] = await ctx.tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(isNull(roles.propertyId), eq(roles.builtIn, true), sql`lower(${roles.name}) = lower(${name})`),
    );
  if (clash) throw fieldError('name', 'validation.inUse');
}

export async function createRole(ctx: Scope, body: Body): Promise<RoleItem> {
  assertGrantable(ctx, body.permissions);
  await assertNameFree(ctx, body.name);
  const row = await createRow(
    ctx,
    roles,
    ENTITY,
    {
      propertyId: ctx.property?.id ?? null,
      name: body.name,
      description: body.description,
      permissions: body.permissions,
      builtIn: false,
    },
    UNIQUE,
  );
  return getRole(ctx, row.id);
}

export async function updateRole(ctx: Scope, id: number, body: Body): Promise<RoleItem> {
  // Who keeps the areas holding this role is read after the keeper lock (issue 35 §3); a role's property never
  // changes, so the key is read before it.
  const [area] = await ctx.tx
    .select({ propertyId: roles.propertyId })
    .from(roles)
    .where(and(visibleRoles(ctx), eq(roles.id, id)));
  if (area) await lockKeepers(ctx, area.propertyId ?? 'every');
  const role = await forWrite(ctx, id);
  assertNotAbove(ctx, role);
  assertGrantable(ctx, body.permissions);
  if (role.builtIn && body.name !== role.name) throw fieldError('name', 'roles.builtInName');
  if (body.name.toLowerCase() !== role.name.toLowerCase()) await assertNameFree(ctx, body.name);
  const losing = await areasLosingKeepers(ctx, id, body.permissions);
  if (losing.length) throw new HttpError(409, 'roles.lastKeeper');
  await updateRow(
    ctx,
    roles,
    ENTITY,
    eq(roles.id, id),
    { name: body.name, description: body.description, permissions: body.permissions },
    { unique: UNIQUE },
  );
  return getRole(ctx, id);
}

export async function deleteRole(ctx: Scope, id: number): Promise<void> {
  if ((await getRole(ctx, id)).builtIn) throw new HttpError(409, 'roles.builtInDelete');
  const role = await forWrite(ctx, id);
  assertNotAbove(ctx, role);
  const holders = await holdersOf(ctx, id, ROLE_HOLDERS_NAMED);
  if (holders.total > 0)
    throw new HttpError(409, 'roles.inUse', {
      count: holders.total,
      names: holders.names.join(', ') + (holders.total > holders.names.length ? ', …' : ''),
    });
  await deleteRow(ctx, roles, ENTITY, eq(roles.id, id));
}
