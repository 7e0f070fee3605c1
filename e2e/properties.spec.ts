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
  await page.getByRole('textbox', { name: 'Name' }).fill(`E2E Residences ${code}`);
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
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
  await page.getByRole('textbox', { name: 'Search' }).fill(code);
  await expect(page.getByText(`${code}.localhost`)).toBeVisible();
  const reachable = await page.request.get(`${tenantOrigin(code)}/tenant/api/langs/codes/all`, {
    headers: { 'x-tenant': code },
  });
  expect(reachable.status()).toBe(200);

  // A setting changed on the property's page.
  await page.goto(`${centralOrigin}/properties`);
  await page.getByRole('textbox', { name: 'Search' }).fill(code);
  await page.getByRole('link', { name: `E2E Residences ${code}` }).click();
  await settled(page, `E2E Residences ${code}`);
  await page.getByRole('button', { name: 'Change settings' }).click();
  await page.getByRole('spinbutton', { name: 'Vehicles allowed per resident' }).fill('4');
  await checkState(page);
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await settled(page, `E2E Residences ${code}`);
  await expect(page.getByText('Vehicles allowed per resident').locator('..')).toContainText('4');
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
  await page.getByRole('textbox', { name: 'Search' }).fill(tower);
  await expect(page.getByRole('link', { name: '201' })).toBeVisible();
});
