import type { Page } from '@playwright/test';
import {
  apiFromPage,
  type Browser,
  checkPage,
  checkState,
  expect,
  settled,
  signInViaApi,
  tenantOrigin,
  test,
} from './fixtures';

/**
 * Issue 17, `report-reserved` on a phone (360 × 740): a resident who holds a reserved spot opens /my/permits, reports
 * a car in it (plate, note and a photo) and is told what happens next; the report is listed with its status. A
 * manager finds it in /spot-reports, sees the photo and resolves it; the resident sees it resolved. Axe-clean.
 */
const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 740 }, hasTouch: true, isMobile: true });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function checkPhonePage(page: Page, heading?: string | RegExp) {
  await checkPage(page, heading);
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
    )
    .toBeLessThanOrEqual(WIDTH);
}

test('a resident reports a car in their reserved spot; a manager sees it and resolves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const origin = tenantOrigin('oakridge');
  const email = `spotholder${stamp}@example.test`;
  const plate = `INT${stamp.slice(-4)}`;
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  const manager = await signInViaApi(page, 'oakridgeManager');
  const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    apiFromPage<T>(page, {
      method,
      path: `/tenant/api${path}`,
      tenant: 'oakridge',
      token: manager.token,
      body,
    });

  // A resident with a spot reserved for them today.
  const units = await api<{ data: { id: number }[] }>('GET', '/units?pageSize=1');
  const made = await api<{ id: number }>('POST', '/residents', {
    fullName: `Spot Holder ${stamp}`,
    email,
    unitIds: [units.body.data[0]!.id],
    password: 'holder-password',
  });
  expect(made.status).toBe(200);
  const prefix = `S${stamp}-`;
  expect(
    (
      await api('POST', '/parking-map/areas', {
        name: `Report lot ${stamp}`,
        spotsCount: 1,
        startNumber: 1,
        numberPrefix: prefix,
        spotType: 'resident',
      })
    ).status,
  ).toBe(200);
  const spot = (
    await api<{ data: { id: number; number: string }[] }>(
      'GET',
      `/spots?filter[term]=${encodeURIComponent(prefix)}`,
    )
  ).body.data[0]!;
  const reservation = await api('POST', '/reservations', {
    spotId: spot.id,
    residentId: made.body.id,
    startsOn: day(-1),
    endsOn: day(3),
  });
  expect(reservation.status).toBe(200);

  // The resident, on their phone.
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const resident = await context.newPage();
  await resident.goto(`${origin}/auth/login`);
  await resident.getByRole('textbox', { name: 'Email or phone' }).fill(email);
  await resident.getByRole('textbox', { name: 'Password', exact: true }).fill('holder-password');
  await resident.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(resident).toHaveURL(/\/my\/profile$/);
  await resident.goto(`${origin}/my/permits`);
  await checkPhonePage(resident, 'My permits');
  await expect(resident.getByText('You have not reported any car.')).toBeVisible();
  await resident.getByRole('link', { name: 'Report a car in my spot' }).click();
  await expect(resident).toHaveURL(/action=report-reserved/);
  const dialog = resident.getByRole('dialog', { name: 'Report a car in my reserved spot' });
  await expect(dialog.getByRole('combobox', { name: 'Spot' })).toHaveText(`Spot ${spot.number}`);
  await dialog.getByRole('textbox', { name: 'Plate of the car' }).fill(plate);
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Grey hatchback since this morning');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('Photo: car.png')).toBeVisible();
  await checkState(resident);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const sent = resident.getByRole('dialog', { name: 'Report sent' });
  await expect(sent).toContainText(
    'The office and patrol see your report; a car that has no permit may be warned or towed.',
  );
  await checkState(resident);
  await sent.getByRole('button', { name: 'Close' }).last().click();
  await expect(sent).toBeHidden();
  await expect(resident).not.toHaveURL(/action=/);
  const mine = resident.getByRole('region', { name: 'My reports of cars in my spot' });
  await expect(mine.getByRole('listitem')).toHaveCount(1);
  await expect(mine.getByRole('listitem')).toContainText(`Spot ${spot.number} · ${plate}`);
  await expect(mine.getByRole('listitem')).toContainText('Open');
  await checkPhonePage(resident, 'My permits');

  // The manager, on a phone too: the list, the report with its photo, Resolve.
  await page.goto(`${origin}/spot-reports?term=${plate}`);
  await checkPhonePage(page, 'Spot reports');
  await page.getByRole('link', { name: `Spot ${spot.number} · ${plate}` }).click();
  await settled(page, `${spot.number} · ${plate}`);
  await expect(page.getByText('Grey hatchback since this morning')).toBeVisible();
  await expect(page.getByText(`Spot Holder ${stamp}`)).toBeVisible();
  await expect(page.getByText('This plate has no valid permit and no ban at this property.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'car.png' })).toBeVisible();
  await checkPhonePage(page);
  await page.getByRole('button', { name: 'Resolve' }).click();
  const confirm = page.getByRole('dialog', { name: `Resolve the report of spot ${spot.number}` });
  await confirm.getByRole('textbox', { name: 'What was done (optional)' }).fill('Owner moved the car');
  await checkState(page);
  await confirm.getByRole('button', { name: 'Resolve' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(page.getByText('Resolution: Owner moved the car')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await checkState(page);

  // The resident sees it resolved, with what was done.
  await resident.reload();
  await settled(resident, 'My permits');
  await expect(mine.getByRole('listitem')).toContainText('Resolved');
  await expect(mine.getByRole('listitem')).toContainText('Resolution: Owner moved the car');
  await context.close();
});
