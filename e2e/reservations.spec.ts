import {
  checkPage,
  checkState,
  expect,
  settled,
  tenantOrigin,
  test,
  oakridgeManagerApi,
  residentSignedIn,
} from './fixtures';

/**
 * Issue 17, reservations: a spot reserved today says Reserved on its page and on the map alike; the reserve dialog
 * starts at the first free day rather than today's taken dates; the resident ends their own reservation on
 * /my/reservations and the spot is available at once.
 */
test('one status everywhere, the first free day proposed, and the resident ends their reservation', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const origin = tenantOrigin('oakridge');
  const email = `reserver${stamp}@example.test`;
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  const api = await oakridgeManagerApi(page);

  // A resident of their own, a spot of its own area, and a reservation under way.
  const units = await api<{ data: { id: number }[] }>('GET', '/units?pageSize=1');
  const made = await api<{ id: number }>('POST', '/residents', {
    fullName: `Reserver ${stamp}`,
    email,
    unitIds: [units.body.data[0]!.id],
    password: 'reserver-password',
  });
  expect(made.status).toBe(200);
  const prefix = `R${stamp}-`;
  const area = await api('POST', '/parking-map/areas', {
    name: `Reserved lot ${stamp}`,
    spotsCount: 1,
    startNumber: 1,
    numberPrefix: prefix,
    spotType: 'resident',
  });
  expect(area.status).toBe(200);
  const spots = await api<{ data: { id: number; number: string }[] }>(
    'GET',
    `/spots?filter[term]=${encodeURIComponent(prefix)}`,
  );
  const spot = spots.body.data[0]!;
  const reservation = await api('POST', '/reservations', {
    spotId: spot.id,
    residentId: made.body.id,
    startsOn: day(-2),
    endsOn: day(3),
  });
  expect(reservation.status).toBe(200);

  // The spot's page says Reserved, as the map does.
  await page.goto(`${origin}/spots/${spot.id}/show`);
  await checkPage(page, spot.number);
  await expect(page.getByText('Reserved', { exact: true })).toBeVisible();
  await page.goto(`${origin}/parking-map`);
  await checkPage(page, 'Parking map');
  await page.getByRole('searchbox', { name: 'Find spot' }).fill(spot.number);
  await expect(page.getByText(`Selected: spot ${spot.number}`)).toBeVisible();
  await page.getByRole('button', { name: 'Spot details' }).click();
  const detail = page.getByRole('dialog', { name: `Spot ${spot.number}` });
  await expect(detail.getByTestId('spot-detail')).toContainText('Reserved');
  await expect(detail.getByRole('button', { name: 'End reservation' })).toBeVisible();
  // Reserving again starts at the first free day, the day after the reservation ends.
  await detail.getByRole('button', { name: 'Reserve', exact: true }).click();
  const reserve = page.getByRole('dialog', { name: `Reserve spot ${spot.number}` });
  await expect(reserve.getByTestId('reserve-free-from')).toBeVisible();
  await checkState(page);
  await reserve.getByRole('button', { name: 'Cancel' }).click();
  await expect(reserve).toBeHidden();

  // The resident ends it on /my/reservations.
  const { context, page: resident } = await residentSignedIn(browser, email, 'reserver-password', {});
  await resident.goto(`${origin}/my/reservations`);
  await checkPage(resident, 'My reservations');
  const card = resident.getByRole('article', { name: `Spot ${spot.number}` });
  await expect(card).toContainText('Now');
  await card.getByRole('button', { name: 'End now' }).click();
  const confirm = resident.getByRole('dialog', { name: 'End now' });
  await expect(confirm).toContainText('the spot is available from today');
  await checkState(resident);
  await confirm.getByRole('button', { name: 'End now' }).click();
  await expect(resident.getByText('Reservation ended; the spot is available from today')).toBeVisible();
  await expect(card).toContainText('Ended');
  await expect(card.getByRole('button', { name: 'End now' })).toHaveCount(0);
  await context.close();

  // Available at once, on the spot's page too.
  const after = await api<{ status: string }>('GET', `/spots/${spot.id}`);
  expect(after.body.status).toBe('available');
  await page.goto(`${origin}/spots/${spot.id}/show`);
  await settled(page, spot.number);
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
});

/**
 * Issue 36 §5 (decision 0039): a resident asks for a reserved spot on their phone; the request waits for the office
 * (the property's default settings), a manager approves it on the reservations page, and the resident sees it
 * confirmed.
 */
test('a resident asks for a reserved spot on a phone, a manager approves it, the resident sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now()).slice(-6);
  const origin = tenantOrigin('oakridge');
  const email = `asker${stamp}@example.test`;
  const api = await oakridgeManagerApi(page);
  const units = await api<{ data: { id: number }[] }>('GET', '/units?pageSize=1');
  const made = await api<{ id: number }>('POST', '/residents', {
    fullName: `Asker ${stamp}`,
    email,
    unitIds: [units.body.data[0]!.id],
    password: 'asker-password',
  });
  expect(made.status).toBe(200);
  const prefix = `Q${stamp}-`;
  const area = await api('POST', '/parking-map/areas', {
    name: `Visitor garage ${stamp}`,
    spotsCount: 1,
    startNumber: 1,
    numberPrefix: prefix,
    spotType: 'reserved',
  });
  expect(area.status).toBe(200);
  const spot = `${prefix}1`;

  // The resident asks on their phone: the dates, the free spots, one of them.
  const { context, page: resident } = await residentSignedIn(browser, email, 'asker-password');
  await resident.goto(`${origin}/my/reservations`);
  await checkPage(resident, 'My reservations');
  await resident.getByRole('button', { name: 'Ask for a reservation' }).click();
  const ask = resident.getByRole('dialog', { name: 'Ask for a reserved spot' });
  await checkState(resident);
  await resident.screenshot({ path: 'test-results/my-reservations-dates-360.png' });
  await ask.getByRole('button', { name: 'See free spots' }).click();
  await ask.getByRole('radio', { name: new RegExp(`Spot ${spot}\\b`) }).check();
  await expect(ask).toContainText('The office confirms your request');
  await checkState(resident);
  await resident.screenshot({ path: 'test-results/my-reservations-ask-360.png' });
  await ask.getByRole('button', { name: 'Ask for this spot' }).click();
  await expect(resident.getByText('Request sent: the office will confirm it')).toBeVisible();
  const card = resident.getByRole('article', { name: `Spot ${spot}` });
  await expect(card).toContainText('Pending approval');
  await checkState(resident);
  await resident.screenshot({ path: 'test-results/my-reservations-pending-360.png', fullPage: true });
  await resident.setViewportSize({ width: 1280, height: 720 });
  await resident.screenshot({ path: 'test-results/my-reservations-pending-1280.png', fullPage: true });
  await resident.setViewportSize({ width: 360, height: 740 });

  // A manager finds it among the pending requests and approves it.
  await page.goto(`${origin}/reservations?status=pending`);
  await checkPage(page, 'Reservations');
  await page.screenshot({ path: 'test-results/reservations-list-1280.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/reservations-list-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('link', { name: new RegExp(`Spot ${spot} · Asker ${stamp}`) }).click();
  await settled(page, new RegExp(spot));
  await page.screenshot({ path: 'test-results/reservations-request-1280.png', fullPage: true });
  await page.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('dialog', { name: `Approve the request for spot ${spot}?` });
  await checkState(page);
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Request approved; the resident is told by email')).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();

  // The resident sees it confirmed: theirs from today.
  await resident.reload();
  await settled(resident, 'My reservations');
  await expect(card).toContainText('Now');
  await expect(card).not.toContainText('Pending approval');
  await resident.screenshot({ path: 'test-results/my-reservations-confirmed-360.png', fullPage: true });
  await context.close();
});
