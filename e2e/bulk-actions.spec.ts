import type { Page } from '@playwright/test';
import {
  apiFromPage,
  checkPage,
  checkState,
  expect,
  newOakridgeResident,
  oakridgeManagerApi,
  saveLanguage,
  settled,
  signInViaApi,
  tenantOrigin,
  test,
  type OakridgeApi,
} from './fixtures';

/**
 * Issue 36, also expected (decision 0039, "Also expected: row selection and bulk actions"): a manager at desktop
 * width checks rows in the main lists and acts on them at once. Three permits, one of them already valid, are
 * approved together: two are, the third is skipped and its reason listed; a visitor's request from the poster is
 * approved from the visitors list; a resident's status is changed from the residents list, in Spanish. Every screen
 * and every dialog passes axe.
 */
const origin = tenantOrigin('oakridge');

async function open(page: Page, path: string, heading: string) {
  await page.goto(`${origin}${path}`);
  await checkPage(page, heading);
}

/** The row of a list that shows the text (a code, a plate, a name). */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** A resident of their own with a vehicle and a permit waiting for approval (the manager may approve it). */
async function pendingPermit(api: OakridgeApi, stamp: string, n: number) {
  const resident = await newOakridgeResident(api, {
    fullName: `Bulk${stamp} Holder ${n}`,
    email: `bulk${stamp}.${n}@example.test`,
    password: 'holder-password',
  });
  const vehicle = await api<{ id: number; plate: string }>('POST', '/vehicles', {
    residentId: resident.id,
    plate: `BK${stamp.slice(-4)}${n}`,
  });
  expect(vehicle.status, 'vehicle made').toBe(200);
  const permit = await api<{ id: number; code: string; status: string }>('POST', '/permits', {
    code: `BLK${stamp}-${n}`,
    residentId: resident.id,
    vehicleId: vehicle.body.id,
    permitTypeId: 1,
    issueValid: false,
  });
  expect(permit.body.status, 'permit waits for approval').toBe('pending');
  return permit.body;
}

test('a manager approves permits and a visitor request, and changes a resident’s status, from the lists', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now()).slice(-6);
  const api = await oakridgeManagerApi(page);

  // Permits: three, one already valid.
  const permits = [
    await pendingPermit(api, stamp, 1),
    await pendingPermit(api, stamp, 2),
    await pendingPermit(api, stamp, 3),
  ];
  expect((await api('POST', `/permits/${permits[2]!.id}/approve`, {})).status).toBe(200);
  await open(page, `/permits?term=BLK${stamp}`, 'Permits');
  for (const p of permits) await row(page, p.code).getByRole('checkbox').check();
  await expect(page.getByRole('status').filter({ hasText: 'selected' })).toHaveText('3 selected');
  await checkState(page);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve permits' });
  await expect(confirm).toContainText('Approve the 3 selected permits?');
  await checkState(page);
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  const skipped = page.getByRole('dialog', { name: '2 approved, 1 skipped' });
  await expect(skipped).toContainText(permits[2]!.code);
  await expect(skipped).toContainText('A permit that is “Valid” cannot be changed with “Approve”.');
  await checkState(page);
  await skipped.getByRole('button', { name: 'Close' }).click();
  // The list is read again and the selection is gone.
  for (const p of permits) await expect(row(page, p.code)).toContainText('Valid');
  await expect(page.getByRole('status').filter({ hasText: 'selected' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

  // A visitor's request from the poster, waiting for approval.
  const lastName = `Bulkhost${stamp}`;
  const host = await newOakridgeResident(api, {
    fullName: `Hana ${lastName}`,
    email: `bulkhost${stamp}@example.test`,
    password: 'host-password',
    // The poster finds active residents only.
    status: 'active',
    visitorLimit: 20,
    visitorVehiclesAllowed: 5,
  });
  const unit = (await api<{ name: string }>('GET', `/units/${host.unitId}`)).body;
  const poster = await api<{ url: string }>('GET', '/visitor-poster');
  const plate = `BV${stamp}`;
  const asked = await apiFromPage<{ visitor: { shownStatus: string } }>(page, {
    method: 'POST',
    path: '/tenant/api/public/visitors',
    tenant: 'oakridge',
    body: {
      token: decodeURIComponent(poster.body.url.split('/').pop()!),
      unit: unit.name,
      residentName: lastName,
      name: `Vera ${stamp}`,
      plate,
    },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  expect(asked.body.visitor.shownStatus).toBe('pending');
  await open(page, `/visitors?term=${plate}`, 'Visitors');
  await row(page, plate).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const approveVisitors = page.getByRole('dialog', { name: 'Approve visitor requests' });
  await expect(approveVisitors).toContainText('Approve the selected request?');
  await checkState(page);
  await approveVisitors.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: '1 approved' })).toBeVisible();
  await expect(row(page, plate)).toContainText('Valid');

  // A resident's status, in Spanish.
  const { token } = await signInViaApi(page, 'oakridgeManager');
  try {
    await saveLanguage(page, 'oakridgeManager', token, 'es');
    await open(page, `/residents?term=${lastName}`, 'Residentes');
    await row(page, lastName).getByRole('checkbox').check();
    await expect(page.getByRole('status').filter({ hasText: 'seleccionado' })).toHaveText('1 seleccionado');
    await page.getByRole('button', { name: 'Cambiar estado' }).click();
    const status = page.getByRole('dialog', { name: 'Cambiar estado' });
    await expect(status).toContainText('Asigne este estado al residente seleccionado.');
    await status.getByRole('combobox', { name: /Estado/ }).click();
    await page.getByRole('option', { name: 'Suspendido' }).click();
    await checkState(page);
    await status.getByRole('button', { name: 'Cambiar estado' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '1 con estado «Suspendido»' })).toBeVisible();
    await expect(row(page, lastName)).toContainText('Suspendido');
    await settled(page, 'Residentes');
    await checkState(page);
  } finally {
    await saveLanguage(page, 'oakridgeManager', token, 'en');
  }
});
