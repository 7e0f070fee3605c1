import type { UserItem } from '@parkade/contract';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import ReplayIcon from '@mui/icons-material/ForwardToInboxOutlined';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { useIsSelf } from './scope';
import { invitationState, userActions } from './user-state';
import { UserSessions } from './UserSessions';

/**
 * Under a user's show page: the invitation (sent, expiring, accepted) and what staff may do about the account —
 * resend the invitation, send a password reset, deactivate or reactivate — then the user's active sessions.
 */
export function UserPanel({ item }: { item: { id: number } }) {
  const user = useRecord<UserItem>('/users', item.id).data;
  if (!user) return null;
  return (
    <Stack spacing={3}>
      <AccessCard user={user} />
      <UserSessions user={user} />
    </Stack>
  );
}

type Busy = 'resend' | 'reset' | 'status' | null;

function AccessCard({ user }: { user: UserItem }) {
  const { t } = useTranslation();
  const { intlLocale } = useUiLocale();
  const can = useCan();
  const client = useQueryClient();
  const self = useIsSelf(user.id);
  const actions = userActions(user, can, self);
  const state = invitationState(user);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // Kept while the dialog fades out, so its words do not change as it closes.
  const [confirm, setConfirm] = useState<'deactivate' | 'reactivate'>('deactivate');
  const ask = (what: 'deactivate' | 'reactivate') => {
    setConfirm(what);
    setConfirmOpen(true);
  };
  const when = (v: string | null | undefined) => formatDateTime(v, intlLocale);
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
      setConfirmOpen(false);
    }
  };
  const setActive = (active: boolean) =>
    run(
      'status',
      () => send('PUT', `/users/${user.id}/status`, { active }),
      t(active ? 'users.screens.reactivated' : 'users.screens.deactivated', { name: user.fullName }),
    );

  const anyAction =
    actions.resendInvitation || actions.passwordReset || actions.deactivate || actions.reactivate;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('users.screens.access')}
      </Typography>
      <Stack spacing={2}>
        {state === 'pending' && (
          <Alert severity="success" icon={<CheckIcon />}>
            {t('users.screens.invitationPending', {
              email,
              sent: when(user.invitation?.sentAt),
              expires: when(user.invitation?.expiresAt),
            })}
          </Alert>
        )}
        {state === 'expired' && (
          <Alert severity="warning">
            {t('users.screens.invitationExpired', { email, expired: when(user.invitation?.expiresAt) })}
          </Alert>
        )}
        {state === 'accepted' && (
          <Typography color="text.secondary">
            {t('users.screens.invitationAccepted', {
              sent: when(user.invitation?.sentAt),
              accepted: when(user.invitation?.acceptedAt),
            })}
          </Typography>
        )}
        {user.status === 'inactive' && <Alert severity="info">{t('users.screens.inactiveNote')}</Alert>}
        {anyAction && (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            {actions.resendInvitation && (
              <Button
                variant="contained"
                startIcon={<ReplayIcon />}
                loading={busy === 'resend'}
                onClick={() =>
                  void run(
                    'resend',
                    () => send('POST', `/users/${user.id}/invitation`),
                    t('users.screens.invitationResent', { email }),
                  )
                }
              >
                {t('users.screens.resendInvitation')}
              </Button>
            )}
            {actions.passwordReset && (
              <Button
                variant="outlined"
                startIcon={<KeyIcon />}
                loading={busy === 'reset'}
                onClick={() =>
                  void run(
                    'reset',
                    () => send('POST', `/users/${user.id}/password-reset`),
                    t('users.screens.passwordResetSent', { email }),
                  )
                }
              >
                {t('users.screens.sendPasswordReset')}
              </Button>
            )}
            {actions.deactivate && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<BlockIcon />}
                onClick={() => ask('deactivate')}
              >
                {t('users.screens.deactivate')}
              </Button>
            )}
            {actions.reactivate && (
              <Button variant="outlined" startIcon={<CheckIcon />} onClick={() => ask('reactivate')}>
                {t('users.screens.reactivate')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        open={confirmOpen}
        title={t(
          confirm === 'reactivate' ? 'users.screens.reactivateTitle' : 'users.screens.deactivateTitle',
          { name: user.fullName },
        )}
        confirmLabel={t(confirm === 'reactivate' ? 'users.screens.reactivate' : 'users.screens.deactivate')}
        destructive={confirm !== 'reactivate'}
        busy={busy === 'status'}
        onConfirm={() => void setActive(confirm === 'reactivate')}
        onClose={() => setConfirmOpen(false)}
      >
        {t(confirm === 'reactivate' ? 'users.screens.reactivateText' : 'users.screens.deactivateText', {
          name: user.fullName,
        })}
      </ConfirmDialog>
    </Paper>
  );
}
