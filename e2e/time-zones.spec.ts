import type { Browser as PlaywrightBrowser } from '@playwright/test';
import { apiFromPage, checkPage, expect, saveLanguage, signInViaApi, tenantOrigin, test } from './fixtures';

const origin = tenantOrigin('oakridge');
/** Oakridge's zone (the demo's seed). */
const ZONE = 'America/Chicago';

/** A time on Oakridge's clock in Spanish, and the zone's short name then — written by Node's Intl, not the app. */
const onOakridgeClock = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(
    new Date(iso),
  );
const zoneName = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', { timeZone: ZONE, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')!.value;

/** A browser in `timezoneId`, signed in as Oakridge's manager. */
async function browserIn(browser: PlaywrightBrowser, timezoneId: string) {
  const context = await browser.newContext({ timezoneId, locale: 'es-ES' });
  const page = await context.newPage();
  const { token } = await signInViaApi(page, 'oakridgeManager');
  return { context, page, token };
}

/**
 * Issue 36 §12: a permit's times on Oakridge's clock (Chicago), whatever the browser's zone. A manager whose browser
 * is in Madrid reads a visitor permit's validity in Spanish with Chicago's zone named ("GMT-6"), on its page and on
 * the public check page; a browser in Chicago reads the same times without it.
 */
test("a permit's times in the property's zone, named for a browser elsewhere, in Spanish", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const madrid = await browserIn(browser, 'Europe/Madrid');
  const { page, token } = madrid;
  // The browser really is in Madrid: its own clock is not Chicago's.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Europe/Madrid');
  await saveLanguage(page, 'oakridgeManager', token, 'es');
  try {
    const call = <T>(method: string, path: string, body?: unknown) =>
      apiFromPage<T>(page, { method, path: `/tenant/api${path}`, tenant: 'oakridge', token, body });
    const stamp = String(Date.now()).slice(-6);
    // A host of its own: the demo resident's visitor limits belong to the journeys that use her.
    const units = await call<{ data: { id: number }[] }>('GET', '/units?pageSize=1');
    const host = await call<{ id: number }>('POST', '/residents', {
      fullName: `Zone Host ${stamp}`,
      email: `zonehost${stamp}@example.test`,
      unitIds: [units.body.data[0]!.id],
      password: 'zone-host-1',
      status: 'active',
      visitorLimit: 20,
      visitorVehiclesAllowed: 5,
    });
    expect(host.status, JSON.stringify(host.body)).toBe(200);
    const made = await call<{ id: number; validFrom: string; validUntil: string; checkUrl: string }>(
      'POST',
      '/visitors',
      { name: `Zoned ${stamp}`, residentId: host.body.id, plate: `TZ${stamp}` },
    );
    expect(made.status).toBe(200);
    const v = made.body;
    const from = `${onOakridgeClock(v.validFrom)} ${zoneName(v.validFrom)}`;
    const until = `${onOakridgeClock(v.validUntil)} ${zoneName(v.validUntil)}`;
    expect(zoneName(v.validFrom)).toMatch(/^GMT-[56]$/);

    await page.goto(`${origin}/visitors/${v.id}/show`);
    // The validity stands in the page's summary and in the permit's panel.
    await expect(page.getByText(`Desde ${from} hasta ${until}`).first()).toBeVisible({ timeout: 30_000 });
    await checkPage(page);

    // The public check page of the permit (its QR code): the same times, the same zone named.
    const check = await madrid.context.newPage();
    await check.goto(v.checkUrl);
    await expect(check.getByText(`del ${from} al ${until}`)).toBeVisible({ timeout: 30_000 });
    await check.close();

    // In Chicago, the same page shows the same times without naming the zone.
    const chicago = await browserIn(browser, ZONE);
    await chicago.page.goto(`${origin}/visitors/${v.id}/show`);
    await expect(
      chicago.page
        .getByText(`Desde ${onOakridgeClock(v.validFrom)} hasta ${onOakridgeClock(v.validUntil)}`, {
          exact: true,
        })
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    await chicago.context.close();
  } finally {
    await saveLanguage(page, 'oakridgeManager', token, 'en');
    await madrid.context.close();
  }
});
