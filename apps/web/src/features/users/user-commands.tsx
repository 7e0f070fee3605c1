import type { UserItem } from '@parkade/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';

type Busy = 'resend' | 'reset' | 'status' | 'two-factor' | null;
type StatusChange = 'deactivate' | 'reactivate';

/**
 * What staff do to a user's account from the user's page — resend the invitation, send a password reset,
 * deactivate or reactivate (after a confirmation that says what happens to the sessions) — with its progress and
 * the toasts; `dialog` is the confirmation to render.
 */
export function useUserCommands(user: UserItem) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);
  const [open, setOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  // Kept while the dialog fades out, so its words do not change as it closes.
  const [change, setChange] = useState<StatusChange>('deactivate');
  const email = user.email ?? '';

  const run = async (what: Busy, call: () => Promise<unknown>, done: string) => {
    setBusy(what);
    try {
      await call();
      toast.success(done);
      await client.invalidateQueries({ queryKey: ['/users'] });
    } catch (e) {
      toast.error((e as RequestError).message);
    } finally {
      setBusy(null);
      setOpen(false);
      setTwoFactorOpen(false);
    }
  };

  const reactivate = change === 'reactivate';
  const dialog = (
    <ConfirmDialog
      open={open}
      title={t(reactivate ? 'users.screens.reactivateTitle' : 'users.screens.deactivateTitle', {
        name: user.fullName,
      })}
      confirmLabel={t(reactivate ? 'users.screens.reactivate' : 'users.screens.deactivate')}
      destructive={!reactivate}
      busy={busy === 'status'}
      onConfirm={() =>
        void run(
          'status',
          () => send('PUT', `/users/${user.id}/status`, { active: reactivate }),
          t(reactivate ? 'users.screens.reactivated' : 'users.screens.deactivated', { name: user.fullName }),
        )
      }
      onClose={() => setOpen(false)}
    >
      {t(reactivate ? 'users.screens.reactivateText' : 'users.screens.deactivateText', {
        name: user.fullName,
      })}
    </ConfirmDialog>
  );

  const twoFactorDialog = (
    <ConfirmDialog
      open={twoFactorOpen}
      title={t('users.twoFactorReset.title')}
      confirmLabel={t('users.twoFactorReset.confirm')}
      destructive
      busy={busy === 'two-factor'}
      onConfirm={() =>
        void run(
          'two-factor',
          () => send('POST', `/users/${user.id}/two-factor/reset`),
          t('users.twoFactorReset.done', { name: user.fullName }),
        )
      }
      onClose={() => setTwoFactorOpen(false)}
    >
      {t('users.twoFactorReset.body', { name: user.fullName })}
    </ConfirmDialog>
  );

  return {
    busy,
    dialog: (
      <>
        {dialog}
        {twoFactorDialog}
      </>
    ),
    askTwoFactorReset: () => setTwoFactorOpen(true),
    resendInvitation: () =>
      void run(
        'resend',
        () => send('POST', `/users/${user.id}/invitation`),
        t('users.screens.invitationResent', { email }),
      ),
    sendPasswordReset: () =>
      void run(
        'reset',
        () => send('POST', `/users/${user.id}/password-reset`),
        t('users.screens.passwordResetSent', { email }),
      ),
    askStatus: (what: StatusChange) => {
      setChange(what);
      setOpen(true);
    },
  };
}
