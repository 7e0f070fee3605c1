import type { Page } from '@playwright/test';
import {
  type Browser,
  checkPage,
  checkState,
  expect,
  tenantOrigin,
  test,
  oakridgeManagerApi,
  residentSignedIn,
} from './fixtures';

/**
 * Issue 17, the resident's area on a phone (360 × 740): a new resident adds their car and asks for a permit, which
 * waits for the office; a manager approves it and the resident sees it valid. The resident's vehicles and permits
 * screens are read once in English, Spanish and Chinese; every screen fits the width and passes axe.
 */
const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 740 }, hasTouch: true, isMobile: true });

async function checkPhonePage(page: Page, heading?: string | RegExp) {
  await checkPage(page, heading);
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
    )
    .toBeLessThanOrEqual(WIDTH);
}

test('a resident adds a vehicle and asks for a permit; a manager approves it; the resident sees it valid', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const email = `driver${stamp}@example.test`;
  const plate = `SELF${stamp.slice(-3)}`;
  const api = await oakridgeManagerApi(page);
  const units = await api<{ data: { id: number }[] }>('GET', '/units?pageSize=1');
  const made = await api<{ id: number }>('POST', '/residents', {
    fullName: `Driver ${stamp}`,
    email,
    unitIds: [units.body.data[0]!.id],
    password: 'driver-password',
    vehiclesAllowed: 1,
  });
  expect(made.status).toBe(200);

  const { context, page: resident } = await residentSignedIn(browser, email, 'driver-password');

  // The vehicle.
  await resident.goto(`${tenantOrigin('oakridge')}/my/vehicles`);
  await checkPhonePage(resident, 'My vehicles');
  await expect(resident.getByText('You have no vehicles yet.', { exact: false })).toBeVisible();
  await expect(resident.getByText('Vehicles registered: 0 of 1')).toBeVisible();
  await resident.getByRole('link', { name: 'Add a vehicle' }).click();
  await resident.getByRole('textbox', { name: 'Plate' }).fill(plate);
  await resident.getByRole('textbox', { name: 'Color' }).fill('Blue');
  await checkState(resident);
  await resident.getByRole('button', { name: 'Create', exact: true }).click();
  await checkPhonePage(resident, plate);
  await resident.goto(`${tenantOrigin('oakridge')}/my/vehicles`);
  await checkPhonePage(resident, 'My vehicles');
  await expect(resident.getByRole('link', { name: new RegExp(plate) })).toBeVisible();
  // Their one vehicle allowed is used: the list says so, and the form is not offered to be refused.
  await expect(
    resident.getByText('You have reached your vehicle limit (1).', { exact: false }),
  ).toBeVisible();
  await resident.goto(`${tenantOrigin('oakridge')}/my/vehicles/create`);
  await checkPhonePage(resident, 'Add a vehicle');
  await expect(resident.getByRole('textbox', { name: 'Plate' })).toHaveCount(0);

  // The permit: asked for, pending.
  await resident.goto(`${tenantOrigin('oakridge')}/my/permits`);
  await checkPhonePage(resident, 'My permits');
  await resident.getByRole('link', { name: 'Ask for a permit' }).click();
  await checkPhonePage(resident, 'Ask for a permit');
  await resident.getByRole('combobox', { name: 'Plate' }).click();
  await resident.getByRole('option', { name: plate }).click();
  await resident.getByRole('button', { name: 'Send request' }).click();
  await checkPhonePage(resident, plate);
  // A resident who has not signed the parking agreement yet: the permit waits for it, and says how to sign.
  await expect(resident.getByText('To complete', { exact: true })).toBeVisible();
  await expect(
    resident.getByText('Sign the parking agreement with the link the property mailed you', { exact: false }),
  ).toBeVisible();
  await expect(
    resident.getByText('The office has not approved this permit yet.', { exact: false }),
  ).toBeVisible();
  const permitId = Number(/\/my\/permits\/(\d+)\/show/.exec(resident.url())![1]);

  // The manager's dashboard says it waits, and leads to it (issue 36: what waits for me).
  await page.goto(`${tenantOrigin('oakridge')}/dashboard`);
  await checkPhonePage(page, 'Dashboard');
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  await waiting.getByRole('link', { name: /Permits waiting for approval/ }).click();
  await expect(page).toHaveURL(`${tenantOrigin('oakridge')}/permits?status=pending`);
  await expect(page.getByRole('main')).toContainText(plate);

  // The manager approves it in the permit workflow.
  const approved = await api<{ shownStatus: string }>('POST', `/permits/${permitId}/approve`, {});
  expect(approved.body.shownStatus).toBe('approved');

  await resident.reload();
  await checkPhonePage(resident, plate);
  await expect(resident.getByText('Valid', { exact: true })).toBeVisible();
  await resident.goto(`${tenantOrigin('oakridge')}/my/permits`);
  await checkPhonePage(resident, 'My permits');
  const card = resident.getByRole('link', { name: new RegExp(plate) });
  await expect(card).toContainText('Valid');

  // Once in Spanish and in Chinese.
  for (const [button, to, vehicles, permits, valid] of [
    [/^EN – /, 'Español', 'Mis vehículos', 'Mis permisos', 'Vigente'],
    [/^ES – /, '中文', '我的车辆', '我的停车证', '有效'],
  ] as const) {
    await resident.getByRole('button', { name: button }).click();
    await resident.getByRole('menuitem', { name: to }).click();
    await checkPhonePage(resident, permits);
    await expect(resident.getByRole('link', { name: new RegExp(plate) })).toContainText(valid);
    await resident.goto(`${tenantOrigin('oakridge')}/my/vehicles`);
    await checkPhonePage(resident, vehicles);
    await resident.goto(`${tenantOrigin('oakridge')}/my/permits/${permitId}/show`);
    await checkPhonePage(resident, plate);
    await resident.screenshot({ path: `test-results/my-permit-${to}.png`, fullPage: true });
    await resident.goto(`${tenantOrigin('oakridge')}/my/permits`);
  }
  await context.close();
});
