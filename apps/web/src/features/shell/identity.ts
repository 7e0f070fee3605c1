import type { AuthUser } from '@parkade/contract';
import type { TFunction } from 'i18next';
import { roleName } from '../roles/role-words';

/**
 * Who the signed-in user is, in words (SPEC §6: a resident of a property, a staff user of a property with their
 * role, and a central user are told apart). Shown under the name in the user menu and on the home page.
 */
type Who = Pick<AuthUser, 'type' | 'role' | 'fullName'>;

/** A built-in role's translated name; a role created by an administrator keeps its own name. */
export function roleLabel(role: string | null, t: TFunction): string | null {
  return role ? roleName(role, t) : null;
}

export function identityLabel(user: Who, propertyName: string | null, t: TFunction): string {
  const role = roleLabel(user.role, t);
  const property = propertyName ?? '';
  switch (user.type) {
    case 'tenant-resident':
      return t('shell.identity.resident', { property });
    case 'tenant-visitor':
      return t('shell.identity.visitor', { property });
    case 'tenant-user':
      return role
        ? t('shell.identity.staffRole', { role, property })
        : t('shell.identity.staff', { property });
    default:
      return role ? t('shell.identity.centralRole', { role }) : t('shell.identity.central');
  }
}

/** Up to two initials for the avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const chars =
    words.length === 1 ? [...words[0]!].slice(0, 2) : [[...words[0]!][0], [...words[words.length - 1]!][0]];
  return chars.join('').toUpperCase();
}

/** A tenant code as a name, for the sign-in page of a property no one has signed in to from this browser yet. */
export function nameFromCode(code: string): string {
  return code
    .split(/[-_.]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
