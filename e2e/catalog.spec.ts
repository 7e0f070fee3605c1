import { centralOrigin, checkPage, checkState, expect, settled, signInViaApi, test } from './fixtures';

/**
 * Issue 3, journey 4 (SPEC §2.2 catalog routes, §2.5): a catalog end to end as the central admin, on the zones
 * (the richest form: the code made from the name, county, cities and zip codes chosen by city with the total):
 * create → find with the list's search → show → edit → the audit-log dialog lists the change → delete with
 * confirmation → gone. And a field error from the server (a code already in use) lands on its field.
 */

test('a zone is created, found by the list search, edited, audited and deleted', async ({
  page,
  allowConsoleError,
}) => {
  const stamp = Date.now();
  const name = `E2E Zone ${stamp}`;
  const renamed = `E2E Zone ${stamp} North`;
  await signInViaApi(page, 'admin');

  await page.goto(`${centralOrigin}/catalog/zones`);
  await checkPage(page, 'Zones');
  await page.getByRole('link', { name: 'New zone' }).click();
  await expect(page).toHaveURL(`${centralOrigin}/catalog/zones/create`);
  await checkPage(page, 'New zone');

  // Create: the code follows the name; cities, then each city's zip codes; the total is shown.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(`e2e-zone-${stamp}`);
  await page.getByRole('textbox', { name: 'County' }).fill('Travis');
  const cities = page.getByRole('combobox', { name: 'Cities' });
  await cities.fill('Austin');
  await cities.press('Enter');
  await cities.fill('Round Rock');
  await cities.press('Enter');
  const austinZips = page.getByRole('combobox', { name: 'Zip codes of Austin' });
  await austinZips.fill('78701');
  await austinZips.press('Enter');
  await austinZips.fill('78702');
  await austinZips.press('Enter');
  const roundRockZips = page.getByRole('combobox', { name: 'Zip codes of Round Rock' });
  await roundRockZips.fill('78664');
  await roundRockZips.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /zip codes? selected/ })).toHaveText(
    '3 zip codes selected',
  );
  await checkState(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  // Show: the saved zone.
  await expect(page).toHaveURL(new RegExp(`^${centralOrigin}/catalog/zones/\\d+/show$`));
  const showUrl = page.url();
  await checkPage(page, name);
  await expect(page.getByText(`e2e-zone-${stamp}`)).toBeVisible();
  await expect(page.getByText('Round Rock')).toBeVisible();
  await expect(page.getByText('78664')).toBeVisible();
  await expect(page.getByText('3 zip codes selected')).toBeVisible();

  // The list's search box filters on the server (the term kept in the URL): the new zone, alone.
  await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Zones' }).click();
  await settled(page, 'Zones');
  const grid = page.getByRole('grid', { name: 'Zones' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(`zone ${stamp}`);
  await expect.poll(() => new URL(page.url()).searchParams.get('term')).toBe(`zone ${stamp}`);
  await expect(grid.getByRole('row')).toHaveCount(2); // the header and one zone
  await expect(grid.getByRole('link', { name })).toBeVisible();
  await settled(page, 'Zones');
  await grid.getByRole('link', { name }).click();
  await expect(page).toHaveURL(showUrl);
  await settled(page, name);

  // Edit: rename it and change the county; the code stays.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(showUrl.replace(/show$/, 'edit'));
  await checkPage(page, 'Edit zone');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
  await page.getByRole('textbox', { name: 'County' }).fill('Williamson');
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(`e2e-zone-${stamp}`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(showUrl);
  await settled(page, renamed);
  await expect(page.getByText('Williamson')).toBeVisible();

  // The audit log lists the change (old → new) above the creation.
  await page.getByRole('button', { name: 'Audit log' }).click();
  const audit = page.getByRole('dialog', { name: /Audit log/ });
  await expect(audit).toBeVisible();
  const entries = audit.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Updated');
  await expect(entries.first().getByRole('row', { name: /County/ })).toContainText(/Travis\s*Williamson/);
  await expect(entries.first().getByRole('row', { name: /Name/ })).toContainText(renamed);
  await expect(entries.last()).toContainText('Created');
  await checkState(page);
  await audit.getByRole('button', { name: 'Close' }).last().click();
  await expect(audit).toBeHidden();

  // Delete, confirmed: back on the list, and the search finds nothing.
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this zone?' });
  await expect(confirm).toContainText(renamed);
  await checkState(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(`${centralOrigin}/catalog/zones`);
  await settled(page, 'Zones');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`zone ${stamp}`);
  await expect.poll(() => new URL(page.url()).searchParams.get('term')).toBe(`zone ${stamp}`);
  await expect(grid.getByText('No records match your search or filters.')).toBeVisible();
  await expect(grid.getByRole('link', { name: renamed })).toHaveCount(0);

  // Its page is gone too: the record answers 404 (which Chromium logs, accepted for this one address).
  const id = /\/zones\/(\d+)\/show$/.exec(showUrl)![1];
  allowConsoleError(
    new RegExp(`status of 404 \\(Not Found\\) \\(${centralOrigin}/api/central/zones/${id}\\)$`),
  );
  await page.goto(showUrl);
  await expect(page.getByText('This zone does not exist or was deleted.')).toBeVisible();
  await checkPage(page, 'Zones');
});

test.describe('a field error from the server', () => {
  // Creating a make with a code in use answers 422 on purpose; Chromium reports every failed response in the
  // console. Only that one response is accepted.
  test.use({
    consoleAllow: [
      new RegExp(
        `^Failed to load resource: the server responded with a status of 422 \\(.*\\) \\(${centralOrigin}/api/central/makes\\)$`,
      ),
    ],
  });

  test('a code already in use shows on the Code field', async ({ page }) => {
    await signInViaApi(page, 'admin');
    await page.goto(`${centralOrigin}/catalog/makes/create`);
    await checkPage(page, 'New make');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E Make ${Date.now()}`);
    await page.getByRole('textbox', { name: 'Code' }).fill('toyota');
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    const code = page.getByRole('textbox', { name: 'Code' });
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription('This value is already in use');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page).toHaveURL(`${centralOrigin}/catalog/makes/create`);
    await checkPage(page, 'New make');

    // Fixing the field clears the error and the make is created.
    await code.fill(`e2e-make-${Date.now()}`);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${centralOrigin}/catalog/makes/\\d+/show$`));
    await settled(page, /^E2E Make /);
  });
});

/**
 * Issue 36 §13 (decision 0039): a catalog has an order. The warning kinds open in the order they are given — "First
 * warning" before "Final warning", not alphabetically — and the form says what the order does.
 */
test('the warning kinds are listed in their order, which the form lets an admin give', async ({ page }) => {
  await signInViaApi(page, 'admin');
  await page.goto(`${centralOrigin}/catalog/warnings`);
  await settled(page, 'Warnings');
  const names = page.getByRole('grid', { name: 'Warnings' }).getByRole('row').getByRole('link');
  await expect(names.nth(0)).toHaveText('First warning');
  await expect(names.nth(1)).toHaveText('Second warning');
  await expect(names.nth(2)).toHaveText('Final warning');
  await page.getByRole('link', { name: 'New warning' }).click();
  await checkPage(page, 'New warning');
  await expect(page.getByRole('spinbutton', { name: 'Order' })).toBeVisible();
  await expect(page.getByText('Entries with an order come first in lists and pickers')).toBeVisible();
});
