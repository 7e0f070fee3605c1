import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import '../../platform/i18n';
import { DateInput } from './DateInput';
import { ShownTimeZone } from '../locale';
import { DateTimeInput } from './DateTimeInput';

/** The form's value of the field, as react-hook-form holds it. */
function Value() {
  return <output aria-label="value">{String(useWatch({ name: 'leaseEnds' }))}</output>;
}

function Harness({ value = null, time = false }: { value?: string | null; time?: boolean }) {
  const form = useForm<{ leaseEnds: string | null }>({ defaultValues: { leaseEnds: value } });
  const Input = time ? DateTimeInput : DateInput;
  return (
    <FormProvider {...form}>
      <Input name="leaseEnds" label="Lease ends" />
      <Value />
    </FormProvider>
  );
}

const value = () => screen.getByRole('status', { name: 'value' }).textContent;
const section = (name: 'Month' | 'Day' | 'Year') => screen.getByRole('spinbutton', { name });

describe('date field', () => {
  it('takes a date typed in one go from wherever the empty field was clicked', async () => {
    for (const clicked of ['Month', 'Day', 'Year'] as const) {
      const user = userEvent.setup();
      const { unmount } = render(<Harness />);
      await user.click(section(clicked));
      await user.keyboard('06/30/2027');
      expect(value(), clicked).toBe('2027-06-30');
      unmount();
    }
  });

  it('takes digits alone, the sections advancing by themselves', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('group', { name: /Lease ends/ }));
    await user.keyboard('06302027');
    expect(value()).toBe('2027-06-30');
  });

  it('edits the clicked section of a date already there', async () => {
    const user = userEvent.setup();
    render(<Harness value="2027-06-30" />);
    await user.click(section('Year'));
    await user.keyboard('2028');
    expect(value()).toBe('2028-06-30');
  });

  it('takes a date and time typed in one go the same way', async () => {
    const user = userEvent.setup();
    render(<Harness time />);
    await user.click(screen.getByRole('spinbutton', { name: 'Hours' }));
    await user.keyboard('06/30/2027 09:15 PM');
    expect(value()).toMatch(/^2027-06-30T21:15:00[+-]\d\d:\d\d$/);
  });

  it("takes a time in the property's zone on a screen of its records (decision 0039 §12)", async () => {
    const user = userEvent.setup();
    render(
      <ShownTimeZone.Provider value="America/Chicago">
        <Harness time value="2027-06-30T12:00:00Z" />
      </ShownTimeZone.Provider>,
    );
    // Noon UTC is 7 AM in Chicago (CDT): shown so, and a new hour is kept with Chicago's offset.
    const hours = screen.getByRole('spinbutton', { name: 'Hours' });
    expect(hours.textContent).toBe('07');
    await user.click(screen.getByRole('spinbutton', { name: 'Hours' }));
    await user.keyboard('09');
    expect(value()).toBe('2027-06-30T09:00:00-05:00');
  });
});
