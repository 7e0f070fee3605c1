import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The product under test: started by the webServer of playwright.config.ts on this port. */
export const PORT = Number(process.env.E2E_PORT);
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
  call: { method?: string; path: string; tenant?: string; token?: string; body?: unknown },
): Promise<ApiAnswer<T>> {
  return page.evaluate(async ({ method, path, tenant, token, body }) => {
    const headers: Record<string, string> = { accept: 'application/json' };
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
 * `allow` names console errors of third-party code that we accept; each must be justified where it is used.
 */
export function watchConsole(page: Page, allow: RegExp[] = []) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !allow.some((re) => re.test(msg.text())))
      problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  return {
    check: () => expect(problems, 'the page logged errors').toEqual([]),
  };
}

/**
 * axe scan: fails on serious and critical violations (WCAG 2.1 A/AA and best practices).
 * `exclude` (selectors) and `disableRules` scope out third-party markup we cannot fix; every use must say why
 * (see docs/decisions/0006-api-docs-axe-scope.md). Our own pages use neither.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  scope: { exclude?: string[]; disableRules?: string[] } = {},
) {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  if (scope.disableRules?.length) builder = builder.disableRules(scope.disableRules);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  expect(serious, `axe found serious violations on ${page.url()}`).toEqual([]);
}
