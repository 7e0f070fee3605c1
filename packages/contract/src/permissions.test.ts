import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, isPermission, ROLE_PERMISSIONS } from './permissions';
import { hasAllPermissions, hasAnyPermission, hasPermission } from './permission-check';
import { RESIDENT_ROUTES, ROUTE_AREAS, ROUTE_PERMISSIONS } from './routes';
import { NAV_ENTRIES, RESOURCES } from './registry';
import { ROLES } from './constants';

/** Every staff route of SPEC §2.2, written as the web app will (TanStack $params). */
const SPEC_STAFF_ROUTES = [
  '/',
  '/dashboard',
  '/rules',
  '/tenants',
  '/translations',
  '/settings',
  '/reports',
  '/requests',
  '/my-requests',
  '/binnacle',
  '/banned-vehicles',
  '/patrolling',
  '/patrolling-reports',
  '/emails-sender',
  '/email-templates',
  '/email-templates/create',
  '/email-templates/$emailTemplateId/show',
  '/email-templates/$emailTemplateId/edit',
  '/documents',
  '/documents/$documentId/show',
  '/documents/$documentId/edit',
  '/buildings',
  '/buildings/create',
  '/buildings/$buildingId/show',
  '/buildings/$buildingId/edit',
  '/buildings/$buildingId/unit',
  '/properties',
  '/properties/create',
  '/properties/$propertyId/show',
  '/properties/$propertyId/edit',
  '/units',
  '/units/create',
  '/units/create-bulk',
  '/units/$unitId/show',
  '/units/$unitId/edit',
  '/spots',
  '/spots/$spotId/show',
  '/spots/$spotId/edit',
  '/roles',
  '/roles/create',
  '/roles/$roleId/show',
  '/roles/$roleId/edit',
  '/users',
  '/users/create',
  '/users/$userId/show',
  '/users/$userId/edit',
  '/vehicles',
  '/vehicles/create',
  '/vehicles/$vehicleId/show',
  '/vehicles/$vehicleId/edit',
  '/visitors',
  '/visitors/create',
  '/visitors/$visitorId/show',
  '/visitors/$visitorId/edit',
  '/permits',
  '/permits/create',
  '/permits/$permitId/show',
  '/permits/$permitId/edit',
  '/permits/$permitId/approve',
  '/permits/$permitId/reject',
  '/residents',
  '/residents/create',
  '/residents/$residentId/show',
  '/residents/$residentId/edit',
  '/residents/$residentId/permits',
  '/residents/$residentId/permits-create',
  '/residents/$residentId/vehicles',
  '/residents/$residentId/vehicles-create',
  '/residents/$residentId/visitors',
  '/residents/$residentId/visitors-create',
  ...[
    'zones:zoneId',
    'warnings:warningId',
    'tows:towId',
    'states:stateId',
    'reasons:reasonId',
    'permit-types:permitTypeId',
    'models:modelId',
    'makes:makeId',
  ].flatMap((x) => {
    const [name, param] = x.split(':');
    return [
      `/catalog/${name}`,
      `/catalog/${name}/create`,
      `/catalog/${name}/$${param}/show`,
      `/catalog/${name}/$${param}/edit`,
    ];
  }),
  '/catalog/binnacle',
];

/** SPEC §2.4: routes known to need no permission. */
const SPEC_OPEN_ROUTES = [
  '/email-templates/create',
  '/spots/$spotId/edit',
  '/vehicles/create',
  '/vehicles/$vehicleId/edit',
  '/vehicles/$vehicleId/show',
  '/buildings/$buildingId/unit',
  '/catalog/permit-types',
  '/catalog/permit-types/create',
  '/catalog/permit-types/$permitTypeId/show',
  '/catalog/permit-types/$permitTypeId/edit',
  '/catalog/states',
  '/catalog/states/create',
  '/catalog/states/$stateId/show',
  '/catalog/states/$stateId/edit',
  '/catalog/tows',
  '/catalog/tows/create',
  '/catalog/tows/$towId/show',
  '/catalog/tows/$towId/edit',
];

describe('route → permission table', () => {
  it('lists every staff route of SPEC §2.2', () => {
    const missing = SPEC_STAFF_ROUTES.filter((r) => !(r in ROUTE_PERMISSIONS));
    expect(missing).toEqual([]);
  });
  it('keeps the routes SPEC §2.4 names as open, open', () => {
    for (const r of SPEC_OPEN_ROUTES) expect(ROUTE_PERMISSIONS[r], r).toBeNull();
  });
  it('ties the SPEC §2.4 examples to their permissions', () => {
    expect(ROUTE_PERMISSIONS['/dashboard']).toBe('dashboard.index');
    expect(ROUTE_PERMISSIONS['/documents']).toBe('documents.index');
    expect(ROUTE_PERMISSIONS['/documents/$documentId/show']).toBe('documents.show');
    expect(ROUTE_PERMISSIONS['/documents/$documentId/edit']).toBe('documents.edit');
    expect(ROUTE_PERMISSIONS['/binnacle']).toBe('binnacle.index');
    expect(ROUTE_PERMISSIONS['/buildings']).toBe('buildings.index');
    expect(ROUTE_PERMISSIONS['/catalog/makes/create']).toBe('makes.create');
    expect(ROUTE_PERMISSIONS['/residents/$residentId/vehicles-create']).toBe('residents.vehicles.create');
    expect(ROUTE_PERMISSIONS['/units/create-bulk']).toBe('units.create-bulk');
    expect(ROUTE_PERMISSIONS['/permits/$permitId/approve']).toBe('permits.approve');
  });
  it('names only permissions of the catalogue', () => {
    for (const [route, p] of Object.entries(ROUTE_PERMISSIONS))
      if (p) expect(isPermission(p), route).toBe(true);
  });
  it('offers in a menu no open page whose list some built-in role may not read (issue 36 §6)', () => {
    // A menu entry whose page needs no permission is shown to every staff user of its areas; its resource's list
    // must then be readable by every built-in role of those areas, or the page answers "no permission".
    const dead: string[] = [];
    for (const r of RESOURCES) {
      const routes = ('routes' in r ? r.routes : undefined) ?? {};
      for (const entry of NAV_ENTRIES.filter((e) => e.path in routes)) {
        // The home page ('/') shows the menu's own cards and reads no list.
        if (entry.path === '/' || ROUTE_PERMISSIONS[entry.path] !== null) continue;
        const list = `${r.name}.index`;
        if (!isPermission(list)) continue;
        for (const role of ROLES)
          if (!(ROLE_PERMISSIONS[role] as string[]).includes(list))
            dead.push(
              `${entry.path} (${ROUTE_AREAS[entry.path]?.join('/') ?? 'both areas'}): ${role} lacks ${list}`,
            );
      }
    }
    expect(dead).toEqual([]);
  });
  it('whitelists only /my routes, / and their own requests for residents', () => {
    // Issue 38 §2: /my-requests (a SPEC route) lists one's own requests, residents' as staff's (decision 0049).
    const own = (r: string) => r === '/my-requests' || r.startsWith('/my-requests/');
    for (const r of RESIDENT_ROUTES) expect(r === '/' || r.startsWith('/my/') || own(r), r).toBe(true);
  });
});

describe('permission checks shared by server and web', () => {
  const held = ['a.index', 'binnacle.index', 'dashboard.index'];
  it('one, any and all', () => {
    expect(hasPermission(held, 'binnacle.index')).toBe(true);
    expect(hasPermission(held, 'users.index')).toBe(false);
    expect(hasAnyPermission(held, ['users.index', 'dashboard.index'])).toBe(true);
    expect(hasAnyPermission(held, ['users.index'])).toBe(false);
    expect(hasAllPermissions(held, ['binnacle.index', 'dashboard.index'])).toBe(true);
    expect(hasAllPermissions(held, ['binnacle.index', 'users.index'])).toBe(false);
  });
  it('seeds every role with catalogue permissions only; admin holds all', () => {
    for (const role of ROLES)
      for (const p of ROLE_PERMISSIONS[role]) expect(isPermission(p), `${role} ${p}`).toBe(true);
    expect(new Set(ROLE_PERMISSIONS.admin)).toEqual(new Set(ALL_PERMISSIONS));
  });
  it('gives parking inspectors patrolling, and managers the dashboard and the staffing of their property', () => {
    expect(ROLE_PERMISSIONS['parking-inspector']).toContain('patrolling.index');
    expect(ROLE_PERMISSIONS['parking-inspector']).not.toContain('dashboard.index');
    expect(ROLE_PERMISSIONS.manager).toContain('dashboard.index');
    // A property's manager staffs it (issue 16): users and roles, within the permissions the manager holds.
    expect(ROLE_PERMISSIONS.manager).toEqual(expect.arrayContaining(['users.edit', 'roles.edit']));
    expect(ROLE_PERMISSIONS.manager).not.toContain('system-settings.edit');
  });
});
