import type { Browser, Page } from '@playwright/test';
import {
  type Browser as PageGlobals,
  checkState,
  expect,
  newOakridgeResident,
  oakridgeManagerApi,
  tenantOrigin,
  test,
} from './fixtures';

/**
 * The public pages the server draws (issue 36 §18, decision 0050): the sign-in page and the page a poster's QR code
 * opens arrive drawn, readable and in the browser's language before any of the app's code runs; the code runs on
 * the first touch and takes over the drawn page, keeping what was typed, where the focus is, and the tap or submit
 * made before it was ready.
 */

const LOGIN = `${tenantOrigin('oakridge')}/auth/login`;

/** Whether the app has taken over the page (its take-over says so with this event; public/boot.js waits for it). */
const watchReady = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as {
      parkadeReady?: boolean;
      document: { addEventListener: (type: string, fn: () => void, opts: object) => void };
    };
    w.parkadeReady = false;
    w.document.addEventListener('parkade:ready', () => (w.parkadeReady = true), { once: true });
  });
const isReady = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { parkadeReady?: boolean }).parkadeReady);

/** A browser without JavaScript: what the server alone sends. */
async function withoutScripts<T>(
  browser: Browser,
  locale: string,
  fn: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale });
  try {
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

test('the sign-in page arrives drawn in the browser language; typing wakes the app, which keeps the text and signs in', async ({
  page,
  browser,
}) => {
  // Nothing but the server's page: the form, its labels and the property, in Spanish for a Spanish browser.
  await withoutScripts(browser, 'es-ES', async (bare) => {
    await bare.goto(LOGIN);
    await expect(bare.getByRole('textbox', { name: 'Correo electrónico o teléfono' })).toBeVisible();
    await expect(bare.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
    await expect(bare.getByRole('button', { name: /^ES – Idioma: Español/ })).toBeVisible();
    await expect(bare.locator('html')).toHaveAttribute('lang', 'es-ES');
  });

  // With scripts: the page is there, and the app has not run (no dictionary asked for) until the visitor acts.
  const dictionaries: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/langs/')) dictionaries.push(r.url());
  });
  await page.goto(LOGIN);
  await watchReady(page);
  const email = page.getByRole('textbox', { name: 'Email or phone' });
  await expect(email).toBeVisible();
  await checkState(page);
  expect(dictionaries).toEqual([]);
  expect(await isReady(page)).toBe(false);

  // Typing starts it; every letter typed meanwhile stays, the focus with them.
  await email.click();
  await page.keyboard.type('manager@oakridge.test');
  await expect.poll(() => isReady(page)).toBe(true);
  await expect(email).toHaveValue('manager@oakridge.test');
  await expect(email).toBeFocused();
  expect(dictionaries.length).toBe(1);
  await page.getByLabel(/^Password/).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${tenantOrigin('oakridge')}/dashboard`);
});

test('a submit made before the app is ready is held, then sent by the app', async ({ page }) => {
  await page.goto(LOGIN);
  await watchReady(page);
  // fill() sets the fields without a key or a tap: the app is still asleep when Sign in is pressed.
  await page.getByRole('textbox', { name: 'Email or phone' }).fill('manager@oakridge.test');
  await page.getByLabel(/^Password/).fill('demo1234');
  expect(await isReady(page)).toBe(false);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Not sent by the browser itself (its fields would be in the address), but by the app once it took over.
  await expect(page).toHaveURL(`${tenantOrigin('oakridge')}/dashboard`);
  expect(page.url()).not.toContain('demo1234');
});

test('a language chosen here before is kept: the app draws the page at once in it', async ({ page }) => {
  await page.goto(`${tenantOrigin('oakridge')}/api/health`);
  await page.evaluate(() =>
    (globalThis as unknown as Pick<PageGlobals, 'localStorage'>).localStorage.setItem(
      'parkade.language',
      JSON.stringify({ state: { currentLanguage: 'zh', languageCodes: ['en'] }, version: 0 }),
    ),
  );
  await page.goto(LOGIN);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test("the poster's page arrives drawn; a personal link is not drawn by the server", async ({
  page,
  browser,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const api = await oakridgeManagerApi(page);
  const poster = await api<{ url: string }>('GET', '/visitor-poster');
  expect(poster.status).toBe(200);
  const host = await newOakridgeResident(api, {
    fullName: `Drawn Host ${stamp}`,
    email: `drawnhost${stamp}@example.test`,
    password: 'host-password',
  });
  const visitor = await api<{ id: number }>('POST', '/visitors', {
    name: `Guest ${stamp}`,
    residentId: host.id,
  });
  expect(visitor.status).toBe(200);
  const personal = await api<{ url: string }>('POST', `/visitors/${visitor.body.id}/link`);
  expect(personal.status).toBe(200);

  await withoutScripts(browser, 'en-US', async (bare) => {
    await bare.goto(poster.body.url);
    await expect(bare.getByRole('heading', { name: 'Oakridge Apartments' })).toBeVisible();
    await expect(bare.getByRole('textbox', { name: /^Unit/ })).toBeVisible();
    await expect(bare.getByRole('button', { name: 'Register' })).toBeVisible();
    // A personal link names a visitor: the browser draws it; the server sends the empty page.
    await bare.goto(personal.body.url);
    await expect(bare.locator('#root')).toBeEmpty();
  });

  // On a phone of their own: the name typed before the app woke is kept.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const guest = await context.newPage();
  await guest.goto(poster.body.url);
  await watchReady(guest);
  const name = guest.getByRole('textbox', { name: /^Your name/ });
  await name.click();
  await guest.keyboard.type('Ann Visitor');
  await expect.poll(() => isReady(guest)).toBe(true);
  await expect(name).toHaveValue('Ann Visitor');
  await checkState(guest);
  await context.close();
});
