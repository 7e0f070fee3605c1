import {
  apiFromPage,
  checkPage,
  checkState,
  expect,
  settled,
  signInViaApi,
  tenantOrigin,
  test,
} from './fixtures';

/**
 * Issue 4's journey: a manager of Oakridge builds a building with units, draws an area of 20 spots on the parking
 * map, reserves one spot for a resident, and after a reload the map still shows it reserved (counts and the spot's
 * detail dialog).
 */
test('a manager builds a building with units, draws 20 spots, reserves one and finds it after reload', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const origin = tenantOrigin('oakridge');
  const { token } = await signInViaApi(page, 'oakridgeManager');

  // A building…
  await page.goto(`${origin}/buildings`);
  await checkPage(page, 'Buildings');
  await page.getByRole('link', { name: 'New building' }).click();
  await settled(page, 'New building');
  await page.getByRole('textbox', { name: 'Name' }).fill(`Tower ${stamp}`);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await settled(page, `Tower ${stamp}`);
  const buildingId = Number(/buildings\/(\d+)\/show/.exec(page.url())?.[1]);
  expect(buildingId).toBeGreaterThan(0);

  // …with units 101–110, previewed before they are made.
  await page.getByRole('link', { name: 'Add units' }).click();
  await checkPage(page, `Add units to Tower ${stamp}`);
  await expect(page.getByTestId('bulk-preview')).toContainText('101');
  await expect(page.getByText('10 units in 1 building(s)')).toBeVisible();
  await page.getByRole('button', { name: 'Create units' }).click();
  await settled(page, `Tower ${stamp}`);
  const units = await apiFromPage<{ meta: { total: number } }>(page, {
    path: `/tenant/api/units?filter[buildingId]=${buildingId}`,
    tenant: 'oakridge',
    token,
  });
  expect(units.body.meta.total).toBe(10);

  // An area of 20 spots on the map.
  await page.goto(`${origin}/parking-map`);
  await checkPage(page, 'Parking map');
  const total = Number(await page.getByTestId('map-total').textContent());
  await page.getByRole('button', { name: 'Create area' }).click();
  const areaDialog = page.getByRole('dialog', { name: 'Create area' });
  await areaDialog.getByRole('textbox', { name: 'Area name' }).fill(`Lot ${stamp}`);
  await areaDialog.getByRole('spinbutton', { name: 'Number of spots' }).fill('20');
  await areaDialog.getByRole('spinbutton', { name: 'First spot number' }).fill('900');
  await areaDialog.getByRole('textbox', { name: 'Number prefix' }).fill(`E${stamp}-`);
  await checkState(page);
  await areaDialog.getByRole('button', { name: 'Create' }).click();
  await expect(areaDialog).toBeHidden();
  await expect(page.getByTestId('map-total')).toHaveText(String(total + 20));

  // Reserve one of them for the demo resident.
  const spot = `E${stamp}-905`;
  // Found as it is typed, without Enter; a number the map lacks says so under the field.
  const find = page.getByRole('searchbox', { name: 'Find spot' });
  await find.fill('no-such-spot');
  await expect(page.getByText('No spot numbered no-such-spot on this map')).toBeVisible();
  await find.fill(spot);
  await expect(page.getByText(`Selected: spot ${spot}`)).toBeVisible();
  await expect(page.getByText('No spot numbered')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reserve', exact: true }).click();
  const reserve = page.getByRole('dialog', { name: `Reserve spot ${spot}` });
  await reserve.getByRole('combobox', { name: 'Resident' }).fill('Rosa');
  await page.getByRole('option', { name: /Rosa Resident/ }).click();
  await checkState(page);
  await reserve.getByRole('button', { name: 'Reserve' }).click();
  await expect(reserve).toBeHidden();
  // The demo's reservation of spot 5 and this one.
  await expect(page.getByTestId('map-status')).toContainText('Reserved: 2');

  // After a reload the map still shows it: the counts, and the spot's detail dialog names the resident.
  await page.reload();
  await checkPage(page, 'Parking map');
  await expect(page.getByTestId('map-status')).toContainText('Reserved: 2');
  await page.getByRole('searchbox', { name: 'Find spot' }).fill(spot);
  await page.getByRole('searchbox', { name: 'Find spot' }).press('Enter');
  await page.getByRole('button', { name: 'Spot details' }).click();
  const detail = page.getByRole('dialog', { name: `Spot ${spot}` });
  await expect(detail.getByTestId('spot-detail')).toContainText('Rosa Resident');
  await expect(detail.getByTestId('spot-detail')).toContainText('Reserved');
  await checkState(page);
});
