import { expect, test } from '@playwright/test';
import { centralOrigin, expectNoSeriousA11yViolations, watchConsole } from './fixtures';

/** The one thing a browser user can open today: the API reference at /api/docs (Swagger UI). */

/**
 * What Swagger UI (third-party markup, not ours) gets wrong and we accept on this page only; the reasons are in
 * docs/decisions/0006-api-docs-axe-scope.md. Everything else on the page is scanned and must pass.
 */
const SWAGGER_UI = {
  /** Its bundle injects one inline <style>; our CSP (style-src 'self') blocks it, harmlessly (swagger-ui#10655). */
  consoleErrors: [
    /^Applying inline style violates the following Content Security Policy directive 'style-src/,
  ],
  axe: {
    /**
     * Its "Explore" bar: the logo image without alt text and the unlabelled spec-URL input; and its server picker
     * (`select#servers`, shown since the document declares its servers), whose label it does not associate.
     */
    exclude: ['.swagger-ui .topbar', '.swagger-ui .scheme-container'],
    /** Its stylesheet's pale greys, and its operation summary, a button nested in a clickable block. */
    disableRules: ['color-contrast', 'nested-interactive'],
  },
};

test('the API reference renders in the browser and lists the sign-in calls', async ({ page }) => {
  const pageErrors = watchConsole(page, SWAGGER_UI.consoleErrors);
  const response = await page.goto(`${centralOrigin}/api/docs`);
  expect(response?.ok()).toBe(true);
  await expect(page.getByRole('heading', { name: /Parkade API/ })).toBeVisible();
  const paths = page.locator('.opblock-summary-path');
  await expect(paths.first()).toBeVisible();
  // Swagger UI draws only the operations near the viewport: look for each one by scrolling down from the top.
  const scrollY = () => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
  const toTop = () =>
    page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  const findOperation = async (path: string) => {
    const op = paths.filter({ hasText: new RegExp(`^${path}$`) }).first();
    await toTop();
    // Back at the top, Swagger UI redraws the first operations a moment later: give them that moment before
    // scrolling on (scrolling at once walked past /api/health, the very first operation).
    await op.waitFor({ state: 'attached', timeout: 1500 }).catch(() => undefined);
    // The document is long (every route of the product) and Swagger UI redraws as it scrolls: an operation found
    // may be detached a moment later, so keep scrolling until it is found and stays.
    for (let i = 0; i < 300; i++) {
      if ((await op.count()) > 0) {
        const shown = await op.scrollIntoViewIfNeeded({ timeout: 2000 }).then(
          () => true,
          () => false,
        );
        if (shown && (await op.isVisible())) break;
      }
      const before = await scrollY();
      await page.mouse.wheel(0, 1200);
      await page.waitForTimeout(100);
      // At the bottom without finding it (drawn too late while passing by): start again from the top.
      if ((await scrollY()) === before) await toTop();
    }
    await expect(op).toBeVisible();
  };
  for (const path of [
    '/api/health',
    '/api/central/auth/login',
    '/tenant/api/auth/login',
    '/api/central/auth/bootstrap',
    '/tenant/api/auth/bootstrap',
    '/api/central/auth/logout',
    '/api/central/auth/forgot-password',
    '/api/central/auth/reset-password',
  ])
    await findOperation(path);
  await findOperation('/api/central/auth/login');

  // Open one operation: its request body schema is shown.
  const login = page.locator('.opblock-post', {
    has: page.locator('.opblock-summary-path', { hasText: /^\/api\/central\/auth\/login$/ }),
  });
  await login.locator('.opblock-summary').click();
  await expect(login.getByText('Request body', { exact: false }).first()).toBeVisible();
  pageErrors.check();
});

test('the API reference has no serious accessibility violations of ours', async ({ page }) => {
  await page.goto(`${centralOrigin}/api/docs`);
  await expect(page.locator('.opblock-summary-path').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, SWAGGER_UI.axe);

  // With an operation open (parameters, request body, responses, schemas), too.
  const login = page.locator('.opblock-post', {
    has: page.locator('.opblock-summary-path', { hasText: /^\/tenant\/api\/auth\/login$/ }),
  });
  await login.locator('.opblock-summary').click();
  await expect(login.locator('.responses-wrapper')).toBeVisible();
  await expectNoSeriousA11yViolations(page, SWAGGER_UI.axe);
});
