import type { Page } from '@playwright/test';
import {
  type Browser,
  checkPage,
  checkState,
  expect,
  settled,
  signInViaApi,
  tenantOrigin,
  test,
} from './fixtures';

const origin = tenantOrigin('oakridge');

async function open(page: Page, path: string) {
  await page.goto(`${origin}${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/**
 * Issue 16 (roles): a manager of Oakridge creates a role of the property with "select all" in one group and one more
 * permission by hand; what the manager does not hold is disabled; the role is shown with its permissions, and the
 * list fits a 360 px phone.
 */
test('a manager creates a role of the property with a group selected at once', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Gatekeeper ${String(Date.now()).slice(-6)}`;
  await signInViaApi(page, 'oakridgeManager');
  await open(page, '/roles');
  await checkPage(page, 'Roles');
  await expect(page.getByRole('link', { name: 'Assistant', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'New role' }).click();
  await settled(page, 'New role');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  // Not held by a manager: shown, disabled.
  await expect(page.getByRole('checkbox', { name: 'System settings: Edit', exact: true })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select all: Vehicles', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Residents: List', exact: true }).check();
  await expect(page.getByRole('checkbox', { name: 'Select all: Residents', exact: true })).toHaveAttribute(
    'data-indeterminate',
    'true',
  );
  await checkState(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await checkPage(page, name);
  await expect(page.getByRole('checkbox', { name: 'Vehicles: Delete', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Residents: List', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Residents: Delete', exact: true })).not.toBeChecked();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('link', { name: 'Edit' }).first().click();
  await settled(page);
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
    )
    .toBeLessThanOrEqual(360);
  await open(page, '/roles');
  await checkPage(page, 'Roles');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
    )
    .toBeLessThanOrEqual(360);
});
