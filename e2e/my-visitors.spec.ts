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
 * Issue 17, the resident's visitors on a phone (360 × 740): a resident registers a visitor with a plate, sees the
 * permit valid with its code, opens the permit PDF, edits the visitor and revokes the permit when the visitor
 * leaves; a second visitor beyond the resident's limit is refused with the server's message under the permit's
 * start. The list is read once in Spanish. Every screen fits the width and passes axe.
 */
const WIDTH = 360;
const origin = tenantOrigin('oakridge');
test.use({ viewport: { width: WIDTH, height: 740 }, hasTouch: true, isMobile: true });

async function checkPhonePage(page: Page, heading?: string | RegExp) {
  await checkPage(page, heading);
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
    )
    .toBeLessThanOrEqual(WIDTH);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/my-visitors-${name}.png`, fullPage: true });

test('a resident registers a visitor, opens the permit, edits the visitor and revokes the permit', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const email = `host${stamp}@example.test`;
  const plate = `GST${stamp}`;
  const name = `Guest ${stamp}`;
  const api = await oakridgeManagerApi(page);
  const units = await api<{ data: { id: number }[] }>('GET', '/units?pageSize=1');
  const made = await api<{ id: number }>('POST', '/residents', {
    fullName: `Host ${stamp}`,
    email,
    unitIds: [units.body.data[0]!.id],
    password: 'host-password',
    visitorVehiclesAllowed: 1,
  });
  expect(made.status).toBe(200);

  const { context, page: resident } = await residentSignedIn(browser, email, 'host-password');

  // Register a visitor with a plate.
  await resident.goto(`${origin}/my/visitors`);
  await checkPhonePage(resident, 'My visitors');
  await resident.getByRole('link', { name: 'Register a visitor' }).click();
  await checkPhonePage(resident, 'Register a visitor');
  // Staff's pickers are not on the resident's form: the resident visited is the one signed in.
  await expect(resident.getByRole('combobox', { name: 'Resident visited' })).toHaveCount(0);
  await expect(
    resident.getByText(
      /^Empty: from now\. The permit lasts \d+ (minutes|hours|days) from this time, or from now if it has passed\.$/,
    ),
  ).toBeVisible();
  await resident.getByRole('textbox', { name: 'Name' }).fill(name);
  await resident.getByRole('textbox', { name: 'Plate' }).fill(plate);
  await resident.getByRole('textbox', { name: 'Color' }).fill('Blue');
  await checkState(resident);
  await shot(resident, 'form');
  await resident.getByRole('button', { name: 'Register', exact: true }).click();

  // The summary: valid, with its code; the permit PDF opens.
  const summary = resident.getByRole('dialog', { name: `${name} is registered` });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByText('Valid', { exact: true })).toBeVisible();
  await expect(summary.getByText(plate, { exact: true })).toBeVisible();
  await expect(summary.getByText(/^V.*-[A-Z0-9]{6}$/)).toBeVisible();
  await checkState(resident);
  await shot(resident, 'summary');
  const [pdf] = await Promise.all([
    resident.waitForResponse((r) => /\/my\/visitors\/\d+\/permit\.pdf$/.test(r.url())),
    summary.getByRole('button', { name: 'Download permit' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await summary.getByRole('button', { name: 'Done' }).click();
  await expect(summary).toBeHidden();

  // The visitor's page leads with the permit: status, code, validity and what the resident may do.
  await checkPhonePage(resident, new RegExp(plate));
  const visitorId = Number(/\/my\/visitors\/(\d+)\/show/.exec(resident.url())![1]);
  await expect(resident.getByText('Valid', { exact: true })).toBeVisible();
  await expect(resident.getByText(/^From .+ until .+$/)).toBeVisible();
  await expect(resident.getByRole('button', { name: 'Revoke' })).toBeVisible();
  await expect(resident.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await shot(resident, 'show');

  // The list leads with the visitor's name, the status and the plate beside it.
  await resident.goto(`${origin}/my/visitors`);
  await checkPhonePage(resident, 'My visitors');
  await expect(resident.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(resident.getByText('Valid', { exact: true }).first()).toBeVisible();
  await expect(resident.getByText(plate, { exact: true })).toBeVisible();
  await shot(resident, 'list');

  // A second visitor at the same time is beyond the resident's limit: the server's message, under the start.
  await resident.goto(`${origin}/my/visitors/create`);
  await checkPhonePage(resident, 'Register a visitor');
  await resident.getByRole('textbox', { name: 'Name' }).fill(`Second ${stamp}`);
  await resident.getByRole('textbox', { name: 'Plate' }).fill(`TWO${stamp}`);
  await resident.getByRole('button', { name: 'Register', exact: true }).click();
  const refusal = resident.getByText(
    /^Limit reached: Host \d+ may have at most 1 visitor vehicles at once\./,
  );
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  // Said once, under the permit's start (the field a resident can move), not in an alert above the form.
  await expect(refusal).toHaveCount(1);
  await expect(
    resident.locator('.MuiFormControl-root', {
      has: resident.getByRole('group', { name: 'Valid from' }),
    }),
  ).toContainText('Limit reached');
  await expect(resident.getByRole('textbox', { name: 'Reason to go beyond the limit' })).toHaveCount(0);
  await checkState(resident);
  await shot(resident, 'limit');

  // The edit.
  await resident.goto(`${origin}/my/visitors/${visitorId}/show`);
  await checkPhonePage(resident, new RegExp(plate));
  await resident.getByRole('link', { name: 'Edit' }).click();
  await checkPhonePage(resident);
  await resident.getByRole('textbox', { name: 'Color' }).fill('Green');
  await checkState(resident);
  await resident.getByRole('button', { name: 'Save changes' }).click();
  await checkPhonePage(resident, new RegExp(plate));
  await expect(resident.getByText('Green', { exact: true })).toBeVisible();

  // The visitor left: the resident revokes the permit, confirmed first.
  await resident.getByRole('button', { name: 'Revoke' }).click();
  const confirm = resident.getByRole('dialog', { name: /^Revoke visitor permit / });
  await expect(confirm).toBeVisible();
  await checkState(resident);
  await confirm.getByRole('textbox', { name: 'Reason' }).fill('Left early');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(resident.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(resident.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  await expect(resident.getByRole('button', { name: 'Download permit' })).toHaveCount(0);
  await checkPhonePage(resident, new RegExp(plate));

  // Once in Spanish.
  await resident.goto(`${origin}/my/visitors`);
  await checkPhonePage(resident, 'My visitors');
  await resident.getByRole('button', { name: /^EN – / }).click();
  await resident.getByRole('menuitem', { name: 'Español' }).click();
  await checkPhonePage(resident, 'Mis visitantes');
  await expect(resident.getByText('Revocado', { exact: true }).first()).toBeVisible();
  await shot(resident, 'list-es');
  await resident.getByRole('link', { name, exact: true }).click();
  await checkPhonePage(resident, new RegExp(plate));
  await expect(resident.getByRole('heading', { name: 'Permiso de visitante', exact: true })).toBeVisible();
  await shot(resident, 'show-es');
  await context.close();
});
