import type { Page } from '@playwright/test';
import {
  apiFromPage,
  type Browser,
  checkPage,
  checkState,
  expect,
  signInViaApi,
  tenantOrigin,
  test,
} from './fixtures';

/**
 * Issue 17, caregivers (decision 0024) on a phone (360 × 740): a resident names a caregiver — a plate and days of
 * the week — which waits for the office while the property's visitor permits need approval; a manager approves it
 * on the resident's page, and the resident sees it active. The resident's screen is read once in Spanish and
 * Chinese; every screen fits the width and passes axe.
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

test('a resident names a caregiver; a manager approves it on the resident’s page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const email = `family${stamp}@example.test`;
  const plate = `CARE${stamp.slice(-3)}`;
  const carer = `Nurse ${stamp}`;
  const fullName = `Elder ${stamp}`;
  const manager = await signInViaApi(page, 'oakridgeManager');
  const api = <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    apiFromPage<T>(page, {
      method,
      path: `/tenant/api${path}`,
      tenant: 'oakridge',
      token: manager.token,
      body,
    });

  // The property's visitor permits need approval for this journey; restored at the end.
  const settings = await api<{ visitorPermits: Record<string, unknown> }>('GET', '/settings');
  const before = settings.body.visitorPermits;
  expect(
    (await api('PUT', '/settings', { visitorPermits: { ...before, approvalRequired: true } })).status,
  ).toBe(200);
  try {
    const units = await api<{ data: { id: number }[] }>('GET', '/units?pageSize=1');
    const made = await api<{ id: number }>('POST', '/residents', {
      fullName,
      email,
      unitIds: [units.body.data[0]!.id],
      password: 'family-password',
    });
    expect(made.status).toBe(200);

    const context = await browser.newContext({
      viewport: { width: WIDTH, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    const resident = await context.newPage();
    await resident.goto(`${origin}/auth/login`);
    await resident.getByRole('textbox', { name: 'Email or phone' }).fill(email);
    await resident.getByRole('textbox', { name: 'Password', exact: true }).fill('family-password');
    await resident.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(resident).toHaveURL(/\/my\/profile$/);

    // The resident names the caregiver: Monday and Thursday.
    await resident.goto(`${origin}/my/caregivers`);
    await checkPhonePage(resident, 'My caregivers');
    await expect(resident.getByText('No caregivers yet.')).toBeVisible();
    await expect(resident.getByText(/gets a visitor permit by itself on the days you choose/)).toBeVisible();
    await resident.getByRole('link', { name: 'Name a caregiver' }).click();
    await resident.getByRole('textbox', { name: 'Name' }).fill(carer);
    await resident.getByRole('textbox', { name: 'Plate' }).fill(plate);
    // Nothing chosen: the form says a day is needed.
    await resident.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(resident.getByText('Choose at least one day of the week.')).toBeVisible();
    await resident.getByRole('checkbox', { name: 'Mon' }).check();
    await resident.getByRole('checkbox', { name: 'Thu' }).check();
    await checkState(resident);
    await resident.getByRole('button', { name: 'Create', exact: true }).click();
    await checkPhonePage(resident, `${plate} · ${carer}`);
    await expect(resident.getByText('Waiting for approval')).toBeVisible();
    await expect(resident.getByText(/Waiting for the property's staff to approve it once/)).toBeVisible();

    // The manager approves it on the resident's page.
    await page.goto(`${origin}/residents/${made.body.id}/show`);
    await checkPhonePage(page, fullName);
    const card = page.getByRole('region', { name: 'Caregivers' });
    await expect(card).toContainText(`${plate} · ${carer}`);
    await expect(card).toContainText('Mon, Thu');
    await expect(card).toContainText('Waiting for approval');
    await card.getByRole('button', { name: `Approve ${plate} · ${carer}` }).click();
    await expect(page.getByText('Caregiver approved: permits will renew.')).toBeVisible();
    await expect(card).toContainText('Active');
    await expect(card.getByRole('button', { name: `Stop ${plate} · ${carer}` })).toBeVisible();
    await checkState(page);
    await card.screenshot({ path: 'test-results/caregivers-resident-card.png' });

    // The resident sees it active.
    await resident.goto(`${origin}/my/caregivers`);
    await checkPhonePage(resident, 'My caregivers');
    const mine = resident.getByRole('link', { name: new RegExp(plate) });
    await expect(mine).toContainText('Active');
    await expect(mine).toContainText('Mon, Thu');

    // Once in Spanish and in Chinese.
    for (const [button, to, heading, active] of [
      [/^EN – /, 'Español', 'Mis cuidadores', 'Activo'],
      [/^ES – /, '中文', '我的护理人员', '生效中'],
    ] as const) {
      await resident.getByRole('button', { name: button }).click();
      await resident.getByRole('menuitem', { name: to }).click();
      await checkPhonePage(resident, heading);
      await expect(resident.getByRole('link', { name: new RegExp(plate) })).toContainText(active);
      await resident.screenshot({ path: `test-results/my-caregivers-${to}.png`, fullPage: true });
    }
    // The nurse stops coming: the resident removes the caregiver (in Chinese, the language left chosen).
    await resident.getByRole('link', { name: new RegExp(plate) }).click();
    await checkPhonePage(resident, `${plate} · ${carer}`);
    await resident.getByRole('button', { name: '删除', exact: true }).click();
    const confirm = resident.getByRole('dialog', { name: '删除该护理人员？' });
    await checkState(resident);
    await confirm.getByRole('button', { name: '删除', exact: true }).click();
    await checkPhonePage(resident, '我的护理人员');
    await expect(resident.getByText('暂无护理人员。')).toBeVisible();
    await context.close();
  } finally {
    await api('PUT', '/settings', { visitorPermits: before });
  }
});
