import { crudPages, defineResource, navEntry } from './resource';

/**
 * Staff users (SPEC §2.2 /users, §3 User; decision 0021): central staff in the central area; a property's staff on
 * its own address, or centrally with that property selected. Residents and visitors are tenant users too, but are
 * managed on their own screens: this resource lists and writes `tenant-user` rows only.
 */

/** SPEC "username format": 3–64 characters, lowercase letters, digits and `.`, `_`, `-`, starting and ending with a letter or digit. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;
export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/;

/** SPEC "name format": letters of any script, spaces, apostrophes, hyphens and periods; 2–255 characters. */
export const USER_NAME_MIN = 2;
export const USER_NAME_MAX = 255;
export const USER_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;

/**
 * A user's state: `invited` until they set a password from their invitation (they cannot sign in yet), then
 * `active`; `inactive` once deactivated (every session ended, sign-in refused) until reactivated.
 */
export const USER_STATUSES = ['invited', 'active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * An invitation link (`/auth/invitation/{token}`): 256 random bits, stored hashed, single use, valid this many
 * days. Sending a new one (resend) retires the previous one.
 */
export const INVITATION_DAYS = 7;
/** At most this many invitations (first and resends) per user per hour; more answer 429. */
export const INVITATIONS_PER_HOUR = 5;

/** GET /users and GET /users/export: filter[term] searches full name, username, email and phone. */
export const usersListQuery = {
  filters: ['roleId', 'status'],
  sorts: ['fullName', 'username', 'email', 'lastLoginAt', 'createdAt'],
  includes: ['role'],
  defaultSort: 'fullName',
} as const;

/** The export's columns, in order (xlsx headers are translated `users.fields.<name>`). */
export const USER_EXPORT_COLUMNS = [
  'fullName',
  'username',
  'email',
  'phone',
  'role',
  'language',
  'status',
  'lastLoginAt',
  'recoveryAt',
  'createdAt',
] as const;

export const usersResource = defineResource({
  name: 'users',
  actions: ['index', 'create', 'show', 'edit', 'delete', 'export'],
  routes: crudPages('users', 'userId'),
  nav: [navEntry('administration', '/users', 'users')],
  audited: {
    central_users: { record: '/users/{id}/show' },
    tenant_users: { record: '/users/{id}/show' },
  },
});
