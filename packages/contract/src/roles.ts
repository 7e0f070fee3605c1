import { ROLES, type RoleName } from './constants';
import { CRUD, crudPages, defineResource, navEntry } from './resource';

export const ROLE_NAME_MAX = 64;
export const ROLE_DESCRIPTION_MAX = 255;

/**
 * Where a role lives (decision 0020): `shared` — the five built-in roles, offered in both areas and on every
 * property; `central` — made in the central area, held by central staff only; `property` — made on one property
 * (its own address, or centrally with that property selected) and seen only there.
 */
export const ROLE_AREAS = ['shared', 'central', 'property'] as const;
export type RoleArea = (typeof ROLE_AREAS)[number];

/**
 * The permissions someone must keep holding in an area or a property, so that users and roles can still be managed
 * there: an edit that leaves no active user holding both is refused (409).
 */
export const ROLE_KEEPER_PERMISSIONS = ['users.edit', 'roles.edit'] as const;

/** At most this many holders are named when a role in use cannot be deleted. */
export const ROLE_HOLDERS_NAMED = 5;

/** GET /roles: filter[term] searches name and description; filter[area] shared, central or property. */
export const rolesListQuery = {
  filters: ['area'],
  sorts: ['name', 'createdAt', 'updatedAt'],
  includes: [],
  defaultSort: 'name',
} as const;

/** Roles (SPEC §2.2 /roles): named permission sets; the five built-in ones are seeded (docs/roles-and-permissions.md). */
export const rolesResource = defineResource({
  name: 'roles',
  actions: CRUD,
  routes: crudPages('roles', 'roleId'),
  nav: [navEntry('administration', '/roles', 'roles')],
  audited: { roles: { record: '/roles/{id}/show' } },
});

/**
 * The built-in roles' words (issue 36 §9, decision 0039). A built-in role is stored under its code (`manager`), which
 * is never shown: the screens name it `shell.role.<code>` in the reader's language. No other role can bear a code as
 * its name (the names are unique ignoring case among the roles of no property, and a property's own role may not
 * take a built-in role's name), so a role named by a code is that built-in role. A custom role keeps the name its
 * creator typed.
 */
export function builtInRoleLabelKey(name: string): string | null {
  return (ROLES as readonly string[]).includes(name) ? `shell.role.${name}` : null;
}

/**
 * The description the seed gives each built-in role, in English as stored. While a built-in role keeps it (or has
 * none), the screens show `roles.builtInDescription.<code>` in the reader's language instead; a description an
 * operator wrote is shown as written.
 */
export const BUILT_IN_ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  admin: 'Full access',
  manager: 'Runs a property',
  assistant: 'Front desk: residents, vehicles, visitors and permits, no deletions or approvals',
  'office-dispatcher': 'Visitors and enforcement paperwork',
  'parking-inspector': 'Patrols, looks up plates, issues warnings and tows',
};

/** The description's translation key of a built-in role that keeps its seeded description (or has none), else null. */
export function builtInRoleDescriptionKey(role: {
  name: string;
  description?: string | null;
}): string | null {
  if (!builtInRoleLabelKey(role.name)) return null;
  const seeded = BUILT_IN_ROLE_DESCRIPTIONS[role.name as RoleName];
  return !role.description || role.description === seeded ? `roles.builtInDescription.${role.name}` : null;
}
