import type { Page } from '@playwright/test';
import {
  type Browser,
  checkPage,
  checkState,
  expect,
  newOakridgeResident,
  oakridgeManagerApi,
  residentSignedIn,
  settled,
  tenantOrigin,
  test,
} from './fixtures';

/**
 * Issue 38 §2 (decision 0049), on a phone: a resident asks the office through /my-requests; the manager finds it in
 * the queue, adds an internal note, replies and closes it; the resident is told by the bell and reads the reply and
 * the new status — never the internal note. Axe-clean at 360 px.
 */
const WIDTH = 360;

async function fitsPhone(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
    )
    .toBeLessThanOrEqual(WIDTH);
}

test('a resident asks on a phone, the office answers, the resident is told and reads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const api = await oakridgeManagerApi(page);
  const email = `asker${stamp}@example.test`;
  await newOakridgeResident(api, { fullName: `Asker ${stamp}`, email, password: 'asker-password' });
  const subject = `Guest parking for a party ${stamp}`;

  // The resident, on a phone.
  const phone = await residentSignedIn(browser, email, 'asker-password');
  const r = phone.page;
  await r.goto(`${tenantOrigin('oakridge')}/my-requests`);
  await checkPage(r, 'My requests');
  await fitsPhone(r);
  await r.getByRole('button', { name: 'New request' }).click();
  const dialog = r.getByRole('dialog', { name: 'New request' });
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await r.getByRole('option', { name: 'Visitor limit exception' }).click();
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'What do you need?' }).fill('Six guests on Saturday evening.');
  await checkState(r);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(r).toHaveURL(/\/my-requests\/\d+\/show$/);
  await checkPage(r, subject);
  await fitsPhone(r);
  const id = /\/my-requests\/(\d+)\/show/.exec(r.url())![1]!;

  // The manager works it: an internal note, a reply, done.
  await page.goto(`${tenantOrigin('oakridge')}/requests/${id}/show`);
  await settled(page, subject);
  await page.getByRole('checkbox', { name: /Internal note/ }).check();
  await page.getByRole('textbox', { name: 'Internal note' }).fill('Ask security about the lot.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Ask security about the lot.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your reply' }).fill('Approved: use the east lot on Saturday.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Approved: use the east lot on Saturday.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Change status to' }).click();
  await page.getByRole('option', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Status: Done')).toBeVisible();
  await checkPage(page, subject);

  // The resident: the bell counts the reply and the change; the thread shows both, not the note.
  await r.reload();
  await settled(r, subject);
  await expect(r.getByRole('button', { name: /Notifications, 2 unread/ })).toBeVisible();
  await expect(r.getByText('Approved: use the east lot on Saturday.')).toBeVisible();
  await expect(r.getByText('Status: Done')).toBeVisible();
  await expect(r.getByText('Ask security about the lot.')).toHaveCount(0);
  await expect(r.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
  await r.getByRole('button', { name: /Notifications/ }).click();
  await expect(
    r.getByRole('dialog', { name: 'Notifications' }).getByText(`Your request is done: ${subject}`),
  ).toBeVisible();
  await checkState(r);
  await phone.context.close();
});

test('the office writes down a resident’s request made at the desk, and its page opens', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const api = await oakridgeManagerApi(page);
  await newOakridgeResident(api, {
    fullName: `Desk Asker ${stamp}`,
    email: `desk${stamp}@example.test`,
    password: 'desk-password',
  });
  const subject = `Lease copy by phone ${stamp}`;

  await page.goto(`${tenantOrigin('oakridge')}/requests`);
  await settled(page, 'Requests');
  await page.getByRole('button', { name: 'New request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New request for a resident' });
  await dialog.getByRole('combobox', { name: 'Resident' }).fill(`Desk Asker ${stamp}`);
  await page.getByRole('option', { name: new RegExp(`Desk Asker ${stamp}`) }).click();
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'A document' }).click();
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'What do you need?' }).fill('Called: needs a copy of the lease.');
  await checkState(page);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/requests\/\d+\/show$/);
  await settled(page, subject);
  await expect(page.getByText(`Desk Asker ${stamp}`).first()).toBeVisible();
  await checkPage(page, subject);
});
