import ExcelJS from 'exceljs';
import {
  centralOrigin,
  checkPage,
  checkState,
  expect,
  settled,
  signInViaApi,
  tenantOrigin,
  test,
} from './fixtures';

/**
 * Issue 4, the central side and the units import: the central admin creates a property (its host answers at
 * once and is listed under Tenants), changes one of its settings; a manager imports units from a spreadsheet
 * whose bad rows are listed, nothing imported, then fixes the file and imports it.
 */
test('the central admin creates a property, finds its host under Tenants and changes a setting', async ({
  page,
}) => {
  const code = `e2e${String(Date.now()).slice(-6)}`;
  await signInViaApi(page, 'admin');
  await page.goto(`${centralOrigin}/properties`);
  await checkPage(page, 'Properties');
  await page.getByRole('link', { name: 'New property' }).click();
  await settled(page, 'New property');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E Residences ${code}`);
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await expect(page.getByText(`Its address will be ${code}.localhost`)).toBeVisible();
  // Half an SMTP configuration is refused with the rule on the missing fields.
  await page.getByRole('textbox', { name: 'SMTP host' }).fill('smtp.example.com');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(
    page.getByText(/Fill in username, password, host and port for custom mail/).first(),
  ).toBeVisible();
  await checkState(page);
  await page.getByRole('textbox', { name: 'SMTP host' }).fill('');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await checkPage(page, `E2E Residences ${code}`);

  // The new tenant's host is listed and answers.
  await page.goto(`${centralOrigin}/tenants`);
  await checkPage(page, 'Tenants');
  await page.getByRole('searchbox', { name: 'Search' }).fill(code);
  await expect(page.getByText(`${code}.localhost`)).toBeVisible();
  // Its own host answers at once: the sign-in page there names it.
  await page.goto(`${tenantOrigin(code)}/auth/login`);
  await expect(page.getByText(`E2E Residences ${code}`).first()).toBeVisible();

  // A setting changed on the property's page.
  await page.goto(`${centralOrigin}/properties`);
  await page.getByRole('searchbox', { name: 'Search' }).fill(code);
  await page.getByRole('link', { name: `E2E Residences ${code}` }).click();
  await settled(page, `E2E Residences ${code}`);
  await page.getByRole('button', { name: 'Change settings' }).click();
  await page.getByRole('spinbutton', { name: 'Vehicles allowed per resident' }).fill('4');
  // Expiry reminders (decision 0041): off by default, the days before a permit ends, explained under the field.
  const reminder = page.getByRole('spinbutton', { name: 'Reminder before a permit ends (days)' });
  await expect(reminder).toHaveValue('0');
  await expect(
    page.getByText("Remind the resident this many days before a permit's last day (0: never)."),
  ).toBeVisible();
  await reminder.fill('7');
  await checkState(page);
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await settled(page, `E2E Residences ${code}`);
  await expect(page.getByText('Vehicles allowed per resident').locator('..')).toContainText('4');
  await expect(page.getByText('Reminder before a permit ends (days)').locator('..')).toContainText('7');
});

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Units');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a manager imports units: bad rows are listed and nothing imported, the fixed file imports', async ({
  page,
}) => {
  const tower = `Import ${String(Date.now()).slice(-6)}`;
  await signInViaApi(page, 'maplewoodManager');
  await page.goto(`${tenantOrigin('maplewood')}/units`);
  await checkPage(page, 'Units');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import units from a spreadsheet' });
  await expect(dialog).toBeVisible();
  await checkState(page);

  const bad = await workbook([
    ['building', 'floor', 'unit'],
    [tower, '1', '101'],
    ['', '1', '102'],
    [tower, '1', '101'],
  ]);
  await dialog.getByTestId('units-import-file').setInputFiles({
    name: 'units.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bad,
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Nothing was imported: 2 of 3 rows need fixing.')).toBeVisible();
  const rows = dialog.getByRole('table', { name: 'Rows to fix' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('This field is required');
  await expect(rows.nth(2)).toContainText('This unit is already in the file (row 2)');
  await checkState(page);

  const good = await workbook([
    ['building', 'floor', 'unit'],
    [tower, '1', '101'],
    [tower, '1', '102'],
    [tower, '2', '201'],
  ]);
  await dialog.getByTestId('units-import-file').setInputFiles({
    name: 'units-fixed.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: good,
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Imported 3 units; created 1 buildings and 2 floors.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(tower);
  // The search runs on the server: the building's three units, alone.
  await expect(page.getByRole('row').filter({ hasText: tower })).toHaveCount(3);
  await expect(page.getByRole('row').filter({ hasText: tower }).first()).toContainText('101');
});
