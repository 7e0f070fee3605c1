import { expect, test, type Page } from '@playwright/test';
import { apiFromPage, centralOrigin, DEMO, DEMO_PASSWORD, tenantOrigin } from './fixtures';

/**
 * What only a browser can prove about the areas' hosts: Chromium resolves every `*.localhost` host of the product to
 * the loopback interface (nothing to configure), and the Host header a page's origin gives reaches the server, which
 * holds it against X-Tenant. The sign-in rules themselves (tokens per area and tenant, the error shape, bootstrap)
 * are the server tests' (modules/auth/auth.test.ts, the route harness); the sign-in screen is the landing journey's.
 */

/** Opens a page of the product on `origin` and checks the browser reached it on the loopback interface. */
async function openOn(page: Page, origin: string) {
  const response = await page.goto(`${origin}/api/health`);
  expect(response?.ok(), `${origin} answers`).toBe(true);
  const server = await response!.serverAddr();
  expect(['127.0.0.1', '::1'], `${origin} resolves to loopback`).toContain(server?.ipAddress);
  expect(new URL(page.url()).origin).toBe(origin);
}

function login(page: Page, email: string, tenant?: string) {
  return apiFromPage<{ token: string; user: { email: string } }>(page, {
    method: 'POST',
    path: tenant ? '/tenant/api/auth/login' : '/api/central/auth/login',
    tenant,
    body: { email, password: DEMO_PASSWORD, remember: false },
  });
}

test('every host of the product resolves to loopback, and a page’s host reaches the server', async ({
  page,
}) => {
  const admin = `http://admin.localhost:${new URL(centralOrigin).port}`;
  for (const [origin, account, tenant] of [
    [centralOrigin, DEMO.admin, undefined],
    [admin, DEMO.inspector, undefined],
    [tenantOrigin('oakridge'), DEMO.oakridgeManager, 'oakridge'],
    [tenantOrigin('maplewood'), DEMO.maplewoodManager, 'maplewood'],
  ] as const) {
    await openOn(page, origin);
    const signIn = await login(page, account.email, tenant);
    expect(signIn.status, `${account.email} on ${origin}`).toBe(200);
    expect(signIn.body.user.email).toBe(account.email);
  }
  // On Oakridge's host, X-Tenant naming Maplewood is refused: the page's Host header did reach the server.
  await openOn(page, tenantOrigin('oakridge'));
  expect((await login(page, DEMO.maplewoodManager.email, 'maplewood')).status).toBe(400);
});
