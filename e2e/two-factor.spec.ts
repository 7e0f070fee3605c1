import { generate } from 'otplib';
import {
  apiFromPage,
  centralOrigin,
  checkPage,
  checkState,
  DEMO,
  DEMO_PASSWORD,
  expect,
  settled,
  signInThroughUi,
  test,
  type Browser,
} from './fixtures';

/**
 * Issue 14 (decision 0014): the central admin turns on two-factor sign-in from the profile with a code computed here
 * from the key the screen shows (the same TOTP maths an authenticator app does, through otplib), saves the recovery
 * codes, signs out, and signs in again with the password then a code — a wrong code is refused first. Every page
 * and dialog on the way is scanned with axe. At the end two-factor is turned off again (with a recovery code), so
 * the demo admin signs in with the password alone for every other journey.
 */

const now = () => Math.floor(Date.now() / 1000);
/** The app's code `stepsAhead` 30-second steps from now (a phone a step ahead is accepted). */
const codeOf = (secret: string, stepsAhead = 0) => generate({ secret, epoch: now() + stepsAhead * 30 });

test('an admin turns on two-factor sign-in, then signs in with a code and is refused with a wrong one', async ({
  page,
  allowConsoleError,
}) => {
  await page.goto(`${centralOrigin}/auth/login`);
  await settled(page, 'Sign in');
  await signInThroughUi(page, 'admin');
  await expect(page).toHaveURL(`${centralOrigin}/dashboard`);

  // The profile, from the user menu.
  await page.getByRole('button', { name: / – Account menu of / }).click();
  await page.getByRole('menuitem', { name: 'Profile and security' }).click();
  await expect(page).toHaveURL(`${centralOrigin}/profile`);
  await checkPage(page, 'Profile and security');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card).toContainText('Off');

  // Turn on: the QR code and the key, then a code of that key.
  await card.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  await checkState(page);
  const secret = (await dialog.getByTestId('two-factor-key').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The password too, as to turn it off: a session alone cannot turn it on.
  await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  const code = dialog.getByRole('textbox', { name: 'Authentication code' });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(await codeOf(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  // The ten recovery codes, shown once.
  const list = dialog.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  await checkState(page);
  const done = dialog.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await done.click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('On');
  await expect(card).toContainText('Recovery codes left: 10');
  await checkPage(page, 'Profile and security');

  try {
    // The platform setting sits on the central settings screen (left off here: the other journeys sign in plainly).
    await page.goto(`${centralOrigin}/settings`);
    await checkPage(page, 'Settings');
    await expect(
      page.getByRole('switch', { name: 'Require two-factor sign-in for central staff' }),
    ).not.toBeChecked();

    // Sign out, and in again: the password, then the code step.
    await page.getByRole('button', { name: / – Account menu of / }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${centralOrigin}/auth/login`);
    await settled(page, 'Sign in');
    await signInThroughUi(page, 'admin');
    await checkPage(page, 'Two-factor sign-in');
    await expect(page).toHaveURL(`${centralOrigin}/auth/login`);

    // A wrong code is refused, and the step stays.
    allowConsoleError(/status of 401/); // the refused code's answer, which the browser logs
    const step = page.getByRole('form', { name: 'Two-factor sign-in' });
    const near = new Set([await codeOf(secret, -1), await codeOf(secret), await codeOf(secret, 1)]);
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !near.has(c))!;
    await step.getByRole('textbox', { name: 'Authentication code' }).fill(wrong);
    await step.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(step.getByRole('alert')).toHaveText('This code is not valid. Check it and try again');
    await checkState(page);

    // The recovery-code switch, and back.
    await step.getByRole('button', { name: 'Use a recovery code' }).click();
    await expect(step.getByRole('textbox', { name: 'Recovery code' })).toBeVisible();
    await checkState(page);
    await step.getByRole('button', { name: 'Use the code from my app' }).click();

    // The right code (the next step's: the one that confirmed the key is spent) signs in.
    await step.getByRole('textbox', { name: 'Authentication code' }).fill(await codeOf(secret, 1));
    await step.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(`${centralOrigin}/dashboard`);
    await settled(page);
  } finally {
    // Off again, with the password and a recovery code, through the API with the browser's session.
    await page.goto(`${centralOrigin}/api/health`);
    const token = await page.evaluate(() => {
      const raw = (
        globalThis as unknown as Browser & { localStorage: { getItem(k: string): string | null } }
      ).localStorage.getItem('parkade.auth');
      return raw ? (JSON.parse(raw) as { state: { token: string | null } }).state.token : null;
    });
    let answer = token
      ? await apiFromPage(page, {
          method: 'POST',
          path: '/api/central/auth/two-factor/disable',
          token,
          body: { password: DEMO_PASSWORD, code: recoveryCodes[0] },
        })
      : null;
    if (answer?.status !== 200) {
      // The browser's session ended early: sign in again with a recovery code, then turn it off.
      const login = await apiFromPage<{ challenge: string }>(page, {
        method: 'POST',
        path: '/api/central/auth/login',
        body: { email: DEMO.admin.email, password: DEMO_PASSWORD },
      });
      const session = await apiFromPage<{ token: string }>(page, {
        method: 'POST',
        path: '/api/central/auth/login/two-factor',
        body: { challenge: login.body.challenge, recoveryCode: recoveryCodes[1] },
      });
      answer = await apiFromPage(page, {
        method: 'POST',
        path: '/api/central/auth/two-factor/disable',
        token: session.body.token,
        body: { password: DEMO_PASSWORD, code: recoveryCodes[2] },
      });
    }
    expect(answer.status, 'two-factor turned off again').toBe(200);
  }
});
