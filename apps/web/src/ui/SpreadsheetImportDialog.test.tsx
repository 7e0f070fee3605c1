import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../platform/i18n';
import { SpreadsheetImportDialog } from './SpreadsheetImportDialog';

/**
 * The import dialog on its own (nothing is sent: no file is uploaded here; the imports themselves run end to end in
 * residents.spec.ts and properties.spec.ts): the .xlsx policy on the chosen file, and the refused rows listed.
 */
const setup = (props: Partial<Parameters<typeof SpreadsheetImportDialog>[0]> = {}) => {
  const onReset = vi.fn();
  render(
    <SpreadsheetImportDialog
      texts="units.import"
      template={{ path: '/units/template', fileName: 'units-template.xlsx' }}
      uploadPath="/units/import"
      fileTestId="import-file"
      onUploaded={() => undefined}
      onReset={onReset}
      onClose={() => undefined}
      {...props}
    />,
  );
  return {
    user: userEvent.setup({ applyAccept: false }),
    onReset,
    input: () => screen.getByTestId('import-file'),
  };
};

describe('SpreadsheetImportDialog', () => {
  it('refuses a file that is not .xlsx before sending it, and takes an .xlsx one', async () => {
    const f = setup();
    const importButton = () => screen.getByRole('button', { name: 'Import' });
    expect(importButton()).toHaveProperty('disabled', true);

    await f.user.upload(f.input(), new File(['a,b'], 'units.csv', { type: 'text/csv' }));
    expect(screen.getByRole('alert').textContent).toBe('Only .xlsx spreadsheets are accepted');
    expect(screen.getByText('No file chosen')).toBeTruthy();
    expect(importButton()).toHaveProperty('disabled', true);
    expect(f.onReset).toHaveBeenCalledTimes(1);

    await f.user.upload(f.input(), new File(['PK'], 'Units.XLSX'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Units.XLSX')).toBeTruthy();
    expect(importButton()).toHaveProperty('disabled', false);
  });

  it('lists every refused row with its column and reason', () => {
    setup({
      rejected: {
        total: 12,
        rows: [
          { row: 3, errors: [{ field: 'building', message: 'Required' }] },
          {
            row: 7,
            errors: [
              { field: 'unit', message: 'Already exists' },
              { field: 'floor', message: 'Not a number' },
            ],
          },
        ],
      },
    });
    expect(screen.getByText('Nothing was imported: 2 of 12 rows need fixing.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rows to fix' });
    const lines = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(lines).toEqual([
      ['3', 'building', 'Required'],
      ['7', 'unit', 'Already exists'],
      ['7', 'floor', 'Not a number'],
    ]);
  });

  it('keeps the dialog open and no new file chosen while the import runs', () => {
    setup({ busy: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Choose an .xlsx file').closest('label')?.getAttribute('aria-disabled')).toBe(
      'true',
    );
  });
});
