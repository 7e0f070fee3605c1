import type { Area } from './constants';
import type { Permission } from './permissions';
import { RESOURCES } from './registry';

/**
 * The web route → permission table (SPEC §2.2, §2.4), derived from the resources' declarations: each route needs
 * `resource.action`, or nothing when the declaration says null (a route SPEC names as open). Path parameters are
 * written TanStack-style ($id). A route missing here is open (SPEC §6); permissions.test.ts keeps every staff
 * route of SPEC §2.2 listed.
 */
export const ROUTE_PERMISSIONS: Record<string, Permission | null> = Object.fromEntries(
  RESOURCES.flatMap((r) =>
    Object.entries(('routes' in r ? r.routes : undefined) ?? {}).map(([path, action]) => [
      path,
      action === null ? null : (`${r.name}.${action}` as Permission),
    ]),
  ),
);

/** The routes whose pages exist only in some areas (their resource's `areas`); a route missing here is in both. */
export const ROUTE_AREAS: Record<string, readonly Area[]> = Object.fromEntries(
  RESOURCES.flatMap((r) =>
    'areas' in r && r.areas
      ? Object.keys(('routes' in r ? r.routes : undefined) ?? {}).map((path) => [
          path,
          r.areas as readonly Area[],
        ])
      : [],
  ),
);

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
  '/my/caregivers',
  '/my/caregivers/create',
  '/my/caregivers/$caregiverId/show',
  '/my/caregivers/$caregiverId/edit',
  '/my-requests',
  '/my-requests/$requestId/show',
] as const;
