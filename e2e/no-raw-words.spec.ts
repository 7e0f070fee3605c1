import type { Page } from '@playwright/test';
import {
  apiFromPage,
  centralOrigin,
  checkPage,
  checkState,
  expect,
  saveLanguage,
  settled,
  signInViaApi,
  test,
} from './fixtures';

/**
 * Issue 36 §9 (decision 0039): a Spanish or a Chinese reader never meets the product's own names — a translation
 * key (`permissions.actions.place`), a role's code (`manager`), an audited attribute's name (`placed by id`) or a
 * catalog entry's English name. The central admin walks, in Spanish then in Chinese: the roles, a built-in role's
 * page and editor (every permission's words), the audit log with an entry opened, and two catalogs. On every screen
 * the visible text holds no dotted lower-case key and no role code.
 */

const ROLE_CODES = ['admin', 'manager', 'assistant', 'office-dispatcher', 'parking-inspector'];
/** A dotted lower-case word: what a translation key looks like on a screen. */
const KEY = /^[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9-]+)+$/;
/** Dotted words that are no keys: host names, addresses and file names. */
const NOT_A_KEY = /\.(?:test|localhost|com|org|net|png|jpe?g|webp|pdf|xlsx)$/i;

/** The visible words of the page (dialogs included) that look like a key or are a role's code. */
async function rawWords(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const words = text
    .split(/\s+/)
    .map((w) => w.replace(/^[("'«“¿¡]+/, '').replace(/[)"'»”:;,.!?…]+$/, ''))
    .filter((w) => (KEY.test(w) && !w.includes('@') && !NOT_A_KEY.test(w)) || ROLE_CODES.includes(w));
  return [...new Set(words)];
}

async function expectNoRawWords(page: Page, where: string) {
  expect(await rawWords(page), `${where}: text keys or codes shown as text`).toEqual([]);
}

const WORDS = {
  es: {
    roles: 'Roles',
    manager: 'Gerente',
    inspector: 'Inspector de estacionamiento',
    managerDescription: 'Administra una propiedad',
    place: 'Avisos: Colocar en un vehículo',
    observe: 'Registrar observaciones',
    edit: 'Editar',
    audit: 'Bitácora',
    names: 'Nombre en otros idiomas',
    permitTypes: 'Tipos de permiso',
    resident: 'Residente',
    reasons: 'Motivos',
    expired: 'Permiso vencido',
  },
  zh: {
    roles: '角色',
    manager: '经理',
    inspector: '停车巡查员',
    managerDescription: '管理一个物业',
    place: '警告: 张贴到车辆上',
    observe: '记录巡逻情况',
    edit: '编辑',
    audit: '审计日志',
    names: '其他语言名称',
    permitTypes: '停车证类型',
    resident: '住户',
    reasons: '原因',
    expired: '停车证已过期',
  },
} as const;

test('the role editor, the audit log and the catalogs speak Spanish and Chinese, never a key or a code', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { token } = await signInViaApi(page, 'admin');
  // An entry of this run in the audit log: a reason created with its names (every attribute of a catalog row).
  const code = `e2e-words-${Date.now()}`;
  const created = await apiFromPage<{ id: number }>(page, {
    method: 'POST',
    path: '/api/central/reasons',
    token,
    body: { code, name: 'Blocking the gate', names: { es: 'Bloquea el portón', zh: '堵住大门' } },
  });
  expect(created.status).toBe(201);
  try {
    for (const lang of ['es', 'zh'] as const) {
      const w = WORDS[lang];
      await saveLanguage(page, 'admin', token, lang);
      // Signed in again: the session's user now speaks `lang` from the first screen on.
      await signInViaApi(page, 'admin');

      // The roles: built-in ones by their names, never their codes.
      await page.goto(`${centralOrigin}/roles`);
      await checkPage(page, w.roles);
      await expect(
        page.getByRole('main').getByRole('link', { name: w.inspector, exact: true }),
      ).toBeVisible();
      await expectNoRawWords(page, `${lang} /roles`);

      // A built-in role's page and its editor: its name and description translated, every permission in words.
      await page.getByRole('main').getByRole('link', { name: w.manager, exact: true }).click();
      await settled(page, w.manager);
      await expect(page.getByText(w.managerDescription, { exact: true })).toBeVisible();
      await expectNoRawWords(page, `${lang} a built-in role's page`);
      await page.getByRole('link', { name: w.edit }).first().click();
      await settled(page);
      await expect(page.getByRole('checkbox', { name: w.place, exact: true })).toBeVisible();
      await expect(page.getByText(w.observe, { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: /^Descripción|^说明/ })).toHaveAttribute(
        'placeholder',
        w.managerDescription,
      );
      await expectNoRawWords(page, `${lang} the role editor`);

      // The audit log, and this run's entry opened: every attribute by its label.
      await page.goto(`${centralOrigin}/binnacle?entity=reasons&entityId=${created.body.id}`);
      await checkPage(page, w.audit);
      await expectNoRawWords(page, `${lang} /binnacle`);
      // The row opens the entry (its first cell: the entity's cell links to the record's page).
      await page
        .getByRole('row')
        .filter({ hasText: `#${created.body.id}` })
        .first()
        .getByRole('gridcell')
        .first()
        .click();
      const entry = page.getByRole('dialog');
      await expect(entry).toBeVisible();
      await expect(entry.getByRole('rowheader', { name: w.names })).toBeVisible();
      await expect(entry).toContainText(lang === 'es' ? 'Bloquea el portón' : '堵住大门');
      await checkState(page);
      await expectNoRawWords(page, `${lang} an audit entry`);
      await page.keyboard.press('Escape');
      await expect(entry).toBeHidden();

      // Catalogs: the seeded entries in the reader's language ("Resident" was English for everyone).
      await page.goto(`${centralOrigin}/catalog/permit-types`);
      await checkPage(page, w.permitTypes);
      await expect(page.getByRole('main').getByRole('link', { name: w.resident, exact: true })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Resident', exact: true })).toHaveCount(
        0,
      );
      await expectNoRawWords(page, `${lang} /catalog/permit-types`);
      await page.goto(`${centralOrigin}/catalog/reasons?term=${encodeURIComponent(w.expired)}`);
      await checkPage(page, w.reasons);
      await expect(page.getByRole('main').getByRole('link', { name: w.expired, exact: true })).toBeVisible();
      await expectNoRawWords(page, `${lang} /catalog/reasons`);
    }
  } finally {
    // The demo admin as the next journeys expect it: English, and without this run's reason.
    await saveLanguage(page, 'admin', token, 'en');
    await apiFromPage(page, { method: 'DELETE', path: `/api/central/reasons/${created.body.id}`, token });
  }
});
