import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  type Browser,
  centralOrigin,
  checkPage,
  checkState,
  expect,
  settled,
  signInViaApi,
  test,
} from './fixtures';

/** The template's rows, edited: `edits` maps a key to its new [en, es, zh] cells (undefined keeps a cell). */
async function edited(template: Buffer, edits: Record<string, (string | undefined)[]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  ws.eachRow((row) => {
    const cells = edits[row.getCell(1).text];
    cells?.forEach((v, i) => {
      if (v !== undefined) row.getCell(i + 2).value = v;
    });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function choose(page: Page, file: Buffer) {
  await page.getByTestId('translations-file').setInputFiles({
    name: 'translations.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
}

/**
 * Issue 38 §1 (decision 0046): central staff download every text, upload a changed file, read its preview (errors
 * by row first, then the changes), confirm, and the product speaks the new text — after a reload too (the
 * dictionaries' new address). An emptied cell puts the original text back. At 360 px the screen fits.
 */
test('central staff change a text through the translations template, then put it back', async ({ page }) => {
  test.setTimeout(180_000);
  await signInViaApi(page, 'admin');
  await page.goto(`${centralOrigin}/translations`);
  await checkPage(page, 'Translations');
  await expect(page.getByText(/keys have a text \(100 %\)/).first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const template = fs.readFileSync(await (await download).path());

  // A placeholder the English text does not have is refused, by row; nothing can be applied.
  await choose(page, await edited(template, { 'shell.nav.translations': ['Texts {{oops}}'] }));
  await expect(page.getByRole('table', { name: 'Errors in the file' })).toContainText(
    'shell.nav.translations',
  );
  await expect(page.getByRole('button', { name: /Apply changes/ })).toBeDisabled();
  await checkState(page);

  await choose(page, await edited(template, { 'shell.nav.translations': ['Texts and languages'] }));
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes).toContainText('Texts and languages');
  await expect(changes.getByRole('row')).toHaveCount(2);
  await checkState(page);
  await page.getByRole('button', { name: 'Apply changes (1)' }).click();
  await expect(page.getByRole('dialog', { name: 'Apply these changes?' })).toBeVisible();
  await checkState(page);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText(/Translations uploaded. Texts changed: 1\./)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Texts and languages');
  await page.reload();
  await settled(page, 'Texts and languages');

  // The emptied cell: back to the shipped text.
  const now = await (async () => {
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template' }).click();
    return fs.readFileSync(await (await again).path());
  })();
  await choose(page, await edited(now, { 'shell.nav.translations': [''] }));
  await expect(changes).toContainText('Emptied (original text back)');
  await page.getByRole('button', { name: 'Apply changes (1)' }).click();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Translations');

  await page.setViewportSize({ width: 360, height: 740 });
  await checkPage(page, 'Translations');
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
    )
    .toBeLessThanOrEqual(360);
});
