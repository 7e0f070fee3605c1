import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../platform/errors';
import i18n from '../../platform/i18n';
import { LoginForm } from './LoginForm';

/**
 * The sign-in form on its own (no API, no router): the contract's validation messages, the server's field errors
 * on their fields, the server's message above the form, and a language switch re-rendering the messages.
 */
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const setup = (onSubmit = vi.fn<(b: unknown) => Promise<void>>().mockResolvedValue(undefined)) => {
  const user = userEvent.setup();
  render(<LoginForm onSubmit={onSubmit} emailHint="Residents and staff sign in here" />);
  return {
    user,
    onSubmit,
    email: () => screen.getByRole('textbox', { name: /email or phone/i }),
    password: () => screen.getByLabelText(/^password/i),
    submit: () => screen.getByRole('button', { name: 'Sign in' }),
  };
};

describe('LoginForm', () => {
  it('shows the contract’s messages on the fields and does not submit', async () => {
    const f = setup();
    await f.user.click(f.submit());
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(f.email().getAttribute('aria-invalid')).toBe('true');
    expect(f.onSubmit).not.toHaveBeenCalled();

    await f.user.type(f.email(), 'not an email');
    await f.user.type(f.password(), 'x');
    await f.user.click(f.submit());
    expect(
      await screen.findByText('Enter a valid email or a phone number such as +15551234567'),
    ).toBeTruthy();
    expect(f.onSubmit).not.toHaveBeenCalled();
  });

  it('re-renders the messages in the new language', async () => {
    const f = setup();
    await f.user.click(f.submit());
    await screen.findAllByText('This field is required');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('submits the parsed body (trimmed email, phone numbers accepted, remember)', async () => {
    const f = setup();
    await f.user.type(f.email(), '  +15551234567 ');
    await f.user.type(f.password(), 'demo1234');
    await f.user.click(screen.getByRole('checkbox', { name: 'Keep me signed in' }));
    await f.user.click(f.submit());
    await waitFor(() =>
      expect(f.onSubmit).toHaveBeenCalledWith({
        email: '+15551234567',
        password: 'demo1234',
        remember: true,
      }),
    );
  });

  it('puts the server’s field errors on their fields', async () => {
    const f = setup(
      vi.fn().mockRejectedValue(
        new RequestError('The given data was invalid', 422, {
          email: ['This email was not found in our system'],
        }),
      ),
    );
    await f.user.type(f.email(), 'nobody@demo.test');
    await f.user.type(f.password(), 'demo1234');
    await f.user.click(f.submit());
    expect(await screen.findByText('This email was not found in our system')).toBeTruthy();
    expect(f.email().getAttribute('aria-invalid')).toBe('true');
    const described = f.email().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('This email was not found in our system');
    // every message found its field: no general alert repeating it
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed sign-in above the form', async () => {
    const f = setup(
      vi
        .fn()
        .mockRejectedValue(new RequestError('Login failed: the email, phone or password is incorrect', 401)),
    );
    await f.user.type(f.email(), 'admin@demo.test');
    await f.user.type(f.password(), 'wrong');
    await f.user.click(f.submit());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Login failed: the email, phone or password is incorrect',
    );
    expect(f.email().getAttribute('aria-invalid')).toBe('false');
  });

  it('starts with a given email (an accepted invitation) and the password focused', async () => {
    const onSubmit = vi.fn<(b: unknown) => Promise<void>>().mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<LoginForm onSubmit={onSubmit} email="new.manager@example.com" />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /email or phone/i }).value).toBe(
      'new.manager@example.com',
    );
    expect(document.activeElement).toBe(screen.getByLabelText(/^password/i));
    await user.keyboard('s3cret-pass{Enter}');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        email: 'new.manager@example.com',
        password: 's3cret-pass',
        remember: false,
      }),
    );
  });
});
