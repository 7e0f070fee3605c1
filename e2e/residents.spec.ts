import ExcelJS from 'exceljs';
import {
  checkPage,
  checkState,
  expect,
  mailTo,
  newOakridgeResident,
  oakridgeManagerApi,
  settled,
  signInViaApi,
  tenantOrigin,
  test,
} from './fixtures';

/**
 * Issue 5's journey: a manager of Oakridge imports 50 residents from an .xlsx while the progress bar follows the
 * background job (each emailed their own link and pending until they sign: issue 36 §7), adds a vehicle to one of
 * them, issues a permit for it, approves it (confirming first) and prints it (the PDF comes back).
 */
test('a manager imports 50 residents, adds a vehicle, issues a permit, approves it and prints it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  await signInViaApi(page, 'oakridgeManager');
  await page.goto(`${tenantOrigin('oakridge')}/residents`);
  await checkPage(page, 'Residents');

  // 50 residents in the demo's Building A (units 101–304).
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Residents');
  ws.addRow(['name', 'email', 'phone', 'building', 'unit', 'code', 'language', 'lease_expiration']);
  const units = [1, 2, 3].flatMap((f) => [1, 2, 3, 4].map((u) => `${f}0${u}`));
  for (let i = 0; i < 50; i++)
    ws.addRow([
      `Import${stamp} Person ${i + 1}`,
      `import${stamp}.${i + 1}@example.test`,
      '',
      'Building A',
      units[i % units.length],
      '',
      i % 3 === 0 ? 'es' : 'en',
      '2027-12-31',
    ]);
  const file = Buffer.from(await wb.xlsx.writeBuffer());

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import residents' });
  await expect(dialog).toBeVisible();
  await checkState(page);
  await dialog.getByTestId('residents-import-file').setInputFiles({
    name: `residents-${stamp}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  // Each new resident is emailed their own link (details, a password, the agreement) as the job writes them.
  await dialog.getByRole('checkbox', { name: /Email each new resident their link/ }).check();
  const since = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  // The progress bar follows the job to the end.
  const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(
    dialog.getByText(`50 residents imported from residents-${stamp}.xlsx; each was emailed their link.`),
  ).toBeVisible();
  await checkState(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  const mail = await mailTo(`import${stamp}.2@example.test`, /\/register\/residents\//, since);
  expect(mail).toContain(`${tenantOrigin('oakridge')}/register/residents/`);

  await page.getByRole('searchbox', { name: 'Search' }).fill(`Import${stamp}`);
  await expect(page.getByText('1–50 of 50')).toBeVisible();
  // Oakridge requires the parking agreement: imported, as made by hand, they wait for their signature.
  await expect(page.getByText('Pending parking policies').first()).toBeVisible();
  // The imported residents get their password links at once, not one by one.
  await page.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('button', { name: 'Email password links' }).click();
  await page
    .getByRole('dialog', { name: 'Email password links' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'A link to choose a password was emailed to 50 residents.' }),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Import${stamp} Person 7`);
  await page.getByRole('link', { name: `Import${stamp} Person 7`, exact: true }).click();
  await settled(page, `Import${stamp} Person 7`);

  // A vehicle of this resident.
  await page.getByRole('link', { name: 'Add vehicle' }).click();
  await settled(page, 'New vehicle');
  // The form starts with the resident, named (the field reads the record it knows only by id).
  await expect(page.getByRole('combobox', { name: 'Resident' })).toHaveValue(`Import${stamp} Person 7`);
  const plate = `E2E-${stamp}`;
  await page.getByRole('textbox', { name: 'License plate' }).fill(plate);
  await page.getByRole('textbox', { name: 'Color' }).fill('Blue');
  await checkState(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await settled(page, plate);

  // A permit for it, from the resident's page.
  await page
    .getByRole('link', { name: `Import${stamp} Person 7` })
    .first()
    .click();
  await settled(page, `Import${stamp} Person 7`);
  // The resident's vehicles are links to their pages (they open in a new tab too).
  await expect(page.getByRole('link', { name: new RegExp(plate) })).toHaveAttribute(
    'href',
    /^\/vehicles\/\d+\/show$/,
  );
  await page.getByRole('link', { name: 'Add permit' }).click();
  await settled(page, 'New permit');
  await expect(page.getByRole('combobox', { name: 'Resident' })).toHaveValue(`Import${stamp} Person 7`);
  await expect(page.getByRole('textbox', { name: 'Permit code' })).toHaveValue(/^OAKRID-[A-Z2-9]{6}$/);
  const code = await page.getByRole('textbox', { name: 'Permit code' }).inputValue();
  await page.getByRole('combobox', { name: 'Vehicle' }).click();
  await page.getByRole('option', { name: new RegExp(plate) }).click();
  await page.getByRole('combobox', { name: 'Permit type' }).click();
  await page.getByRole('option', { name: 'Resident', exact: true }).click();
  // A manager may issue it valid at once (on by default); off, it waits for approval.
  const issueValid = page.getByRole('switch', { name: 'Issue as valid now' });
  await expect(issueValid).toBeChecked();
  await issueValid.uncheck();
  await expect(
    page.getByText('The permit waits in Pending approval until someone approves it.'),
  ).toBeVisible();
  await checkState(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await settled(page, code);
  // Imported by the property's rules, the resident has not signed the agreement yet: the permit is to complete.
  await expect(page.getByText('To complete', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText('The resident has not signed the parking agreement yet', { exact: false }),
  ).toBeVisible();

  // A file goes with the permit (SPEC §3): attached through its own button, shown by name, removed after asking.
  await page.getByLabel('Attach a file').setInputFiles({
    name: 'proof-of-residence.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%proof\n'),
  });
  await expect(page.getByRole('button', { name: 'proof-of-residence.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  const removing = page.getByRole('dialog', { name: 'Remove the file?' });
  await removing.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(removing).toBeHidden();
  await expect(page.getByText('No file attached')).toBeVisible();

  // Approve, confirming first.
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Approve permit ${code}?` });
  await expect(confirm).toContainText('The permit becomes valid at once');
  await checkState(page);
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Valid', { exact: true }).first()).toBeVisible();
  // No end date was given: the page says how long it is valid, not "End date —".
  await expect(page.getByText('End date', { exact: true })).toHaveCount(0);

  // Print it: ppm2 with its margins; the PDF comes back.
  await page.getByRole('button', { name: 'Print permit' }).click();
  const print = page.getByRole('dialog', { name: 'Parking permit' });
  await print.getByRole('radio', { name: /ppm2/ }).check();
  await print.getByRole('spinbutton', { name: 'Left margin (mm)' }).fill('12');
  // Each margin's label is shown whole (it was cut: "Right margin (m…").
  for (const label of ['Left margin (mm)', 'Top margin (mm)', 'Right margin (mm)', 'Bottom margin (mm)']) {
    const field = print.getByRole('spinbutton', { name: label });
    const fits = await field.evaluate((input) => {
      const box = (
        input as unknown as {
          closest(
            s: string,
          ): { querySelector(s: string): { scrollWidth: number; clientWidth: number } | null } | null;
        }
      )
        .closest('.MuiFormControl-root')
        ?.querySelector('label');
      return !box || box.scrollWidth <= box.clientWidth;
    });
    expect(fits, label).toBe(true);
  }
  await checkState(page);
  const [pdf] = await Promise.all([
    page.waitForResponse((r) => /\/permits\/\d+\/print\?/.test(r.url())),
    print.getByRole('button', { name: 'Print', exact: true }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.url()).toContain('format=ppm2');
  expect(pdf.url()).toContain('marginLeft=12');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

/**
 * Issue 36 §11: a manager at a desk issues a permit valid at once (the switch is on by default for those who may
 * approve): it shows Valid on its page, and the plate lookup finds the car permitted the same instant.
 */
test('a manager issues a permit valid at once, and the plate lookup finds it valid', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = String(Date.now()).slice(-6);
  const api = await oakridgeManagerApi(page);
  const resident = await newOakridgeResident(api, {
    fullName: `Issued${stamp} Holder`,
    email: `issued${stamp}@example.test`,
    password: 'holder-password',
  });
  const plate = `NOW${stamp}`;
  expect((await api('POST', '/vehicles', { residentId: resident.id, plate })).status).toBe(200);

  await page.goto(`${tenantOrigin('oakridge')}/residents/${resident.id}/permits-create`);
  await settled(page, 'New permit');
  const code = await page.getByRole('textbox', { name: 'Permit code' }).inputValue();
  await page.getByRole('combobox', { name: 'Vehicle' }).click();
  await page.getByRole('option', { name: new RegExp(plate) }).click();
  await page.getByRole('combobox', { name: 'Permit type' }).click();
  await page.getByRole('option', { name: 'Resident', exact: true }).click();
  // The type needs a vehicle: the field says so.
  await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveAttribute('required', '');
  await expect(page.getByRole('switch', { name: 'Issue as valid now' })).toBeChecked();
  await expect(page.getByText('The permit is valid for enforcement as soon as it is saved.')).toBeVisible();
  await checkState(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await checkPage(page, code);
  await expect(page.getByText('Valid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

  await page.goto(`${tenantOrigin('oakridge')}/plate-lookup`);
  await checkPage(page, 'Plate lookup');
  await page.getByRole('textbox', { name: 'Plate' }).fill(plate);
  await page.getByRole('button', { name: 'Look up' }).click();
  const card = page.getByRole('article', { name: plate, exact: true });
  await expect(card.getByText('Valid permit')).toBeVisible();
  await expect(card.getByText(code)).toBeVisible();
});
