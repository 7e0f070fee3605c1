import {
  type Account,
  checkPage,
  DEMO,
  expect,
  LANDING,
  originOf,
  settled,
  signInThroughUi,
  test,
} from './fixtures';

/**
 * Issue 3, journey 1: every demo account signs in through the sign-in screen of its own host and lands where
 * SPEC §2.2 says (residents → /my/profile, parking inspectors → /patrolling, dashboard.index holders → /dashboard),
 * then signs out from the user menu and is back on /auth/login. Every page on the way is scanned with axe.
 */

/** The landing screen's heading, in the language the account's user has saved (the resident's is Spanish). */
const LANDING_HEADING: Record<Account, string> = {
  admin: 'Dashboard',
  inspector: 'Patrolling',
  oakridgeManager: 'Dashboard',
  maplewoodManager: 'Dashboard',
  resident: 'Mi perfil',
};

/** How the sign-in screen names the place (SPEC §6: a property's residents and staff, or central staff). */
const LOGIN_SUBTITLE: Record<Account, RegExp> = {
  admin: /Central administration/,
  inspector: /Central administration/,
  oakridgeManager: /Residents and staff of Oakridge Apartments sign in here/,
  maplewoodManager: /Residents and staff of Maplewood Commons sign in here/,
  resident: /Residents and staff of Oakridge Apartments sign in here/,
};

for (const account of Object.keys(DEMO) as Account[]) {
  test(`${DEMO[account].email} signs in on its own host, lands on ${LANDING[account]} and signs out`, async ({
    page,
  }) => {
    const origin = originOf(account);
    await page.goto(`${origin}/auth/login`);
    await checkPage(page, 'Sign in');
    await expect(page.getByText(LOGIN_SUBTITLE[account])).toBeVisible();

    await signInThroughUi(page, account);
    await expect(page).toHaveURL(`${origin}${LANDING[account]}`);
    await checkPage(page, LANDING_HEADING[account]);
    // The menu offers only what its user may open (issue 36 §6): the host names' page to the admin, who may read
    // it, and not to the inspector, whom its list refuses.
    const tenants = page.getByRole('link', { name: 'Tenants', exact: true });
    if (account === 'admin') await expect(tenants.first()).toBeVisible();
    else await expect(tenants).toHaveCount(0);

    // The user menu names the user; signing out ends on the sign-in screen (scanned above), and the landing page
    // is closed again: it asks to sign in, to come back to it.
    await page.getByRole('button', { name: /^[A-Z]{1,2} – (Account menu of|Menú de la cuenta de) / }).click();
    await expect(page.getByRole('menu')).toContainText(DEMO[account].email);
    await page.getByRole('menuitem', { name: /^(Sign out|Cerrar sesión)$/ }).click();
    await expect(page).toHaveURL(`${origin}/auth/login`);
    await settled(page);
    await page.goto(`${origin}${LANDING[account]}`);
    await expect(page).toHaveURL(`${origin}/auth/login?redirect=${encodeURIComponent(LANDING[account])}`);
    await settled(page);
  });
}
