import type { Locator, Page } from '@playwright/test';
import {
  type Browser,
  centralOrigin,
  checkPage,
  expect,
  originOf,
  signInThroughUi,
  signInViaApi,
  test,
} from './fixtures';

/**
 * Issue 3, journey 7: the product on a 360 × 740 phone. The key screens — sign in, dashboard, a catalog's list and
 * form, the resident's profile — fit the width (no horizontal scrolling), pass axe, and the navigation, hidden
 * behind the menu button, opens and leads to the other screens.
 */
const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 740 }, hasTouch: true, isMobile: true });

/** The screen has settled, fits the phone's width and passes axe. */
async function checkPhonePage(page: Page, heading?: string) {
  await checkPage(page, heading);
  await expect
    .poll(
      () => page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
      { message: 'no horizontal scrolling' },
    )
    .toBeLessThanOrEqual(WIDTH);
}

/** Each element the locator matches is laid out inside the phone's width (scrolled into view first). */
async function expectWithinWidth(locator: Locator) {
  const name = locator.toString();
  const count = await locator.count();
  expect(count, `${name} matches something`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const element = locator.nth(i);
    await element.scrollIntoViewIfNeeded();
    const box = await element.boundingBox();
    expect(box, `${name} #${i} is laid out`).not.toBeNull();
    expect(box!.x, `${name} #${i} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} #${i} ends on screen`).toBeLessThanOrEqual(WIDTH);
  }
}

/** Opens the navigation from the menu button and follows one of its links. */
async function navigateByMenu(page: Page, menuButton: string, nav: string, link: string) {
  const navigation = page.getByRole('navigation', { name: nav });
  await expect(navigation).toBeHidden();
  await page.getByRole('button', { name: menuButton }).click();
  await expect(navigation).toBeVisible();
  await navigation.getByRole('link', { name: link, exact: true }).click();
  await expect(navigation).toBeHidden();
}

test('the central admin signs in and works with a catalog on a phone', async ({ page }) => {
  await page.goto(`${centralOrigin}/auth/login`);
  await checkPhonePage(page, 'Sign in');
  await signInThroughUi(page, 'admin');
  await expect(page).toHaveURL(`${centralOrigin}/dashboard`);
  await checkPhonePage(page, 'Dashboard');

  await navigateByMenu(page, 'Open navigation', 'Main navigation', 'Zones');
  await expect(page).toHaveURL(`${centralOrigin}/catalog/zones`);
  await checkPhonePage(page, 'Zones');
  await expect(page.getByRole('grid', { name: 'Zones' }).getByRole('link').first()).toBeVisible();

  await page.getByRole('link', { name: 'New zone' }).click();
  await expect(page).toHaveURL(`${centralOrigin}/catalog/zones/create`);
  await checkPhonePage(page, 'New zone');
  // Every field and the form's buttons lie within the screen's width, a long name included.
  await page
    .getByRole('textbox', { name: 'Name', exact: true })
    .fill('A zone with a rather long name, to see that the form holds on a phone');
  await expectWithinWidth(page.getByRole('main').getByRole('textbox'));
  await expectWithinWidth(page.getByRole('main').getByRole('combobox'));
  await expectWithinWidth(page.getByRole('main').getByRole('button', { name: 'Create', exact: true }));
  await expectWithinWidth(page.getByRole('main').getByRole('link', { name: 'Cancel' }));

  await navigateByMenu(page, 'Open navigation', 'Main navigation', 'Dashboard');
  await expect(page).toHaveURL(`${centralOrigin}/dashboard`);
});

test('the resident sees their profile on a phone and reaches the navigation', async ({ page }) => {
  const origin = originOf('resident');
  await signInViaApi(page, 'resident');
  await page.goto(`${origin}/my/profile`);
  // The resident's saved language is Spanish.
  await checkPhonePage(page, 'Mi perfil');
  await expect(page.getByRole('textbox', { name: 'Nombre completo' })).toBeVisible();
  // Their unit stands on the profile (issue 36 §15).
  await expect(page.getByRole('definition').filter({ hasText: '101 · Building A' })).toBeVisible();

  await navigateByMenu(page, 'Abrir navegación', 'Navegación principal', 'Inicio');
  await expect(page).toHaveURL(`${origin}/`);
  await checkPhonePage(page);
});
