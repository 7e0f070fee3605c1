import { centralOrigin, checkPage, DEMO, expect, settled, tenantOrigin, test } from './fixtures';

/**
 * Issue 3, journey 2 (SPEC §2.1): a reset link without its email or token — missing or blank — is sent to
 * /auth/forgot-password with error=missing-params, which says what is wrong; asking for a link there ends on the
 * check-your-email state with the 10-minute hint and a resend button. A complete link shows the reset form.
 */

const MISSING_PARAMS = /That reset link is incomplete: it lacks the email or the code/;

test('a reset link without its email or token goes to forgot-password with error=missing-params', async ({
  page,
}) => {
  const incomplete = [
    '/auth/reset-password',
    '/auth/reset-password?email=resident%40oakridge.test',
    '/auth/reset-password?token=abcdef',
    '/auth/reset-password?email=%20%20&token=%20',
    '/auth/reset-password?email=resident%40oakridge.test&token=',
  ];
  for (const [i, link] of incomplete.entries()) {
    await page.goto(`${tenantOrigin('oakridge')}${link}`);
    await expect(page, link).toHaveURL(
      `${tenantOrigin('oakridge')}/auth/forgot-password?error=missing-params`,
    );
    await expect(page.getByRole('alert').filter({ hasText: MISSING_PARAMS })).toBeVisible();
    // The same screen each time: scanned once.
    if (i === 0) await checkPage(page, 'Reset your password');
    else await settled(page, 'Reset your password');
  }

  // A complete link shows the form for the new password, the email read-only.
  await page.goto(
    `${tenantOrigin('oakridge')}/auth/reset-password?email=resident%40oakridge.test&token=abcdef`,
  );
  await checkPage(page, 'Choose a new password');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(DEMO.resident.email);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
});

test('forgot-password asks for the email, then shows the check-your-email state', async ({ page }) => {
  await page.goto(`${centralOrigin}/auth/login`);
  await settled(page, 'Sign in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(`${centralOrigin}/auth/forgot-password`);
  await checkPage(page, 'Reset your password');
  await expect(page.getByText(MISSING_PARAMS)).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.inspector.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await checkPage(page, 'Check your email');
  await expect(page.getByText(DEMO.inspector.email)).toBeVisible();
  await expect(page.getByText(/If it has not arrived within 10 minutes/)).toBeVisible();

  // Resend: the server confirms again, and the state stays.
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /a reset link is on its way/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(`${centralOrigin}/auth/login`);
  await settled(page, 'Sign in');
});
