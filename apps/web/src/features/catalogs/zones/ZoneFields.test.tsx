import { zoneBody, type ZoneBody } from '@parkade/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import '../../../platform/i18n';
import { FormModeProvider, type PageMode } from '../../../ui/fields';
import { contractResolver } from '../../../ui/contract-resolver';
import { ZoneFields } from './ZoneFields';

/** The zone form's fields alone, on the contract schema, with no API behind them. */
function Harness({ mode = 'create', values }: { mode?: PageMode; values?: ZoneBody }) {
  const form = useForm({
    resolver: contractResolver(zoneBody),
    defaultValues: values ?? { code: '', name: '', county: '', cities: [], zipCodes: [] },
  });
  return (
    <FormProvider {...form}>
      <FormModeProvider value={mode}>
        <ZoneFields />
      </FormModeProvider>
    </FormProvider>
  );
}

describe('zone form', () => {
  it('proposes the code from the name until the user types one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const name = screen.getByRole('textbox', { name: /^Name\s*\*?$/ });
    const code = screen.getByRole('textbox', { name: /^Code/ });
    await user.type(name, 'Río Grande Norte');
    expect(code).toHaveProperty('value', 'rio-grande-norte');
    await user.clear(code);
    await user.type(code, 'RG-1');
    await user.type(name, ' Sur');
    expect(code).toHaveProperty('value', 'RG-1');
    expect(code.getAttribute('maxlength')).toBe('50');
    // The name in the other languages, beside the default name (issue 36 §9).
    expect(screen.getByRole('textbox', { name: 'Name in Spanish' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name in Chinese' })).toBeTruthy();
  });

  it('takes zip codes city by city and shows the selected total', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const cities = screen.getByRole('combobox', { name: /^Cities/ });
    await user.type(cities, 'Austin{Enter}Round Rock{Enter}');
    await user.type(screen.getByRole('combobox', { name: 'Zip codes of Austin' }), '78701, 78702{Enter}');
    await user.type(screen.getByRole('combobox', { name: 'Zip codes of Round Rock' }), '78664{Enter}');
    expect(screen.getByRole('status').textContent).toBe('3 zip codes selected');
    const austin = screen
      .getByRole('combobox', { name: 'Zip codes of Austin' })
      .closest('.MuiAutocomplete-root');
    expect(
      within(austin as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['78701', '78702']);
  });

  it('shows a saved zone read-only with its total', () => {
    render(
      <Harness
        mode="show"
        values={{
          code: 'travis',
          name: 'Travis County',
          county: 'Travis',
          cities: ['Austin'],
          zipCodes: ['78701', '78702'],
        }}
      />,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Travis County')).toBeTruthy();
    expect(screen.getByText('2 zip codes selected')).toBeTruthy();
  });
});
