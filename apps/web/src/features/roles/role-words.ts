import { builtInRoleDescriptionKey, builtInRoleLabelKey } from '@parkade/contract';
import type { TFunction } from 'i18next';

/**
 * A role's name as people read it (issue 36 §9): a built-in role's in the reader's language (its code, `manager`,
 * is never shown), a custom role's as its creator typed it.
 */
export function roleName(name: string, t: TFunction): string {
  const key = builtInRoleLabelKey(name);
  return key ? t(key) : name;
}

/** A role's description: a built-in role's seeded one in the reader's language, else as written. */
export function roleDescription(role: { name: string; description?: string | null }, t: TFunction): string {
  const key = builtInRoleDescriptionKey(role);
  return key ? t(key) : (role.description ?? '');
}
