import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../platform/i18n';
import { useAuthStore } from '../platform/stores';
import { BulkBar, type BulkAction } from './BulkBar';
import { useToastStore } from './toast';

/**
 * The bar over a list with rows checked (the calls themselves run end to end in bulk-actions.spec.ts and the
 * server's bulk tests): only the actions the user may take, a confirmation that counts the rows and asks its
 * field, then what was done in a toast, or each skipped row with its reason in a dialog.
 */
afterEach(() => act(() => useToastStore.setState({ queue: [] })));

function setup(actions: BulkAction[], permissions: string[], ids = [4, 7, 9]) {
  useAuthStore.setState({ permissions });
  const clear = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BulkBar ids={ids} clear={clear} actions={actions} resource="/permits" />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), clear };
}

const approve = (run: BulkAction['run']): BulkAction => ({
  key: 'approve',
  label: 'Approve',
  permission: 'permits.approve',
  primary: true,
  title: i18n.t('permits.bulk.approveTitle'),
  confirm: (count) => i18n.t('permits.bulk.approveConfirm', { count }),
  run,
  doneText: (count) => i18n.t('permits.bulk.approved', { count }),
});
const revoke: BulkAction = {
  key: 'revoke',
  label: 'Revoke',
  permission: 'permits.revoke',
  confirm: () => 'Revoke?',
  run: () => Promise.resolve({ done: 0, skipped: [] }),
};

describe('BulkBar', () => {
  it('offers only what the user may do, counts the rows, then lists what was skipped and why', async () => {
    const run = vi.fn<BulkAction['run']>(() =>
      Promise.resolve({
        done: 2,
        skipped: [{ id: 9, label: 'P-9 · ABC123', reason: 'A permit that is “Valid” cannot be approved.' }],
      }),
    );
    const { user, clear } = setup([approve(run), revoke], ['permits.approve']);
    expect(screen.getByRole('status').textContent).toBe('3 selected');
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve permits' });
    expect(dialog.textContent).toContain('Approve the 3 selected permits?');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(run).toHaveBeenCalledWith([4, 7, 9], '');
    const skipped = await screen.findByRole('dialog', { name: '2 approved, 1 skipped' });
    expect(within(skipped).getByText('P-9 · ABC123')).toBeTruthy();
    expect(within(skipped).getByText('A permit that is “Valid” cannot be approved.')).toBeTruthy();
    // The dialog says it (a toast beside it would be hidden from assistive technology).
    expect(useToastStore.getState().queue).toEqual([]);
    expect(clear).toHaveBeenCalled();
  });

  it('asks the field an action needs before it runs, and sends what was chosen', async () => {
    const run = vi.fn<BulkAction['run']>(() => Promise.resolve({ done: 1, skipped: [] }));
    const status: BulkAction = {
      key: 'status',
      label: 'Change status',
      permission: 'residents.status',
      confirm: (count) => `Give the ${count} selected residents this status.`,
      field: {
        label: 'Status',
        required: true,
        options: [
          { value: 'active', label: 'Active' },
          { value: 'suspended', label: 'Suspended' },
        ],
      },
      run,
      doneText: (count, value) => `${count} set to ${value}`,
    };
    const { user } = setup([status], ['residents.status'], [5]);
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = screen.getByRole('dialog', { name: 'Change status' });
    const confirm = within(dialog).getByRole('button', { name: 'Change status' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('combobox', { name: /Status/ }));
    await user.click(screen.getByRole('option', { name: 'Suspended' }));
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(confirm);
    expect(run).toHaveBeenCalledWith([5], 'suspended');
    await waitFor(() =>
      expect(useToastStore.getState().queue[0]).toMatchObject({
        message: '1 set to suspended',
        severity: 'success',
      }),
    );
  });

  it('shows nothing to a user who may take none of the actions', () => {
    setup([revoke], ['permits.approve']);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
