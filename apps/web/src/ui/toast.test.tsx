import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import '../platform/i18n';
import { toast, Toaster, useToastStore } from './toast';

/** A confirmation goes at the user's next tap elsewhere (it must not cover what they opened next); a warning stays. */
function Screen() {
  return (
    <>
      <button type="button">Look up</button>
      <Toaster />
    </>
  );
}

afterEach(() => act(() => useToastStore.setState({ queue: [] })));

describe('toasts', () => {
  it('a confirmation closes when the user taps elsewhere', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    act(() => toast.success('Checked in at Oakridge'));
    expect((await screen.findByRole('alert')).textContent).toContain('Checked in at Oakridge');
    // The listener for taps elsewhere is armed once the toast is on screen.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(useToastStore.getState().queue).toHaveLength(0));
  });

  it('a warning stays when the user taps elsewhere', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    act(() => toast.warning('This property has no coordinates'));
    expect((await screen.findByRole('alert')).textContent).toContain('This property has no coordinates');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(screen.getByRole('alert').textContent).toContain('This property has no coordinates');
    expect(useToastStore.getState().queue).toHaveLength(1);
  });
});
