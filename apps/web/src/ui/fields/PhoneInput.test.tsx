import { phoneSchema } from '@parkade/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import '../../platform/i18n';
import { contractResolver } from '../contract-resolver';
import { PhoneInput } from './PhoneInput';
import { FormModeProvider, type PageMode } from './shared';

const HINT = 'e.g. (512) 555-0199 or +1 512 555 0199';

/** A phone field on the contract's phone schema (the residents', the profile's), read in `country`. */
function Harness({
  country,
  mode = 'create',
  phone = '',
  onSave,
}: {
  country?: string;
  mode?: PageMode;
  phone?: string;
  onSave?: (phone: unknown) => void;
}) {
  const schema = z.object({ phone: phoneSchema(country) });
  const form = useForm({ resolver: contractResolver(schema), defaultValues: { phone } });
  return (
    <FormProvider {...form}>
      <FormModeProvider value={mode}>
        <form onSubmit={form.handleSubmit((v) => onSave?.(v.phone))}>
          <PhoneInput name="phone" label="Phone" helperText={HINT} country={country} />
          <button type="submit">Save</button>
        </form>
      </FormModeProvider>
    </FormProvider>
  );
}

describe('phone field', () => {
  it('takes a national number as typed and stores it in E.164', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(phone.getAttribute('type')).toBe('tel');
    expect(phone.getAttribute('inputmode')).toBe('tel');
    await user.type(phone, '(512) 555-0199');
    await user.tab();
    expect(phone).toHaveProperty('value', '+15125550199');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('+15125550199');
  });

  it("reads a national number in the property's country", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness country="GB" onSave={onSave} />);
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '020 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('+442079460958');
  });

  it('refuses what is no phone number, and keeps the example beside the error', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await user.type(phone, '555-0199');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(phone).toHaveProperty('value', '555-0199');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('Invalid phone format')).toBeTruthy();
    expect(screen.getByText(HINT)).toBeTruthy();
  });

  it('shows the saved number read-only', () => {
    render(<Harness mode="show" phone="+15125550199" />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('+15125550199')).toBeTruthy();
  });
});
