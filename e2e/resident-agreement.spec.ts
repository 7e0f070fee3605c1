import {
  apiFromPage,
  checkPage,
  checkState,
  expect,
  mailTo,
  settled,
  signInViaApi,
  tenantOrigin,
  test,
} from './fixtures';

/**
 * The resident's own link (SPEC §2.1 /register/residents/{token}, §2.5 resident signature, §7 public resident
 * calls): a manager sends the agreement to a new resident, who has no password yet; the mail reaches a real SMTP
 * server; following its link, the resident completes their details with a password, can only sign once the whole
 * agreement was scrolled through and the terms agreed, draws a signature and signs; staff see it signed, and the
 * resident signs in with the password they chose. A link that is not valid shows its error view.
 */
test('a resident follows the emailed link, registers, reads and signs the parking agreement', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const email = `signer${stamp}@example.test`;
  const manager = await signInViaApi(page, 'oakridgeManager');
  const created = Date.now() - 1000;
  const units = await apiFromPage<{ data: { id: number }[] }>(page, {
    path: '/tenant/api/units?pageSize=1',
    tenant: 'oakridge',
    token: manager.token,
  });
  const made = await apiFromPage<{ id: number }>(page, {
    method: 'POST',
    path: '/tenant/api/residents',
    tenant: 'oakridge',
    token: manager.token,
    body: {
      fullName: `Signer ${stamp}`,
      email,
      unitIds: [units.body.data[0]!.id],
      status: 'pending-parking-policies',
    },
  });
  expect(made.status).toBe(200);
  // A new resident who must sign gets their link at once (decision 0039 §7); a resend replaces it, so the journey
  // waits for that first mail before resending and follows the newest link.
  await mailTo(email, /\/register\/residents\//, created);
  const since = Date.now();
  await page.goto(`${tenantOrigin('oakridge')}/residents/${made.body.id}/show`);
  await settled(page, `Signer ${stamp}`);
  await page.getByRole('button', { name: 'Resend agreement' }).click();
  await expect(page.getByText(`The parking agreement was sent to ${email}.`)).toBeVisible();
  const mail = await mailTo(email, /\/register\/residents\//, since);
  const link = /(http:\/\/\S+\/register\/residents\/[A-Za-z0-9_-]+)/.exec(mail)![1]!;
  expect(link.startsWith(tenantOrigin('oakridge'))).toBe(true);

  // The resident, in a browser of their own, signed in nowhere.
  const context = await browser.newContext();
  const resident = await context.newPage();
  await resident.goto(link);
  await checkPage(resident, /Oakridge/);
  await expect(resident.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  // 555-2xxx belongs to the demo residents (a stamp ending 2000 once took one of their numbers); 557 is nobody's.
  await resident.getByRole('textbox', { name: 'Phone' }).fill(`+1503557${stamp.slice(-4)}`);
  await resident.getByRole('button', { name: 'Continue' }).click();
  // No password yet: the form asks for one.
  await expect(resident.getByText('This field is required').first()).toBeVisible();
  await resident.getByLabel(/^Password/).fill('my-own-password');
  await resident.getByLabel(/^Confirm password/).fill('my-own-password');
  await checkState(resident);
  await resident.getByRole('button', { name: 'Continue' }).click();

  // The agreement: Sign waits until the text was read to its end.
  const text = resident.getByRole('region', { name: /Text of the agreement/ });
  await expect(text).toContainText(`Signer ${stamp}`);
  const sign = resident.getByRole('button', { name: 'Sign', exact: true });
  await expect(sign).toBeDisabled();
  await expect(resident.getByText('Scroll to the end of the agreement to sign it')).toBeVisible();
  await checkState(resident);
  await text.evaluate((el) => {
    const box = el as unknown as { scrollTop: number; scrollHeight: number };
    box.scrollTop = box.scrollHeight;
  });
  await expect(sign).toBeEnabled();
  // Neither agreed nor drawn: both are said.
  await sign.click();
  await expect(resident.getByText('Agree to the terms to sign the agreement.')).toBeVisible();
  await expect(resident.getByText('Draw your signature', { exact: true })).toBeVisible();
  await resident.getByRole('checkbox', { name: /I have read and agree/ }).check();
  const pad = resident.getByRole('img', { name: 'Your signature' });
  const box = (await pad.boundingBox())!;
  await resident.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await resident.mouse.down();
  for (let i = 1; i <= 12; i++)
    await resident.mouse.move(box.x + 20 + i * 15, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)));
  await resident.mouse.up();
  await sign.click();
  await expect(resident.getByText(/Thank you, your agreement is signed on/)).toBeVisible();
  await checkState(resident);
  const pdf = resident.waitForEvent('download');
  await resident.getByRole('button', { name: 'Download the signed agreement (PDF)' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);

  // A made-up link shows the error view; the path without a token leads to the sign-in page.
  await resident.goto(`${tenantOrigin('oakridge')}/register/residents/${'x'.repeat(43)}`);
  await expect(resident.getByText('This link is not valid or has expired.', { exact: false })).toBeVisible();
  await checkState(resident);
  await resident.goto(`${tenantOrigin('oakridge')}/register/residents/`);
  await expect(resident).toHaveURL(/\/auth\/login/);

  // Staff see the agreement signed and the resident active.
  await page.reload();
  await settled(page, `Signer ${stamp}`);
  await expect(page.getByText(/Parking agreement signed on/)).toBeVisible();

  // The resident signs in with the password they chose.
  await resident.goto(`${tenantOrigin('oakridge')}/auth/login`);
  await settled(resident);
  await resident.getByRole('textbox', { name: 'Email or phone' }).fill(email);
  await resident.getByRole('textbox', { name: 'Password', exact: true }).fill('my-own-password');
  await resident.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(resident).toHaveURL(`${tenantOrigin('oakridge')}/my/profile`);

  // The used link opens nothing any more: the error view says so (issue 14: a link cannot take over an account).
  await resident.goto(link);
  await expect(resident.getByText('This link has already been used', { exact: false })).toBeVisible();
  await checkState(resident);
  await context.close();

  // A resident whose language is Spanish opens their link in Spanish, whatever the browser says.
  const spanish = `firmante${stamp}@example.test`;
  const madeAt = Date.now() - 1000;
  const other = await apiFromPage<{ id: number }>(page, {
    method: 'POST',
    path: '/tenant/api/residents',
    tenant: 'oakridge',
    token: manager.token,
    body: {
      fullName: `Firmante ${stamp}`,
      email: spanish,
      unitIds: [units.body.data[0]!.id],
      language: 'es',
    },
  });
  expect(other.status).toBe(200);
  // As above: the new resident's own first mail comes in before the resend replaces its link.
  await mailTo(spanish, /\/register\/residents\//, madeAt);
  const sent = Date.now();
  const resend = await apiFromPage(page, {
    method: 'PUT',
    path: `/tenant/api/residents/${other.body.id}/resendAgreement`,
    tenant: 'oakridge',
    token: manager.token,
  });
  expect(resend.status).toBe(200);
  const spanishLink = /(http:\/\/\S+\/register\/residents\/[A-Za-z0-9_-]+)/.exec(
    await mailTo(spanish, /\/register\/residents\//, sent),
  )![1]!;
  const english = await browser.newContext({ locale: 'en-US' });
  const reader = await english.newPage();
  await reader.goto(spanishLink);
  await expect(reader.getByRole('heading', { name: 'Oakridge Apartments' })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Continuar' })).toBeVisible();
  await expect(reader.locator('html')).toHaveAttribute('lang', 'es-ES');
  await english.close();
});
