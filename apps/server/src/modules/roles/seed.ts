import { ALL_PERMISSIONS, BUILT_IN_ROLE_DESCRIPTIONS, ROLE_PERMISSIONS, ROLES } from '@parkade/contract';
import { and, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { roles } from './table';

/**
 * Every role, of every property, loses the permissions the catalogue no longer has (a resource merged into
 * another, an action removed): a role would otherwise show and send names its form cannot save.
 */
async function dropRetiredPermissions(tx: Tx): Promise<void> {
  const known = sql`${`{${ALL_PERMISSIONS.join(',')}}`}::text[]`;
  const kept = (column: SQLWrapper) =>
    sql`array(select p from unnest(${column}) p where p = any(${known}) order by array_position(${column}, p))`;
  await tx
    .update(roles)
    .set({ permissions: kept(roles.permissions), seededPermissions: kept(roles.seededPermissions) })
    .where(sql`not (${roles.permissions} <@ ${known} and ${roles.seededPermissions} <@ ${known})`);
}

/**
 * The five built-in roles. A start gives a built-in role only the default permissions that are new since the last
 * start (a new resource's, say): a permission an operator took away stays away.
 */
export async function seedRoles(tx: Tx): Promise<void> {
  await dropRetiredPermissions(tx);
  for (const name of ROLES) {
    const defaults = ROLE_PERMISSIONS[name];
    const [existing] = await tx
      .select()
      .from(roles)
      .where(and(isNull(roles.propertyId), eq(roles.name, name)));
    if (!existing) {
      await tx.insert(roles).values({
        name,
        description: BUILT_IN_ROLE_DESCRIPTIONS[name],
        permissions: defaults,
        seededPermissions: defaults,
        builtIn: true,
      });
    } else if (existing.builtIn) {
      const fresh = defaults.filter((p) => !existing.seededPermissions.includes(p));
      const missing = fresh.filter((p) => !existing.permissions.includes(p));
      if (fresh.length)
        await tx
          .update(roles)
          .set({ permissions: [...existing.permissions, ...missing], seededPermissions: defaults })
          .where(eq(roles.id, existing.id));
    }
  }
}
