import { expect, test, type Page } from '@playwright/test';
import { apiFromPage, centralOrigin, DEMO, DEMO_PASSWORD, tenantOrigin } from './fixtures';

/**
 * Signing in from a browser page on each area's own host, as the web app will: the page's origin decides the
 * Host header, the tenant API also names the tenant in X-Tenant, and both must agree.
 */

interface LoginAnswer {
  user: { email: string; type: string; role: string | null; propertyId: number | null };
  token: string;
  permissions: string[];
}
interface BootstrapAnswer {
  user: { email: string; type: string };
  property: { id: number; code: string; name: string; languages: string[] } | null;
  permissions: string[];
  languageCodes: string[];
}
interface ErrorAnswer {
  message: string;
  errors: Record<string, string[]>;
  statusCode: number;
}

/** Opens a page of the product on `origin` and checks the browser reached it on the loopback interface. */
async function openOn(page: Page, origin: string) {
  const response = await page.goto(`${origin}/api/docs`);
  expect(response?.ok(), `${origin} answers`).toBe(true);
  const server = await response!.serverAddr();
  expect(['127.0.0.1', '::1'], `${origin} resolves to loopback`).toContain(server?.ipAddress);
  expect(new URL(page.url()).origin).toBe(origin);
}

function login(page: Page, email: string, tenant?: string, password = DEMO_PASSWORD) {
  return apiFromPage<LoginAnswer & ErrorAnswer>(page, {
    method: 'POST',
    path: tenant ? '/tenant/api/auth/login' : '/api/central/auth/login',
    tenant,
    body: { email, password, remember: false },
  });
}

function bootstrap(page: Page, token: string, tenant?: string) {
  return apiFromPage<BootstrapAnswer & ErrorAnswer>(page, {
    path: tenant ? '/tenant/api/auth/bootstrap' : '/api/central/auth/bootstrap',
    tenant,
    token,
  });
}

test('the Oakridge manager signs in on oakridge.localhost and bootstrap returns the property', async ({
  page,
}) => {
  await openOn(page, tenantOrigin('oakridge'));
  const signIn = await login(page, DEMO.oakridgeManager.email, 'oakridge');
  expect(signIn.status).toBe(200);
  expect(signIn.body.token.length).toBeGreaterThanOrEqual(22);
  expect(signIn.body.user).toMatchObject({
    email: DEMO.oakridgeManager.email,
    type: 'tenant-user',
    role: 'manager',
  });
  expect(signIn.body.permissions).toContain('residents.index');

  const boot = await bootstrap(page, signIn.body.token, 'oakridge');
  expect(boot.status).toBe(200);
  expect(boot.body.property).toMatchObject({ code: 'oakridge', name: 'Oakridge Apartments' });
  expect(boot.body.user.email).toBe(DEMO.oakridgeManager.email);
  expect(boot.body.permissions).toEqual(signIn.body.permissions);
  expect(boot.body.languageCodes).toEqual(boot.body.property!.languages);

  // Signing out revokes the token on the server.
  const out = await apiFromPage(page, {
    method: 'POST',
    path: '/tenant/api/auth/logout',
    tenant: 'oakridge',
    token: signIn.body.token,
  });
  expect(out.status).toBe(200);
  expect((await bootstrap(page, signIn.body.token, 'oakridge')).status).toBe(401);
});

test('the Oakridge resident signs in on oakridge.localhost with no staff permissions', async ({ page }) => {
  await openOn(page, tenantOrigin('oakridge'));
  const signIn = await login(page, DEMO.resident.email, 'oakridge');
  expect(signIn.status).toBe(200);
  expect(signIn.body.user.type).toBe('tenant-resident');
  expect(signIn.body.permissions).toEqual([]);
  const boot = await bootstrap(page, signIn.body.token, 'oakridge');
  expect(boot.body.property?.code).toBe('oakridge');
});

test('a tenant host keeps to its own tenant', async ({ page }) => {
  await openOn(page, tenantOrigin('oakridge'));

  // No X-Tenant: a clear error in the one error shape.
  const missing = await apiFromPage<ErrorAnswer>(page, {
    method: 'POST',
    path: '/tenant/api/auth/login',
    body: { email: DEMO.oakridgeManager.email, password: DEMO_PASSWORD },
  });
  expect(missing.status).toBe(400);
  expect(missing.body).toMatchObject({ statusCode: 400, errors: {} });
  expect(missing.body.message).toMatch(/tenant/i);

  // X-Tenant naming another property than the host: refused, so the Host header did reach the server.
  const mismatch = await login(page, DEMO.maplewoodManager.email, 'maplewood');
  expect(mismatch.status).toBe(400);

  // Maplewood's manager is not an Oakridge account.
  const stranger = await login(page, DEMO.maplewoodManager.email, 'oakridge');
  expect(stranger.status).toBe(401);
  expect(stranger.body.statusCode).toBe(401);

  // An Oakridge token is worth nothing on the central API.
  const signIn = await login(page, DEMO.oakridgeManager.email, 'oakridge');
  expect(signIn.status).toBe(200);
  await openOn(page, centralOrigin);
  expect((await bootstrap(page, signIn.body.token)).status).toBe(401);
});

test('the Maplewood manager signs in on maplewood.localhost', async ({ page }) => {
  await openOn(page, tenantOrigin('maplewood'));
  const signIn = await login(page, DEMO.maplewoodManager.email, 'maplewood');
  expect(signIn.status).toBe(200);
  const boot = await bootstrap(page, signIn.body.token, 'maplewood');
  expect(boot.body.property).toMatchObject({ code: 'maplewood', name: 'Maplewood Commons' });
});

test('the central admin signs in on localhost and bootstrap has no property', async ({ page }) => {
  await openOn(page, centralOrigin);
  const signIn = await login(page, DEMO.admin.email);
  expect(signIn.status).toBe(200);
  expect(signIn.body.user).toMatchObject({ email: DEMO.admin.email, type: 'central-user', role: 'admin' });
  expect(signIn.body.permissions).toContain('properties.create');

  const boot = await bootstrap(page, signIn.body.token);
  expect(boot.status).toBe(200);
  expect(boot.body.property).toBeNull();
  expect(boot.body.user.type).toBe('central-user');

  // A central token is worth nothing on a tenant's API.
  await openOn(page, tenantOrigin('oakridge'));
  expect((await bootstrap(page, signIn.body.token, 'oakridge')).status).toBe(401);
});

test('the central inspector signs in on admin.localhost with the inspector role', async ({ page }) => {
  await openOn(page, `http://admin.localhost:${new URL(centralOrigin).port}`);
  const signIn = await login(page, DEMO.inspector.email);
  expect(signIn.status).toBe(200);
  expect(signIn.body.user.role).toBe('parking-inspector');
  expect(signIn.body.permissions).toContain('patrolling.index');
  expect(signIn.body.permissions).not.toContain('properties.create');
  expect((await bootstrap(page, signIn.body.token)).status).toBe(200);
});

test('a wrong password is refused with the one error shape', async ({ page }) => {
  await openOn(page, centralOrigin);
  const wrong = await login(page, DEMO.admin.email, undefined, 'not-the-password');
  expect(wrong.status).toBe(401);
  expect(wrong.body).toMatchObject({ statusCode: 401, errors: {} });
  expect(wrong.body.message.length).toBeGreaterThan(0);
});
