import { SMTP_PORTS } from './constants';
import { CRUD, crudPages, defineResource, navEntry } from './resource';

/** Property types (SPEC §3). */
export const PROPERTY_TYPES = ['house', 'office', 'other'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Codes that can never be a property's subdomain. */
export const RESERVED_PROPERTY_CODES = [
  'admin',
  'www',
  'api',
  'app',
  'mail',
  'static',
  'assets',
  'tenant',
  'central',
];
/** A subdomain label: lower-case letters, digits and dashes, starting with a letter, 2 to 63 characters. */
export const PROPERTY_CODE_PATTERN = /^[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
/** A host name: labels of letters, digits and dashes joined by dots, with at least one dot. */
export const HOST_NAME_PATTERN =
  /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** IANA time zones this runtime knows (Node and every current browser implement Intl.supportedValuesOf). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.includes('/') || tz === 'UTC';
  } catch {
    return false;
  }
}

export const SMTP_PORT_VALUES = Object.keys(SMTP_PORTS).map(Number) as (keyof typeof SMTP_PORTS)[];

type MailFields = {
  mailUsername: string | null;
  mailPassword: string | null;
  mailHost: string | null;
  mailPort?: number | null;
};
/**
 * SMTP (SPEC §5): username, password, host and port all filled, or none (system defaults). `passwordStored`
 * says an update may leave the password empty to keep the stored one.
 */
export function checkMailConfig(v: MailFields, passwordStored: boolean): { path: string; message: string }[] {
  const filled = {
    mailUsername: !!v.mailUsername,
    mailPassword: !!v.mailPassword || passwordStored,
    mailHost: !!v.mailHost,
    mailPort: v.mailPort != null,
  };
  const any = !!v.mailUsername || !!v.mailPassword || !!v.mailHost || v.mailPort != null;
  if (!any) return [];
  return Object.entries(filled)
    .filter(([, ok]) => !ok)
    .map(([path]) => ({ path, message: 'properties.mailAllOrNone' }));
}
export const VISITOR_VALIDITY_UNITS = ['minutes', 'hours', 'days'] as const;

/** GET /tenants: which host names reach which property (its subdomain and its extra domains). */
export const TENANT_HOST_KINDS = ['subdomain', 'access', 'visitor'] as const;

export const propertiesResource = defineResource({
  name: 'properties',
  actions: [...CRUD, 'test-email'],
  routes: crudPages('properties', 'propertyId'),
  areas: ['central'],
  nav: [navEntry('property', '/properties', 'properties', { areas: ['central'] })],
  audited: { properties: { record: '/properties/{id}/edit' } },
  options: { zones: ['create', 'edit'] },
});

/**
 * Which host names reach which property (central). SPEC §2.4 names the page open, but its list needs
 * `tenants.index`: the page asks for it too, so a menu never offers it to someone the list refuses (issue 36 §6,
 * decision 0039).
 */
export const tenantsResource = defineResource({
  name: 'tenants',
  actions: ['index'],
  routes: { '/tenants': 'index' },
  areas: ['central'],
  nav: [navEntry('administration', '/tenants', 'tenants', { areas: ['central'] })],
});

/** A property's typed settings (/settings). */
export const settingsResource = defineResource({
  name: 'settings',
  actions: ['index', 'edit'],
  routes: { '/settings': 'index' },
  nav: [navEntry('administration', '/settings', 'settings')],
});
