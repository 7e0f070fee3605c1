import { ALL_PERMISSIONS } from '@parkade/contract';
import type { Page } from '@playwright/test';
import {
  apiFromPage,
  type Browser,
  checkPage,
  checkState,
  expect,
  mailTo,
  oakridgeManagerApi,
  saveLanguage,
  settled,
  signInViaApi,
  signInWith,
  tenantOrigin,
  test,
} from './fixtures';

const origin = tenantOrigin('oakridge');

async function open(page: Page, path: string) {
  await page.goto(`${origin}${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/visitors-${name}.png`, fullPage: true });

/**
 * Issue 17, staff side: a manager of Oakridge registers a visitor for the demo resident (Rosa Resident), sees the
 * summary (permit code, plate, validity, resident), downloads the permit PDF and copies the permit's check link;
 * the list on a 360 px phone leads with plate and status. Every screen passes axe.
 */
test('a manager registers a visitor, downloads the permit and copies its link; the list fits a phone', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const stamp = String(Date.now()).slice(-6);
  const plate = `VIS${stamp}`;
  const name = `Guest ${stamp}`;
  await signInViaApi(page, 'oakridgeManager');

  await open(page, '/visitors');
  await checkPage(page, 'Visitors');
  await shot(page, 'list-empty-desktop');
  // The registration poster is printed from here too, not only from Settings (decision 0039 §15).
  const poster = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Visitor poster (PDF)' }).click();
  expect((await poster).suggestedFilename()).toBe('visitor-registration-poster.pdf');
  await page.getByRole('link', { name: 'Register a visitor' }).click();
  await settled(page, 'Register a visitor');
  // How long the permit will last, from the property's setting, and from when, before registering.
  await expect(
    page.getByText(
      /^Empty: from now\. The permit lasts \d+ (minutes|hours|days) from this time, or from now if it has passed\.$/,
    ),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Plate' }).fill(plate);
  await page.getByRole('textbox', { name: 'Color' }).fill('Blue');
  await page.getByRole('combobox', { name: 'Resident visited' }).fill('Rosa');
  await page.getByRole('option', { name: /Rosa Resident/ }).click();
  await checkState(page);
  await shot(page, 'form-desktop');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  // The summary: what the visitor needs.
  const summary = page.getByRole('dialog', { name: `${name} is registered` });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByText(plate, { exact: true })).toBeVisible();
  await expect(summary.getByText('Rosa Resident', { exact: false })).toBeVisible();
  await expect(summary.getByText(/^From .+ until .+$/)).toBeVisible();
  await expect(summary.getByText('Valid', { exact: true })).toBeVisible();
  await checkState(page);
  await shot(page, 'summary-desktop');

  const [pdf] = await Promise.all([
    page.waitForResponse((r) => /\/visitors\/\d+\/permit\.pdf$/.test(r.url())),
    summary.getByRole('button', { name: 'Download permit' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await summary.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(link).toMatch(/\/permit\/[A-Za-z0-9_-]{20,}$/);
  await summary.getByRole('button', { name: 'Done' }).click();
  await expect(summary).toBeHidden();

  // The show page leads with the permit: its status and the moves allowed now.
  await expect(page.getByRole('button', { name: 'Revoke' })).toBeVisible();
  await checkPage(page);
  await shot(page, 'show-desktop');

  // The link opens the public check page: the plate and that it is valid, nothing personal.
  const check = await context.newPage();
  await check.goto(link);
  await expect(check.getByText(plate)).toBeVisible({ timeout: 30_000 });
  await expect(check.getByText(name)).toHaveCount(0);
  await check.close();

  // The list on a phone: plate and status lead, nothing overflows.
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, `/visitors?term=${plate}`);
  await checkPage(page, 'Visitors');
  await expect(page.getByRole('link', { name: plate, exact: true })).toBeVisible();
  await expect(page.getByText('Valid', { exact: true }).first()).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
    )
    .toBeLessThanOrEqual(360);
  await shot(page, 'list-phone');
  await page.getByRole('link', { name: plate, exact: true }).click();
  await checkPage(page, new RegExp(plate));
  await shot(page, 'show-phone');

  await open(page, '/visitors/create');
  await checkPage(page, 'Register a visitor');
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Unit' })).toHaveCount(1);
  await shot(page, 'form-phone');
});

/**
 * Issue 36 §3: a role with every Visitors permission and nothing else registers a visitor. The form's pickers —
 * the resident visited, their unit, the make and model — read the form's own options, not the residents' and the
 * catalogs' lists, which this role may not read.
 */
test('a role with only the Visitors permissions registers a visitor, picking resident, unit, make and model', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now()).slice(-6);
  const api = await oakridgeManagerApi(page);
  const role = await api<{ id: number }>('POST', '/roles', {
    name: `Visitors desk ${stamp}`,
    permissions: ALL_PERMISSIONS.filter((p) => p.startsWith('visitors.')),
  });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const email = `desk${stamp}@example.test`;
  const since = Date.now() - 1000;
  const user = await api('POST', '/users', {
    username: `desk${stamp}`,
    fullName: 'Dana Desk',
    email,
    roleId: role.body.id,
    language: 'en',
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  const link = await mailTo(email, /\/auth\/invitation\//, since);
  const token = /\/auth\/invitation\/([A-Za-z0-9_-]+)/.exec(link)![1]!;
  const password = 'visitors-desk-1';
  const accepted = await apiFromPage(page, {
    method: 'POST',
    path: '/tenant/api/auth/invitation',
    tenant: 'oakridge',
    body: { token, password, passwordConfirmation: password },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

  const desk = await (await browser.newContext()).newPage();
  await signInWith(desk, { tenant: 'oakridge', email, password });
  await open(desk, '/visitors/create');
  await settled(desk, 'Register a visitor');
  const name = `Desk Guest ${stamp}`;
  await desk.getByRole('textbox', { name: 'Name' }).fill(name);
  await desk.getByRole('textbox', { name: 'Plate' }).fill(`DSK${stamp}`);
  await desk.getByRole('combobox', { name: 'Resident visited' }).fill('Rosa');
  await desk.getByRole('option', { name: /Rosa Resident/ }).click();
  await desk.getByRole('combobox', { name: 'Unit' }).click();
  await desk.getByRole('option').filter({ hasText: / · / }).first().click();
  await desk.getByRole('combobox', { name: 'Make' }).fill('Toyota');
  await desk.getByRole('option', { name: 'Toyota', exact: true }).click();
  await desk.getByRole('combobox', { name: 'Model' }).click();
  await desk.getByRole('option', { name: 'Camry', exact: true }).click();
  await checkState(desk);
  await shot(desk, 'visitors-only-role-form');
  await desk.setViewportSize({ width: 360, height: 740 });
  await shot(desk, 'visitors-only-role-form-phone');
  await desk.getByRole('button', { name: 'Register', exact: true }).click();
  const summary = desk.getByRole('dialog', { name: `${name} is registered` });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByText(/Rosa Resident/)).toBeVisible();
  await desk.close();
});

/**
 * A resident allowed no visitor vehicles: registering one is refused with the server's message (which limit, how
 * to ask staff) under the resident; the manager gives a reason and the permit is issued, the reason on its page.
 */
test('a refused limit names itself; the manager overrides it with a reason', async ({
  page,
  allowConsoleError,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now()).slice(-6);
  const { token } = await signInViaApi(page, 'oakridgeManager');
  const units = await apiFromPage<{ data: { id: number }[] }>(page, {
    path: '/tenant/api/units?pageSize=1',
    tenant: 'oakridge',
    token,
  });
  const host = `Limited${stamp} Host`;
  const resident = await apiFromPage<{ id: number }>(page, {
    method: 'POST',
    path: '/tenant/api/residents',
    tenant: 'oakridge',
    token,
    body: {
      fullName: host,
      email: `limited${stamp}@example.test`,
      unitIds: [units.body.data[0]!.id],
      password: 'host-password',
      visitorVehiclesAllowed: 0,
    },
  });
  expect(resident.status).toBe(200);

  // From the resident's own visitors page.
  await open(page, `/residents/${resident.body.id}/visitors`);
  await checkPage(page, 'Visitors');
  await page.getByRole('link', { name: 'Register a visitor' }).click();
  await settled(page, 'Register a visitor');
  await expect(page.getByRole('combobox', { name: 'Resident visited' })).toHaveValue(new RegExp(host));
  await page.getByRole('textbox', { name: 'Name' }).fill(`Over ${stamp}`);
  await page.getByRole('textbox', { name: 'Plate' }).fill(`OVR${stamp}`);
  allowConsoleError(/status of 422/);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText(/Limit reached: .* may not have visitor vehicles/)).toBeVisible();
  await expect(page.getByText(/ask the property's staff/i)).toBeVisible();
  await checkPage(page, 'Register a visitor');
  await shot(page, 'refused-desktop');
  await page
    .getByRole('textbox', { name: 'Reason to go beyond the limit' })
    .fill('Carer visiting after surgery');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const summary = page.getByRole('dialog', { name: `Over ${stamp} is registered` });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await summary.getByRole('button', { name: 'Done' }).click();
  await expect(
    page.getByText("Issued beyond the resident's limit: Carer visiting after surgery"),
  ).toBeVisible();
});

/** The staff's visitors screens read once in Spanish and in Chinese: the list, the register form and a visitor. */
test('the visitors screens in Spanish and Chinese', async ({ page }) => {
  test.setTimeout(120_000);
  const { token } = await signInViaApi(page, 'oakridgeManager');
  const made = await apiFromPage<{ data: { id: number }[] }>(page, {
    method: 'GET',
    path: '/tenant/api/visitors?pageSize=1',
    tenant: 'oakridge',
    token,
  });
  try {
    for (const [lang, list, register] of [
      ['es', 'Visitantes', 'Registrar visitante'],
      ['zh', '访客', '登记访客'],
    ] as const) {
      await saveLanguage(page, 'oakridgeManager', token, lang);
      await open(page, '/visitors');
      await checkPage(page, list);
      await open(page, '/visitors/create');
      await checkPage(page, register);
      const first = made.body.data[0];
      if (first) {
        await open(page, `/visitors/${first.id}/show`);
        await checkPage(page);
      }
    }
  } finally {
    await saveLanguage(page, 'oakridgeManager', token, 'en');
  }
});
