import type { Permission } from './permissions';

/**
 * The web route → permission table (SPEC §2.2, §2.4). `null` marks a route SPEC names as open.
 * Path parameters are written TanStack-style ($id). A route missing here is open (SPEC §6);
 * the test in routes.test.ts keeps every staff route of SPEC §2.2 listed.
 */
const crudRoutes = (base: string, resource: string, param: string, extra: Record<string, string> = {}) => ({
  [`/${base}`]: `${resource}.index`,
  [`/${base}/create`]: `${resource}.create`,
  [`/${base}/$${param}/show`]: `${resource}.show`,
  [`/${base}/$${param}/edit`]: `${resource}.edit`,
  ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`/${base}/$${param}/${k}`, v])),
});

const catalog = (name: string, param: string) => crudRoutes(`catalog/${name}`, name, param);

export const ROUTE_PERMISSIONS = {
  '/': null,
  '/dashboard': 'dashboard.index',
  '/rules': 'rules.index',
  '/tenants': null,
  '/translations': 'translations.index',
  '/settings': 'settings.index',
  '/reports': 'reports.index',
  '/requests': 'requests.index',
  '/my-requests': 'my-requests.index',
  '/binnacle': 'binnacle.index',
  ...crudRoutes('banned-vehicles', 'banned-vehicles', 'bannedVehicleId'),
  '/patrolling': 'patrolling.index',
  '/patrolling-reports': 'patrolling-reports.index',
  '/emails-sender': 'emails-sender.index',
  ...crudRoutes('email-templates', 'email-templates', 'emailTemplateId'),
  '/email-templates/create': null,
  '/documents': 'documents.index',
  '/documents/$documentId/show': 'documents.show',
  '/documents/$documentId/edit': 'documents.edit',
  ...crudRoutes('buildings', 'buildings', 'buildingId', { unit: 'buildings.unit' }),
  '/buildings/$buildingId/unit': null,
  ...crudRoutes('properties', 'properties', 'propertyId'),
  ...crudRoutes('units', 'units', 'unitId'),
  '/units/create-bulk': 'units.create-bulk',
  '/spots': 'spots.index',
  '/spots/$spotId/show': 'spots.show',
  '/spots/$spotId/edit': null,
  /** The parking map designer (SPEC §2.5); drawing needs spots.map.edit, checked on its actions. */
  '/parking-map': 'spots.map',
  ...crudRoutes('roles', 'roles', 'roleId'),
  ...crudRoutes('users', 'users', 'userId'),
  '/vehicles': 'vehicles.index',
  '/vehicles/create': null,
  '/vehicles/$vehicleId/show': null,
  '/vehicles/$vehicleId/edit': null,
  ...crudRoutes('visitors', 'visitors', 'visitorId'),
  ...crudRoutes('permits', 'permits', 'permitId', { approve: 'permits.approve', reject: 'permits.reject' }),
  ...crudRoutes('residents', 'residents', 'residentId', {
    permits: 'residents.permits',
    'permits-create': 'residents.permits.create',
    vehicles: 'residents.vehicles',
    'vehicles-create': 'residents.vehicles.create',
    visitors: 'residents.visitors',
    'visitors-create': 'residents.visitors.create',
  }),
  ...catalog('zones', 'zoneId'),
  ...catalog('warnings', 'warningId'),
  ...catalog('reasons', 'reasonId'),
  ...catalog('models', 'modelId'),
  ...catalog('makes', 'makeId'),
  '/catalog/permit-types': null,
  '/catalog/permit-types/create': null,
  '/catalog/permit-types/$permitTypeId/show': null,
  '/catalog/permit-types/$permitTypeId/edit': null,
  '/catalog/states': null,
  '/catalog/states/create': null,
  '/catalog/states/$stateId/show': null,
  '/catalog/states/$stateId/edit': null,
  '/catalog/tows': null,
  '/catalog/tows/create': null,
  '/catalog/tows/$towId/show': null,
  '/catalog/tows/$towId/edit': null,
  '/catalog/binnacle': 'binnacle.index',
} as Record<string, Permission | null>;

/** The resident whitelist of SPEC §2.3. */
export const RESIDENT_ROUTES = [
  '/',
  '/my/profile',
  '/my/reservations',
  '/my/visitors',
  '/my/visitors/create',
  '/my/visitors/$visitorId/show',
  '/my/visitors/$visitorId/edit',
  '/my/vehicles',
  '/my/vehicles/create',
  '/my/vehicles/$vehicleId/show',
  '/my/vehicles/$vehicleId/edit',
  '/my/permits',
  '/my/permits/create',
  '/my/permits/$permitId/show',
  '/my/permits/$permitId/edit',
] as const;
