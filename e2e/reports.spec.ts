import {
  type Browser,
  checkPage,
  expect,
  originOf,
  PHONE,
  saveLanguage,
  signInViaApi,
  test,
} from './fixtures';

/**
 * Issue 38 §4 on a phone, in Spanish: Oakridge's manager opens the dashboard on the morning charts (the demo's last
 * weeks, seed/history.ts), follows a chart to its report, reads the patrol coverage per officer and exports the
 * visitor permits as a spreadsheet. Every screen fits 360 px and passes axe. The figures themselves are the server's
 * tests (reports.test.ts, patrol-mail.test.ts, history.test.ts).
 */
test.use(PHONE);

const fits = (page: import('@playwright/test').Page) =>
  expect
    .poll(
      () => page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
      {
        message: 'no horizontal scrolling',
      },
    )
    .toBeLessThanOrEqual(PHONE.viewport.width);

test("the manager reads the morning charts and the month's reports on a phone, in Spanish", async ({
  page,
}) => {
  const origin = originOf('oakridgeManager');
  const { token } = await signInViaApi(page, 'oakridgeManager');
  await saveLanguage(page, 'oakridgeManager', token, 'es');
  try {
    await page.goto(`${origin}/dashboard`);
    const card = page.getByRole('region', { name: 'Permisos de visitante, últimos 14 días' });
    // The morning charts draw the last weeks (the demo's history), each a named figure.
    const chart = card.getByRole('figure', { name: 'Gráfico: Por período' });
    await expect(chart.getByText('Vencido', { exact: true })).toBeVisible();
    await checkPage(page, 'Panel');
    await fits(page);

    await card.getByRole('link', { name: 'Abrir el informe' }).click();
    await expect(page).toHaveURL(/\/reports\?/);
    await checkPage(page, 'Informes');
    await fits(page);

    // Patrol coverage: the inspector's rounds of the last weeks, per officer.
    const officers = page.getByRole('table', { name: 'Por oficial' });
    await officers.scrollIntoViewIfNeeded();
    await expect(officers.getByRole('row').filter({ hasText: 'Ivy Inspector' })).toBeVisible();

    // The visitor permits' figures as a spreadsheet, named for the report.
    const visitors = page.getByRole('region', { name: 'Permisos de visitante', exact: true });
    const download = page.waitForEvent('download');
    await visitors.getByRole('button', { name: /Exportar \.xlsx/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  } finally {
    await saveLanguage(page, 'oakridgeManager', token, 'en');
  }
});
