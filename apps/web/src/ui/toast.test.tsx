import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

// The toaster's view is a chunk of its own, loaded on mount: loaded here first, so that a cold module cache (a
// busy machine) is not a wait for `findByRole` to time out on.
beforeAll(async () => {
  await import('./toast-view');
});
afterEach(() => act(() => useToastStore.setState({ queue: [] })));

/** Shows a toast, arms its listener for taps elsewhere (once it is on screen), then taps the button beside it. */
async function tapElsewhereAfter(show: () => void, text: string) {
  const user = userEvent.setup();
  render(<Screen />);
  act(show);
  expect((await screen.findByRole('alert')).textContent).toContain(text);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await user.click(screen.getByRole('button', { name: 'Look up' }));
}

describe('toasts', () => {
  it('a confirmation closes when the user taps elsewhere', async () => {
    await tapElsewhereAfter(() => toast.success('Checked in at Oakridge'), 'Checked in at Oakridge');
    await waitFor(() => expect(useToastStore.getState().queue).toHaveLength(0));
  });

  it('a warning stays when the user taps elsewhere', async () => {
    const text = 'This property has no coordinates';
    await tapElsewhereAfter(() => toast.warning(text), text);
    expect(screen.getByRole('alert').textContent).toContain(text);
    expect(useToastStore.getState().queue).toHaveLength(1);
  });
});
