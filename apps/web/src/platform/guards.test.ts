import { ROLE_PERMISSIONS, ROUTE_PERMISSIONS } from '@parkade/contract';
import { describe, expect, it } from 'vitest';
import {
  isAuthExempt,
  isPositiveId,
  landingPath,
  loginPath,
  normalisePath,
  safeRedirect,
  type GuardUser,
} from './guards';
import {
  badIdRedirect,
  canVisit,
  guardRedirect,
  matchRoute,
  offeredIn,
  staffCounterpart,
} from './route-access';

const resident: GuardUser = { type: 'tenant-resident', role: null };
const admin: GuardUser = { type: 'central-user', role: 'admin' };
const inspector: GuardUser = { type: 'central-user', role: 'parking-inspector' };
const manager: GuardUser = { type: 'tenant-user', role: 'manager' };
const assistant: GuardUser = { type: 'tenant-user', role: 'assistant' };
const roleless: GuardUser = { type: 'tenant-user', role: null };
const perms = ROLE_PERMISSIONS;
const signedIn = (user: GuardUser, permissions: readonly string[]) => ({
  isAuthenticated: true,
  user,
  permissions,
});

describe('route matching', () => {
  it('matches $param patterns, preferring literal segments', () => {
    expect(matchRoute('/catalog/zones/12/show')).toEqual({
      pattern: '/catalog/zones/$zoneId/show',
      params: { zoneId: '12' },
    });
    expect(matchRoute('/units/create-bulk')?.pattern).toBe('/units/create-bulk');
    expect(matchRoute('/catalog/zones/create')?.pattern).toBe('/catalog/zones/create');
    expect(matchRoute('/residents/4/permits-create')?.pattern).toBe('/residents/$residentId/permits-create');
    expect(matchRoute('/my/vehicles/3/edit')?.pattern).toBe('/my/vehicles/$vehicleId/edit');
    expect(matchRoute('/no/such/route')).toBeNull();
  });

  it('ignores trailing slashes, query strings and hashes', () => {
    expect(normalisePath('/dashboard/')).toBe('/dashboard');
    expect(normalisePath('/catalog/zones?page=2#top')).toBe('/catalog/zones');
    expect(normalisePath('')).toBe('/');
    expect(matchRoute('/dashboard/')?.pattern).toBe('/dashboard');
  });
});

describe('canVisit: staff (the route → permission table)', () => {
  it('allows a route whose permission the user holds, refuses it otherwise', () => {
    expect(canVisit('/dashboard', manager, perms.manager)).toBe(true);
    expect(canVisit('/dashboard', inspector, perms['parking-inspector'])).toBe(false);
    expect(canVisit('/patrolling', inspector, perms['parking-inspector'])).toBe(true);
    expect(canVisit('/binnacle', assistant, perms.assistant)).toBe(true);
    expect(canVisit('/catalog/zones/create', manager, perms.manager)).toBe(false);
    expect(canVisit('/catalog/zones/create', admin, perms.admin)).toBe(true);
    expect(canVisit('/catalog/zones/7/edit', assistant, perms.assistant)).toBe(false);
    expect(canVisit('/catalog/zones/7/show', assistant, perms.assistant)).toBe(true);
  });

  it('keeps the routes listed as null, and routes not listed, open (SPEC §2.4, §6)', () => {
    const open = Object.entries(ROUTE_PERMISSIONS)
      .filter(([, p]) => p === null)
      .map(([path]) => path.replace(/\$\w+/g, '5'));
    expect(open).toContain('/catalog/states');
    for (const path of open) expect(canVisit(path, roleless, []), path).toBe(true);
    // Named open by SPEC §2.4, but its list needs tenants.index: so does the page (decision 0039).
    expect(canVisit('/tenants', roleless, [])).toBe(false);
    expect(canVisit('/tenants', admin, perms.admin)).toBe(true);
    expect(canVisit('/', roleless, [])).toBe(true);
    expect(canVisit('/catalog', roleless, [])).toBe(true);
    expect(canVisit('/some/future/screen', roleless, [])).toBe(true);
  });

  it('sends staff away from the residents’ /my area', () => {
    expect(canVisit('/my/profile', admin, perms.admin)).toBe(false);
    expect(canVisit('/my/vehicles/3/show', manager, perms.manager)).toBe(false);
    // /my-requests is staff's as residents' (issue 38 §2): staff need my-requests.index
    expect(canVisit('/my-requests', manager, perms.manager)).toBe(true);
  });
});

describe('canVisit: residents (the whitelist of SPEC §2.3)', () => {
  it('lets a resident open /, the /my routes and their own requests only', () => {
    for (const path of [
      '/',
      '/my/profile',
      '/my/reservations',
      '/my/visitors',
      '/my/visitors/create',
      '/my/visitors/3/show',
      '/my/vehicles/4/edit',
      '/my/permits',
      '/my/permits/9/edit',
      // Their own requests (issue 38 §2, decision 0049).
      '/my-requests',
      '/my-requests/5/show',
    ])
      expect(canVisit(path, resident, []), path).toBe(true);
    for (const path of ['/dashboard', '/tenants', '/catalog/states', '/requests', '/my/unknown', '/my'])
      expect(canVisit(path, resident, []), path).toBe(false);
  });

  it('is not widened by permissions', () => {
    expect(canVisit('/dashboard', resident, perms.admin)).toBe(false);
  });
});

describe('landing path (SPEC §2.2)', () => {
  it('residents → /my/profile, inspectors → /patrolling, dashboard.index → /dashboard, others → /', () => {
    expect(landingPath(resident, [])).toBe('/my/profile');
    expect(landingPath(inspector, perms['parking-inspector'])).toBe('/patrolling');
    // the role decides for inspectors, even one given dashboard.index
    expect(landingPath(inspector, ['dashboard.index'])).toBe('/patrolling');
    expect(landingPath(admin, perms.admin)).toBe('/dashboard');
    expect(landingPath(manager, perms.manager)).toBe('/dashboard');
    expect(landingPath(roleless, [])).toBe('/');
    expect(landingPath({ type: 'central-user', role: 'custom' }, ['binnacle.index'])).toBe('/');
  });

  it('is a path the user may visit', () => {
    for (const [role, held] of Object.entries(perms)) {
      const user: GuardUser = { type: 'central-user', role };
      expect(canVisit(landingPath(user, held), user, held), role).toBe(true);
    }
  });
});

describe('id parameters (SPEC §2.2)', () => {
  it('accepts positive integers only', () => {
    expect(isPositiveId('1')).toBe(true);
    expect(isPositiveId('9007199254740991')).toBe(true);
    for (const v of ['0', '-1', '01', '1.5', 'abc', '', ' 1', '1e3', '99999999999999999'])
      expect(isPositiveId(v), v).toBe(false);
  });

  it('sends a bad id to the list route, for every resource of the tables', () => {
    expect(badIdRedirect('/catalog/zones/abc/show')).toBe('/catalog/zones');
    expect(badIdRedirect('/catalog/models/0/edit')).toBe('/catalog/models');
    expect(badIdRedirect('/residents/-3/permits')).toBe('/residents');
    expect(badIdRedirect('/my/vehicles/x/show')).toBe('/my/vehicles');
    expect(badIdRedirect('/email-templates/1.5/edit')).toBe('/email-templates');
    // An email template is named by its mail's key, or by its number for the property's own: those open, anything
    // else is the list.
    expect(badIdRedirect('/email-templates/resident-agreement/show')).toBeNull();
    expect(badIdRedirect('/email-templates/password-reset/edit')).toBeNull();
    expect(badIdRedirect('/email-templates/7/show')).toBeNull();
    expect(badIdRedirect('/email-templates/07/show')).toBe('/email-templates');
    expect(badIdRedirect('/email-templates/toString/show')).toBe('/email-templates');
    expect(badIdRedirect('/catalog/zones/12/show')).toBeNull();
    expect(badIdRedirect('/catalog/zones/create')).toBeNull();
    expect(badIdRedirect('/dashboard')).toBeNull();
    expect(badIdRedirect('/unknown/abc')).toBeNull();
    // every id route of both tables inherits the rule
    for (const pattern of Object.keys(ROUTE_PERMISSIONS).filter((p) => /\$\w+Id/.test(p))) {
      const bad = pattern.replace(/\$\w+/, 'nope').replace(/\$\w+/g, '1');
      expect(badIdRedirect(bad), pattern).toBe(pattern.slice(0, pattern.indexOf('/$')));
    }
  });
});

describe('the layout guard', () => {
  const signedOut = { isAuthenticated: false, user: null, permissions: [] };

  it('sends a signed-out visitor to the login with the path as redirect, except under /language', () => {
    expect(guardRedirect('/catalog/zones', '/catalog/zones?page=2', signedOut)).toBe(
      '/auth/login?redirect=%2Fcatalog%2Fzones%3Fpage%3D2',
    );
    expect(guardRedirect('/', '/', signedOut)).toBe('/auth/login');
    expect(guardRedirect('/language', '/language', signedOut)).toBeNull();
    expect(guardRedirect('/language/codes', '/language/codes', signedOut)).toBeNull();
    expect(isAuthExempt('/languages')).toBe(false);
  });

  it('fixes bad ids first, then sends forbidden paths to the landing page', () => {
    expect(
      guardRedirect('/catalog/zones/abc/show', '/catalog/zones/abc/show', signedIn(admin, perms.admin)),
    ).toBe('/catalog/zones');
    expect(guardRedirect('/dashboard', '/dashboard', signedIn(resident, []))).toBe('/my/profile');
    expect(guardRedirect('/dashboard', '/dashboard', signedIn(inspector, perms['parking-inspector']))).toBe(
      '/patrolling',
    );
    expect(guardRedirect('/my/vehicles', '/my/vehicles', signedIn(manager, perms.manager))).toBe(
      '/dashboard',
    );
    expect(guardRedirect('/dashboard', '/dashboard', signedIn(roleless, []))).toBe('/');
    expect(guardRedirect('/dashboard', '/dashboard', signedIn(manager, perms.manager))).toBeNull();
    expect(guardRedirect('/', '/', signedIn(roleless, []))).toBeNull();
  });
});

describe('staff on a resident page (SPEC §6)', () => {
  it('sends staff opening /my/profile to their own /profile, where two-factor is enrolled', () => {
    expect(staffCounterpart('/my/profile', manager)).toBe('/profile');
    expect(staffCounterpart('/my/profile/', admin)).toBe('/profile');
    expect(guardRedirect('/my/profile', '/my/profile', signedIn(manager, perms.manager))).toBe('/profile');
    expect(guardRedirect('/my/profile', '/my/profile', signedIn(admin, perms.admin))).toBe('/profile');
    expect(guardRedirect('/my/profile', '/my/profile', signedIn(roleless, []))).toBe('/profile');
    expect(guardRedirect('/my/profile', '/my/profile', signedIn(inspector, perms['parking-inspector']))).toBe(
      '/profile',
    );
  });

  it('keeps the other resident-only pages closed to staff: they go to their landing page', () => {
    for (const path of ['/my/reservations', '/my/visitors', '/my/vehicles/3/show', '/my/permits', '/my']) {
      expect(staffCounterpart(path, manager), path).toBeNull();
      expect(canVisit(path, manager, perms.manager), path).toBe(false);
      expect(guardRedirect(path, path, signedIn(manager, perms.manager)), path).toBe('/dashboard');
    }
    expect(guardRedirect('/my/visitors', '/my/visitors', signedIn(roleless, []))).toBe('/');
  });

  it('leaves a resident on their own /my/profile', () => {
    expect(staffCounterpart('/my/profile', resident)).toBeNull();
    expect(guardRedirect('/my/profile', '/my/profile', signedIn(resident, []))).toBeNull();
  });
});

describe('redirect targets', () => {
  it('follows only paths of this app', () => {
    expect(safeRedirect('/catalog/zones?page=2')).toBe('/catalog/zones?page=2');
    for (const v of [
      'https://evil.test',
      '//evil.test',
      '/\\evil.test',
      'dashboard',
      '',
      7,
      null,
      '/auth/login',
    ])
      expect(safeRedirect(v), String(v)).toBeUndefined();
    expect(loginPath('/')).toBe('/auth/login');
    expect(loginPath('//evil.test')).toBe('/auth/login');
  });
});

describe('pages of one area only', () => {
  it('the central /properties and /tenants pages are not found on a property address, for anyone', () => {
    for (const path of ['/properties', '/properties/create', '/properties/7/show', '/tenants']) {
      expect(offeredIn(path, 'central'), path).toBe(true);
      expect(offeredIn(path, 'tenant'), path).toBe(false);
    }
    for (const path of ['/residents', '/patrolling', '/dashboard', '/my/profile', '/nowhere'])
      expect(offeredIn(path, 'tenant'), path).toBe(true);
  });
});
