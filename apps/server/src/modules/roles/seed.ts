import { ROLE_PERMISSIONS, ROLES } from '@parkade/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { roles } from './table';

const DESCRIPTIONS: Record<string, string> = {
  admin: 'Full access',
  manager: 'Runs a property',
  assistant: 'Front desk: residents, vehicles, visitors and permits, no deletions or approvals',
  'office-dispatcher': 'Visitors and enforcement paperwork',
  'parking-inspector': 'Patrols, looks up plates, issues warnings and tows',
};

/** The five built-in roles. Each start adds any default permission a built-in role lacks; none is removed. */
export async function seedRoles(tx: Tx): Promise<void> {
  for (const name of ROLES) {
    const defaults = ROLE_PERMISSIONS[name];
    const [existing] = await tx.select().from(roles).where(eq(roles.name, name));
    if (!existing) {
      await tx
        .insert(roles)
        .values({ name, description: DESCRIPTIONS[name], permissions: defaults, builtIn: true });
    } else if (existing.builtIn) {
      const missing = defaults.filter((p) => !existing.permissions.includes(p));
      if (missing.length)
        await tx
          .update(roles)
          .set({ permissions: [...existing.permissions, ...missing] })
          .where(eq(roles.id, existing.id));
    }
  }
}
