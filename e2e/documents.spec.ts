import type { DocumentItem, PublicResident } from '@parkade/contract';
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
const KIND = 'permit-agreement';

const scrollWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth);

/**
 * Issue 37 §1 (documents): the manager of Oakridge opens Documents from the navigation, then the permit agreement;
 * in the editor's Spanish tab writes a sentence into the body with a variable from the toolbar's menu, watches the
 * PDF preview being drawn again, misspells a variable and sees it named under the body before anything is sent,
 * corrects it and saves a new version. A Spanish resident's own link then shows that sentence with their name. The
 * editor fits a 360 px phone.
 */
test('a manager edits the Spanish agreement with a variable, previews it, and a resident reads it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const api = await oakridgeManagerApi(page);
  const before = await api<DocumentItem>('GET', `/documents/${KIND}`);
  expect(before.status).toBe(200);
  const stamp = String(Date.now()).slice(-6);
  const sentence = `Acepto las normas de Oakridge ${stamp}, `;

  await page.goto(`${origin}/dashboard`);
  await settled(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Documents' })
    .click();
  await expect(page).toHaveURL(`${origin}/documents`);
  await checkPage(page, 'Documents');
  const card = page.getByRole('listitem').filter({ hasText: 'Parking permit agreement' });
  await expect(card).toContainText('Residents sign it');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(`${origin}/documents/${KIND}/show`);
  await checkPage(page, 'Parking permit agreement');
  await expect(page.getByTitle('The document as a PDF')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Versions' })).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`${origin}/documents/${KIND}/edit`);
  await settled(page, 'Edit Parking permit agreement');
  await page.getByRole('tab', { name: 'Español' }).click();
  const body = page.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type(sentence);
  // The variable from the body's own toolbar menu, at the cursor.
  const bodyField = page.locator('.MuiFormControl-root').filter({ has: body });
  await bodyField.getByRole('button', { name: 'Insert variable' }).click();
  const previewed = page.waitForResponse(
    (r) => r.url().includes(`/documents/${KIND}/preview`) && r.status() === 200,
  );
  await page.getByRole('menuitem', { name: '{{residentName}}' }).click();
  await expect(body).toContainText(`${sentence}{{residentName}}`);
  await previewed;
  await checkState(page);

  // A misspelt variable is named under the body at once; the preview waits for it.
  await page.keyboard.type(' {{nmae}}');
  await expect(page.getByText(/\{\{nmae\}\}: not a variable of this document/)).toBeVisible();
  await expect(page.getByText('The preview waits until the marked variables are corrected.')).toBeVisible();
  for (let i = 0; i < ' {{nmae}}'.length; i++) await page.keyboard.press('Backspace');
  await expect(page.getByText(/\{\{nmae\}\}: not a variable/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved as version ${before.body.version + 1}.`)).toBeVisible();
  await expect(page).toHaveURL(`${origin}/documents/${KIND}/show`);
  await settled(page, 'Parking permit agreement');
  await expect(page.getByRole('table', { name: 'Versions' })).toContainText(String(before.body.version + 1));

  // On a phone the editor fits the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${origin}/documents/${KIND}/edit`);
  await settled(page, 'Edit Parking permit agreement');
  expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
  await checkState(page);

  // A Spanish resident's own link shows the sentence with their name.
  const email = `documento${stamp}@example.test`;
  const units = await api<{ data: { id: number }[] }>('GET', '/units?pageSize=1');
  const madeAt = Date.now() - 1000;
  const made = await api<{ id: number }>('POST', '/residents', {
    fullName: `Lectora ${stamp}`,
    email,
    unitIds: [units.body.data[0]!.id],
    language: 'es',
  });
  expect(made.status).toBe(200);
  const link = /(http:\/\/\S+\/register\/residents\/[A-Za-z0-9_-]+)/.exec(
    await mailTo(email, /\/register\/residents\//, madeAt),
  )![1]!;
  const token = link.split('/').pop()!;
  const shown = await api<PublicResident>('GET', `/public/residents/token/${token}`);
  expect(shown.body.agreement.document.version).toBe(before.body.version + 1);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(link);
  await settled(page);
  await page.getByRole('textbox', { name: 'Teléfono' }).fill(`+1503556${stamp.slice(-4)}`);
  await page.getByLabel(/^Contraseña/).fill('mi-propia-clave');
  await page.getByLabel(/^Confirme la contraseña/).fill('mi-propia-clave');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('region', { name: /Texto del acuerdo/ })).toContainText(
    `${sentence}Lectora ${stamp}`,
  );
});
