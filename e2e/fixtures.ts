import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser as PlaywrightBrowser, type Page } from '@playwright/test';
export { expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { reportProductAfterFailure } from './product-health';
import { mailDir, workerPort } from './worker-env';
export { expectNoSeriousA11yViolations } from './axe';

/** The product under test: this worker's own, started by a webServer of playwright.config.ts on this port. */
export const PORT = workerPort;
export const centralOrigin = `http://localhost:${PORT}`;
export const tenantOrigin = (code: string) => `http://${code}.localhost:${PORT}`;

/** The demo data `npm start` seeds on an empty database (apps/server/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO = {
  admin: { email: 'admin@demo.test', area: 'central' },
  inspector: { email: 'inspector@demo.test', area: 'central' },
  oakridgeManager: { email: 'manager@oakridge.test', area: 'oakridge' },
  maplewoodManager: { email: 'manager@maplewood.test', area: 'maplewood' },
  resident: { email: 'resident@oakridge.test', area: 'oakridge' },
} as const;

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/**
 * Calls the API with `fetch` from inside the page, so the request carries the page's origin and Host, as the
 * web app's requests will. `tenant` adds X-Tenant and uses the tenant prefix.
 */
export async function apiFromPage<T = Record<string, unknown>>(
  page: Page,
  call: {
    method?: string;
    path: string;
    tenant?: string;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
): Promise<ApiAnswer<T>> {
  return page.evaluate(async ({ method, path, tenant, token, body, headers: extra }) => {
    const headers: Record<string, string> = { accept: 'application/json', ...extra };
    if (tenant) headers['x-tenant'] = tenant;
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(path, {
      method: method ?? 'GET',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }, call);
}

/**
 * Fails on console errors and uncaught exceptions of the page (collected until `check` is called).
 * `allow` names console errors of third-party code that we accept; each must be justified where it is used. It is
 * read at each message, so a pattern pushed during a test accepts that error from then on. A failed response's
 * message ("Failed to load resource: …") is followed by the resource's address, in parentheses.
 */
export function watchConsole(page: Page, allow: RegExp[] = []) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location().url;
    const text =
      msg.text().startsWith('Failed to load resource') && where ? `${msg.text()} (${where})` : msg.text();
    if (!allow.some((re) => re.test(text))) problems.push(`console.error: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  return {
    check: () => expect(problems, 'the page logged errors').toEqual([]),
  };
}

/* ------------------------------------------------------------------------------------------------------------------
 * The web app's journeys (issue 3): signing in, a page that has settled, the checks every visited page passes.
 * ---------------------------------------------------------------------------------------------------------------- */

/**
 * The browser globals that functions run inside the page use. The e2e code is type-checked without the DOM library
 * (it shares the server's tsconfig), so page functions name them through `globalThis as unknown as Browser`.
 */
export interface Browser {
  localStorage: { setItem(key: string, value: string): void };
  document: {
    scrollingElement: { scrollWidth: number } | null;
    getAnimations(): {
      effect: { getComputedTiming(): { iterations?: number } } | null;
      finished: Promise<unknown>;
    }[];
  };
  /** Draws test images (a plate for the plate reader). */
  OffscreenCanvas: new (
    width: number,
    height: number,
  ) => {
    getContext(kind: '2d'): {
      fillStyle: string;
      strokeStyle: string;
      lineWidth: number;
      font: string;
      textAlign: string;
      fillRect(x: number, y: number, w: number, h: number): void;
      strokeRect(x: number, y: number, w: number, h: number): void;
      fillText(text: string, x: number, y: number): void;
    } | null;
    convertToBlob(options: { type: string }): Promise<{ arrayBuffer(): Promise<ArrayBuffer> }>;
  };
  [key: string]: unknown;
}

export type Account = keyof typeof DEMO;

/** The host an account signs in on: central accounts on localhost, a property's on its own subdomain. */
export function originOf(account: Account): string {
  const area = DEMO[account].area;
  return area === 'central' ? centralOrigin : tenantOrigin(area);
}

/** Where each demo account lands after signing in (SPEC §2.2). */
export const LANDING: Record<Account, string> = {
  admin: '/dashboard',
  inspector: '/patrolling',
  oakridgeManager: '/dashboard',
  maplewoodManager: '/dashboard',
  resident: '/my/profile',
};

interface SignInAnswer {
  user: Record<string, unknown> & { language?: string | null };
  token: string;
  permissions: string[];
}

/** The tenant code of an account's host (X-Tenant), or undefined on the central host. */
export const tenantOf = (account: Account) =>
  DEMO[account].area === 'central' ? undefined : DEMO[account].area;

/** The API prefix of an account's area. */
export const apiPrefixOf = (account: Account) => (tenantOf(account) ? '/tenant/api' : '/api/central');

/** Fills and submits the sign-in screen shown on the page, as a user would (the caller checks where it leads). */
export async function signInThroughUi(page: Page, account: Account, password = DEMO_PASSWORD) {
  await page.getByRole('textbox', { name: 'Email or phone' }).fill(DEMO[account].email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * A signed-in browser without the sign-in screen, for journeys that are not about signing in: POST /auth/login from
 * a page of the account's host, and the answer stored where the app keeps its session (zustand persist
 * 'parkade.auth'). The next page load of the app starts signed in.
 */
export async function signInViaApi(page: Page, account: Account): Promise<SignInAnswer> {
  return signInWith(page, { tenant: tenantOf(account), email: DEMO[account].email, password: DEMO_PASSWORD });
}

/** signInViaApi for any account: a property's (its code) or central (no tenant), by email and password. */
export async function signInWith(
  page: Page,
  who: { tenant?: string; email: string; password: string },
): Promise<SignInAnswer> {
  const origin = who.tenant ? tenantOrigin(who.tenant) : centralOrigin;
  if (!page.url().startsWith(origin)) await page.goto(`${origin}/api/health`);
  const answer = await apiFromPage<SignInAnswer>(page, {
    method: 'POST',
    path: `${who.tenant ? '/tenant/api' : '/api/central'}/auth/login`,
    tenant: who.tenant,
    body: { email: who.email, password: who.password, remember: true },
  });
  expect(answer.status, `${who.email} signs in`).toBe(200);
  const { user, token, permissions } = answer.body;
  await page.evaluate(
    (state) =>
      (globalThis as unknown as Browser).localStorage.setItem(
        'parkade.auth',
        JSON.stringify({ state, version: 0 }),
      ),
    // A remembered session: kept in local storage, so every page of the browser context starts signed in.
    { user, token, permissions, remember: true, isAuthenticated: true },
  );
  return answer.body;
}

/** PUT /auth/language for an account with its token: puts a user's saved language back after a journey. */
export async function saveLanguage(
  page: Page,
  account: Account,
  token: string,
  language: 'en' | 'es' | 'zh',
) {
  const answer = await apiFromPage(page, {
    method: 'PUT',
    path: `${apiPrefixOf(account)}/auth/language`,
    tenant: tenantOf(account),
    token,
    body: { language },
  });
  expect(answer.status, `language ${language} saved`).toBe(200);
}

/**
 * The screen has settled: its heading (the page's one h1) is shown, with the given text when one is given, and
 * nothing on it is loading any more (the loading overlay, spinners, the table's progress bar, skeletons).
 */
export async function settled(page: Page, heading?: string | RegExp) {
  const h1 = page.getByRole('heading', { level: 1 });
  if (heading === undefined) await expect(h1).toBeVisible();
  else await expect(h1).toHaveText(heading);
  await expect(
    page.locator('[role="progressbar"], .MuiSkeleton-root, .MuiDataGrid-overlay .MuiLinearProgress-root'),
  ).toHaveCount(0);
  await animationsDone(page);
}

/**
 * Waits for the page's running transitions (a toast or a dialog fading in, a drawer sliding) to end, so that axe
 * sees the colours the user will see rather than a half-transparent frame. Endless animations are not waited for.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      (globalThis as unknown as Browser).document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Settled, then the axe scan of the whole page: what every page a journey visits must pass (DESIGN §6–7). */
export async function checkPage(page: Page, heading?: string | RegExp) {
  await settled(page, heading);
  await expectNoSeriousA11yViolations(page);
}

/** The axe scan of the page as it is now (a filled form, an open dialog or menu), once its transitions end. */
export async function checkState(page: Page) {
  await animationsDone(page);
  await expectNoSeriousA11yViolations(page);
}

/**
 * The test of the web app's journeys: `page` fails the test on any console error or uncaught exception of any
 * page it shows (checked when the test ends). The console errors a journey causes on purpose are named, each with
 * its reason: for a whole test with `test.use({ consoleAllow: [...] })`, or from the point the journey causes one
 * with the `allowConsoleError(pattern)` fixture.
 */
export const test = base.extend<{
  consoleAllow: RegExp[];
  allowConsoleError: (pattern: RegExp) => void;
  productAfterFailure: void;
}>({
  consoleAllow: [[], { option: true }],
  // After a failed test: does this worker's product still answer? (e2e/product-health.ts, decision 0045)
  productAfterFailure: [reportProductAfterFailure, { auto: true }],
  allowConsoleError: [
    async ({ page, consoleAllow }, use) => {
      const allow = [...consoleAllow];
      const watch = watchConsole(page, allow);
      await use((pattern) => allow.push(pattern));
      watch.check();
    },
    { auto: true },
  ],
});

/* ------------------------------------------------------------------------------------------------------------------
 * Mail the product sent (e2e/mail-catcher.ts is its SMTP server).
 * ---------------------------------------------------------------------------------------------------------------- */

/**
 * Waits for a mail to this address whose text matches, received after `since` (ms); its text. The wait is on the
 * mail, bounded only by the test's own timeout: a busy machine delivers later, never not at all.
 */
export async function mailTo(address: string, match: RegExp, since = 0): Promise<string> {
  const dir = mailDir();
  const find = () => {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const name of names) {
      if (!name.endsWith('.json') || Number(name.split('-')[0]) < since) continue;
      const m = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { to: string[]; text: string };
      if (m.to.includes(address.toLowerCase()) && match.test(m.text)) return m.text;
    }
    return undefined;
  };
  let text: string | undefined;
  await expect
    .poll(() => (text = find()), {
      message: `a mail to ${address} matching ${String(match)}`,
      timeout: 0,
      intervals: [100, 250],
    })
    .toBeDefined();
  return text!;
}

/** The 360 × 740 touch phone of the resident and visitor journeys. */
export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;

export type OakridgeApi = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<ApiAnswer<T>>;

/** Signs the Oakridge manager in on `page` and answers a caller of the tenant API with their token. */
export async function oakridgeManagerApi(page: Page): Promise<OakridgeApi> {
  const manager = await signInViaApi(page, 'oakridgeManager');
  return <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    apiFromPage<T>(page, {
      method,
      path: `/tenant/api${path}`,
      tenant: 'oakridge',
      token: manager.token,
      body,
    });
}

/** A resident of their own in Oakridge's first unit (with `extra` fields: limits, a phone), made by the manager. */
export async function newOakridgeResident(
  api: OakridgeApi,
  resident: { fullName: string; email: string; password: string } & Record<string, unknown>,
): Promise<{ id: number; unitId: number }> {
  const units = await api<{ data: { id: number }[] }>('GET', '/units?pageSize=1');
  const unitId = units.body.data[0]!.id;
  const made = await api<{ id: number }>('POST', '/residents', { ...resident, unitIds: [unitId] });
  expect(made.status, `resident ${resident.email} made`).toBe(200);
  return { id: made.body.id, unitId };
}

/** A new browser context (a phone by default) where a resident signs in through Oakridge's sign-in screen. */
export async function residentSignedIn(
  browser: PlaywrightBrowser,
  email: string,
  password: string,
  options: Parameters<PlaywrightBrowser['newContext']>[0] = PHONE,
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`${tenantOrigin('oakridge')}/auth/login`);
  await page.getByRole('textbox', { name: 'Email or phone' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/my\/profile$/);
  return { context, page };
}
