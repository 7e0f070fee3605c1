import {
  apiFromPage,
  type Browser,
  centralOrigin,
  checkPage,
  checkState,
  expect,
  PHONE,
  settled,
  signInViaApi,
  test,
} from './fixtures';
import type { Page } from '@playwright/test';
import { PLATE_CONFUSIONS } from '@parkade/contract';

/**
 * Issue 18, the patrol on a phone (360 × 740): the central inspector picks Oakridge on /patrolling and checks in —
 * refused with the location permission denied, accepted at the property with it granted; records an observation
 * with a photo from the camera input; then, without signal, records another that waits on the phone and arrives
 * once when the signal returns; and checks out with the round's summary.
 */
const OAKRIDGE = { latitude: 30.2672, longitude: -97.7431 };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** What the journey reads of the phone's browser (the browser tests have no DOM types). */
interface Phone {
  navigator: { serviceWorker: { ready: Promise<unknown> } };
  indexedDB: {
    open(name: string): {
      onsuccess: (() => void) | null;
      result: {
        transaction(store: string): {
          objectStore(store: string): { count(): { onsuccess: (() => void) | null; result: number } };
        };
      };
    };
  };
}

/** The inspector's API as the page's session, with the property selected (X-Property). */
async function inspectorApi(page: Page, token: string) {
  return <T>(method: 'GET' | 'POST' | 'PUT', path: string, property?: number, body?: unknown) =>
    apiFromPage<T>(page, {
      method,
      path: `/api/central${path}`,
      token,
      body,
      headers: property ? { 'X-Property': String(property) } : undefined,
    });
}

/** Signs the inspector in, closes any round left open by an earlier run, and opens Oakridge on /patrolling. */
async function toOakridge(page: Page) {
  const { token } = await signInViaApi(page, 'inspector');
  const api = await inspectorApi(page, token);
  const open = await api<{ checkIn: { property: { id: number } } | null }>(
    'GET',
    '/patrolling/check-ins/active',
  );
  if (open.body.checkIn) await api('POST', '/patrolling/check-out', open.body.checkIn.property.id, {});
  await page.goto(`${centralOrigin}/patrolling`);
  await checkPage(page, 'Patrolling');
  await page.getByRole('searchbox', { name: /Search by name/ }).fill('Oakridge');
  await page.getByRole('button', { name: /Select Oakridge/ }).click();
  await expect(page.getByRole('heading', { name: /Not checked in at Oakridge/ })).toBeVisible();
  return api;
}

test.describe('without location permission', () => {
  test.use({ ...PHONE, permissions: [] });

  test('check-in is refused, saying the location permission is required', async ({
    page,
    allowConsoleError,
  }) => {
    test.setTimeout(90_000);
    await toOakridge(page);
    allowConsoleError(/status of 422 .*\/patrolling\/check-ins\)/);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Check in at Oakridge/ });
    await expect(dialog.getByText(/Location permission required/)).toBeVisible();
    await checkState(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: /Not checked in at Oakridge/ })).toBeVisible();
  });
});

test.describe('with location permission at the property', () => {
  test.use({ ...PHONE, permissions: ['geolocation'], geolocation: { ...OAKRIDGE, accuracy: 15 } });

  test('checks in, records observations online and offline (sent once), checks out', async ({
    page,
    context,
    allowConsoleError,
  }) => {
    test.setTimeout(150_000);
    const api = await toOakridge(page);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Checked in at Oakridge/ })).toBeVisible();
    await expect(page.getByText('Valid location')).toBeVisible();
    await checkState(page);
    const round = await api<{ checkIn: { id: number; property: { id: number } } }>(
      'GET',
      '/patrolling/check-ins/active',
    );
    const { id: roundId } = round.body.checkIn;
    const property = round.body.checkIn.property.id;

    // Online, with a photo from the camera.
    await page.getByRole('button', { name: 'Record observation' }).click();
    let dialog = page.getByRole('dialog', { name: 'Record observation' });
    await dialog.getByRole('textbox', { name: 'Plate' }).fill('TST 1001');
    await dialog.getByRole('textbox', { name: 'Place' }).fill('Level 2, by the ramp');
    await dialog
      .getByLabel('Take photo')
      .setInputFiles({ name: 'image.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByText('1 of 5 photos')).toBeVisible();
    await checkState(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Observation saved.')).toBeVisible();
    const list = page.getByRole('region', { name: /This round/ });
    await expect(list.getByText('TST 1001')).toBeVisible();
    await expect(list.getByText('1 photo')).toBeVisible();

    // Offline: kept on the phone, then sent once when the signal returns.
    // Offline, the send fails without an answer: the browser logs it; the observation waits.
    allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Record observation' }).click();
    dialog = page.getByRole('dialog', { name: 'Record observation' });
    await dialog.getByRole('textbox', { name: 'Plate' }).fill('OFF 2002');
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('No permit on display');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/No signal: the observation is kept on this phone/)).toBeVisible();
    await expect(page.getByText('1 observation waiting for signal on this phone.')).toBeVisible();
    await context.setOffline(false);
    await expect(list.getByText('OFF 2002')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/waiting for signal/)).toHaveCount(0);
    const stored = await api<{ plate: string | null }[]>(
      'GET',
      `/patrolling/check-ins/${roundId}/observations`,
      property,
    );
    expect(stored.body.filter((o) => o.plate === 'OFF 2002')).toHaveLength(1);

    // The plate lookup without signal answers from the copy taken at check-in, an O typed for a 0 included.
    const approved = await api<{ data: { vehicle?: { plate: string } | null }[] }>(
      'GET',
      '/permits?filter[status]=approved&include=vehicle&pageSize=50',
      property,
    );
    const swap = (plate: string) => {
      for (const [letter, digit] of PLATE_CONFUSIONS) {
        if (plate.includes(digit)) return plate.replace(digit, letter);
        if (plate.includes(letter)) return plate.replace(letter, digit);
      }
      return null;
    };
    const shown = approved.body.data.map((p) => p.vehicle?.plate).find((p) => p && swap(p));
    expect(shown, 'the demo has an approved permit whose plate has a confusable character').toBeTruthy();
    const typed = swap(shown!)!.toLowerCase();
    await page.getByRole('link', { name: 'Look up a plate' }).click();
    await checkPage(page, 'Plate lookup');
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Plate' }).fill(typed);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByText(/Offline: answered from this phone's copy/)).toBeVisible();
    const card = page.getByRole('article', { name: shown, exact: true });
    await expect(card.getByText('Valid permit')).toBeVisible();
    await expect(card.getByText(/Read differently/)).toBeVisible();
    await checkState(page);
    await context.setOffline(false);
    await page.goto(`${centralOrigin}/patrolling`);
    await settled(page, 'Patrolling');

    await page.getByRole('button', { name: 'Check out' }).click();
    dialog = page.getByRole('dialog', { name: /Check out of Oakridge/ });
    await dialog.getByRole('textbox', { name: 'Summary of the round' }).fill('Two cars noted.');
    await checkState(page);
    await dialog.getByRole('button', { name: 'Check out' }).click();
    await expect(page.getByText('Checked out.')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Not checked in at Oakridge/ })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => (globalThis as unknown as Browser).document.scrollingElement!.scrollWidth),
      )
      .toBeLessThanOrEqual(360);

    // The round over, the property's records are the officer's again only at the next check-in.
    allowConsoleError(/status of 409 .*\/vehicles/);
    await page.goto(`${centralOrigin}/vehicles`);
    await expect(page.getByText(/Check in at this property first/)).toBeVisible();
    await page.getByRole('link', { name: 'Check in' }).click();
    await expect(page).toHaveURL(/\/patrolling$/);
  });

  /**
   * Issue 36 §2: the app reopened without signal after a round began online. The service worker kept every file of
   * the patrol's screens and every dictionary; the session's last bootstrap and round are on the phone. The patrol
   * screens open, speak Spanish on a switch (its dictionary from the kept files), and the lookup answers from the
   * copy; never a blank page nor a key.
   */
  test('reopened without signal, the patrol screens open and switch language', async ({
    page,
    context,
    allowConsoleError,
  }) => {
    test.setTimeout(150_000);
    const api = await toOakridge(page);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Checked in at Oakridge/ })).toBeVisible();
    const round = await api<{ checkIn: { property: { id: number } } }>('GET', '/patrolling/check-ins/active');
    const property = round.body.checkIn.property.id;
    const approved = await api<{ data: { vehicle?: { plate: string } | null }[] }>(
      'GET',
      '/permits?filter[status]=approved&include=vehicle&pageSize=1',
      property,
    );
    const plate = approved.body.data[0]!.vehicle!.plate;
    // The worker has kept its files (it is active once they are all in) and the phone its copy of the plates.
    await page.evaluate(async () => {
      await (globalThis as unknown as Phone).navigator.serviceWorker.ready;
    });
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const open = (globalThis as unknown as Phone).indexedDB.open('parkade-patrol');
              open.onsuccess = () => {
                const count = open.result.transaction('lookup').objectStore('lookup').count();
                count.onsuccess = () => resolve(count.result);
              };
            }),
        ),
      )
      .toBe(1);

    try {
      // Without signal the page's calls fail in the browser's console; the screens answer from the phone.
      allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { name: /Checked in at Oakridge/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Record observation' })).toBeVisible();
      await checkState(page);

      await page.getByRole('button', { name: /^EN – / }).click();
      await page.getByRole('menuitem', { name: 'Español' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
      await expect(page.getByRole('heading', { name: /Entrada registrada en Oakridge/ })).toBeVisible();
      await checkState(page);

      await page.getByRole('link', { name: 'Consultar matrícula' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consulta de matrículas');
      await page.getByRole('textbox', { name: 'Matrícula' }).fill(plate);
      await page.getByRole('button', { name: 'Consultar', exact: true }).click();
      await expect(page.getByText(/Sin conexión: respuesta de la copia de este teléfono/)).toBeVisible();
      await expect(page.getByRole('article', { name: plate, exact: true })).toBeVisible();
      await checkState(page);
      await expect(page.locator('body')).not.toContainText(/\b(shell|patrol|lookup)\.[a-z]/);

      // The switch made offline is saved as the user's language once the signal returns.
      await context.setOffline(false);
      await expect
        .poll(async () => (await api<{ user: { language: string } }>('GET', '/auth/bootstrap')).body.user.language)
        .toBe('es');
    } finally {
      await context.setOffline(false);
      await api('PUT', '/auth/language', undefined, { language: 'en' });
      await api('POST', '/patrolling/check-out', property, {});
    }
  });
});
