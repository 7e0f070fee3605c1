import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import {
  apiFromPage,
  type Browser,
  centralOrigin,
  checkPage,
  DEMO,
  DEMO_PASSWORD,
  expect,
  PHONE,
  settled,
  signInViaApi,
  tenantOrigin,
  test,
} from './fixtures';

/**
 * Issue 18, patrol reports: the central patrol officer checks in at Oakridge with a position, records an
 * observation with a photo and checks out with a summary (arranged through the API); the Oakridge manager, on a
 * phone (360 × 740), finds the round in /patrolling-reports, opens it, sees the route, the summary and the
 * observation with its photo and verdict, and downloads it as PDF and .xlsx. Every page passes axe.
 */
test.use(PHONE);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Call {
  method?: 'GET' | 'POST';
  path: string;
  token: string;
  property?: number;
  body?: unknown;
  /** Multipart fields and one PNG photo (base64) named `photo`. */
  form?: { fields: Record<string, string>; photo: { name: string; base64: string } };
}

/** The central API called from the officer's page, with X-Property for the property worked on. */
function central<T>(page: Page, call: Call): Promise<{ status: number; body: T }> {
  return page.evaluate(async ({ method, path, token, property, body, form }) => {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
    if (property) headers['x-property'] = String(property);
    let payload: string | FormData | undefined;
    if (form) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(form.fields)) fd.append(k, v);
      const bytes = Uint8Array.from(atob(form.photo.base64), (c) => c.charCodeAt(0));
      fd.append('photos', new Blob([bytes], { type: 'image/png' }), form.photo.name);
      payload = fd;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`/api/central${path}`, { method: method ?? 'GET', headers, body: payload });
    return { status: res.status, body: (await res.json()) as T };
  }, call);
}

const bytesOf = async (download: Download) => fs.readFileSync(await download.path());

test('a manager reads a patrol round and downloads it as PDF and .xlsx', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const plate = `PR${stamp}`;
  const summary = `Round ${stamp}: gate B left open, one car on the ramp.`;

  // The officer, through the API: check in at Oakridge, observe a plate with a photo, check out with a summary.
  const context = await browser.newContext();
  const officer = await context.newPage();
  await officer.goto(`${centralOrigin}/api/health`);
  const login = await apiFromPage<{ token: string }>(officer, {
    method: 'POST',
    path: '/api/central/auth/login',
    body: { email: DEMO.inspector.email, password: DEMO_PASSWORD },
  });
  expect(login.status).toBe(200);
  const token = login.body.token;
  const properties = await central<{
    data: { id: number; code: string; latitude: number | null; longitude: number | null }[];
  }>(officer, { path: '/patrolling/properties?filter[term]=oakridge', token });
  const oakridge = properties.body.data.find((p) => p.code === 'oakridge')!;
  expect(oakridge, 'Oakridge is a property to patrol').toBeTruthy();
  // Another journey may have left the officer checked in somewhere: one active check-in per officer.
  const active = await central<{ checkIn: { property: { id: number } } | null }>(officer, {
    path: '/patrolling/check-ins/active',
    token,
  });
  if (active.body.checkIn)
    await central(officer, {
      method: 'POST',
      path: '/patrolling/check-out',
      token,
      property: active.body.checkIn.property.id,
      body: {},
    });
  const position = { latitude: oakridge.latitude ?? 30.2672, longitude: oakridge.longitude ?? -97.7431 };
  const checkIn = await central<{ locationStatus: string }>(officer, {
    method: 'POST',
    path: '/patrolling/check-ins',
    token,
    property: oakridge.id,
    body: { ...position, accuracy: 12 },
  });
  expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
  const observed = await central(officer, {
    method: 'POST',
    path: '/patrolling/observations',
    token,
    property: oakridge.id,
    form: {
      fields: {
        clientKey: randomUUID(),
        plate,
        place: 'Level -2, ramp',
        notes: 'Blocking the ramp',
      },
      photo: { name: 'ramp.png', base64: PNG.toString('base64') },
    },
  });
  expect(observed.status, JSON.stringify(observed.body)).toBe(200);
  const out = await central(officer, {
    method: 'POST',
    path: '/patrolling/check-out',
    token,
    property: oakridge.id,
    body: { ...position, summary },
  });
  expect(out.status, JSON.stringify(out.body)).toBe(200);
  await context.close();

  // The manager, on a phone: the list finds the round by its summary.
  await signInViaApi(page, 'oakridgeManager');
  await page.goto(`${tenantOrigin('oakridge')}/patrolling-reports?term=${stamp}`);
  await checkPage(page, 'Patrol reports');
  await expectPhoneWidth(page);
  const row = page.getByRole('link', { name: /^Ivy Inspector · / });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('1 observation · 0 warnings')).toBeVisible();
  await row.click();

  // The round: its route, summary and observation with the photo and the verdict kept then.
  await settled(page, /^Ivy Inspector · /);
  await expect(page.getByText(summary)).toBeVisible();
  await expect(page.getByText(/m from the property/).first()).toBeVisible();
  const card = page.getByRole('article', { name: `1. ${plate}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('No permit')).toBeVisible();
  await expect(card.getByText('Level -2, ramp')).toBeVisible();
  await expect(card.getByText('Blocking the ramp')).toBeVisible();
  await expect(card.getByRole('img', { name: 'ramp.png' })).toBeVisible();
  await checkPage(page);
  await expectPhoneWidth(page);

  // Its PDF holds the plate and the summary; its spreadsheet a row with the plate.
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^patrol-report-\d+\.pdf$/);
  const parser = new PDFParse({ data: new Uint8Array(await bytesOf(pdf)) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  expect(text).toContain(plate);
  expect(text).toContain(summary);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export .xlsx' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^patrol-report-\d+\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await bytesOf(xlsx)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const values = (sheet.getRow(2).values as unknown[]).map(String);
  expect(values[header.indexOf('Plate')]).toBe(plate);
  expect(values[header.indexOf('Officer')]).toBe('Ivy Inspector');
});

async function expectPhoneWidth(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
    )
    .toBeLessThanOrEqual(360);
}
