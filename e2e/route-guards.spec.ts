import {
  centralOrigin,
  checkPage,
  expect,
  originOf,
  settled,
  signInThroughUi,
  signInViaApi,
  test,
} from './fixtures';

/**
 * Issue 3, journey 3 (SPEC §2.2–2.4, §6): the authenticated layout's guard. A resident opening a staff path goes
 * back to their landing page; a user without a path's permission goes to their own default path; an id that is not
 * a positive integer goes to the list route; a visitor who is not signed in goes to /auth/login with the path as
 * `redirect`, and arrives there after signing in.
 */

test('a resident opening staff paths is sent back to /my/profile', async ({ page }) => {
  const origin = originOf('resident');
  await signInViaApi(page, 'resident');
  for (const path of ['/catalog/zones', '/dashboard', '/binnacle']) {
    await page.goto(`${origin}${path}`);
    await expect(page, path).toHaveURL(`${origin}/my/profile`);
    // The resident's saved language is Spanish; the profile is scanned the first time only.
    if (path === '/catalog/zones') await checkPage(page, 'Mi perfil');
    else await settled(page, 'Mi perfil');
  }
  // The navigation offers only the resident's own screens.
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link', { name: 'Mi perfil' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Panel' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Zonas' })).toHaveCount(0);
});

test("a manager opening the central /properties on the property's address gets the not-found screen", async ({
  page,
}) => {
  const origin = originOf('oakridgeManager');
  await signInViaApi(page, 'oakridgeManager');
  for (const path of ['/properties', '/tenants']) {
    await page.goto(`${origin}${path}`);
    // Not the raw "No such API route" of a page whose calls this area lacks.
    await checkPage(page, 'Not Found');
    await expect(page.getByText(/No such API route/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/dashboard');
  }
});

test('a manager opening /my/profile goes to their own /profile; other resident pages stay closed', async ({
  page,
}) => {
  const origin = originOf('oakridgeManager');
  await signInViaApi(page, 'oakridgeManager');
  await page.goto(`${origin}/my/profile`);
  await expect(page).toHaveURL(`${origin}/profile`);
  await settled(page, 'Profile and security');
  await page.goto(`${origin}/my/reservations`);
  await expect(page).toHaveURL(`${origin}/dashboard`);
});

test('a parking inspector opening the dashboard is sent to their own default path', async ({ page }) => {
  const origin = originOf('inspector');
  await signInViaApi(page, 'inspector');
  await page.goto(`${origin}/dashboard`);
  await expect(page).toHaveURL(`${origin}/patrolling`);
  await checkPage(page, 'Patrolling');
  // Catalogs are read-only for inspectors: a create path is not theirs either.
  await page.goto(`${origin}/catalog/makes/create`);
  await expect(page).toHaveURL(`${origin}/patrolling`);
  await settled(page, 'Patrolling');
});

test('signed out, a staff path goes to sign-in with redirect and back after signing in; bad ids go to the list', async ({
  page,
}) => {
  await page.goto(`${centralOrigin}/catalog/makes?sort=-name`);
  await expect(page).toHaveURL(
    `${centralOrigin}/auth/login?redirect=${encodeURIComponent('/catalog/makes?sort=-name')}`,
  );
  await checkPage(page, 'Sign in');
  await signInThroughUi(page, 'admin');
  await expect(page).toHaveURL(`${centralOrigin}/catalog/makes?sort=-name`);
  await checkPage(page, 'Makes');
  // Sorted by name, descending, as the URL asked.
  const firstCell = page.getByRole('row').nth(1).getByRole('gridcell').first();
  await expect(firstCell).toHaveText('Volvo');

  for (const bad of ['/catalog/zones/abc/show', '/catalog/zones/0/edit']) {
    await page.goto(`${centralOrigin}${bad}`);
    await expect(page, bad).toHaveURL(`${centralOrigin}/catalog/zones`);
    if (bad.endsWith('abc/show')) await checkPage(page, 'Zones');
    else await settled(page, 'Zones');
  }
});

test('a redirect that leaves the site is never followed, before or after signing in', async ({ page }) => {
  const origin = originOf('oakridgeManager');
  await page.goto(`${origin}/auth/login?redirect=${encodeURIComponent('https://example.com/phish')}`);
  await settled(page, 'Sign in');
  await signInThroughUi(page, 'oakridgeManager');
  await expect(page).toHaveURL(`${origin}/dashboard`);
  await settled(page, 'Dashboard');

  // Signed in, the sign-in page sends the user to the redirect, or to '/' when it is not a path of this app.
  for (const evil of ['https://example.com/phish', '//example.com/phish', '/\\example.com']) {
    await page.goto(`${origin}/auth/login?redirect=${encodeURIComponent(evil)}`);
    await expect(page, evil).toHaveURL(`${origin}/`);
  }
  await checkPage(page, /, Olivia$/);
  await page.goto(`${origin}/auth/login?redirect=${encodeURIComponent('/catalog/zones')}`);
  await expect(page).toHaveURL(`${origin}/catalog/zones`);
  await checkPage(page, 'Zones');
});
