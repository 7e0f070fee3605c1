import { CATALOG_RESOURCES } from './catalogs';
import type { RoleName } from './constants';
import { RESOURCES } from './registry';

/**
 * The permission catalogue: every resource and its actions, derived from the resources' declarations
 * (`registry.ts`). A permission is `resource.action`; route tables and every server route refer to it, so a typo
 * is a type error.
 */
type Catalogue = { [D in (typeof RESOURCES)[number] as D['name']]: D['actions'] };
export const PERMISSION_CATALOGUE = Object.fromEntries(
  RESOURCES.map((r) => [r.name, r.actions]),
) as Catalogue;

export type Permission = {
  [R in keyof Catalogue]: `${R & string}.${Catalogue[R][number]}`;
}[keyof Catalogue];

export const ALL_PERMISSIONS: Permission[] = Object.entries(PERMISSION_CATALOGUE).flatMap(([r, actions]) =>
  actions.map((a) => `${r}.${a}` as Permission),
);

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as string[]).includes(value);
}

const p = (...xs: Permission[]) => xs;
const readOnly = (r: keyof Catalogue) =>
  (PERMISSION_CATALOGUE[r] as readonly string[])
    .filter((a) => a === 'index' || a === 'show')
    .map((a) => `${r}.${a}` as Permission);
const all = (r: keyof Catalogue) =>
  (PERMISSION_CATALOGUE[r] as readonly string[]).map((a) => `${r}.${a}` as Permission);

const CATALOGS = CATALOG_RESOURCES;

/**
 * Seeded permission sets per role (documented in docs/roles-and-permissions.md).
 * Admin holds everything. Managers run a property. Assistants do the front-desk work without
 * destructive or approval rights. Office dispatchers handle visitors and enforcement paperwork.
 * Parking inspectors patrol, look up and report.
 */
export const ROLE_PERMISSIONS: Record<RoleName, Permission[]> = {
  admin: ALL_PERMISSIONS,
  manager: ALL_PERMISSIONS.filter(
    (x) =>
      !x.startsWith('properties.create') &&
      !x.startsWith('properties.delete') &&
      !x.startsWith('translations.upload') &&
      !x.startsWith('language-codes.edit') &&
      !x.startsWith('tenants.') &&
      !x.startsWith('outbox.') &&
      !x.startsWith('system-settings.') &&
      !CATALOGS.some((c) => x.startsWith(`${c}.`) && !x.endsWith('.index') && !x.endsWith('.show')),
  ),
  assistant: [
    ...p('dashboard.index', 'requests.index', 'requests.show', 'requests.create', 'my-requests.index'),
    ...p('my-requests.create', 'binnacle.index', 'documents.index', 'documents.show'),
    ...readOnly('buildings'),
    ...readOnly('units'),
    ...readOnly('spots'),
    ...p('residents.index', 'residents.show', 'residents.create', 'residents.edit', 'residents.password'),
    ...p('residents.resend-agreement', 'residents.permits', 'residents.permits.create', 'residents.vehicles'),
    ...p('residents.vehicles.create', 'residents.visitors', 'residents.visitors.create'),
    ...p('vehicles.index', 'vehicles.show', 'vehicles.create', 'vehicles.edit'),
    ...p('visitors.index', 'visitors.show', 'visitors.create', 'visitors.edit', 'visitors.refresh'),
    ...p('permits.index', 'permits.show', 'permits.create', 'permits.edit'),
    ...p('reservations.index', 'reservations.show', 'reservations.create'),
    ...readOnly('banned-vehicles'),
    ...readOnly('spot-reports'),
    ...CATALOGS.flatMap((c) => readOnly(c)),
  ],
  'office-dispatcher': [
    ...p('dashboard.index', 'requests.index', 'requests.show', 'requests.create'),
    ...p('visitors.index', 'visitors.show', 'visitors.create', 'visitors.edit', 'visitors.export'),
    ...p('visitors.refresh', 'vehicles.index', 'vehicles.show', 'permits.index', 'permits.show'),
    ...p('residents.index', 'residents.show', 'spots.index', 'spots.show', 'spots.map'),
    ...all('banned-vehicles'),
    ...all('spot-reports'),
    ...p(
      'patrolling.lookup',
      'patrolling-reports.index',
      'patrolling-reports.show',
      'patrolling-reports.export',
    ),
    ...p('permit-warnings.index', 'permit-warnings.show', 'permit-warnings.decide'),
    ...p('vehicle-tows.index', 'vehicle-tows.show', 'vehicle-tows.edit'),
    ...CATALOGS.flatMap((c) => readOnly(c)),
  ],
  'parking-inspector': [
    ...all('patrolling').filter((x) => x !== 'patrolling.off-round'),
    ...all('patrolling-reports'),
    ...p('vehicles.index', 'vehicles.show', 'permits.index', 'permits.show', 'visitors.index'),
    ...p(
      'visitors.show',
      'banned-vehicles.index',
      'banned-vehicles.show',
      'spots.index',
      'spots.show',
      'spots.map',
    ),
    ...p('permit-warnings.index', 'permit-warnings.show', 'permit-warnings.create', 'permit-warnings.place'),
    ...p('vehicle-tows.index', 'vehicle-tows.show', 'vehicle-tows.edit'),
    ...all('spot-reports'),
    ...CATALOGS.flatMap((c) => readOnly(c)),
  ],
};

/** Residents hold no role; the /my area is theirs by user type (SPEC §2.3). */
export const RESIDENT_PERMISSIONS: Permission[] = [];
