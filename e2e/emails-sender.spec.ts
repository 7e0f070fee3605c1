import type { Page } from '@playwright/test';
import {
  type Browser,
  checkPage,
  checkState,
  expect,
  mailTo,
  oakridgeManagerApi,
  settled,
  tenantOrigin,
  test,
} from './fixtures';

const origin = tenantOrigin('oakridge');

// The preview's HTML part is shown in a frame sandboxed without scripts (`sandbox=""`), which refuses the scripts
// Playwright itself puts into every frame it reads; the page runs no script there.
test.use({
  consoleAllow: [
    /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\.$/,
  ],
});

const scrollWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth);

/**
 * Issue 37 §3 (the email sender): the manager of Oakridge opens "Send emails", writes to the residents of one
 * building — in English and in Spanish, with the parking policies attached — sees whom it goes to as the filters
 * change, sends, and watches the progress reach the end on the send's page; each resident's mail arrives at the
 * mail server in their own language, with the one-click unsubscribe. The compose page fits a 360 px phone.
 */
test('a manager sends the policies to one building and watches the send reach the end', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await oakridgeManagerApi(page);
  const stamp = String(Date.now()).slice(-6);
  const building = await api<{ id: number }>('POST', '/buildings', { name: `Bulk ${stamp}` });
  expect(building.status).toBe(200);
  const unit = await api<{ id: number }>('POST', '/units', { buildingId: building.body.id, name: '1' });
  expect(unit.status).toBe(200);
  const readers = [
    { name: `Reader ${stamp}`, email: `reader${stamp}@example.test`, language: 'en' },
    { name: `Lectora ${stamp}`, email: `lectora${stamp}@example.test`, language: 'es' },
  ];
  for (const r of readers) {
    const made = await api('POST', '/residents', {
      fullName: r.name,
      email: r.email,
      language: r.language,
      unitIds: [unit.body.id],
    });
    expect(made.status).toBe(200);
  }

  await page.goto(`${origin}/dashboard`);
  await settled(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Send emails' })
    .click();
  await expect(page).toHaveURL(`${origin}/emails-sender`);
  await checkPage(page);
  await page.getByRole('link', { name: 'New mail' }).first().click();
  await expect(page).toHaveURL(`${origin}/emails-sender/create`);
  await settled(page, 'New mail');

  // Recipients: the new building only.
  await page.getByRole('combobox', { name: 'Buildings' }).fill(`Bulk ${stamp}`);
  await page.getByRole('option', { name: `Bulk ${stamp}` }).click();
  await expect(page.getByText('The mail goes to 2 residents')).toBeVisible();

  // The English text, then the Spanish one, each with the resident's name.
  const subject = page.getByRole('textbox', { name: 'Subject' });
  const body = page.getByRole('textbox', { name: 'Message' });
  await subject.fill(`Garage news ${stamp}`);
  await body.fill('Hello ');
  await page.getByRole('button', { name: 'Insert {{name}}' }).click();
  await body.press('End');
  await body.pressSequentially(', the garage closes on Monday.');
  await page.getByRole('tab', { name: 'Español' }).click();
  await subject.fill(`Noticias del garaje ${stamp}`);
  await body.fill('Hola {{name}}, el garaje cierra el lunes.');
  await page.getByRole('checkbox', { name: 'Parking policies' }).check();
  await expect(page.getByTitle('The mail as it is sent')).toBeVisible();
  await checkState(page);

  const since = Date.now();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to 2 residents?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${origin}/emails-sender/\\d+/show$`));
  // The page shows the send's progress as a bar of its own (settled() waits for loading bars to go).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Garage news ${stamp}`);
  // The progress reaches the end.
  await expect(page.getByText('2 of 2 sent')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar'))
    .toHaveCount(0)
    .catch(() => undefined);
  await checkState(page);

  const english = await mailTo(
    readers[0]!.email,
    new RegExp(`Garage news ${stamp}|garage closes on Monday`),
    since,
  );
  expect(english).toContain(`Hello ${readers[0]!.name}, the garage closes on Monday.`);
  expect(english).toMatch(/To stop receiving these messages: http\S+\/api\/unsubscribe\?token=/);
  const spanish = await mailTo(readers[1]!.email, /el garaje cierra el lunes/, since);
  expect(spanish).toContain(`Hola ${readers[1]!.name}, el garaje cierra el lunes.`);

  // The history lists it; the compose page fits a phone.
  await page.goto(`${origin}/emails-sender`);
  await expect(page.getByText(`Garage news ${stamp}`)).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${origin}/emails-sender/create`);
  await settled(page, 'New mail');
  expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
});
