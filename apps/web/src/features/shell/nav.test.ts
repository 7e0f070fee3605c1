import { ROLE_PERMISSIONS, type AuthUser } from '@parkade/contract';
import { describe, expect, it } from 'vitest';
import { bundledResources } from '../../platform/bundled-translations';
import { identityLabel, initials, nameFromCode, roleLabel } from './identity';
import { activeNavPath, NAV_ITEMS, navSections, visibleNavItems, type NavContext } from './nav';

const built = new Set([
  '/',
  '/dashboard',
  '/patrolling',
  '/my/profile',
  '/catalog/zones',
  '/catalog/makes',
  '/binnacle',
]);
const ctx = (
  user: NavContext['user'],
  permissions: readonly string[],
  area: NavContext['area'] = 'central',
): NavContext => ({
  user,
  permissions,
  area,
  available: (p) => built.has(p),
});
const paths = (c: NavContext) => visibleNavItems(c).map((i) => i.path);

describe('navigation table', () => {
  it('shows only built screens the user may open', () => {
    expect(paths(ctx({ type: 'central-user', role: 'admin' }, ROLE_PERMISSIONS.admin))).toEqual([
      '/',
      '/dashboard',
      '/patrolling',
      '/catalog/zones',
      '/catalog/makes',
      '/binnacle',
    ]);
    expect(
      paths(ctx({ type: 'central-user', role: 'parking-inspector' }, ROLE_PERMISSIONS['parking-inspector'])),
    ).toEqual(['/', '/patrolling', '/catalog/zones', '/catalog/makes']);
  });

  it('offers the host names page (/tenants) only to whom its list allows (issue 36 §6)', () => {
    const withTenants = (role: 'admin' | 'parking-inspector' | 'manager') =>
      visibleNavItems({
        user: { type: 'central-user', role },
        permissions: ROLE_PERMISSIONS[role],
        area: 'central',
        available: (p) => p === '/tenants',
      }).map((i) => i.path);
    expect(withTenants('admin')).toEqual(['/tenants']);
    expect(withTenants('parking-inspector')).toEqual([]);
    expect(withTenants('manager')).toEqual([]);
  });

  it('offers the outbox to central staff holding outbox.index, never on a property (issue 36 §4)', () => {
    const withOutbox = (
      role: 'admin' | 'parking-inspector' | 'manager',
      area: NavContext['area'] = 'central',
    ) =>
      visibleNavItems({
        user: { type: area === 'central' ? 'central-user' : 'tenant-user', role },
        permissions: ROLE_PERMISSIONS[role],
        area,
        available: (p) => p === '/outbox',
      }).map((i) => i.path);
    expect(withOutbox('admin')).toEqual(['/outbox']);
    expect(withOutbox('parking-inspector')).toEqual([]);
    expect(withOutbox('manager')).toEqual([]);
    // Even a property user whose role held every permission: the outbox is not a property's screen.
    expect(withOutbox('admin', 'tenant')).toEqual([]);
  });

  it('gives residents their own area only', () => {
    const c = ctx({ type: 'tenant-resident', role: null }, [], 'tenant');
    expect(paths(c)).toEqual(['/', '/my/profile']);
    expect(navSections(c).map((s) => s.section)).toEqual(['overview', 'account']);
  });

  it('keeps central-only screens off a property’s host', () => {
    const shown = paths(ctx({ type: 'tenant-user', role: 'manager' }, ROLE_PERMISSIONS.manager, 'tenant'));
    expect(shown).not.toContain('/properties');
    expect(shown).not.toContain('/tenants');
  });

  it('has no entry without a screen: nothing links to a route that does not exist', () => {
    expect(paths(ctx({ type: 'central-user', role: 'admin' }, ROLE_PERMISSIONS.admin))).not.toContain(
      '/residents',
    );
  });

  it('marks the entry of the current path, the longest prefix winning', () => {
    const items = NAV_ITEMS;
    expect(activeNavPath('/catalog/zones/4/edit', items)).toBe('/catalog/zones');
    expect(activeNavPath('/', items)).toBe('/');
    expect(activeNavPath('/dashboard', items)).toBe('/dashboard');
    expect(activeNavPath('/nowhere', items)).toBeNull();
  });

  it('has a label and a description in every language for every entry and section', () => {
    const resources = bundledResources();
    const keys = [
      ...NAV_ITEMS.flatMap((i) => [i.label, i.description]),
      ...['overview', 'account', 'property', 'catalogs', 'administration'].map(
        (s) => `shell.nav.section.${s}`,
      ),
    ];
    for (const lng of ['en', 'es', 'zh'] as const)
      for (const key of keys) expect(resources[lng].translation[key], `${lng} ${key}`).toBeTruthy();
  });
});

describe('who the user is (SPEC §6)', () => {
  const t = ((key: string, params?: Record<string, string>) =>
    `${key}${params ? JSON.stringify(params) : ''}`) as never;
  const user = (type: AuthUser['type'], role: string | null) => ({ type, role, fullName: 'Rosa Resident' });

  it('tells a resident, a staff user of a property and a central user apart', () => {
    expect(identityLabel(user('tenant-resident', null), 'Oakridge', t)).toBe(
      'shell.identity.resident{"property":"Oakridge"}',
    );
    expect(identityLabel(user('tenant-user', 'manager'), 'Oakridge', t)).toBe(
      'shell.identity.staffRole{"role":"shell.role.manager","property":"Oakridge"}',
    );
    expect(identityLabel(user('tenant-user', null), 'Oakridge', t)).toBe(
      'shell.identity.staff{"property":"Oakridge"}',
    );
    expect(identityLabel(user('central-user', 'admin'), null, t)).toBe(
      'shell.identity.centralRole{"role":"shell.role.admin"}',
    );
    expect(identityLabel(user('central-user', null), null, t)).toBe('shell.identity.central');
  });

  it('keeps a custom role’s own name', () => {
    expect(roleLabel('night-guard', t)).toBe('night-guard');
    expect(roleLabel(null, t)).toBeNull();
  });

  it('makes initials and names from codes', () => {
    expect(initials('Rosa María Resident')).toBe('RR');
    expect(initials('alex')).toBe('AL');
    expect(initials('  ')).toBe('?');
    expect(initials('王小明')).toBe('王小');
    expect(nameFromCode('maple-wood_commons')).toBe('Maple Wood Commons');
  });
});
