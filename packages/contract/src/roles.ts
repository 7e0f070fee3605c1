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
