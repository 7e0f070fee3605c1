import type { Page } from '@playwright/test';
import {
  type Browser,
  checkPage,
  checkState,
  expect,
  originOf,
  saveLanguage,
  settled,
  signInThroughUi,
  signInViaApi,
  tenantOrigin,
  test,
} from './fixtures';

/**
 * Issue 3, journey 5 (SPEC §6, §9): the language switcher changes the whole screen at once — navigation, heading,
 * the page's lang attribute — without reloading the page, and the choice survives a reload. Offered languages are
 * the user's allowed ones. Every screen is scanned in each language.
 */

/**
 * What the screen says in each language: the language button, the navigation's name and some of its entries, the
 * dashboard's heading and subtitle.
 */
const TEXTS = {
  en: {
    lang: 'en-US',
    button: 'EN – Language: English. Change language',
    nav: 'Main navigation',
    dashboard: 'Dashboard',
    subtitle: 'What exists at your property today.',
    zones: 'Zones',
    catalogs: 'Catalogs',
  },
  es: {
    lang: 'es-ES',
    button: 'ES – Idioma: Español. Cambiar idioma',
    nav: 'Navegación principal',
    dashboard: 'Panel',
    subtitle: 'Lo que existe hoy en su propiedad.',
    zones: 'Zonas',
    catalogs: 'Catálogos',
  },
  zh: {
    lang: 'zh-CN',
    button: 'ZH – 语言：中文。切换语言',
    nav: '主导航',
    dashboard: '仪表板',
    subtitle: '您物业当前的各项数据。',
    zones: '区域',
    catalogs: '目录',
  },
} as const;
type Lang = keyof typeof TEXTS;

/** Marks the document, to prove later that the page was not reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (globalThis as unknown as Browser).__sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Browser).__sameDocument === true);

async function switchLanguage(page: Page, from: Lang, to: string) {
  await page.getByRole('button', { name: TEXTS[from].button }).click();
  await page.getByRole('menuitem', { name: to }).click();
}

/** The shell and the dashboard speak `lang`: the html lang, the language button, the navigation and the heading. */
async function expectDashboardIn(page: Page, lang: Lang) {
  const t = TEXTS[lang];
  await expect(page.locator('html')).toHaveAttribute('lang', t.lang);
  await expect(page.getByRole('button', { name: t.button })).toBeVisible();
  const nav = page.getByRole('navigation', { name: t.nav });
  await expect(nav.getByRole('link', { name: t.dashboard, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: t.zones, exact: true })).toBeVisible();
  await expect(nav.getByText(t.catalogs, { exact: true })).toBeVisible();
  await settled(page, t.dashboard);
  // The page's own texts too, and nothing left in another language.
  await expect(page.getByText(t.subtitle, { exact: true })).toBeVisible();
  for (const other of Object.keys(TEXTS) as Lang[])
    if (other !== lang) await expect(page.getByText(TEXTS[other].subtitle, { exact: true })).toHaveCount(0);
}

test('the Oakridge manager switches to es and zh: the whole screen changes at once and stays after a reload', async ({
  page,
}) => {
  const origin = originOf('oakridgeManager');
  const { token } = await signInViaApi(page, 'oakridgeManager');
  try {
    await page.goto(`${origin}/dashboard`);
    await expectDashboardIn(page, 'en');
    await checkPage(page);
    await markDocument(page);

    await switchLanguage(page, 'en', 'Español');
    await expectDashboardIn(page, 'es');
    await expect(page.getByRole('alert').filter({ hasText: 'Idioma actualizado' })).toBeVisible();
    expect(await sameDocument(page), 'switched without a reload').toBe(true);
    await checkPage(page);

    await page.reload();
    await expectDashboardIn(page, 'es');

    await markDocument(page);
    await switchLanguage(page, 'es', '中文');
    await expectDashboardIn(page, 'zh');
    expect(await sameDocument(page), 'switched without a reload').toBe(true);
    await checkPage(page);

    // Another screen, reached from the navigation, speaks Chinese too, and still does after a reload.
    await page
      .getByRole('navigation', { name: TEXTS.zh.nav })
      .getByRole('link', { name: TEXTS.zh.zones })
      .click();
    await expect(page).toHaveURL(`${origin}/catalog/zones`);
    await checkPage(page, TEXTS.zh.zones);
    await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: '搜索' })).toBeVisible();
    await page.reload();
    await settled(page, TEXTS.zh.zones);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    await switchLanguage(page, 'zh', 'English');
    await settled(page, TEXTS.en.zones);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  } finally {
    // The language is saved on the user: the next journeys meet the demo account as it was.
    await saveLanguage(page, 'oakridgeManager', token, 'en');
  }
});

test('the language menu offers only the languages allowed for the user', async ({ page }) => {
  // Maplewood Commons offers English and Spanish.
  await signInViaApi(page, 'maplewoodManager');
  await page.goto(`${originOf('maplewoodManager')}/dashboard`);
  await settled(page, 'Dashboard');
  await page.getByRole('button', { name: TEXTS.en.button }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['English', 'Español']);
  await checkState(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('before signing in, the sign-in screen switches language without a reload and remembers it', async ({
  page,
}) => {
  const origin = tenantOrigin('oakridge');
  await page.goto(`${origin}/auth/login`);
  await settled(page, 'Sign in');
  await markDocument(page);
  await switchLanguage(page, 'en', 'Español');
  await settled(page, 'Iniciar sesión');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  await expect(page.getByRole('textbox', { name: 'Correo electrónico o teléfono' })).toBeVisible();
  await expect(page.getByRole('link', { name: '¿Olvidó su contraseña?' })).toBeVisible();
  expect(await sameDocument(page), 'switched without a reload').toBe(true);
  await checkPage(page);
  await page.reload();
  await settled(page, 'Iniciar sesión');
  await switchLanguage(page, 'es', '中文');
  await checkPage(page, '登录');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('a user whose language is Spanish, signing in on an English sign-in screen, is greeted in Spanish', async ({
  page,
  browser,
}) => {
  const { token } = await signInViaApi(page, 'maplewoodManager');
  await saveLanguage(page, 'maplewoodManager', token, 'es');
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto(`${tenantOrigin('maplewood')}/auth/login`);
    await settled(other, 'Sign in');
    await signInThroughUi(other, 'maplewoodManager');
    // The message and the first screen are in the user's language, not the sign-in page's.
    await expect(other.getByText('¡Inicio de sesión exitoso!')).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', 'es-ES');
  } finally {
    await fresh.close();
    await saveLanguage(page, 'maplewoodManager', token, 'en');
  }
});
