import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../platform/errors';
import '../../platform/i18n';
import { TwoFactorLoginForm } from './TwoFactorLoginForm';

/**
 * The sign-in's code step on its own (no API): the code field is a one-time-code input, the contract's messages
 * show on it, the body sent is the challenge with the normalised code or recovery code, and a refusal shows above.
 */
const setup = (onSubmit = vi.fn<(b: unknown) => Promise<void>>().mockResolvedValue(undefined)) => {
  const user = userEvent.setup();
  const onBack = vi.fn();
  render(<TwoFactorLoginForm challenge="the-challenge" onSubmit={onSubmit} onBack={onBack} />);
  return { user, onSubmit, onBack, submit: () => screen.getByRole('button', { name: 'Verify and sign in' }) };
};

describe('TwoFactorLoginForm', () => {
  it('asks for the 6 digits of the app, as a one-time code', async () => {
    const f = setup();
    const code = screen.getByRole('textbox', { name: /authentication code/i });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await f.user.type(code, '12a4');
    await f.user.click(f.submit());
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(f.onSubmit).not.toHaveBeenCalled();
    await f.user.clear(code);
    await f.user.type(code, '123 456');
    await f.user.click(f.submit());
    await waitFor(() =>
      expect(f.onSubmit).toHaveBeenCalledWith({ challenge: 'the-challenge', code: '123456' }),
    );
  });

  it('takes a recovery code instead, however it is typed', async () => {
    const f = setup();
    await f.user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await f.user.type(screen.getByRole('textbox', { name: /recovery code/i }), 'ABCDE-FGHJK');
    await f.user.click(f.submit());
    await waitFor(() =>
      expect(f.onSubmit).toHaveBeenCalledWith({ challenge: 'the-challenge', recoveryCode: 'abcdefghjk' }),
    );
    await f.user.click(screen.getByRole('button', { name: 'Back to the password' }));
    expect(f.onBack).toHaveBeenCalled();
  });

  it('shows the server’s refusal above the form', async () => {
    const f = setup(
      vi.fn().mockRejectedValue(new RequestError('This code is not valid. Check it and try again', 401)),
    );
    await f.user.type(screen.getByRole('textbox', { name: /authentication code/i }), '654321');
    await f.user.click(f.submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code is not valid. Check it and try again',
    );
  });
});
